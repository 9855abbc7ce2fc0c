/**
 * Thread detection: the group of repeated records (see `records.ts`) that mostly carry a date and
 * hold text of their own — forum posts, answers or reader comments — and, inside each, its body
 * (see `slots.ts`). Records of the same kind nested inside the chosen ones (threaded replies) are
 * records too.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import type { TextBlockTable } from '../analysis/text-blocks.js';
import { type AttributeDate, firstAttributeDateFrom } from './attribute-dates.js';
import { bylineDateLabel, findAuthor, findBylineName } from './author.js';
import type { ThreadOptions } from './defaults.js';
import { anchorOnDated } from './dated-runs.js';
import { slicedApart } from './glued-digits.js';
import { pageDates } from './page-dates.js';
import { firstNameLines } from './name-lines.js';
import { recordKind, candidateGroups } from './records.js';
import { blocksInRange, hasAbsoluteDate, isRelativeDateLine, countBlocksInRange, type PageFacts, pickBodySlot, type RecordGroup, recordText, slotOf, textWeightBound } from './slots.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../core/scratch.js';

/**
 * A detected run of posts or comments.
 * @category Threads
 */
export interface Thread extends RecordGroup {
  readonly items: readonly number[];
  readonly ends: readonly number[];
  /** For each record, the node of its body element, or −1 when it has none. */
  readonly bodies: readonly number[];
  /** Slots (tag path id + first class, `|`-joined) of the body elements of the top-level records. */
  readonly bodySlot: string;
  /** Share of the top-level records carrying a date (of those with a body, when at most a third have none: see `MAX_BODYLESS_SHARE`). */
  readonly datedShare: number;
  /** Unique-text weight of the bodies (Σ TA/max(LA,1)); the best thread on a page has the largest. */
  readonly bodyChars: number;
}


/**
 * True when record `[start, end)` shows a date: in an attribute, in a block within its first or last
 * `scan` characters, or as a relative date line. Each block is read once per page (the same blocks
 * belong to many candidate groups).
 */
function hasDate(
  doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, attrDates: readonly AttributeDate[], start: number, end: number, scan: number,
): boolean {
  const a = firstAttributeDateFrom(attrDates, start);
  if (a < attrDates.length && attrDates[a].node < end) return true;
  const [s, e] = recordText(doc, start, end);
  for (let i = facts.firstBlock(start), last = facts.firstBlock(end); i < last; i++) {
    const k = facts.byNode(i);
    const at = blocks.start(k);
    const nearEnd = at < s + scan || at >= e - scan;
    // away from the ends only a relative date line counts: the block's absolute dates are not read
    if ((nearEnd && hasAbsoluteDate(facts, blocks, k)) || isRelativeDateLine(facts, blocks, k)) return true;
  }
  return false;
}

/** Fewest records (and more than half of them) sharing one date label for a group to be a labelled list (see {@link isLabelledList}). */
const MIN_LABELLED_RECORDS = 3;

/**
 * What the records' signatures say: the share of records (with a body) that name an author, how many
 * different names, and whether they are labelled dated items (see {@link isLabelledList}).
 */
function signatures(doc: AnalyzedDocument, thread: Thread, maxAuthorLength: number): { share: number; distinct: number; labelled: boolean } {
  let withBody = 0;
  const names: string[] = [];
  const dateLabels: (string | null)[] = [];
  thread.items.forEach((it, n) => {
    const body = thread.bodies[n];
    if (body < 0) return;
    withBody++;
    const skip = [[body, doc.index.subtreeEnd[body]] as const];
    const marked = findAuthor(doc, it, thread.ends[n], skip, maxAuthorLength);
    const name = marked ?? findBylineName(doc, it, thread.ends[n], skip, maxAuthorLength);
    if (name !== null) names.push(name);
    dateLabels.push(marked === null && name !== null ? bylineDateLabel(doc, it, thread.ends[n], skip, maxAuthorLength) : null);
  });
  return { share: withBody === 0 ? 0 : names.length / withBody, distinct: new Set(names).size, labelled: isLabelledList(doc, thread, dateLabels, maxAuthorLength) };
}

/**
 * True when the records are a list of labelled dated items (an event list: each row "Termin: 21.02.2020,
 * 19 Uhr" over its fields), not posts: most of them ({@link MIN_LABELLED_RECORDS} at least) set the same
 * label before their date (`dateLabels`, per record with a body, see `dateLabel`), and at most half have
 * a name line of their own apart from that label (see `name-lines.ts`). A board's "Posted: <date>" header
 * has the poster's name on another line of the record; the event list has none.
 */
