/**
 * Q&A pages (`kind: 'qa'`): a question and its answers, read from a detected thread. A page is Q&A
 * when its markup says so (schema.org `QAPage`/`Question`/`Answer` microdata or JSON-LD), or when
 * its structure does: the answers carry a vote number under one repeated label, away from the
 * poster's panel, in decreasing order after the first answer (answers are ranked by votes; posts and
 * comments run by date), and the question either carries a vote of the same label or is a short
 * text above a line that counts the answers. The question — the thread's first record when it is
 * built apart from the others (a heading of its own, another kind), else the siblings written
 * above the answer list — becomes the opening post, and the short comments under the question and
 * the answers become posts too, in page order.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { lastBlocksBefore, type TextBlockTable } from '../analysis/text-blocks.js';
import { pageDates } from './page-dates.js';
import { type AttributeDate, firstAttributeDateFrom } from './attribute-dates.js';
import { COUNT_LINE_REACH, QUESTION_BODY_SHARE, QUESTION_LENGTH_RATIO, type ThreadOptions } from './defaults.js';
import { recordKind } from './records.js';
import { slotOf } from './slots.js';
import type { Thread } from './thread.js';
import { isProfileLink } from '../vocabulary/class-tokens.js';
import { attributeOf } from '../analysis/node-data.js';
import { commonAncestor, subtreeText } from '../analysis/tree.js';
import { maxOf, pushAll } from '../core/lists.js';

type Options = Readonly<Required<ThreadOptions>>;
type Range = readonly [number, number];

const QA_ITEMTYPE = /schema\.org\/(?:QAPage|Question|Answer)\b/iu;
const QA_JSON_LD_TYPE = /"@type"\s*:\s*(?:\[[^\]]*)?"(?:QAPage|Question)"/u;
const JSON_LD = /^\s*application\/ld\+json\s*$/iu;
const HEADING = /^h[1-6]$/u;
const NUMBER = /\p{Nd}+/gu;
const NOT_LABEL = /[\p{Nd}\s]+/gu;
const INTEGERS = /\d+/gu;
const HAS_LETTER = /\p{L}/u;
/** Share of linked text above which a sibling above the answers is navigation, not the question. */
const LINK_DENSE = 0.5;

/** True when the page's markup declares Q&A: schema.org `QAPage`, `Question` or `Answer` microdata or JSON-LD. */
export function hasQaMarkup(doc: AnalyzedDocument): boolean {
  const { size, kind, tagOf } = doc.index;
  for (let i = 0; i < size; i++) {
    if (kind[i] !== NodeKind.Element) continue;
    const itemtype = attributeOf(doc, i, 'itemtype');
    if (itemtype && QA_ITEMTYPE.test(itemtype)) return true;
    if (tagOf(i) !== 'script') continue;
    const type = attributeOf(doc, i, 'type');
    if (type && JSON_LD.test(type) && QA_JSON_LD_TYPE.test(subtreeText(doc, i))) return true;
  }
  return false;
}

const DIGIT = /\p{Nd}/u;

/** The value of a run of decimal digits of any script ("١٤" is 14): each digit's distance to the zero of its run of ten. */
function digitValue(digits: string): number {
  let v = 0;
  for (const ch of digits) {
    const code = ch.codePointAt(0)!;
    let d = 0;
    while (d < 9 && DIGIT.test(String.fromCodePoint(code - d - 1))) d++;
    v = v * 10 + d;
  }
  return v;
}

/** A number shown in a record outside its body: a vote box ("▲ 14 ▼", "赞同 356"). */
interface Vote {
  readonly label: string;
  readonly value: number;
  readonly node: number;
}

const inRanges = (i: number, ranges: readonly Range[]): boolean => ranges.some(([s, e]) => i >= s && i < e);

/** The short one-number elements of `[start, end)` outside `holes` (outermost ones), by label. */
function votesIn(doc: AnalyzedDocument, start: number, end: number, holes: readonly Range[], o: Options): Map<string, Vote> {
  const { kind, subtreeEnd } = doc.index;
  const out = new Map<string, Vote>();
  for (let i = start; i < end; i++) {
    const hole = holes.find(([s]) => s === i);
    if (hole) { i = hole[1] - 1; continue; }
    const chars = doc.stats.textChars[i];
    // a vote is no link ("user42" is a name)
    if (kind[i] !== NodeKind.Element || chars === 0 || chars > o.maxVoteChars || doc.stats.linkChars[i] > 0) continue;
    const text = doc.textOf(i).trim();
    const numbers = text.match(NUMBER);
    // one number; "#3" is a post number and a date is a date
    if (numbers?.length !== 1 || text.includes('#') || pageDates(doc)(text).length > 0) continue;
    const label = text.replace(NOT_LABEL, ' ').trim();
    if (!out.has(label)) out.set(label, { label, value: digitValue(numbers[0]), node: i });
    i = subtreeEnd[i] - 1;
  }
  return out;
}

