/**
 * The body slot of a run of containers: which element of each container holds the post text.
 *
 * Two steps. (1) Block slots: every text block of a container has a slot — its tag path plus first
 * class token (all containers share their own path, so the path is in effect relative to the
 * container). The slots ranked first are those whose texts are the largest and are not repeated
 * across containers (labels, buttons and signatures repeat; posts do not) and are not date lines.
 * (2) Lifting: a block slot is widened to the enclosing element (`div.t_f > p` → `div.t_f`) while the
 * enclosing elements hold nothing but the slot's blocks and their own text — no block of another slot
 * that recurs in most containers (a header line, a button row). The body of a container is then the
 * outermost element of the lifted slot, whether its text sits in `<p>` children or directly in it.
 * @module
 */
import { isWhitespaceCode } from '../analysis/text.js';
import { attributeOf } from '../analysis/node-data.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { type DateMatch, mayHoldDate } from '../vocabulary/dates.js';
import { pageDates } from './page-dates.js';
import { findLineDates } from './line-dates.js';
import { ANY_DAY, resolveRelativeDate } from '../vocabulary/relative-dates.js';
import type { TextBlockTable } from '../analysis/text-blocks.js';
import { firstClass, hasNoiseToken } from '../vocabulary/class-tokens.js';
import { commonAncestor } from '../analysis/tree.js';
import { datingText } from './glued-digits.js';
import { pageDayFirst } from './day-order.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../core/scratch.js';

/**
 * Slot of an element inside a container: its tag path plus its first class token, so that a
 * signature `div` next to the body `div` is a different slot; an element in a table cell adds the
 * cell's place in its row (see {@link cellRole}): the `div`s of the author cell and of the message cell
 * beside it have one tag path.
 */
export function slotOf(doc: AnalyzedDocument, node: number): string {
  let table = SLOTS.get(doc);
  if (table === undefined) SLOTS.set(doc, (table = { ids: new Int32Array(doc.index.size).fill(-1), names: [], byPath: new Map() }));
  if (table.ids[node] < 0) {
    const path = doc.index.tagPathId[node];
    const cell = nearestCells(doc)[node];
    const tail = cell < 0 ? firstClass(doc, node) : `${firstClass(doc, node)}${cellRole(doc, cell)}`;
    let byTail = table.byPath.get(path);
    if (byTail === undefined) table.byPath.set(path, (byTail = new Map()));
    let id = byTail.get(tail);
    if (id === undefined) {
      byTail.set(tail, (id = table.names.length));
      table.names.push(`${path}.${tail}`);
    }
    table.ids[node] = id;
  }
  return table.names[table.ids[node]];
}

/**
 * The {@link slotOf}s of a page, each built once: per node its slot's id (−1 not asked yet), the
 * slots, and their ids by tag path and the rest of the slot (class and cell role).
 */
interface SlotTable {
  readonly ids: Int32Array;
  readonly names: string[];
  readonly byPath: Map<number, Map<string, number>>;
}

/** {@link SlotTable} of the documents asked about, dropped with them. */
const SLOTS = new WeakMap<AnalyzedDocument, SlotTable>();

const isCell = (tag: string): boolean => tag === 'td' || tag === 'th';

/** {@link nearestCells} of the documents asked about, dropped with them. */
const NEAREST_CELLS = new WeakMap<AnalyzedDocument, Int32Array>();

/** The nearest table cell (`td`, `th`) ancestor-or-self of every node, −1 outside tables: one forward pass per page. */
function nearestCells(doc: AnalyzedDocument): Int32Array {
  let cells = NEAREST_CELLS.get(doc);
  if (cells === undefined) {
    const { size, parent, kind, tagOf } = doc.index;
    cells = new Int32Array(size).fill(-1);
    for (let i = 0; i < size; i++) cells[i] = kind[i] === NodeKind.Element && isCell(tagOf(i)) ? i : parent[i] >= 0 ? cells[parent[i]] : -1;
    NEAREST_CELLS.set(doc, cells);
  }
  return cells;
}