function isLabelledList(doc: AnalyzedDocument, thread: Thread, dateLabels: readonly (string | null)[], maxAuthorLength: number): boolean {
  const count = new Map<string, number>();
  for (const f of dateLabels) if (f !== null) count.set(f, (count.get(f) ?? 0) + 1);
  const [label, most] = [...count].reduce<[string, number]>((best, e) => (e[1] > best[1] ? e : best), ['', 0]);
  if (most < MIN_LABELLED_RECORDS || 2 * most <= dateLabels.length) return false;
  const records = thread.items.flatMap((it, n) => {
    const body = thread.bodies[n];
    return body < 0 ? [] : [{ start: it, end: thread.ends[n], skip: [[body, doc.index.subtreeEnd[body]] as const], text: doc.textOf(body) }];
  });
  const posters = firstNameLines(doc, records, maxAuthorLength, pageDates(doc)).filter((name) => name !== null && !name.includes(label)).length;
  return 2 * posters <= records.length;
}

/**
 * True when a run of records is a conversation: signed (or almost all dated, for systems that print
 * no name), and not a front page of entries — records each titled by a heading of their own,
 * written by fewer than `minDistinctAuthors` people — nor a list of dated items whose "name" is the
 * label of their date field (an event list: see {@link isLabelledList}).
 */
function isConversation(doc: AnalyzedDocument, t: Thread, o: Readonly<Required<ThreadOptions>>): boolean {
  const { share, distinct, labelled } = signatures(doc, t, o.maxAuthorLength);
  if (labelled) return false;
  // unsigned runs pass when almost all dated and short: comment systems that print no name; long
  // dated entries that nobody signs are a blog's front page
  const unsigned = t.datedShare >= o.minUnsignedDatedShare && medianBodyChars(doc, t) <= o.maxUnsignedPostChars;
  if (share < o.minAuthoredShare && !unsigned) return false;
  // a front page of entries: each record titled by a heading of its own, all by one author or none,
  // or long entries newest first (a conversation runs forward)
  if (medianBodyChars(doc, t) > o.maxUnsignedPostChars && runsBackward(doc, t, o.dateScanChars)) return false;
  return distinct >= o.minDistinctAuthors || titledShare(doc, t) < o.maxTitledShare;
}

/** True when the first dates of the records mostly go back in time in page order (newest first). */
function runsBackward(doc: AnalyzedDocument, t: Thread, scan: number): boolean {
  let last: string | null = null;
  let pairs = 0;
  let backward = 0;
  const datesOf = pageDates(doc);
  t.items.forEach((it, n) => {
    const [s, e] = recordText(doc, it, t.ends[n]);
    const iso = datesOf(slicedApart(doc, s, Math.min(e, s + scan)))[0]?.iso.slice(0, 10) ?? null;
    if (iso === null) return;
    if (last !== null) {
      pairs++;
      if (iso < last) backward++;
    }
    last = iso;
  });
  return pairs >= 2 && backward * 4 >= pairs * 3;
}

const HEADING = /^h[1-6]$/u;

/** Median text length (characters, whitespace excluded) of the records' bodies. */
function medianBodyChars(doc: AnalyzedDocument, t: Thread): number {
  const sizes = t.bodies.filter((b) => b >= 0).map((b) => doc.stats.textChars[b]).sort((a, b) => a - b);
  return sizes.length === 0 ? 0 : sizes[sizes.length >> 1];
}

/** Share of the records whose first heading (h1–h6) has a text no other record's heading has. */
function titledShare(doc: AnalyzedDocument, t: Thread): number {
  const { tagOf } = doc.index;
  const titles = t.items.map((it, n) => {
    for (let i = it; i < t.ends[n]; i++) if (HEADING.test(tagOf(i))) return doc.textOf(i).trim();
    return null;
  });
  const count = new Map<string, number>();
  for (const x of titles) if (x) count.set(x, (count.get(x) ?? 0) + 1);
  return titles.filter((x) => x !== null && count.get(x) === 1).length / Math.max(t.items.length, 1);
}

/** Sibling elements in a group's first record. */
function recordWidth(doc: AnalyzedDocument, group: RecordGroup): number {
  let n = 0;
  for (let c = group.items[0]; c < group.ends[0]; c = doc.index.subtreeEnd[c]) n++;
  return n;
}

