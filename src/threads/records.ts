/**
 * Candidate record groups: the repeated sibling subtrees of a list, found from the markup's own
 * repetition (the generalized nodes of MDR/DEPTA record mining). A record is one child of the list
 * whose kind (tag + class stem) recurs, or a run of two or three siblings whose kinds recur together
 * (a header `div` then a body `div`; a table row of the poster then one of the post).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { attributeOf } from '../analysis/node-data.js';
import { attributeValue } from '../dom/compact-tree.js';
import { NodeKind } from '../analysis/types.js';
import type { RecordGroup } from './slots.js';
import { firstClassOf } from '../vocabulary/class-tokens.js';
import { MIN_PERIOD_COVER } from './dated-runs.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../core/scratch.js';

const DIGITS = /\d+/gu;

/**
 * The kind of an element: its tag and first class token with digits dropped, so that the
 * alternating `windowbg`/`windowbg2`, `bg1`/`bg2` and numbered `loop-item-7` of one list are one kind.
 * A table row's tag carries its cells' layout (`tr:td,td*2.`, see {@link rowLayout}): the rows of a
 * table-laid board (a header row of two cells, a message row of one wide cell) have no class to tell
 * them apart, their cells do.
 * @category Threads
 */
export function recordKind(doc: AnalyzedDocument, id: number): string {
  return kindTable(doc).names[recordKindId(doc, id)];
}

/**
 * The {@link recordKind} of a node as a small integer: equal ids are equal kinds on one page. Built
 * from the tag (a row's layout) and the class stem looked up in turn, so that no `tag.class` string is
 * made for a node whose kind is known (a page of a hundred thousand `<p>` has one kind).
 */
export function recordKindId(doc: AnalyzedDocument, id: number): number {
  return kindIdIn(doc, kindTable(doc), id);
}

/** {@link recordKindId} of node `id` with the page's table at hand (candidate groups ask it of every child of every list). */
function kindIdIn(doc: AnalyzedDocument, table: KindTable, id: number): number {
  if (table.ids[id] >= 0) return table.ids[id];
  const tag = doc.index.tagOf(id);
  const head = tag === 'tr' ? rowLayout(doc, id) : tag;
  let byClass = table.byHead.get(head);
  if (byClass === undefined) table.byHead.set(head, (byClass = new Map()));
  // elements of one tag and one class value are one kind: the value's stem is taken once
  const cls = attributeValue(doc.index.tree, id, table.classNameId) ?? '';
  let kind = byClass.get(cls);
  if (kind === undefined) {
    // the name decides: `a.b` + `c` and `a` + `b.c` (a tag may hold a dot), or two class values of one first token, are one kind
    const name = `${head}.${firstClassOf(cls).replace(DIGITS, '')}`;
    kind = table.byName.get(name);
    if (kind === undefined) {
      table.byName.set(name, (kind = table.names.length));
      table.names.push(name);
    }
    byClass.set(cls, kind);
  }
  table.ids[id] = kind;
  return kind;
}

/** The interned {@link recordKind}s of a page: per node its kind id (−1 not asked yet), the kinds' names, and the ids by tag (a row's layout) and class value, and by name. */
interface KindTable {
  readonly ids: Int32Array;
  readonly names: string[];
  readonly byHead: Map<string, Map<string, number>>;
  readonly byName: Map<string, number>;
  /** The page's id of the attribute name `class`. */
  readonly classNameId: number;
}

/** The {@link KindTable} of `doc`, made on first ask (in fresh arrays) unless {@link makeRecordKinds} made it. */
function kindTable(doc: AnalyzedDocument): KindTable {
  let table = KINDS.get(doc);
  if (table === undefined) KINDS.set(doc, (table = newKindTable(doc, FRESH_ARRAYS)));
  return table;
}

/** An empty {@link KindTable} of `doc`, its column taken from `arrays`. */
function newKindTable(doc: AnalyzedDocument, arrays: TypedArraySource): KindTable {
  return { ids: arrays.int32(doc.index.size).fill(-1), names: [], byHead: new Map(), byName: new Map(), classNameId: doc.index.tree.attrNameId('class') };
}

/** `tr:` and the row's cells, each its tag and, when it spans more than one column, `*` and the span (`tr:td,td*2`). */
function rowLayout(doc: AnalyzedDocument, row: number): string {
  const { subtreeEnd, kind, tagOf } = doc.index;
  let layout = 'tr:';
  for (let c = row + 1; c < subtreeEnd[row]; c = subtreeEnd[c]) {
    if (kind[c] !== NodeKind.Element || (tagOf(c) !== 'td' && tagOf(c) !== 'th')) continue;
    const span = Number(attributeOf(doc, c, 'colspan') ?? 1);
    layout += `${layout.length > 3 ? ',' : ''}${tagOf(c)}${span > 1 ? `*${span}` : ''}`;
  }
  return layout;
}