/**
 * The place of a table cell in its row, `@column/cells`: a template's rows differ by their cells (the
 * header row's date cell beside the post number cell, the message row's one wide cell) where tag
 * paths and, in table-laid boards, classes are all alike.
 */
function cellRole(doc: AnalyzedDocument, cell: number): string {
  const { parent, subtreeEnd, kind, tagOf } = doc.index;
  const row = parent[cell];
  let column = 0;
  let cells = 0;
  for (let c = row + 1; c < subtreeEnd[row]; c = subtreeEnd[c]) {
    if (kind[c] !== NodeKind.Element || !isCell(tagOf(c))) continue;
    if (c === cell) column = cells;
    cells++;
  }
  return `@${column}/${cells}`;
}

/** Longest text that can be a date line (a written-out date with weekday and time is under 60). */
const MAX_DATE_LINE = 80;
const SPACES = /\s+/gu;

/** True when a date covers at least half of the text (a date line is never a post body). */
function isDateLine(text: string, datesIn: PageFacts['dates']): boolean {
  if (text.length > MAX_DATE_LINE) return false;
  const dates = datesIn(text);
  const covered = dates.reduce((s, d) => s + d.length, 0);
  return covered > 0 && covered * 2 >= text.replace(SPACES, '').length;
}

/** Per-block and per-node facts computed once per page and shared by every candidate group. */
export interface PageFacts {
  /** Slot of block `k` (see {@link slotOf}; built on first ask: only the blocks of groups that pass the date test are asked). */
  readonly slot: (k: number) => string;
  /** Interned id of slot + text of a block (computed on first ask): equal ids mean the same text in the same slot. */
  readonly key: (k: number) => number;
  /** 1 date line, 0 not, -1 unknown yet. */
  readonly dateLine: Int8Array;
  /** Per block: 1 it holds an absolute date (see {@link hasAbsoluteDate}), 0 not, -1 unknown yet. */
  readonly absolute: Int8Array;
  /** Per block: 1 it is a short relative date line (see {@link isRelativeDateLine}), 0 not, -1 unknown yet. */
  readonly relative: Int8Array;
  /**
   * Nearest ancestor-or-self of a node with a noise token (signature, quote, …), −1 none. A bare
   * `<blockquote>` is not noise here: vBulletin writes post bodies in `blockquote.postcontent`.
   * Computed on demand (only the nodes of blocks in candidate groups are ever asked) and memoized.
   */
  readonly noise: (node: number) => number;
  /** The block at position `i` of the blocks sorted by node id. */
  readonly byNode: (i: number) => number;
  /** Position in {@link PageFacts.byNode} of the first block at node id `node` or later (the block count past the last). */
  readonly firstBlock: (node: number) => number;
  /**
   * `findDates` of a text, memoized for the page: the same header line is read from many candidate
   * groups, and the same text ("Reply", a date) recurs in many records. The answers are shared.
   */
  readonly dates: (text: string) => readonly DateMatch[];
  /** {@link findLineDates} of a text (header and footer lines: also two-digit years beside a time), memoized the same way. */
  readonly lineDates: (text: string) => readonly DateMatch[];
  /** True when a text is a short relative date line (`resolveRelativeDate` against any day), memoized for the page. */
  readonly relativeLine: (text: string) => boolean;
  /** The text of block `k` as the date readers read it: digits of two adjacent inline elements apart (see `glued-digits.ts`). */
  readonly datingText: (k: number) => string;
  /**
   * Running sums, in {@link PageFacts.byNode} order, of each block's text weight TA/max(LA,1) (entry
   * `i` sums the first `i` blocks): the most body text any record range can hold, see {@link textWeightBound}.
   */
  readonly weightBefore: Float64Array;
}

/** `text` with its whitespace runs made one space (`text.replace(/\s+/gu, ' ')`), not copied when it has none to change. */
function collapseSpaces(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isWhitespaceCode(c) && (c !== 0x20 || isWhitespaceCode(text.charCodeAt(i + 1)))) return text.replace(SPACES, ' ');
  }
  return text;
}