/** Bits of {@link blockShape}: the records hold two text blocks on average; they may anchor longer records. */
const REACHED = 1;
const ANCHORING = 2;

/**
 * What a group's text blocks allow, as bits: {@link REACHED} when its records hold a header and a body, at
 * least two text blocks on average (counted, not listed: most groups fail here); {@link ANCHORING} when
 * they are single elements of one kind, `minPosts` or more holding two blocks, which may anchor longer
 * records. A group with neither (0) is no thread and anchors none.
 */
function blockShape(doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, group: RecordGroup, minPosts: number): number {
  const { items, ends } = group;
  const { subtreeEnd } = doc.index;
  let blockCount = 0;
  let twoBlocks = 0;
  let single = true;
  for (let n = 0; n < items.length; n++) {
    const count = countBlocksInRange(blocks, facts, items[n], ends[n]);
    blockCount += count;
    if (count >= 2) twoBlocks++;
    if (subtreeEnd[items[n]] !== ends[n]) single = false;
  }
  return (blockCount >= 2 * items.length ? REACHED : 0) | (single && twoBlocks >= minPosts ? ANCHORING : 0);
}

/** Largest share of a group's records without a body for the dated share to be read over the others only. */
const MAX_BODYLESS_SHARE = 1 / 3;

/** What evaluating a group gives: the thread it makes, if any, and its records anchored on the dated ones (see `dated-runs.ts`). */
interface Evaluation {
  readonly thread: Thread | null;
  readonly anchored: RecordGroup | null;
}

const NOT_A_THREAD: Evaluation = Object.freeze({ thread: null, anchored: null });

/**
 * Scores one group. Its records anchored on the dated ones are offered too when the group is of single
 * elements whose dated ones repeat with a period of two or three (table rows: see `dated-runs.ts`).
 */
function evaluateGroup(
  doc: AnalyzedDocument, blocks: TextBlockTable, group: RecordGroup, o: Readonly<Required<ThreadOptions>>, facts: PageFacts, attrDates: readonly AttributeDate[],
): Evaluation {
  const { items, ends } = group;
  const shape = blockShape(doc, blocks, facts, group, o.minPosts);
  const anchoring = (shape & ANCHORING) !== 0;
  let reached = (shape & REACHED) !== 0;
  if (!reached && !anchoring) return NOT_A_THREAD;
  // the date test first, stopping as soon as the share cannot be reached (most repeated containers carry no
  // date), unless the records are single elements of one kind, whose dated ones may anchor longer records
  const flags = new Array<boolean>(items.length).fill(false);
  let dated = 0;
  for (let n = 0; n < items.length; n++) {
    flags[n] = hasDate(doc, blocks, facts, attrDates, items[n], ends[n], o.dateScanChars);
    if (flags[n]) dated++;
    // fewer than `minPosts` dates even if every record left is dated: no thread, nor anchored records (below)
    else if (dated + items.length - n - 1 < o.minPosts) return NOT_A_THREAD;
    else if (reached && (dated + items.length - n - 1) / items.length < o.minDatedShare) {
      reached = false;
      if (!anchoring) return NOT_A_THREAD;
    }
  }
  // a thread of `minPosts` posts shows `minPosts` dates (one dated record of two is a footer beside a post)
  if (dated < o.minPosts) return NOT_A_THREAD;
  const anchored = anchoring ? anchorOnDated(doc.index.subtreeEnd, group, flags, o.maxRecordSiblings, o.minPosts) : null;
  if (!reached) return { thread: null, anchored };
  // the group is a thread's candidate now: its columns become the arrays a thread lists its records in
  const itemList = Array.from(items);
  const endList = Array.from(ends);
  const perItem = itemList.map((it, n) => blocksInRange(blocks, facts, it, endList[n]));
  const { slot, bodies, chars } = pickBodySlot(doc, blocks, { list: group.list, items: itemList, ends: endList, perItem }, facts, o.minPosts);
  const posts = bodies.filter((b) => b >= 0).length;
  if (!slot || posts < o.minPosts) return { thread: null, anchored };
  // a few records without a body (an ad table of the records' kind between posts) are no posts: the share is
  // then of those with one; when many records have none, the records are no posts' (a teaser box)
  const datedShare = posts >= (1 - MAX_BODYLESS_SHARE) * items.length ? flags.filter((d, n) => d && bodies[n] >= 0).length / posts : dated / items.length;
  return { thread: { list: group.list, items: itemList, ends: endList, bodies, bodySlot: slot, datedShare, bodyChars: chars }, anchored };
}