/** The first profile link of `[start, end)` outside `holes`, or −1. */
function profileLinkIn(doc: AnalyzedDocument, start: number, end: number, holes: readonly Range[]): number {
  for (let i = start; i < end; i++) if (doc.index.tagOf(i) === 'a' && !inRanges(i, holes) && isProfileLink(doc, i)) return i;
  return -1;
}

/**
 * The vote label of the answers, or null: the label most answers show a number under, when
 * `minVotedShare` of them do, the number sits away from the poster's panel (the smallest element
 * holding it and the poster's link holds the body too: a post count in a user panel does not), and
 * the numbers go down after the first answer (the accepted answer may be pinned above) and differ.
 */
function answerVoteLabel(doc: AnalyzedDocument, thread: Thread, answers: readonly number[], holesOf: (n: number) => Range[], o: Options): string | null {
  const perAnswer = answers.map((n) => votesIn(doc, thread.items[n], thread.ends[n], holesOf(n), o));
  const count = new Map<string, number>();
  for (const m of perAnswer) for (const label of m.keys()) count.set(label, (count.get(label) ?? 0) + 1);
  for (const [label, n] of count) {
    if (n >= 2 && n >= o.minVotedShare * answers.length && isRanking(doc, thread, answers, perAnswer, label, holesOf)) return label;
  }
  return null;
}

/** True when the answers' numbers under `label` sit away from the poster's panel and rank the answers. */
function isRanking(
  doc: AnalyzedDocument, thread: Thread, answers: readonly number[], perAnswer: readonly Map<string, Vote>[], label: string, holesOf: (n: number) => Range[],
): boolean {
  let checked = 0;
  let apart = 0;
  const values: number[] = [];
  perAnswer.forEach((m, k) => {
    const vote = m.get(label);
    if (!vote) return;
    values.push(vote.value);
    const r = answers[k];
    const link = profileLinkIn(doc, thread.items[r], thread.ends[r], holesOf(r));
    const body = thread.bodies[r];
    if (link < 0 || body < 0) return;
    checked++;
    const lca = commonAncestor(doc.index, [vote.node, link]);
    if (body >= lca && body < doc.index.subtreeEnd[lca]) apart++;
  });
  if (checked > 0 && apart * 2 < checked) return false;
  // ranked by votes: never up after the first answer, and mostly down (a run of equal counts,
  // "2 0 0 0", is what unvoted forum posts show)
  let down = 0;
  for (let k = 1; k < values.length; k++) {
    if (k >= 2 && values[k] > values[k - 1]) return false;
    if (values[k] < values[k - 1]) down++;
  }
  return down * 2 >= values.length - 1;
}

/** Element children of `parent` before `node`, nearest first. */
function precedingSiblings(doc: AnalyzedDocument, node: number): number[] {
  const { parent, subtreeEnd, kind } = doc.index;
  const out: number[] = [];
  for (let c = parent[node] + 1; c < node; c = subtreeEnd[c]) if (kind[c] === NodeKind.Element) out.push(c);
  return out.reverse();
}

/**
 * The question written above the answer list: the siblings before the first answer (climbing up to
 * `maxQuestionLift` levels when there are none), without the short count line or "Answers" heading
 * next to the answers, back to a heading (the question's title) or to navigation.
 */
function questionAbove(doc: AnalyzedDocument, first: number, o: Options): Range | null {
  const { textChars, linkChars } = doc.stats;
  const { subtreeEnd, tagOf, parent } = doc.index;
  let node = first;
  for (let lift = 0; lift <= o.maxQuestionLift && node > 0; lift++, node = parent[node]) {
    const siblings = precedingSiblings(doc, node).filter((s) => textChars[s] > 0);
    let k = 0;
    while (k < siblings.length && textChars[siblings[k]] < o.minQuestionChars) k++;
    if (k === siblings.length) continue;
    let start = -1;
    for (; k < siblings.length; k++) {
      const s = siblings[k];
      if (linkChars[s] > LINK_DENSE * textChars[s]) break;
      start = s;
      if (HEADING.test(tagOf(s))) break;
    }
    if (start < 0) return null;
    const last = siblings.find((s) => textChars[s] >= o.minQuestionChars)!;
    return [start, subtreeEnd[last]];
  }
  return null;
}

