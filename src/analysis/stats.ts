import type { CompactTree } from '../dom/compact-tree.js';
import { TagFlag, tagFlags } from '../dom/tags.js';
import type { OwnCounts } from './index.js';
import { countPunctuation } from './text.js';
import { NodeKind, type NodeStats } from './types.js';

/** What the statistics made on first read are computed from: the page's tree, exclusion and visible text. */
export interface StatsSource {
  readonly tree: CompactTree;
  readonly excluded: Uint8Array;
  readonly text: string;
}

/**
 * Turns each node's own counts into inclusive subtree totals with one reverse sweep over preorder ids:
 * a child's id is always larger than its parent's, so when the sweep reaches a node every descendant
 * has already been added to it. O(n), no recursion. Takes ownership of `own` (its arrays become the
 * totals).
 *
 * `punctuation`, `paragraphs`, `tags` and `linkTags` are made on their first read, from `source`: only the
 * density member's score reads them. On a page it does not score (most pathological ones) the first two
 * are never made (8 bytes per node), and the density member inside `auto` counts `tags` and `linkTags`
 * into page scratch of its own ({@link subtreeTags}, {@link subtreeLinkTags}, 8 bytes per node). So is
 * `nonLinkChars` (TA = T − LT), which the stages compute where they read it ({@link nonLinkCharsOf}): 4
 * bytes per node more.
 * @category Analysis
 */
export function aggregateStats(parent: Int32Array, own: OwnCounts, textStart: Uint32Array, textEnd: Uint32Array, source: StatsSource): NodeStats {
  const { textChars, linkChars, linkCount } = own;
  const size = parent.length;
  for (let i = size - 1; i > 0; i--) {
    const p = parent[i];
    textChars[p] += textChars[i];
    linkChars[p] += linkChars[i];
    linkCount[p] += linkCount[i];
  }
  return new SubtreeStats(own, textStart, textEnd, source);
}

/**
 * The {@link NodeStats} of a page. The columns made on first read (see {@link aggregateStats}) are own
 * enumerable getters, in the interface's order (spreading, `Object.keys` and deep equality see every
 * field), that make their column on the first read and keep it. Every instance has the same getters, so the statistics of every page share one
 * shape: a getter made per page gave each page's object a shape of its own, and the stages' reads of
 * `stats.*` turned megamorphic (5 % slower on en-news).
 */
class SubtreeStats implements NodeStats {
  declare readonly textChars: Uint32Array;
  declare readonly linkChars: Uint32Array;
  declare readonly nonLinkChars: Uint32Array;
  declare readonly tags: Uint32Array;
  declare readonly linkTags: Uint32Array;
  declare readonly linkCount: Uint32Array;
  declare readonly punctuation: Uint32Array;
  declare readonly paragraphs: Uint32Array;
  declare readonly textStart: Uint32Array;
  declare readonly textEnd: Uint32Array;
  readonly #source: StatsSource;
  #nonLinkChars: Uint32Array | null = null;
  #punctuation: Uint32Array | null = null;
  #paragraphs: Uint32Array | null = null;
  #tags: Uint32Array | null = null;
  #linkTags: Uint32Array | null = null;

  static readonly #nonLinkField: PropertyDescriptorMap = {
    nonLinkChars: {
      enumerable: true,
      get(this: SubtreeStats): Uint32Array {
        return (this.#nonLinkChars ??= subtreeNonLinkChars(this));
      },
    },
  };