/**
 * {@link KindTable} of each document asked about, filled on demand: the same nodes are asked from
 * many candidate groups, nested-record scans and date keys. Dropped with the document.
 */
const KINDS = new WeakMap<AnalyzedDocument, KindTable>();

/**
 * Makes the {@link KindTable} of `doc` now, its column taken from `arrays` (thread detection's page scratch, which
 * asks for kinds on every page), to be dropped by {@link forgetRecordKinds} before the scratch is given back.
 */
export function makeRecordKinds(doc: AnalyzedDocument, arrays: TypedArraySource): void {
  KINDS.set(doc, newKindTable(doc, arrays));
}

/**
 * Drops the {@link KindTable} of `doc` (a per-node column): thread detection, which asks for kinds, is done
 * with the page, and the stages after it (`auto`'s other members) run without it. Asked again, it is rebuilt.
 */
export function forgetRecordKinds(doc: AnalyzedDocument): void {
  KINDS.delete(doc);
}

/** True when a child can be (part of) a record: an element that is not excluded and has text. */
function isRecordPart(doc: AnalyzedDocument, c: number): boolean {
  return doc.index.kind[c] === NodeKind.Element && !doc.index.excluded[c] && doc.stats.textChars[c] !== 0;
}

/** Children of `parent` that can be records, or none when fewer than `min` (counted first, so that the list is made once at its size). */
function recordParts(doc: AnalyzedDocument, parent: number, min: number): Int32Array {
  const { subtreeEnd } = doc.index;
  let count = 0;
  for (let c = parent + 1; c < subtreeEnd[parent]; c = subtreeEnd[c]) if (isRecordPart(doc, c)) count++;
  if (count < min) return NO_PARTS;
  const out = new Int32Array(count);
  let n = 0;
  for (let c = parent + 1; c < subtreeEnd[parent]; c = subtreeEnd[c]) if (isRecordPart(doc, c)) out[n++] = c;
  return out;
}

/** The empty answer of {@link recordParts}, shared (never written to). */
const NO_PARTS = new Int32Array(0);

/**
 * Adds to `out` the groups of single children of one kind, `min` or more each, in the order of their
 * kinds' first child. Kinds are counted first in `tally` (indexed by kind id, all zero, and left so): a
 * child of a kind too rare is listed in no group, and when all children are of one kind the parts are
 * the group's records as they are.
 */
function addSingleGroups(doc: AnalyzedDocument, parent: number, parts: Int32Array, kinds: Int32Array, min: number, tally: Int32Array, out: RecordGroup[]): void {
  for (let n = 0; n < parts.length; n++) tally[kinds[n]]++;
  if (tally[kinds[0]] === parts.length) {
    tally[kinds[0]] = 0;
    out.push(singleGroup(doc, parent, parts));
    return;
  }
  // at a kind's first child its count is positive: a frequent kind then gets its list, and its entry
  // holds −(1 + the list's place) for the children after it; a rare one is set to 0
  const lists: Int32Array[] = [];
  const filled: number[] = [];
  for (let n = 0; n < parts.length; n++) {
    const k = kinds[n];
    const c = tally[k];
    if (c > 0) {
      if (c < min) { tally[k] = 0; continue; }
      tally[k] = -1 - lists.length;
      lists.push(new Int32Array(c));
      filled.push(0);
    }
    if (tally[k] < 0) {
      const g = -1 - tally[k];
      lists[g][filled[g]++] = parts[n];
    }
  }
  for (let n = 0; n < parts.length; n++) tally[kinds[n]] = 0;
  for (const items of lists) out.push(singleGroup(doc, parent, items));
}

/** The group of records `items`, single children of `parent`. */
function singleGroup(doc: AnalyzedDocument, parent: number, items: Int32Array): RecordGroup {
  const { subtreeEnd } = doc.index;
  const ends = new Int32Array(items.length);
  for (let n = 0; n < items.length; n++) ends[n] = subtreeEnd[items[n]];
  return { list: parent, items, ends };
}

/** Most run shapes tried per period (the most frequent ones). */
const MAX_SHAPES = 2;

/**
 * Adds to `out` the groups of runs of `period` siblings whose kinds are distinct within the run and repeat from run to
 * run (`header body header body …`), `min` runs or more each. Each frequent run shape is collected
 * by a left-to-right scan, so that an element between two runs (an ad after the first post) does
 * not shift the runs after it.
 */