/** True when record 0 is built apart from the others: the only one with a heading, or of a kind no other has. */
function firstIsQuestion(doc: AnalyzedDocument, thread: Thread): boolean {
  const hasHeading = (n: number): boolean => {
    for (let i = thread.items[n]; i < thread.ends[n]; i++) if (HEADING.test(doc.index.tagOf(i))) return true;
    return false;
  };
  const rest = thread.items.slice(1).map((_, k) => k + 1);
  if (hasHeading(0) && !rest.some(hasHeading)) return true;
  // the opening poster's own later posts share its kind (a forum's `topic-owner-post`); a question's does not recur
  const kind = recordKind(doc, thread.items[0]);
  return !rest.some((n) => recordKind(doc, thread.items[n]) === kind);
}

/** True when a short line just before the first answer counts the answers ("3 Answers", "4 个回答"). */
function countsAnswers(blocks: TextBlockTable, first: number, answers: number, o: Options): boolean {
  return lastBlocksBefore(blocks, first, COUNT_LINE_REACH).some((k) => {
    const text = blocks.text(k);
    if (text.length > o.maxCountLineChars || !HAS_LETTER.test(text)) return false;
    const numbers = text.match(INTEGERS);
    return numbers?.length === 1 && Number(numbers[0]) === answers;
  });
}

/** Characters of text in `[start, end)` (siblings). */
function rangeChars(doc: AnalyzedDocument, [start, end]: Range): number {
  let chars = 0;
  for (let c = start; c < end; c = doc.index.subtreeEnd[c]) chars += doc.stats.textChars[c];
  return chars;
}

/**
 * The body of a question written above the answers: an element of the answers' body slot, else the
 * element with the most text that holds no heading and no profile link (the title and the asker's
 * card are not the question's text), when it holds `QUESTION_BODY_SHARE` of it.
 */
function questionBody(doc: AnalyzedDocument, [start, end]: Range, bodySlot: string): number {
  const slots = new Set(bodySlot.split('|'));
  const { kind, tagOf, subtreeEnd } = doc.index;
  for (let i = start; i < end; i++) if (kind[i] === NodeKind.Element && slots.has(slotOf(doc, i))) return i;
  const blocked = new Uint8Array(end - start);
  for (let i = end - 1; i >= start; i--) {
    if (HEADING.test(tagOf(i)) || (tagOf(i) === 'a' && isProfileLink(doc, i))) {
      for (let p = i; p >= start; p = doc.index.parent[p]) blocked[p - start] = 1;
    }
  }
  let best = -1;
  for (let i = start; i < end; i++) {
    if (kind[i] !== NodeKind.Element || blocked[i - start]) continue;
    if (best < 0 || doc.stats.textChars[i] > doc.stats.textChars[best]) best = i;
    else i = subtreeEnd[i] - 1;
  }
  return best >= 0 && doc.stats.textChars[best] >= QUESTION_BODY_SHARE * rangeChars(doc, [start, end]) ? best : -1;
}

/** True when `[start, end)` shows a date (an attribute, or a date in its text). */
function isDated(doc: AnalyzedDocument, attrDates: readonly AttributeDate[], start: number, end: number): boolean {
  const a = firstAttributeDateFrom(attrDates, start);
  if (a < attrDates.length && attrDates[a].node < end) return true;
  return pageDates(doc)(doc.textOf(start)).length > 0;
}

/** The element of a comment holding its words: the one with the most text that holds no link and no date. */
function commentText(doc: AnalyzedDocument, item: number): number {
  const { kind, tagOf, subtreeEnd } = doc.index;
  let best = -1;
  for (let i = item + 1; i < subtreeEnd[item]; i++) {
    if (kind[i] !== NodeKind.Element || tagOf(i) === 'a' || doc.stats.linkChars[i] > 0) continue;
    const text = doc.textOf(i);
    if (pageDates(doc)(text).length > 0) continue;
    if (best < 0 || doc.stats.textChars[i] > doc.stats.textChars[best]) best = i;
  }
  return best;
}

const LIST_TAGS: ReadonlySet<string> = new Set(['ul', 'ol']);

/**
 * The comments written under a question or an answer (outside its body): children of one element,
 * of one kind, each dated and signed with a profile link — two or more, or one in a list.
 */