  static readonly #tagCountFields: PropertyDescriptorMap = {
    tags: {
      enumerable: true,
      get(this: SubtreeStats): Uint32Array {
        return (this.#tags ??= subtreeTags(this.#source, new Uint32Array(this.#source.tree.size)));
      },
    },
    linkTags: {
      enumerable: true,
      get(this: SubtreeStats): Uint32Array {
        return (this.#linkTags ??= subtreeLinkTags(this.#source, new Uint32Array(this.#source.tree.size)));
      },
    },
  };

  static readonly #lazyFields: PropertyDescriptorMap = {
    punctuation: {
      enumerable: true,
      get(this: SubtreeStats): Uint32Array {
        return (this.#punctuation ??= subtreePunctuation(this.#source, this.textStart, this.textEnd));
      },
    },
    paragraphs: {
      enumerable: true,
      get(this: SubtreeStats): Uint32Array {
        return (this.#paragraphs ??= subtreeParagraphs(this.#source));
      },
    },
  };

  constructor(own: OwnCounts, textStart: Uint32Array, textEnd: Uint32Array, source: StatsSource) {
    this.#source = source;
    this.textChars = own.textChars;
    this.linkChars = own.linkChars;
    Object.defineProperties(this, SubtreeStats.#nonLinkField);
    Object.defineProperties(this, SubtreeStats.#tagCountFields);
    this.linkCount = own.linkCount;
    Object.defineProperties(this, SubtreeStats.#lazyFields);
    this.textStart = textStart;
    this.textEnd = textEnd;
  }
}

/**
 * Non-link characters (TA = T − LT) of node `id`'s subtree, as {@link NodeStats.nonLinkChars} holds them:
 * what the stages read instead of that column, which is made only when a caller reads it.
 * @category Analysis
 */
export function nonLinkCharsOf(stats: Pick<NodeStats, 'textChars' | 'linkChars'>, id: number): number {
  // `>>> 0`: the column's unsigned 32-bit value (link text is never more than the text, so it changes nothing)
  return (stats.textChars[id] - stats.linkChars[id]) >>> 0;
}

/** The {@link NodeStats.nonLinkChars} column. */
function subtreeNonLinkChars(stats: Pick<NodeStats, 'textChars' | 'linkChars'>): Uint32Array {
  const out = new Uint32Array(stats.textChars.length);
  for (let id = 0; id < out.length; id++) out[id] = nonLinkCharsOf(stats, id);
  return out;
}

/** Adds every node's value into its parent's, last id first: `column` then holds inclusive subtree totals. */
function sumOverSubtrees(parent: Int32Array, column: Uint32Array): Uint32Array {
  for (let i = parent.length - 1; i > 0; i--) column[parent[i]] += column[i];
  return column;
}

/**
 * Punctuation (Sb) of each subtree: counted in each text node's span of the visible text, which holds its
 * data's characters but whitespace (collapsed, never punctuation), so the count is the data's.
 */
function subtreePunctuation(source: StatsSource, textStart: Uint32Array, textEnd: Uint32Array): Uint32Array {
  const { size, kind, parent } = source.tree;
  const out = new Uint32Array(size);
  for (let id = 0; id < size; id++) {
    if (kind[id] === NodeKind.Text && textEnd[id] > textStart[id]) out[id] = countPunctuation(source.text, textStart[id], textEnd[id]);
  }
  return sumOverSubtrees(parent, out);
}

/**
 * Elements (TG, {@link NodeStats.tags}) of each subtree, the subtree's root included, excluded ones not
 * counted, written into `out` (one entry a node; every entry is written, so it may be page scratch).
 * @category Analysis
 */
export function subtreeTags(source: Pick<StatsSource, 'tree' | 'excluded'>, out: Uint32Array): Uint32Array {
  return subtreeElementsWhere(source, () => true, out);
}

/**
 * `<a>` elements (LTG, {@link NodeStats.linkTags}) of each subtree, excluded ones not counted, written into
 * `out` (one entry a node; every entry is written, so it may be page scratch).
 * @category Analysis
 */
export function subtreeLinkTags(source: Pick<StatsSource, 'tree' | 'excluded'>, out: Uint32Array): Uint32Array {
  return subtreeElementsWhere(source, (name) => (tagFlags(name) & TagFlag.Link) !== 0, out);
}

/** `<p>` elements (PNum) of each subtree, excluded ones not counted. */
function subtreeParagraphs(source: StatsSource): Uint32Array {
  return subtreeElementsWhere(source, (name) => (tagFlags(name) & TagFlag.Paragraph) !== 0, new Uint32Array(source.tree.size));
}

/** Elements whose tag name `counts` in each subtree, excluded ones not counted, written into `out` (every entry). */
function subtreeElementsWhere(source: Pick<StatsSource, 'tree' | 'excluded'>, counts: (tagName: string) => boolean, out: Uint32Array): Uint32Array {
  const { size, kind, tagId, tagNames, parent } = source.tree;
  const excluded = source.excluded;
  const counted = Uint8Array.from(tagNames, (name) => (counts(name) ? 1 : 0));
  for (let id = 0; id < size; id++) out[id] = kind[id] === NodeKind.Element && excluded[id] === 0 ? counted[tagId[id]] : 0;
  return sumOverSubtrees(parent, out);
}