/** The kind of a group's body elements (the most frequent), '' when none. */
function bodyKind(doc: AnalyzedDocument, bodies: readonly number[]): string {
  const count = new Map<string, number>();
  for (const b of bodies) if (b >= 0) count.set(recordKind(doc, b), (count.get(recordKind(doc, b)) ?? 0) + 1);
  let best = '';
  for (const [k, c] of count) if (!best || c > count.get(best)!) best = k;
  return best;
}

/**
 * Adds the records nested inside the thread's records (threaded replies: WordPress `ol.children`,
 * Disqus and Drupal indented comments): elements of the records' own kind below them, each with the
 * body element of the top-level bodies' kind that is its own (not a deeper reply's).
 */
function withNestedRecords(doc: AnalyzedDocument, thread: Thread): Thread {
  const { subtreeEnd } = doc.index;
  const single = thread.items.every((it, n) => subtreeEnd[it] === thread.ends[n]);
  if (!single) return thread;
  // a classless kind (`div.`) says nothing about what a nested element is
  const kinds = new Set(thread.items.map((it) => recordKind(doc, it)).filter((k) => !k.endsWith('.')));
  const bKind = bodyKind(doc, thread.bodies);
  const found: number[] = [];
  thread.items.forEach((it, n) => {
    const body = thread.bodies[n];
    for (let i = it + 1; i < subtreeEnd[it]; i++) {
      // only elements have a classed kind: text nodes are passed over before their kind is built
      if (doc.index.kind[i] !== NodeKind.Element || !kinds.has(recordKind(doc, i)) || doc.stats.textChars[i] === 0) continue;
      // a reply lies beside its parent's body, neither around nor inside it
      if (body >= 0 && ((body >= i && body < subtreeEnd[i]) || (i >= body && i < subtreeEnd[body]))) continue;
      found.push(i);
    }
  });
  if (found.length === 0 || !bKind) return thread;
  const all = [...thread.items.map((it, n) => ({ it, body: thread.bodies[n] })), ...found.map((it) => ({ it, body: -2 }))].sort((a, b) => a.it - b.it);
  const isRecord = new Set(all.map((r) => r.it));
  const ownBody = (it: number): number => {
    for (let i = it + 1; i < subtreeEnd[it]; i++) {
      if (isRecord.has(i)) { i = subtreeEnd[i] - 1; continue; }
      if (recordKind(doc, i) === bKind) return i;
    }
    return -1;
  };
  const items = all.map((r) => r.it);
  return {
    ...thread,
    items,
    ends: items.map((it) => subtreeEnd[it]),
    bodies: all.map((r) => (r.body === -2 ? ownBody(r.it) : r.body)),
  };
}

/**
 * Adds the list's other children of the records' tag that hold a body element of the thread's body
 * slot at the same place (the opening post marked `topic-owner-post`, a moderator's post with an
 * extra class): the same structure makes the same kind of record, whatever its class says.
 */
function withSiblingRecords(doc: AnalyzedDocument, thread: Thread): Thread {
  const { subtreeEnd, tagOf } = doc.index;
  if (!thread.items.every((it, n) => subtreeEnd[it] === thread.ends[n])) return thread;
  const slots = new Set(thread.bodySlot.split('|'));
  const isItem = new Set(thread.items);
  const itemTag = tagOf(thread.items[0]);
  const added: { it: number; body: number }[] = [];
  for (const c of doc.index.childElements(thread.list)) {
    if (isItem.has(c) || tagOf(c) !== itemTag || doc.stats.textChars[c] === 0) continue;
    for (let i = c + 1; i < subtreeEnd[c]; i++) {
      if (slots.has(slotOf(doc, i))) { added.push({ it: c, body: i }); break; }
    }
  }
  if (added.length === 0) return thread;
  const all = [...thread.items.map((it, n) => ({ it, body: thread.bodies[n] })), ...added].sort((a, b) => a.it - b.it);
  return { ...thread, items: all.map((r) => r.it), ends: all.map((r) => subtreeEnd[r.it]), bodies: all.map((r) => r.body) };
}

