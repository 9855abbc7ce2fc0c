/**
 * Which nodes of the page make its structured content: a mark per node id, built from the node ids
 * the extractor kept (or a post's body without its cut-out subtrees). Marks live in a side table;
 * the tree is never touched.
 * @module
 */
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { collapseWhitespace } from '../metadata/elements.js';
import { DEFAULT_CONTENT_OPTIONS, type ContentOptions } from './options.js';
import { commonAncestor } from '../analysis/tree.js';
import { maxOf, minOf } from '../core/lists.js';

/** Mark of a node: not content, content, or the ancestor of content (its tag kept, its children looked at one by one). */
export const Mark = Object.freeze({ None: 0, Kept: 1, Ancestor: 2 } as const);

/**
 * The content to render: the region's root and a {@link Mark} per node id.
 * @category Content
 */
export interface ContentPlan {
  readonly root: number;
  readonly marks: Uint8Array;
}

/** A block the extractor kept: its node and the text it kept of it. */
export interface KeptBlock {
  readonly node: number;
  readonly text: string;
}

/** Containers whose structure is lost when only some of their parts are kept: one kept part keeps all. */
const WHOLE_CONTAINERS: ReadonlySet<string> = new Set(['table', 'ul', 'ol', 'dl', 'pre', 'figure', 'blockquote']);
/** Parts of a table or list: valid HTML only inside their container. */
const PART_TAGS: ReadonlySet<string> = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'li', 'dt', 'dd', 'figcaption']);
const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const MEDIA: ReadonlySet<string> = new Set(['img']);
/** Elements that stand for the whole page: content found there is not one region. */
const PAGE_LEVEL: ReadonlySet<string> = new Set(['', 'html', 'body']);

function markSubtree(doc: AnalyzedDocument, id: number, marks: Uint8Array): void {
  marks.fill(Mark.Kept, id, doc.index.subtreeEnd[id]);
}

function markAncestors(doc: AnalyzedDocument, id: number, stop: number, marks: Uint8Array): void {
  for (let p = doc.index.parent[id]; p >= 0 && marks[p] !== Mark.Ancestor; p = doc.index.parent[p]) {
    if (marks[p] === Mark.None) marks[p] = Mark.Ancestor;
    if (p === stop) break;
  }
}

/** Climbs from `id` while the parent adds at most `growth` of the text (see {@link ContentOptions.regionGrowth}). */
function growRegion(doc: AnalyzedDocument, id: number, growth: number): number {
  const { parent, tagOf } = doc.index;
  const { textChars } = doc.stats;
  let region = id;
  while (parent[region] >= 0 && !PAGE_LEVEL.has(tagOf(parent[region])) && textChars[parent[region]] <= textChars[region] * (1 + growth)) {
    region = parent[region];
  }
  // a row, cell or item is written inside its table or list, never alone
  while (PART_TAGS.has(tagOf(region)) && parent[region] >= 0) region = parent[region];
  return region;
}

/** True when the element's subtree shows no text and holds an image. */
function isTextFreeMedia(doc: AnalyzedDocument, id: number): boolean {
  if (doc.stats.textChars[id] !== 0) return false;
  const { tagOf, subtreeEnd } = doc.index;
  for (let i = id; i < subtreeEnd[id]; i++) if (MEDIA.has(tagOf(i))) return true;
  return false;
}

const WHITESPACE = /\s+/gu;
const squeeze = (text: string): string => text.replace(WHITESPACE, '');

/**
 * Marks what of `id` the extractor kept when its text is `text`: the whole subtree when the texts
 * match, else (the extractor cut noise out of the node) each child whose text is part of `text`,
 * descending into children that are only partly in it. Text-free children are left to
 * {@link addMediaAndHeadings}.
 */
function markKeptText(doc: AnalyzedDocument, id: number, text: string, marks: Uint8Array): void {
  const own = squeeze(doc.textOf(id));
  if (own === '' ) return;
  if (own === text || doc.index.kind[id] !== NodeKind.Element) {
    if (text.includes(own)) markSubtree(doc, id, marks);
    return;
  }
  const { subtreeEnd, kind } = doc.index;
  for (let c = id + 1; c < subtreeEnd[id]; c = subtreeEnd[c]) {
    if (doc.stats.textChars[c] === 0 && kind[c] !== NodeKind.Text) continue;
    const child = squeeze(doc.textOf(c));
    if (child === '') continue;
    if (text.includes(child)) markSubtree(doc, c, marks);
    else if (kind[c] === NodeKind.Element) markKeptText(doc, c, text, marks);
  }
  if (marks[id] === Mark.None && marks.subarray(id + 1, subtreeEnd[id]).includes(Mark.Kept)) marks[id] = Mark.Ancestor;
}

/** True for a figure that holds an image (its caption may have text). */
function isTextFreeMediaOrCaptioned(doc: AnalyzedDocument, id: number): boolean {
  const { tagOf, subtreeEnd } = doc.index;
  for (let i = id; i < subtreeEnd[id]; i++) if (MEDIA.has(tagOf(i))) return true;
  return false;
}