/**
 * Interned id of `slot|text` of a block, asked block by block and memoized (only the blocks of the
 * candidate groups that pass the date test are ever asked; interning every block of the page hashed
 * every post's text). Looked up per slot, then per text (no `slot|text` string built); when a slot
 * may hold `|` (so two different pairs could spell the same string) the joined string is the key, as its
 * definition says. Equal ids mean equal pairs, whatever order the blocks are asked in.
 */
function internKeys(doc: AnalyzedDocument, blocks: TextBlockTable, slot: (k: number) => string, arrays: TypedArraySource): (k: number) => number {
  let key: Int32Array | undefined; // made on the first ask (most pages never ask)
  let next = 0;
  // whether a slot of the page may hold `|`, told on the first ask (most pages never ask) from the blocks'
  // class values, where a slot's `|` comes from; joined keys where no slot needs them give the same ids' equalities
  let joined: Map<string, number> | null | undefined;
  const bySlot = new Map<string, Map<string, number>>();
  const idsOf = (k: number): Map<string, number> => {
    if (joined) return joined;
    let ids = bySlot.get(slot(k));
    if (ids === undefined) bySlot.set(slot(k), (ids = new Map()));
    return ids;
  };
  return (k) => {
    key ??= arrays.int32(blocks.length).fill(-1);
    if (key[k] >= 0) return key[k];
    if (joined === undefined) joined = anyClassHolds(doc, blocks, '|') ? new Map<string, number>() : null;
    const ids = idsOf(k);
    const text = joined !== null ? `${slot(k)}|${collapseSpaces(blocks.text(k))}` : collapseSpaces(blocks.text(k));
    let id = ids.get(text);
    if (id === undefined) ids.set(text, (id = next++));
    key[k] = id;
    return id;
  };
}

/** True when the class value of a block element holds `part`. */
function anyClassHolds(doc: AnalyzedDocument, blocks: TextBlockTable, part: string): boolean {
  for (let k = 0; k < blocks.length; k++) if (attributeOf(doc, blocks.node[k], 'class')?.includes(part) === true) return true;
  return false;
}

/** Memo value of a node whose nearest noise ancestor is not known yet. */
const UNKNOWN = -2;

/**
 * {@link PageFacts.noise}: the nearest ancestor-or-self with a noise token, found by walking up to the
 * nearest node already known and filling the path down from it (each node is decided once).
 */
function noiseLookup(doc: AnalyzedDocument, arrays: TypedArraySource): (node: number) => number {
  const { size, parent, kind } = doc.index;
  let memo: Int32Array | undefined;
  const path: number[] = [];
  return (node: number): number => {
    memo ??= arrays.int32(size).fill(UNKNOWN);
    let i = node;
    while (i >= 0 && memo[i] === UNKNOWN) {
      path.push(i);
      i = parent[i];
    }
    let up = i >= 0 ? memo[i] : -1;
    while (path.length > 0) {
      const n = path.pop()!;
      memo[n] = up >= 0 ? up : kind[n] === NodeKind.Element && hasNoiseToken(doc, n) ? n : -1;
      up = memo[n];
    }
    return memo[node];
  };
}

/** `read` memoized by text for one page (header lines and their dates recur from record to record). */
function memoized<T extends boolean | object>(read: (text: string) => T): (text: string) => T {
  // an entry's value is never undefined (`T` holds none here): one lookup tells a miss
  const memo = new Map<string, T>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) memo.set(text, (value = read(text)));
    return value;
  };
}

/** {@link PageFacts.relativeLine}: whether a short line reads as a relative date. */
const isRelativeLine = (text: string): boolean => text.length <= MAX_RELATIVE_LINE && resolveRelativeDate(text, ANY_DAY) !== null;

/** {@link isRelativeLine} memoized for a page; a text too long for a date line is answered before the memo (its hash is never taken). */
function relativeLineReader(): (text: string) => boolean {
  const read = memoized(isRelativeLine);
  return (text) => text.length <= MAX_RELATIVE_LINE && read(text);
}

/**
 * {@link findLineDates} memoized for a page; a text without a digit has none for certain (both of its
 * readers need one, see `mayHoldDate`), and is answered before the memo hashes it.
 */
