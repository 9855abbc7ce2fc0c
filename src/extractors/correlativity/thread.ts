/**
 * Thread detection: repeated sibling containers (same tag, same first class) that each hold text
 * blocks and mostly carry a date — forum posts or news comments — and, inside them, the body of each
 * (see `slots.ts`: the element holding the post text, with or without inner paragraphs).
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { findDates } from '../../metadata/dates.js';
import type { TextBlock } from './blocks.js';
import { blocksInside, type Group, type PageFacts, pageFacts, pickBodySlot } from './slots.js';
import { firstClass } from './vocabulary.js';

export { slotOf } from './slots.js';

/**
 * A detected run of posts or comments.
 * @category Extraction
 */
export interface Thread {
  /** Parent element of the containers. */
  readonly list: number;
  /** Container node ids in page order. */
  readonly items: readonly number[];
  /** Slots (tag path id + first class, `|`-joined) of the body elements. */
  readonly bodySlot: string;
  /** For each item, the node of its body element, or −1 when it has none. */
  readonly bodies: readonly number[];
  /** Share of items carrying a date. */
  readonly datedShare: number;
  /** Unique-text weight of the bodies (Σ TA/max(LA,1)); the best thread on a page has the largest. */
  readonly bodyChars: number;
}

/** Thresholds of {@link detectThread}. */
export interface ThreadOptions {
  readonly minPosts: number;
  readonly minDatedShare: number;
}

/** Characters scanned at each end of a container for its date (headers and footers, not the body). */
const DATE_SCAN = 600;

/** True when a container shows a date near its start or end. */
function hasDate(doc: AnalyzedDocument, item: number): boolean {
  const s = doc.stats.textStart[item];
  const e = doc.stats.textEnd[item];
  if (e - s <= 2 * DATE_SCAN) return findDates(doc.text.slice(s, e)).length > 0;
  return findDates(doc.text.slice(s, s + DATE_SCAN)).length > 0 || findDates(doc.text.slice(e - DATE_SCAN, e)).length > 0;
}

/** No groups (shared: never written to). */
const NO_GROUPS: readonly number[][] = Object.freeze([]) as readonly number[][];

/** True when a child counts for {@link childGroups}: an element that is not excluded and has text. */
function isGroupable(doc: AnalyzedDocument, c: number): boolean {
  return doc.index.kind[c] === NodeKind.Element && !doc.index.excluded[c] && doc.stats.textChars[c] !== 0;
}

/** Groups the element children of `parent` by tag and first class token, keeping groups of >= min. */
function childGroups(doc: AnalyzedDocument, parent: number, min: number): readonly number[][] {
  const { subtreeEnd } = doc.index;
  // most elements have fewer than `min` candidate children: count them before building anything
  let count = 0;
  for (let c = parent + 1; c < subtreeEnd[parent] && count < min; c = subtreeEnd[c]) if (isGroupable(doc, c)) count++;
  if (count < min) return NO_GROUPS;
  const groups = new Map<string, number[]>();
  for (let c = parent + 1; c < subtreeEnd[parent]; c = subtreeEnd[c]) {
    if (!isGroupable(doc, c)) continue;
    const key = `${doc.index.tag[c]}.${firstClass(doc, c)}`;
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()].filter((g) => g.length >= min);
}

/**
 * Finds the best run of posts/comments on the page, or null when there is none.
 * @category Extraction
 */
export function detectThread(doc: AnalyzedDocument, blocks: readonly TextBlock[], options: ThreadOptions): Thread | null {
  const { size, kind } = doc.index;
  const facts = pageFacts(doc, blocks);
  let best: Thread | null = null;
  for (let p = 0; p < size; p++) {
    if (kind[p] !== NodeKind.Element && kind[p] !== NodeKind.Document) continue;
    if (doc.index.excluded[p] || doc.stats.textChars[p] === 0) continue;
    for (const items of childGroups(doc, p, options.minPosts)) {
      const candidate = evaluateGroup(doc, blocks, p, items, options, facts);
      if (candidate && (!best || candidate.bodyChars > best.bodyChars)) best = candidate;
    }
  }
  return best;
}

/** Scores one group of sibling containers; null when it is not a thread. */
function evaluateGroup(
  doc: AnalyzedDocument, blocks: readonly TextBlock[], list: number, items: readonly number[], o: ThreadOptions, facts: PageFacts,
): Thread | null {
  const perItem = items.map((it) => blocksInside(doc, blocks, facts, it));
  // containers hold a header and a body: at least two text blocks on average
  const blockCount = perItem.reduce((s, ks) => s + ks.length, 0);
  if (blockCount < 2 * items.length) return null;
  // the date test first (most repeated containers of an article page carry no date), stopping as soon
  // as the share cannot be reached: the body slot is only worked out for dated groups
  let dated = 0;
  for (let n = 0; n < items.length; n++) {
    if (hasDate(doc, items[n])) dated++;
    else if ((dated + items.length - n - 1) / items.length < o.minDatedShare) return null;
  }
  const datedShare = dated / items.length;
  if (datedShare < o.minDatedShare) return null;
  const group: Group = { items, perItem };
  const { slot, bodies, chars } = pickBodySlot(doc, blocks, group, facts, o.minPosts);
  if (!slot) return null;
  const withBody = bodies.filter((b) => b >= 0).length;
  if (withBody < o.minPosts) return null;
  return { list, items, bodySlot: slot, bodies, datedShare, bodyChars: chars };
}
