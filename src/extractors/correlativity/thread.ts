/**
 * Thread detection: repeated sibling containers (same tag, same first class) that each hold text
 * blocks and mostly carry a date — forum posts or news comments — and, inside them, the body slot:
 * the tag path (relative to the container, as all containers share their own path) whose texts are
 * the largest and differ from container to container (labels and buttons repeat; posts do not).
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { findDates } from '../../metadata/dates.js';
import type { TextBlock } from './blocks.js';
import { firstClass } from './vocabulary.js';

/**
 * Slot of a block inside a container: its tag path plus its first class token, so that a signature
 * `div` next to the body `div` is a different slot.
 */
export function slotOf(doc: AnalyzedDocument, node: number): string {
  return `${doc.index.tagPathId[node]}.${firstClass(doc, node)}`;
}

/** Longest text that can be a date line (a written-out date with weekday and time is under 60). */
const MAX_DATE_LINE = 80;

/** True when a date covers at least half of the text (a date line is never a post body). */
function isDateLine(text: string): boolean {
  if (text.length > MAX_DATE_LINE) return false;
  const dates = findDates(text);
  const covered = dates.reduce((s, d) => s + d.length, 0);
  return covered > 0 && covered * 2 >= text.replace(SPACES, '').length;
}

/**
 * A detected run of posts or comments.
 * @category Extraction
 */
export interface Thread {
  /** Parent element of the containers. */
  readonly list: number;
  /** Container node ids in page order. */
  readonly items: readonly number[];
  /** Tag path id of the body slot. */
  readonly bodySlot: string;
  /** For each item, indexes (into the block list) of its blocks in the body slot. */
  readonly bodyBlocks: readonly (readonly number[])[];
  /** Share of items carrying a date. */
  readonly datedShare: number;
  /** Non-link characters of the bodies. */
  readonly bodyChars: number;
}

/** Thresholds of {@link detectThread}. */
export interface ThreadOptions {
  readonly minPosts: number;
  readonly minDatedShare: number;
}

const SPACES = /\s+/gu;

/** Blocks (indexes) inside each candidate item, by binary search over block node ids. */
function blocksInside(doc: AnalyzedDocument, blocks: readonly TextBlock[], byNode: readonly number[], item: number): number[] {
  const end = doc.index.subtreeEnd[item];
  let lo = 0;
  let hi = byNode.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (blocks[byNode[mid]].node < item) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < byNode.length && blocks[byNode[i]].node < end; i++) out.push(byNode[i]);
  return out;
}

/** Per-block facts computed once per page (a block is inside candidate items at every level above it). */
interface BlockFacts {
  readonly slot: readonly string[];
  /** Interned id of slot + text: equal ids mean the same text in the same slot. */
  readonly key: Int32Array;
  /** 1 date line, 0 not, -1 unknown yet. */
  readonly dateLine: Int8Array;
}

function blockFacts(doc: AnalyzedDocument, blocks: readonly TextBlock[]): BlockFacts {
  const slot = blocks.map((b) => slotOf(doc, b.node));
  const ids = new Map<string, number>();
  const key = Int32Array.from(blocks, (b, k) => {
    const text = `${slot[k]}|${b.text.replace(SPACES, ' ')}`;
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = ids.size));
    return id;
  });
  return { slot, key, dateLine: new Int8Array(blocks.length).fill(-1) };
}

function isDateLineCached(facts: BlockFacts, blocks: readonly TextBlock[], k: number): boolean {
  if (facts.dateLine[k] < 0) facts.dateLine[k] = isDateLine(blocks[k].text) ? 1 : 0;
  return facts.dateLine[k] === 1;
}

/** Picks the body slot of a group of items: the tag path with the most non-repeated text. */
function pickBodySlot(blocks: readonly TextBlock[], perItem: readonly number[][], facts: BlockFacts): { slot: string; chars: number } {
  const seen = new Map<number, number>(); // slot|text -> items count
  for (const ks of perItem) {
    const local = new Set<number>();
    for (const k of ks) local.add(facts.key[k]);
    for (const key of local) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const score = new Map<string, number>();
  const present = new Map<string, number>();
  for (const ks of perItem) {
    const slotsHere = new Set<string>();
    for (const k of ks) {
      const slot = facts.slot[k];
      slotsHere.add(slot);
      const repeated = (seen.get(facts.key[k]) ?? 0) > 1;
      if (!repeated && !isDateLineCached(facts, blocks, k)) score.set(slot, (score.get(slot) ?? 0) + blocks[k].ta / Math.max(blocks[k].la, 1));
    }
    for (const s of slotsHere) present.set(s, (present.get(s) ?? 0) + 1);
  }
  let best = '';
  let bestScore = 0;
  for (const [slot, s] of score) {
    // a body slot is present in most containers
    if ((present.get(slot) ?? 0) < perItem.length / 2) continue;
    if (s > bestScore) {
      best = slot;
      bestScore = s;
    }
  }
  return { slot: best, chars: bestScore };
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

/** Groups the element children of `parent` by tag and first class token, keeping groups of >= min. */
function childGroups(doc: AnalyzedDocument, parent: number, min: number): number[][] {
  const groups = new Map<string, number[]>();
  for (const c of doc.index.childElements(parent)) {
    if (doc.index.excluded[c] || doc.stats.textChars[c] === 0) continue;
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
  const all = blocks.map((_, k) => k).sort((a, b) => blocks[a].node - blocks[b].node);
  const facts = blockFacts(doc, blocks);
  let best: Thread | null = null;
  for (let p = 0; p < size; p++) {
    if (kind[p] !== NodeKind.Element && kind[p] !== NodeKind.Document) continue;
    if (doc.index.excluded[p] || doc.stats.textChars[p] === 0) continue;
    for (const items of childGroups(doc, p, options.minPosts)) {
      const candidate = evaluateGroup(doc, blocks, all, p, items, options, facts);
      if (candidate && (!best || candidate.bodyChars > best.bodyChars)) best = candidate;
    }
  }
  return best;
}

/** Scores one group of sibling containers; null when it is not a thread. */
function evaluateGroup(
  doc: AnalyzedDocument, blocks: readonly TextBlock[], all: readonly number[], list: number, items: readonly number[], o: ThreadOptions,
  facts: BlockFacts,
): Thread | null {
  const perItem = items.map((it) => blocksInside(doc, blocks, all, it));
  // containers hold a header and a body: at least two text blocks on average
  const blockCount = perItem.reduce((s, ks) => s + ks.length, 0);
  if (blockCount < 2 * items.length) return null;
  const { slot, chars } = pickBodySlot(blocks, perItem, facts);
  if (!slot) return null;
  const bodyBlocks = perItem.map((ks) => ks.filter((k) => facts.slot[k] === slot).sort((a, b) => a - b));
  const withBody = bodyBlocks.filter((ks) => ks.length > 0).length;
  if (withBody < o.minPosts) return null;
  let dated = 0;
  for (const it of items) if (hasDate(doc, it)) dated++;
  const datedShare = dated / items.length;
  if (datedShare < o.minDatedShare) return null;
  return { list, items, bodySlot: slot, bodyBlocks, datedShare, bodyChars: chars };
}