function lineDatesReader(doc: AnalyzedDocument, dates: (text: string) => readonly DateMatch[]): (text: string) => readonly DateMatch[] {
  const dayFirst = (): boolean | null => pageDayFirst(doc);
  const read = memoized((text) => findLineDates(text, dates, dayFirst));
  return (text) => (mayHoldDate(text) ? read(text) : NO_DATES);
}

/** The answer for a text without dates, shared (never written to). */
const NO_DATES: readonly DateMatch[] = Object.freeze([]);

/**
 * Computes the {@link PageFacts} of a page; its columns (the block keys, the noise memo, the text weights, the date memos) are taken from
 * `arrays`, which must outlive every read of the facts.
 */
export function pageFacts(doc: AnalyzedDocument, blocks: TextBlockTable, arrays: TypedArraySource = FRESH_ARRAYS): PageFacts {
  const slot = (k: number): string => slotOf(doc, blocks.node[k]);
  const key = internKeys(doc, blocks, slot, arrays);
  const noise = noiseLookup(doc, arrays);
  const { byNode, firstBlock } = nodeOrder(blocks);
  const weightBefore = arrays.float64(blocks.length + 1);
  weightBefore[0] = 0; // scratch holds what its last user left
  // the running sum in a local, never read back: the interpreter, which runs this once-per-page loop until it is
  // compiled, boxes every double it reads from a Float64Array (1.6 MB of garbage on a page of 100,000 paragraphs)
  let weight = 0;
  for (let i = 0; i < blocks.length; i++) weightBefore[i + 1] = weight += textWeight(blocks, byNode(i));
  const dates = pageDates(doc);
  return {
    slot, key, dateLine: arrays.int8(blocks.length).fill(-1), absolute: arrays.int8(blocks.length).fill(-1), relative: arrays.int8(blocks.length).fill(-1), noise, byNode, firstBlock,
    dates, lineDates: lineDatesReader(doc, dates), relativeLine: relativeLineReader(), weightBefore, datingText: (k) => datingText(doc, blocks, k),
  };
}

/**
 * The blocks in node order ({@link PageFacts.byNode}, {@link PageFacts.firstBlock}): the table's own order
 * when it is in node order already (almost always: no column is made), else an index column sorted by
 * node. The first block at a node is found by bisection: a column a node (4 bytes of the page's every
 * node) for a lookup made a few times per candidate record.
 */