function commentsIn(doc: AnalyzedDocument, attrDates: readonly AttributeDate[], start: number, end: number, holes: readonly Range[]): { item: number; body: number }[] {
  const { kind, subtreeEnd, tagOf } = doc.index;
  const out: { item: number; body: number }[] = [];
  for (let p = start; p < end; p++) {
    const hole = holes.find(([s]) => s === p);
    if (hole) { p = hole[1] - 1; continue; }
    if (kind[p] !== NodeKind.Element) continue;
    const byKind = new Map<string, number[]>();
    for (let c = p + 1; c < subtreeEnd[p]; c = subtreeEnd[c]) {
      if (kind[c] !== NodeKind.Element || doc.stats.textChars[c] === 0) continue;
      const k = recordKind(doc, c);
      byKind.set(k, [...(byKind.get(k) ?? []), c]);
    }
    let found = false;
    for (const items of byKind.values()) {
      if (items.length < 2 && !(items.length === 1 && LIST_TAGS.has(tagOf(p)))) continue;
      const comments = items.map((c) => ({ item: c, body: commentText(doc, c) }));
      const signed = comments.every(({ item, body }) => body >= 0 && isDated(doc, attrDates, item, subtreeEnd[item]) && profileLinkIn(doc, item, subtreeEnd[item], []) >= 0);
      if (!signed) continue;
      pushAll(out, comments);
      found = true;
    }
    if (found) p = subtreeEnd[p] - 1;
  }
  return out;
}

/**
 * The thread read as Q&A — the question as its first record, the comments under the question and
 * the answers as records of their own — or null when the page is not Q&A.
 * @category Threads
 */
export function readQa(doc: AnalyzedDocument, blocks: TextBlockTable, attrDates: readonly AttributeDate[], thread: Thread, o: Options): Thread | null {
  const { subtreeEnd } = doc.index;
  const markup = hasQaMarkup(doc);
  const first = thread.items.length > 2 && firstIsQuestion(doc, thread);
  const above = first ? null : questionAbove(doc, thread.items[0], o);
  // the cheap structural pre-check: no question, no Q&A
  if (!first && !above && !markup) return null;
  const holesOf = (n: number): Range[] => {
    const nested = thread.items.filter((it) => it > thread.items[n] && it < thread.ends[n]).map((it) => [it, subtreeEnd[it]] as const);
    const body = thread.bodies[n];
    return body >= 0 ? [[body, subtreeEnd[body]], ...nested] : nested;
  };
  const answers = thread.items.map((_, n) => n).slice(first ? 1 : 0);
  if (!markup) {
    const label = answerVoteLabel(doc, thread, answers, holesOf, o);
    if (label === null) return null;
    const question: Range = above ?? [thread.items[0], thread.ends[0]];
    const questionVoted = votesIn(doc, question[0], question[1], first ? holesOf(0) : [], o).has(label);
    const longestAnswer = maxOf(answers.map((n) => (thread.bodies[n] >= 0 ? doc.stats.textChars[thread.bodies[n]] : 0)));
    const qBody = above ? questionBody(doc, above, thread.bodySlot) : thread.bodies[0];
    // an article above liked comments is many times longer than any of them; a question is not
    const shortQuestion = (qBody >= 0 ? doc.stats.textChars[qBody] : rangeChars(doc, question)) <= QUESTION_LENGTH_RATIO * longestAnswer;
    if (!questionVoted && !(shortQuestion && countsAnswers(blocks, thread.items[answers[0]], answers.length, o))) return null;
  }
  const records = thread.items.map((it, n) => ({ it, end: thread.ends[n], body: thread.bodies[n] }));
  if (above) records.unshift({ it: above[0], end: above[1], body: questionBody(doc, above, thread.bodySlot) });
  const isRecord = new Set(records.map((r) => r.it));
  const comments = records.flatMap((r) => {
    const holes: Range[] = records.filter((x) => x.it > r.it && x.it < r.end).map((x) => [x.it, x.end] as const);
    if (r.body >= 0) holes.push([r.body, subtreeEnd[r.body]]);
    return commentsIn(doc, attrDates, r.it, r.end, holes).filter((c) => !isRecord.has(c.item));
  });
  const all = [...records, ...comments.map((c) => ({ it: c.item, end: subtreeEnd[c.item], body: c.body }))].sort((a, b) => a.it - b.it);
  return { ...thread, items: all.map((r) => r.it), ends: all.map((r) => r.end), bodies: all.map((r) => r.body) };
}