/**
 * Adds the records of the thread's classed kind that lie in the list outside every record, each with
 * its own element of the bodies' kind: replies written in a wrapper beside their parent rather than
 * inside it (Drupal's `div.indented` after the comment it answers), at any depth.
 */
function withWrappedRecords(doc: AnalyzedDocument, thread: Thread): Thread {
  const { subtreeEnd } = doc.index;
  if (!thread.items.every((it, n) => subtreeEnd[it] === thread.ends[n])) return thread;
  const kinds = new Set(thread.items.map((it) => recordKind(doc, it)).filter((k) => !k.endsWith('.')));
  const bKind = bodyKind(doc, thread.bodies);
  if (kinds.size === 0 || !bKind) return thread;
  const isItem = new Set(thread.items);
  const added: { it: number; body: number }[] = [];
  for (let i = thread.list + 1; i < subtreeEnd[thread.list]; i++) {
    if (isItem.has(i)) { i = subtreeEnd[i] - 1; continue; }
    if (doc.index.kind[i] !== NodeKind.Element || !kinds.has(recordKind(doc, i)) || doc.stats.textChars[i] === 0) continue;
    let body = -1;
    for (let j = i + 1; j < subtreeEnd[i] && body < 0; j++) if (recordKind(doc, j) === bKind) body = j;
    if (body < 0) continue;
    added.push({ it: i, body });
    i = subtreeEnd[i] - 1;
  }
  if (added.length === 0) return thread;
  const all = [...thread.items.map((it, n) => ({ it, body: thread.bodies[n] })), ...added].sort((a, b) => a.it - b.it);
  return { ...thread, items: all.map((r) => r.it), ends: all.map((r) => subtreeEnd[r.it]), bodies: all.map((r) => r.body) };
}

/** The class part of a {@link recordKind} (`li.Item` → `Item`), '' for a classless element. */
const classOfKind = (kind: string): string => kind.slice(kind.indexOf('.') + 1);

/**
 * Adds the opening post written apart from the list of replies (Vanilla's discussion above its
 * comment list): the last element before the list whose body element is of the replies' body kind
 * and whose record, as many levels above it as the replies' bodies lie below their records, has the
 * replies' record class (`div.Item` beside `li.Item`). A blog's article above its comments has
 * neither (`div.entry-content` against `div.comment-content`, `article.post` against `li.comment`).
 */
function withOpeningApart(doc: AnalyzedDocument, thread: Thread): Thread {
  const { subtreeEnd, parent, depth } = doc.index;
  const bKind = bodyKind(doc, thread.bodies);
  const itemClasses = new Set(thread.items.map((it) => classOfKind(recordKind(doc, it))));
  const first = thread.bodies.findIndex((b) => b >= 0);
  if (!bKind || first < 0 || itemClasses.size !== 1 || itemClasses.has('')) return thread;
  const levels = depth[thread.bodies[first]] - depth[thread.items[first]];
  const start = thread.list;
  for (let b = start - 1; b > 0; b--) {
    if (b < start && subtreeEnd[b] > start) continue; // an ancestor of the list
    if (recordKind(doc, b) !== bKind || doc.stats.textChars[b] === 0) continue;
    let record = b;
    for (let k = 0; k < levels && parent[record] >= 0; k++) record = parent[record];
    if (subtreeEnd[record] > start || !itemClasses.has(classOfKind(recordKind(doc, record)))) return thread;
    return { ...thread, items: [record, ...thread.items], ends: [subtreeEnd[record], ...thread.ends], bodies: [b, ...thread.bodies] };
  }
  return thread;
}

/** Least share of a record's text that the element chosen as its opening post's body must hold. */
const OPENING_BODY_SHARE = 0.6;

/**
 * The body of a first record that has none of the body slot (an opening post written in another
 * structure than its replies: an article in a table above replies in divs): the deepest element of
 * the record that holds most of its text, when the record holds more text than any reply's body.
 */
function withOpeningBody(doc: AnalyzedDocument, thread: Thread): Thread {
  const { textChars } = doc.stats;
  const first = thread.items[0];
  if (thread.bodies[0] >= 0) return thread;
  let chars = 0;
  for (let c = first; c < thread.ends[0]; c = doc.index.subtreeEnd[c]) chars += textChars[c];
  const longest = Math.max(0, ...thread.bodies.map((b) => (b >= 0 ? textChars[b] : 0)));
  if (chars <= longest) return thread;
  let body = -1;
  for (let i = first; i < thread.ends[0]; i++) {
    if (doc.index.kind[i] === NodeKind.Element && textChars[i] >= OPENING_BODY_SHARE * chars) body = i;
  }
  if (body < 0) return thread;
  return { ...thread, bodies: [body, ...thread.bodies.slice(1)] };
}