/** Adds to the kept content the text-free media and the headings that come before kept content, inside `[from, to)`. */
function addMediaAndHeadings(doc: AnalyzedDocument, region: number, from: number, to: number, marks: Uint8Array): void {
  const { subtreeEnd, kind, tagOf, excluded } = doc.index;
  let lastKept = -1;
  for (let i = subtreeEnd[region] - 1; i > region; i--) if (marks[i] === Mark.Kept) { lastKept = i; break; }
  for (let i = region + 1; i < subtreeEnd[region]; i++) {
    if (marks[i] !== Mark.None || kind[i] !== NodeKind.Element || excluded[i]) continue;
    // only beside kept content: a sibling of it, in a parent that holds some
    if (i < from || i >= to || marks[doc.index.parent[i]] !== Mark.Ancestor) continue;
    const heading = HEADINGS.has(tagOf(i)) && i < lastKept && doc.stats.textChars[i] > 0;
    const figure = tagOf(i) === 'figure' && isTextFreeMediaOrCaptioned(doc, i);
    if (heading || figure || isTextFreeMedia(doc, i)) {
      markSubtree(doc, i, marks);
      markAncestors(doc, i, region, marks);
      i = subtreeEnd[i] - 1;
    }
  }
}

/** Unmarks the first kept heading when it repeats the page title and nothing kept comes before it (the title is printed apart). */
function dropTitleHeading(doc: AnalyzedDocument, region: number, title: string, marks: Uint8Array): void {
  if (title === '') return;
  const { subtreeEnd, tagOf, kind } = doc.index;
  for (let i = region; i < subtreeEnd[region]; i++) {
    if (marks[i] !== Mark.Kept) continue;
    if (kind[i] === NodeKind.Element && HEADINGS.has(tagOf(i)) && collapseWhitespace(doc.textOf(i)) === title) {
      marks.fill(Mark.None, i, subtreeEnd[i]);
    }
    if (doc.stats.textChars[i] > 0) return;
  }
}

/** Visible characters of the kept subtrees inside `id`. */
function keptChars(doc: AnalyzedDocument, id: number, marks: Uint8Array): number {
  const { subtreeEnd } = doc.index;
  let chars = 0;
  for (let i = id; i < subtreeEnd[id]; i++) {
    if (marks[i] !== Mark.Kept) continue;
    chars += doc.stats.textChars[i];
    i = subtreeEnd[i] - 1;
  }
  return chars;
}

/**
 * Widens each kept part of a table, list, pre, figure or blockquote to the whole container, when
 * what is kept is most of it ({@link ContentOptions.wholeContainerShare}): a layout table that
 * wraps the article and its sidebars is not widened.
 */
function keepWholeContainers(doc: AnalyzedDocument, region: number, marks: Uint8Array, share: number): void {
  const { subtreeEnd, tagOf } = doc.index;
  for (let i = region; i < subtreeEnd[region]; i++) {
    if (marks[i] === Mark.Ancestor && WHOLE_CONTAINERS.has(tagOf(i)) && keptChars(doc, i, marks) >= share * doc.stats.textChars[i]) {
      markSubtree(doc, i, marks);
      i = subtreeEnd[i] - 1;
    }
  }
}

/**
 * The plan of a page's content from the node ids the extractor kept: each kept node's subtree, the
 * whole of any table/list/pre/figure/blockquote they are part of, and, inside the region grown
 * around them ({@link ContentOptions.regionGrowth}), the text-free media and the headings that come
 * before kept content. A first heading that repeats `title` is left out, as the plain body drops it.
 * Null when no kept node is in the tree (tag-free extractors).
 * @category Content
 */
export function planPageContent(doc: AnalyzedDocument, blocks: readonly KeptBlock[], title: string, options?: ContentOptions): ContentPlan | null {
  const o = { ...DEFAULT_CONTENT_OPTIONS, ...options };
  const nodes = blocks.map((b) => b.node).filter((n) => n > 0 && n < doc.index.size);
  if (nodes.length === 0) return null;
  const marks = new Uint8Array(doc.index.size);
  const lca = commonAncestor(doc.index, nodes);
  const root = growRegion(doc, lca, o.regionGrowth);
  for (const block of blocks) {
    if (block.node <= 0 || block.node >= doc.index.size) continue;
    markKeptText(doc, block.node, squeeze(block.text), marks);
    markAncestors(doc, block.node, root, marks);
  }
  if (marks[root] === Mark.None) marks[root] = Mark.Ancestor;
  // a region that is the whole page (scattered blocks) takes media only between its first and last kept node
  const scattered = PAGE_LEVEL.has(doc.index.tagOf(root));
  const from = scattered ? minOf(nodes) : root;
  const to = scattered ? doc.index.subtreeEnd[maxOf(nodes)] : doc.index.subtreeEnd[root];
  addMediaAndHeadings(doc, root, from, to, marks);
  keepWholeContainers(doc, root, marks, o.wholeContainerShare);
  dropTitleHeading(doc, root, title, marks);
  return { root, marks };
}

/**
 * The plan of a post's content: its body node without the subtrees its text leaves out
 * (signatures, edit notices, quotes).
 * @category Content
 */
export function planPostContent(doc: AnalyzedDocument, body: number, cut: readonly number[]): ContentPlan | null {
  if (body <= 0 || body >= doc.index.size) return null;
  const marks = new Uint8Array(doc.index.size);
  markSubtree(doc, body, marks);
  for (const c of cut) {
    if (c <= body || c >= doc.index.subtreeEnd[body]) continue;
    marks.fill(Mark.None, c, doc.index.subtreeEnd[c]);
  }
  // ancestors of what is still kept inside a cut-out parent stay: recompute Ancestor for cut nodes' parents
  for (const c of cut) {
    for (let p = doc.index.parent[c]; p >= body; p = doc.index.parent[p]) if (marks[p] === Mark.Kept) marks[p] = Mark.Ancestor;
  }
  return { root: body, marks };
}