function periodicGroups(
  doc: AnalyzedDocument, parent: number, parts: Int32Array, kinds: Int32Array, bits: number, period: number, min: number, out: RecordGroup[],
): void {
  const { subtreeEnd } = doc.index;
  // made at the first run of distinct kinds (the children of most lists are all of one kind)
  let count: Map<number | string, { n: number; first: number }> | undefined;
  for (let i = 0; i + period <= parts.length; i++) {
    if (!isDistinctRun(kinds, i, period)) continue;
    const key = runKey(kinds, i, period, bits);
    count ??= new Map();
    const c = count.get(key);
    if (c) c.n++;
    else count.set(key, { n: 1, first: i });
  }
  if (count === undefined) return;
  // the rotations of one shape (`dt dd dd`, `dd dd dt`) are as frequent: the one that starts first
  // is the record (a record opens with its header)
  const shapes = [...count.values()].filter((c) => c.n >= min).sort((a, b) => b.n - a.n || a.first - b.first).slice(0, MAX_SHAPES);
  for (const shape of shapes) {
    const starts: number[] = [];
    for (let i = 0; i + period <= parts.length; i++) {
      if (!isSameRun(kinds, i, shape.first, period)) continue;
      starts.push(i);
      i += period - 1;
    }
    // table rows: the period holds over the rows the runs span (an ad row between two runs aside); a
    // run shape seen now and then among other rows (a dated heading row over a table of product rows)
    // is no record. (Loose paragraphs of comments are not held to it: a comment of three paragraphs
    // and its "posted by" line leave two paragraphs outside the runs.)
    const spanned = starts.length === 0 ? 0 : starts[starts.length - 1] + period - starts[0];
    const holds = doc.index.tagOf(parts[shape.first]) !== 'tr' || starts.length * period >= MIN_PERIOD_COVER * spanned;
    if (starts.length >= min && holds) {
      const items = new Int32Array(starts.length);
      const ends = new Int32Array(starts.length);
      starts.forEach((i, n) => {
        items[n] = parts[i];
        ends[n] = subtreeEnd[parts[i + period - 1]];
      });
      out.push({ list: parent, items, ends });
    }
  }
}

/** True when the `period` kinds from `i` are all different (checked in place: most runs of a list are not). */
function isDistinctRun(kinds: Int32Array, i: number, period: number): boolean {
  for (let a = i; a < i + period; a++) for (let b = a + 1; b < i + period; b++) if (kinds[a] === kinds[b]) return false;
  return true;
}

/**
 * Key of the run of `period` kind ids from `i`: the ids as digits of base 2^`bits` (every id of the
 * list is below it) when the key fits a double exactly, else the ids joined with commas. Equal keys are
 * equal runs, as {@link isSameRun} compares them.
 */
function runKey(kinds: Int32Array, i: number, period: number, bits: number): number | string {
  if (bits * period <= MAX_EXACT_BITS) {
    let key = 0;
    for (let k = i; k < i + period; k++) key = key * 2 ** bits + kinds[k];
    return key;
  }
  let key = String(kinds[i]);
  for (let k = i + 1; k < i + period; k++) key += `,${kinds[k]}`;
  return key;
}

/** Bits of an integer a double holds exactly. */
const MAX_EXACT_BITS = 53;

/** True when the runs of `period` kinds from `i` and from `j` are the same kinds in the same order. */
function isSameRun(kinds: Int32Array, i: number, j: number, period: number): boolean {
  for (let k = 0; k < period; k++) if (kinds[i + k] !== kinds[j + k]) return false;
  return true;
}

/**
 * Every candidate record group of the page: for each element, its children grouped by kind, and
 * runs of 2..`maxPeriod` siblings that repeat. Its working lists (the children's kinds, their tally) are taken
 * from `arrays`; no group returned holds one of them.
 * @category Threads
 */
export function candidateGroups(doc: AnalyzedDocument, min: number, maxPeriod: number, arrays: TypedArraySource = FRESH_ARRAYS): RecordGroup[] {
  const { size, kind, excluded, subtreeEnd } = doc.index;
  const out: RecordGroup[] = [];
  const table = kindTable(doc);
  let tally: Int32Array = new Int32Array(0);
  // the kind id of each part (the first parts.length entries), grown as needed: one list for the page
  let kinds: Int32Array = new Int32Array(0);
  for (let p = 0; p < size; p++) {
    if (kind[p] !== NodeKind.Element && kind[p] !== NodeKind.Document) continue;
    // fewer nodes below than `min` are fewer children
    if (excluded[p] || doc.stats.textChars[p] === 0 || subtreeEnd[p] - p - 1 < min) continue;
    const parts = recordParts(doc, p, min);
    if (parts.length === 0) continue;
    if (parts.length > kinds.length) kinds = arrays.int32(Math.max(parts.length, 2 * kinds.length)); // the list's size or twice the last, whichever is more: a page's one long list is not held at twice its size
    let most = 0;
    for (let n = 0; n < parts.length; n++) most = Math.max(most, (kinds[n] = kindIdIn(doc, table, parts[n])));
    if (most >= tally.length) tally = arrays.int32(2 * most + 1).fill(0); // zero between uses (addSingleGroups resets what it counts)
    addSingleGroups(doc, p, parts, kinds, min, tally, out);
    // bits of the largest kind id among the children: the digits of their run keys
    const bits = 32 - Math.clz32(most);
    for (let period = 2; period <= maxPeriod && parts.length >= period * min; period++) periodicGroups(doc, p, parts, kinds, bits, period, min, out);
  }
  return out;
}