/**
 * True when at least half the bodies of a run of sibling records hold an element of the record's own
 * (classed) kind: the "body" is then a wrapper of replies beside their parent (Drupal's
 * `div.indented`), and the records are the comments themselves (see {@link withWrappedRecords}).
 * Replies nested beside a body (Thesis's `dd` holding its own `dl` of replies) do not count.
 */
function bodiesHoldRecords(doc: AnalyzedDocument, t: Thread): boolean {
  const { subtreeEnd } = doc.index;
  if (t.items.every((it, n) => subtreeEnd[it] === t.ends[n])) return false;
  let holding = 0;
  t.items.forEach((it, n) => {
    const kind = recordKind(doc, it);
    const body = t.bodies[n];
    if (kind.endsWith('.') || body < 0) return;
    for (let i = body + 1; i < subtreeEnd[body]; i++) {
      if (recordKind(doc, i) === kind) { holding++; return; }
    }
  });
  return holding * 2 >= t.items.length;
}

/** A candidate thread with what orders it: its record width and its group's place in page order. */
interface RankedThread {
  readonly thread: Thread;
  readonly width: number;
  readonly order: number;
}

/** True when `a` comes before `b`: more body text, then the wider record, then the earlier group. */
function precedes(a: RankedThread, b: RankedThread): boolean {
  if (a.thread.bodyChars !== b.thread.bodyChars) return a.thread.bodyChars > b.thread.bodyChars;
  return a.width !== b.width ? a.width > b.width : a.order < b.order;
}

/**
 * Finds the best run of posts/comments on the page, or null when there is none. `arrays`: where the
 * candidate search takes its working lists (see `candidateGroups`).
 * @category Threads
 */
export function findThread(
  doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, attrDates: readonly AttributeDate[], o: Readonly<Required<ThreadOptions>>,
  arrays: TypedArraySource = FRESH_ARRAYS,
): Thread | null {
  // The thread is the first of the candidates, by most post text (bodyChars), then the wider record
  // (`dt dd dd` holds the header that `dd dd` leaves out), then page order, that is a conversation (a
  // run of records that are neither mostly signed nor almost all dated is a page's layout or a teaser
  // list). Groups are evaluated best-first by an upper bound of their bodyChars: once a conversation
  // is found, a group whose bound is below its bodyChars cannot come first, nor can any after it.
  // a group whose blocks allow neither a thread nor anchored records (see blockShape) is left out before it is bounded and sorted
  const groups: { group: RecordGroup; order: number; bound: number }[] = [];
  candidateGroups(doc, o.minPosts, o.maxRecordSiblings, arrays).forEach((group, order) => {
    if (blockShape(doc, blocks, facts, group, o.minPosts) !== 0) groups.push({ group, order, bound: textWeightBound(blocks, facts, group) });
  });
  groups.sort((a, b) => b.bound - a.bound || a.order - b.order);
  let best: RankedThread | null = null;
  const better = (thread: Thread | null, order: number, than: RankedThread | null): RankedThread | null => {
    if (thread === null) return than;
    const ranked = { thread, width: recordWidth(doc, thread), order };
    return (than === null || precedes(ranked, than)) && !bodiesHoldRecords(doc, thread) && isConversation(doc, thread, o) ? ranked : than;
  };
  for (const { group, order, bound } of groups) {
    if (best !== null && bound < best.thread.bodyChars) break;
    const { thread, anchored } = evaluateGroup(doc, blocks, group, o, facts, attrDates);
    best = better(thread, order, best);
    // the records anchored on the dated rows hold no more text than the group: evaluated when they may still come first
    if (anchored !== null && (best === null || textWeightBound(blocks, facts, anchored) >= best.thread.bodyChars)) {
      best = better(evaluateGroup(doc, blocks, anchored, o, facts, attrDates).thread, order, best);
    }
  }
  return best ? withNestedRecords(doc, withWrappedRecords(doc, withOpeningBody(doc, withOpeningApart(doc, withSiblingRecords(doc, best.thread))))) : null;
}