function nodeOrder(blocks: TextBlockTable): Pick<PageFacts, 'byNode' | 'firstBlock'> {
  const { node, length } = blocks;
  let inNodeOrder = true;
  for (let k = 1; k < length && inNodeOrder; k++) if (node[k] < node[k - 1]) inNodeOrder = false;
  let byNode = (i: number): number => i;
  if (!inNodeOrder) {
    const sorted = new Int32Array(length);
    for (let k = 0; k < length; k++) sorted[k] = k;
    sorted.sort((a, b) => node[a] - node[b]);
    byNode = (i) => sorted[i];
  }
  const firstBlock = (at: number): number => {
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (node[byNode(mid)] < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { byNode, firstBlock };
}

/** Text weight of a block, TA/max(LA,1): the unit of {@link BodySlot.chars} (text that is not link text counts most). */
const textWeight = (blocks: TextBlockTable, k: number): number => blocks.ta[k] / Math.max(blocks.la[k], 1);

/**
 * Slack added to {@link textWeightBound}, as a share of the page's whole text weight (plus one): the
 * bound is read from running sums over the page and {@link BodySlot.chars} adds the same non-negative
 * weights in another order, so the two may differ by floating-point rounding (about 1e-16 of the page's
 * total per addition); 1e-9 covers that with room to spare, and a wider bound never changes a result.
 */
const BOUND_SLACK = 1e-9;

/**
 * An upper bound of the {@link BodySlot.chars} that {@link pickBodySlot} can give a group: the bodies
 * lie inside the records and each of their blocks adds at most its text weight, so the weight of every
 * block inside the records bounds it (read from the running sums at the first block of each record and of what follows it, {@link PageFacts.firstBlock}).
 */
export function textWeightBound(blocks: TextBlockTable, facts: PageFacts, group: RecordGroup): number {
  let sum = 0;
  for (let n = 0; n < group.items.length; n++) {
    sum += facts.weightBefore[facts.firstBlock(group.ends[n])] - facts.weightBefore[facts.firstBlock(group.items[n])];
  }
  return sum + BOUND_SLACK * (facts.weightBefore[facts.weightBefore.length - 1] + 1);
}

/** Bits of {@link blockDating}: the block holds an absolute date; it is a short relative date line. */
export const ABSOLUTE_DATE = 1;
export const RELATIVE_DATE = 2;
/** Longest block read for a relative date ("Yesterday at 14:05 »"): a header line, never post text. */
const MAX_RELATIVE_LINE = 80;

/** True when block `k` holds an absolute date ({@link findLineDates}), read once per page. */
export function hasAbsoluteDate(facts: PageFacts, blocks: TextBlockTable, k: number): boolean {
  if (facts.absolute[k] < 0) facts.absolute[k] = facts.lineDates(facts.datingText(k)).length > 0 ? 1 : 0;
  return facts.absolute[k] === 1;
}

/**
 * True when block `k`'s text is longer than `max` for certain, told without making it: it holds the
 * block's TA characters (non-link, non-whitespace code points, each one or two UTF-16 units), and the
 * dating text adds spaces only.
 */
export const isLongerThan = (blocks: TextBlockTable, k: number, max: number): boolean => blocks.ta[k] > max;

/** True when block `k` is a short relative date line, read once per page (a long block's text is not made for it: post bodies). */
export function isRelativeDateLine(facts: PageFacts, blocks: TextBlockTable, k: number): boolean {
  if (facts.relative[k] < 0) facts.relative[k] = !isLongerThan(blocks, k, MAX_RELATIVE_LINE) && facts.relativeLine(facts.datingText(k)) ? 1 : 0;
  return facts.relative[k] === 1;
}

/**
 * The {@link ABSOLUTE_DATE}/{@link RELATIVE_DATE} bits of block `k`. Each bit is read on its first ask
 * (a caller that needs one of them, as the date-line test, does not read the other).
 */
export function blockDating(facts: PageFacts, blocks: TextBlockTable, k: number): number {
  return (hasAbsoluteDate(facts, blocks, k) ? ABSOLUTE_DATE : 0) | (isRelativeDateLine(facts, blocks, k) ? RELATIVE_DATE : 0);
}

function isDateLineCached(facts: PageFacts, blocks: TextBlockTable, k: number): boolean {
  // a block too long for a date line is none, without reading its dates (post bodies); a block
  // without a date is none either: the one findDates of hasAbsoluteDate answers for most of the others
  if (facts.dateLine[k] < 0) {
    const text = isLongerThan(blocks, k, MAX_DATE_LINE) ? null : facts.datingText(k);
    facts.dateLine[k] = text !== null && text.length <= MAX_DATE_LINE && hasAbsoluteDate(facts, blocks, k) && isDateLine(text, facts.lineDates) ? 1 : 0;
  }
  return facts.dateLine[k] === 1;
}

/** Blocks (indexes) inside node `root` (itself included), read from {@link PageFacts.firstBlock}. */
export function blocksInside(doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, root: number): number[] {
  return blocksInRange(blocks, facts, root, doc.index.subtreeEnd[root]);
}

/**
 * Text range of record `[start, end)` in {@link AnalyzedDocument.text}: from its first node's text to
 * the end of its last sibling's.
 */
export function recordText(doc: AnalyzedDocument, start: number, end: number): readonly [number, number] {
  let e = doc.stats.textEnd[start];
  for (let c = start; c < end; c = doc.index.subtreeEnd[c]) e = Math.max(e, doc.stats.textEnd[c]);
  return [doc.stats.textStart[start], e];
}

/** Blocks (indexes) whose node id lies in `[root, end)`. */
export function blocksInRange(blocks: TextBlockTable, facts: PageFacts, root: number, end: number): number[] {
  const from = facts.firstBlock(root);
  const out = new Array<number>(facts.firstBlock(end) - from);
  for (let i = 0; i < out.length; i++) out[i] = facts.byNode(from + i);
  return out;
}

/** How many blocks {@link blocksInRange} would list, without listing them. */
export function countBlocksInRange(blocks: TextBlockTable, facts: PageFacts, root: number, end: number): number {
  return facts.firstBlock(end) - facts.firstBlock(root);
}

/**
 * A group of records: runs of sibling elements under one list, each record the node-id range
 * `[items[n], ends[n])` (one element, or two or three siblings such as a header and a body). A candidate
 * group's columns are typed arrays (`records.ts`: a page's one long list of siblings is a candidate of
 * 4 bytes a record, not 8); the groups that get this far as a thread ({@link Group}, `Thread`) list them as arrays.
 * @category Threads
 */
export interface RecordGroup {
  /** Parent of the records. */
  readonly list: number;
  /** First node of each record. */
  readonly items: ArrayLike<number>;
  /** End (exclusive node id) of each record. */
  readonly ends: ArrayLike<number>;
}

/** A record group and the blocks inside each record. */
export interface Group extends RecordGroup {
  readonly items: readonly number[];
  readonly ends: readonly number[];
  /** For each item, indexes of its blocks in node order. */
  readonly perItem: readonly (readonly number[])[];
}

/** True when block `k` lies in a signature/quote/edit/pager subtree below `item`. */
function isNoiseBlock(blocks: TextBlockTable, facts: PageFacts, k: number, item: number): boolean {
  // the nearest noise ancestor is the deepest; it is below the item iff its id is larger
  return facts.noise(blocks.node[k]) > item;
}

/** Unique-text weight of each block for a group: TA/max(LA,1) of texts that occur in one item only and are no date line. */
function uniqueWeights(blocks: TextBlockTable, group: Group, facts: PageFacts): Map<number, number> {
  const seen = new Map<number, number>(); // slot|text -> items count
  const lastItem = new Map<number, number>(); // slot|text -> the last item that counted it (each item counts a key once)
  group.perItem.forEach((ks, n) => {
    for (const k of ks) {
      const key = facts.key(k);
      if (lastItem.get(key) === n) continue;
      lastItem.set(key, n);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  });
  const weight = new Map<number, number>();
  group.perItem.forEach((ks, n) => {
    for (const k of ks) {
      const repeated = (seen.get(facts.key(k)) ?? 0) > 1;
      const w = repeated || isNoiseBlock(blocks, facts, k, group.items[n]) || isDateLineCached(facts, blocks, k) ? 0 : textWeight(blocks, k);
      weight.set(k, w);
    }
  });
  return weight;
}

/**
 * The block slot with the most unique text among those present in at least half of the containers
 * ('' when none): the seed of the body slot.
 */
function bestBlockSlot(group: Group, facts: PageFacts, weight: ReadonlyMap<number, number>): { slot: string; present: number } {
  const score = new Map<string, number>();
  const present = new Map<string, number>();
  for (const ks of group.perItem) {
    for (const k of ks) {
      const w = weight.get(k) ?? 0;
      if (w > 0) score.set(facts.slot(k), (score.get(facts.slot(k)) ?? 0) + w);
    }
    for (const s of new Set(ks.map((k) => facts.slot(k)))) present.set(s, (present.get(s) ?? 0) + 1);
  }
  let best = { slot: '', present: 0 };
  let bestScore = 0;
  for (const [slot, sc] of score) {
    const n = present.get(slot) ?? 0;
    if (n * 2 >= group.items.length && sc > bestScore) {
      best = { slot, present: n };
      bestScore = sc;
    }
  }
  return best;
}

/** True when record `n` of a group is one element (not a run of siblings). */
export function isSingleElement(doc: AnalyzedDocument, group: RecordGroup, n: number): boolean {
  return doc.index.subtreeEnd[group.items[n]] === group.ends[n];
}

/** Outermost elements inside record `n` (a one-element record itself excluded) whose slot is in `slots`. */
function outermostInSlots(doc: AnalyzedDocument, group: Group, n: number, slots: ReadonlySet<string>, paths: ReadonlySet<number>): number[] {
  const { subtreeEnd, kind, tagPathId } = doc.index;
  const out: number[] = [];
  const end = group.ends[n];
  for (let i = isSingleElement(doc, group, n) ? group.items[n] + 1 : group.items[n]; i < end; i++) {
    if (kind[i] !== NodeKind.Element || !paths.has(tagPathId[i]) || !slots.has(slotOf(doc, i))) continue;
    out.push(i);
    i = subtreeEnd[i] - 1;
  }
  return out;
}

/** Elements of `slots` in each item (the item itself when a slot block is the item). */
function elementsOf(doc: AnalyzedDocument, group: Group, slots: ReadonlySet<string>): number[][] {
  const paths = new Set([...slots].map((s) => Number(s.slice(0, s.indexOf('.')))));
  return group.items.map((it, n) => (isSingleElement(doc, group, n) && slots.has(slotOf(doc, it)) ? [it] : outermostInSlots(doc, group, n, slots, paths)));
}

/**
 * True when the elements hold, in more than half of the items that have any, blocks of a slot outside
 * `chain` (other than noise): a header or button row, so they are wider than the body.
 */
function holdsRecurringForeign(
  doc: AnalyzedDocument, blocks: TextBlockTable, group: Group, facts: PageFacts, elements: readonly (readonly number[])[], chain: ReadonlySet<string>,
): boolean {
  const count = new Map<string, number>();
  elements.forEach((els, n) => {
    const foreign = new Set<string>();
    for (const el of els) for (const k of blocksInside(doc, blocks, facts, el)) {
      if (!chain.has(facts.slot(k)) && !isNoiseBlock(blocks, facts, k, group.items[n])) foreign.add(facts.slot(k));
    }
    for (const s of foreign) count.set(s, (count.get(s) ?? 0) + 1);
  });
  // of the containers that hold the elements: rows of the records' kind without a body ("Back to top") do not dilute it
  const holding = elements.filter((els) => els.some((el) => doc.stats.textChars[el] > 0)).length;
  for (const c of count.values()) if (c * 2 > holding) return true;
  return false;
}

/**
 * The slots enclosing a block slot, level by level (`[{p}, {div.t_f}, …]`), as long as the enclosing
 * elements hold nothing but the slots met on the way up, and noise, in most containers.
 */
function enclosingLevels(doc: AnalyzedDocument, blocks: TextBlockTable, group: Group, facts: PageFacts, slot: string): Set<string>[] {
  const { parent } = doc.index;
  const chain = new Set([slot]);
  const levels = [new Set([slot])];
  let level: number[] = group.perItem.flatMap((ks) => ks.filter((k) => facts.slot(k) === slot).map((k) => blocks.node[k]));
  const isItem = new Set(group.items);
  for (;;) {
    let parents = [...new Set(level.map((n) => parent[n]))];
    if (parents.length === 0 || level.some((n) => isItem.has(n)) || parents.some((p) => isItem.has(p) || p === group.list || p < 0)) break;
    // one enclosing element kind in every container (`div.t_f`); a kind in a few containers only is
    // a signature or a notice beside the body (`div.postsignature` next to `div.postmsg`): it is left
    // out, while kinds that share the containers between them are layout, not a body
    const major = majoritySlot(doc, group, parents);
    if (major === null) break;
    parents = parents.filter((p) => slotOf(doc, p) === major);
    const up = new Set([major]);
    const wider = new Set([...chain, ...up]);
    if (holdsRecurringForeign(doc, blocks, group, facts, elementsOf(doc, group, up), wider)) break;
    for (const s of up) chain.add(s);
    levels.push(up);
    level = parents;
  }
  return levels;
}

/** Least share of the containers holding the most frequent enclosing kind for the others to be left out. */
const MAJORITY_SHARE = 0.8;

/**
 * The slot of the enclosing elements when one kind is in at least {@link MAJORITY_SHARE} of the
 * containers that have any (all of them when there is one kind), else null.
 */
function majoritySlot(doc: AnalyzedDocument, group: Group, parents: readonly number[]): string | null {
  const itemsBySlot = new Map<string, Set<number>>();
  const all = new Set<number>();
  for (const p of parents) {
    const n = itemIndexOf(group, p);
    const slot = slotOf(doc, p);
    let items = itemsBySlot.get(slot);
    if (!items) itemsBySlot.set(slot, (items = new Set()));
    items.add(n);
    all.add(n);
  }
  if (itemsBySlot.size === 1) return [...itemsBySlot.keys()][0];
  let best: string | null = null;
  let bestCount = 0;
  for (const [slot, items] of itemsBySlot) if (items.size > bestCount) { best = slot; bestCount = items.size; }
  return bestCount >= MAJORITY_SHARE * all.size && bestCount > all.size - bestCount ? best : null;
}

/** Index of the record of a group that holds node `id` (binary search over the record starts). */
function itemIndexOf(group: RecordGroup, id: number): number {
  let lo = 0;
  let hi = group.items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (group.items[mid] <= id) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Lifts a block slot to the outermost enclosing level (`div.t_f > p` → `div.t_f`): the slots of the body elements. */
function liftSlot(doc: AnalyzedDocument, blocks: TextBlockTable, group: Group, facts: PageFacts, slot: string): Set<string> {
  const levels = enclosingLevels(doc, blocks, group, facts, slot);
  return levels[levels.length - 1];
}

/**
 * A signature separator written as text: a line of underscores, dashes, equals signs or tildes
 * (phpBB 2's `_________________`, IPB's `--------------------`, vBulletin's `__________________`), or
 * the mail convention `-- `.
 * @category Threads
 */
export const SIGNATURE_RULE = /^(?:[_\-=~—–]{4,}|--)$/u;

/** True when the first line of element `el`'s first block is a {@link SIGNATURE_RULE}: a signature set apart from the post. */
function opensWithRule(blocks: TextBlockTable, facts: PageFacts, doc: AnalyzedDocument, el: number): boolean {
  const first = blocksInside(doc, blocks, facts, el)[0];
  if (first === undefined) return false;
  const text = blocks.text(first);
  const nl = text.indexOf('\n');
  return SIGNATURE_RULE.test(nl < 0 ? text : text.slice(0, nl));
}

/**
 * The body of each container of a group.
 * @category Extraction
 */
export interface BodySlot {
  /** Slots of the body elements (joined with `|`), '' when none was found. */
  readonly slot: string;
  /** For each item, the node of its body element, or −1 when the item has none. */
  readonly bodies: readonly number[];
  /** Unique-text weight (Σ TA/max(LA,1)) of the bodies: how much post text the slot holds. */
  readonly chars: number;
}

/**
 * Picks the body slot of a group: the block slot with the most unique text present in at least half
 * of the containers and in at least `minPosts` of them, lifted to the element that holds the post
 * text with or without inner paragraphs; the body of each container is its outermost element of
 * that slot holding unique text (their common ancestor when there are several).
 * @category Extraction
 */
export function pickBodySlot(doc: AnalyzedDocument, blocks: TextBlockTable, group: Group, facts: PageFacts, minPosts: number): BodySlot {
  const weight = uniqueWeights(blocks, group, facts);
  const seed = bestBlockSlot(group, facts, weight);
  if (!seed.slot || seed.present < minPosts) return { slot: '', bodies: [], chars: 0 };
  const top = liftSlot(doc, blocks, group, facts, seed.slot);
  const lifted = !top.has(seed.slot);
  // a body element holds text that is not noise (with or without inner paragraphs), and is no signature
  // written under a separator line (vBulletin's class-less `div` beside the message `div`)
  const elements = elementsOf(doc, group, top).map((els) =>
    els.filter((el) => blocksInside(doc, blocks, facts, el).some((k) => facts.noise(blocks.node[k]) <= el) && !opensWithRule(blocks, facts, doc, el)));
  const bodies = elements.map((els, n) => {
    if (els.length === 0) return -1;
    const body = commonAncestor(doc.index, els);
    // a lifted slot names one element per post; several that only the container joins are layout
    return lifted && (body === group.items[n] || body === group.list) ? -1 : body;
  });
  let chars = 0;
  elements.forEach((els, n) => {
    if (bodies[n] >= 0) for (const el of els) for (const k of blocksInside(doc, blocks, facts, el)) chars += weight.get(k) ?? 0;
  });
  return { slot: [...top].join('|'), bodies, chars };
}
