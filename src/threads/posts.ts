/**
 * Posts of a detected thread: for each record its author (the user link or name in its header, not
 * a rank or a label), its date (see `post-dates.ts`), its own text without signatures, edit notices,
 * pagers and quotes, the quotes apart, and its id and permalink.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import type { TextBlockTable } from '../analysis/text-blocks.js';
import { textWithout } from '../analysis/slices.js';
import { splitSpanLines, spansWithout, unionSpans } from '../analysis/spans.js';
import { type DatesOf, pageDates } from './page-dates.js';
import type { AttributeDate } from './attribute-dates.js';
import type { ThreadOptions } from './defaults.js';
import { chooseRecordDates } from './post-dates.js';
import { firstNameLines } from './name-lines.js';
import { findQuotes, readQuotes } from './quotes.js';
import { type PageFacts, SIGNATURE_RULE } from './slots.js';
import type { Thread } from './thread.js';
import type { Post } from './types.js';
import { BYLINE_CUE_WORDS, bylineNameIn, findAuthor, findBylineName, type Range, rangeStartingAt } from './author.js';
import { attributeOf } from '../analysis/node-data.js';
import { EDIT_TOKENS, hasToken, isProfileLink, PAGER_TOKENS, SIGNATURE_TOKENS } from '../vocabulary/class-tokens.js';

const HAS_DIGIT = /\d/u;
const WORD_SPLIT = /\s+/u;

/** Subtrees inside `root` that are not post text: signatures, edit notices, pagers. */
function noiseSubtrees(doc: AnalyzedDocument, root: number): number[] {
  const out: number[] = [];
  const { subtreeEnd } = doc.index;
  for (let i = root + 1; i < subtreeEnd[root]; i++) {
    if (hasToken(doc, i, SIGNATURE_TOKENS) || hasToken(doc, i, EDIT_TOKENS) || hasToken(doc, i, PAGER_TOKENS)) {
      out.push(i);
      i = subtreeEnd[i] - 1;
    }
  }
  return out;
}

/** Most lines after a signature separator for them to be the signature (and an edit note): signatures are short. */
const MAX_SIGNATURE_LINES = 5;

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/**
 * True when `line` holds one of `names` as a whole token run (no letter or digit right before or after
 * it): an edit notice names its editor.
 */
function namesOneOf(line: string, names: readonly string[]): boolean {
  return names.some((name) => {
    for (let at = line.indexOf(name); at >= 0; at = line.indexOf(name, at + 1)) {
      if (!WORD_CHAR.test(line.charAt(at - 1)) && !WORD_CHAR.test(line.charAt(at + name.length))) return true;
    }
    return false;
  });
}

/**
 * Drops a first or last line that is a short notice carrying a date with a time ("last edited … at
 * …", a byline written inside the body: "by X on January 31, 2011 at 10:29 am"), returned too, and a
 * signature written as text under a separator line (see {@link SIGNATURE_RULE}) with the lines after it.
 * A line that names one of `names` (the thread's posters: an edit notice names its editor) may be
 * twice as long ("Last edited by X on Wed Jun 29, 2005 4:34 pm; edited 1 time in total").
 */
function dropNoticeLines(text: string, maxWords: number, datesOf: DatesOf, names: readonly string[] = []): { text: string; notices: string[]; kept: KeptLines } {
  const lines = text.split('\n');
  const total = lines.length;
  const notices: string[] = [];
  const isNotice = (l: string): boolean => {
    const words = l.split(WORD_SPLIT).length;
    return (words <= maxWords || (words <= 2 * maxWords && namesOneOf(l, names))) && datesOf(l).some((d) => d.hasTime);
  };
  while (lines.length > 1 && isNotice(lines[0])) notices.push(lines.shift()!);
  const from = notices.length;
  let trailing = 0;
  while (lines.length > 1 && isNotice(lines[lines.length - 1])) { notices.push(lines.pop()!); trailing++; }
  for (let k = lines.length - 1; k > 0 && lines.length - k <= MAX_SIGNATURE_LINES + 1; k--) {
    if (!SIGNATURE_RULE.test(lines[k])) continue;
    trailing += lines.length - k;
    lines.length = k;
    break;
  }
  return { text: lines.join('\n'), notices, kept: { from, to: total - trailing, of: total } };
}

/** Lines `[from, to)` of the `of` lines of a post's text, the rest being notices (see {@link dropNoticeLines}). */
interface KeptLines {
  readonly from: number;
  readonly to: number;
  readonly of: number;
}

/** The spans of a post's text: its body less the cut subtrees, only the lines `kept` of it (see {@link dropNoticeLines}). */
function postSpans(doc: AnalyzedDocument, body: number, cut: readonly number[], kept: KeptLines): number[] {
  const all = spansWithout(doc, body, cut);
  if (kept.from === 0 && kept.to === kept.of) return all;
  const lines = splitSpanLines(doc, all);
  // the text's lines are the spans' lines (both cut as `sliceText` cuts); should they ever differ, the whole body is the span
  return lines.length === kept.of ? unionSpans(lines.slice(kept.from, kept.to)) : all;
}

/** True when `line` begins with `name`, or with one cue word ("by", "von", "من") and then `name`. */
function opensWith(line: string, name: string): boolean {
  const text = line.trim();
  if (text.startsWith(name)) return true;
  const space = text.indexOf(' ');
  return space > 0 && BYLINE_CUE_WORDS.has(text.slice(0, space).toLowerCase()) && text.slice(space + 1).trimStart().startsWith(name);
}

/** True when an `<a>` inside `root` has exactly the text `text`. */
function hasLinkText(doc: AnalyzedDocument, root: number, text: string): boolean {
  for (let i = root + 1; i < doc.index.subtreeEnd[root]; i++) if (doc.index.tagOf(i) === 'a' && doc.textOf(i) === text) return true;
  return false;
}

/** True when node `i` is in one of the ranges. */
const inRanges = (i: number, ranges: readonly Range[]): boolean => ranges.some(([s, e]) => i >= s && i < e);

/** The record's own id (`p252717`, `post-12`): the first id with a digit on the record or inside it, outside its body. */
function recordId(doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[]): string | null {
  for (let i = start; i < end; i++) {
    if (inRanges(i, skip)) continue;
    const id = attributeOf(doc, i, 'id');
    if (id && HAS_DIGIT.test(id)) return id;
  }
  return null;
}

/** A link of the record to itself: an href ending in `#id`, or holding the id's number, outside the body; else `#id`. */
function permalinkOf(doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], id: string | null): string | null {
  if (!id) return null;
  const number = FIRST_NUMBER.exec(id)?.[0] ?? '';
  const fragment = `#${id}`;
  let byNumber: string | null = null;
  for (let i = start; i < end; i++) {
    const hole = rangeStartingAt(skip, i);
    if (hole) { i = hole[1] - 1; continue; }
    if (doc.index.tagOf(i) !== 'a') continue;
    const href = attributeOf(doc, i, 'href');
    if (!href || isProfileLink(doc, i)) continue;
    if (href.endsWith(fragment)) return href;
    if (!byNumber && number && holdsNumber(href, number) && !ACTION_LINK.test(href)) byNumber = href;
  }
  return byNumber ?? fragment;
}

const FIRST_NUMBER = /\d+/u;
/** Links that act on a post (reply, quote, report, edit, delete) rather than point to it. */
const ACTION_LINK = /reply|quote|report|edit|delete/iu;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** True when `href` holds `number` as a whole number (not inside a longer one). */
function holdsNumber(href: string, number: string): boolean {
  for (let k = href.indexOf(number); k >= 0; k = href.indexOf(number, k + 1)) {
    if (!isDigit(href.charCodeAt(k - 1)) && !isDigit(href.charCodeAt(k + number.length))) return true;
  }
  return false;
}

/** Share of the records above which a word of their byline names is a label ("楼层", "Time"). */
const LABEL_SHARE = 0.5;

/**
 * Authors of the records whose markup names none, read from their byline lines; words found in
 * the byline names of most records are labels and are dropped first.
 */
function fillBylineAuthors(
  doc: AnalyzedDocument, thread: Thread, drafts: ({ n: number; author: string | null } | null)[], nestedIn: (n: number) => Range[], maxLength: number,
): void {
  const open = drafts.filter((d): d is { n: number; author: string | null } => d !== null && d.author === null);
  if (open.length === 0) return;
  const skipOf = (n: number): Range[] => {
    const body = thread.bodies[n];
    return [...nestedIn(n), [body, doc.index.subtreeEnd[body]]];
  };
  const first = open.map((d) => findBylineName(doc, thread.items[d.n], thread.ends[d.n], skipOf(d.n), maxLength));
  const count = new Map<string, number>();
  for (const name of first) for (const w of new Set(name?.split(' ') ?? [])) count.set(w, (count.get(w) ?? 0) + 1);
  const labels = new Set([...count].filter(([, c]) => open.length >= 3 && c > LABEL_SHARE * open.length).map(([w]) => w));
  open.forEach((d, k) => {
    d.author = labels.size === 0 ? first[k] : findBylineName(doc, thread.items[d.n], thread.ends[d.n], skipOf(d.n), maxLength, labels);
  });
}

/** Fewest records whose one shared author text makes it a label. */
const MIN_LABEL_RECORDS = 3;

/**
 * When every record (at least {@link MIN_LABEL_RECORDS}) gives the same author text, that text is a
 * label the template repeats (a "Profile" or "View profile" link), not a name, if looking again
 * without it finds names that differ from record to record (a record left without one goes to the
 * byline reader).
 */
function relabelRepeatedAuthor(
  doc: AnalyzedDocument, thread: Thread, drafts: ({ n: number; author: string | null } | null)[], nestedIn: (n: number) => Range[], maxLength: number,
): void {
  const records = drafts.filter((d): d is { n: number; author: string | null } => d !== null);
  const names = new Set(records.map((d) => d.author));
  const [only] = names;
  if (records.length < MIN_LABEL_RECORDS || names.size !== 1 || only === null) return;
  const labels = new Set([only]);
  const again = records.map((d) => {
    const body = thread.bodies[d.n];
    return findAuthor(doc, thread.items[d.n], thread.ends[d.n], [...nestedIn(d.n), [body, doc.index.subtreeEnd[body]]], maxLength, labels);
  });
  // names vary from record to record; when the texts found instead repeat too, the first was the name (one person's comments)
  if (new Set(again.filter((a) => a !== null)).size < 2) return;
  records.forEach((d, k) => { d.author = again[k]; });
}

/** Fewest records whose lines are read for names: which lines the template repeats is told by a few records, not two. */
const MIN_NAME_LINE_RECORDS = 3;

/**
 * Authors of the dated records whose markup names none (a guest's `<b>`, a name link to no
 * profile-named address), read from the records' lines (see `name-lines.ts`): before the byline
 * reader, whose words around a date ("Posted", "Reply") are no name. An undated record (a sidebar
 * beside one post) is no post to name.
 */
function fillNameLineAuthors(
  doc: AnalyzedDocument, thread: Thread, drafts: ({ n: number; author: string | null; text: string } | null)[], nestedIn: (n: number) => Range[],
  dates: readonly (string | null)[], maxLength: number,
): void {
  const records = drafts.filter((d): d is { n: number; author: string | null; text: string } => d !== null);
  if (records.length < MIN_NAME_LINE_RECORDS || !records.some((d) => d.author === null)) return;
  const names = firstNameLines(doc, records.map((d) => {
    const body = thread.bodies[d.n];
    return { start: thread.items[d.n], end: thread.ends[d.n], skip: [...nestedIn(d.n), [body, doc.index.subtreeEnd[body]] as const], text: d.text };
  }), maxLength, pageDates(doc));
  records.forEach((d, k) => { if (dates[d.n] !== null) d.author ??= names[k]; });
}

/**
 * Builds the posts of a thread in page order (records without a body or text skipped).
 * @category Threads
 */
export function buildPosts(
  doc: AnalyzedDocument, blocks: TextBlockTable, facts: PageFacts, attrDates: readonly AttributeDate[], thread: Thread, o: Readonly<Required<ThreadOptions>>,
): { posts: Post[]; reference: string | null } {
  const { items, ends, bodies } = thread;
  // the replies nested in a record are not part of it
  const nestedIn = (n: number): Range[] => items.filter((it) => it > items[n] && it < ends[n]).map((it) => [it, doc.index.subtreeEnd[it]] as const);
  const { dates, shown, reference } = chooseRecordDates(doc, blocks, facts, attrDates, thread, nestedIn);
  const drafts = items.map((start, n) => {
    const body = bodies[n];
    if (body < 0) return null;
    const { quotes, cut } = findQuotes(doc, body, o.maxQuoteHeaderChars);
    const removed = [...noiseSubtrees(doc, body), ...cut];
    const raw = textWithout(doc, body, removed);
    const { text, notices, kept } = dropNoticeLines(raw, o.maxNoticeWords, pageDates(doc));
    if (!text && quotes.length === 0) return null;
    const outside: Range[] = [...nestedIn(n), [body, doc.index.subtreeEnd[body]]];
    const author = findAuthor(doc, start, ends[n], outside, o.maxAuthorLength);
    const id = recordId(doc, start, ends[n], outside);
    return { n, start, author, notices, raw, text, quotes, id, permalink: permalinkOf(doc, start, ends[n], outside, id), content: { body, cut: removed, spans: postSpans(doc, body, removed, kept) } };
  });
  relabelRepeatedAuthor(doc, thread, drafts, nestedIn, o.maxAuthorLength);
  fillNameLineAuthors(doc, thread, drafts, nestedIn, dates, o.maxAuthorLength);
  fillBylineAuthors(doc, thread, drafts, nestedIn, o.maxAuthorLength);
  // last, a byline the template wrote inside the body (it left the text as a notice line): its name
  // is a link there, or opens the line after at most a cue word ("by Jane on …"; not an edit
  // notice's "Last edited by X")
  for (const d of drafts) {
    if (!d || d.author !== null || d.notices.length === 0) continue;
    const name = bylineNameIn(d.notices, o.maxAuthorLength, undefined, pageDates(doc));
    if (name !== null && (hasLinkText(doc, d.content.body, name) || d.notices.some((l) => opensWith(l, name)))) d.author = name;
  }
  const authors = [...new Set(drafts.flatMap((d) => (d?.author ? [d.author] : [])))];
  // with the posters known, a longer first or last line naming one of them is an edit notice too
  for (const d of drafts) {
    if (!d || !d.text) continue;
    const edge = d.text.split('\n');
    if (edge.length < 2 || !(namesOneOf(edge[0], authors) || namesOneOf(edge[edge.length - 1], authors))) continue;
    const again = dropNoticeLines(d.raw, o.maxNoticeWords, pageDates(doc), authors);
    if (again.text === d.text) continue;
    d.text = again.text;
    d.content.spans = postSpans(doc, d.content.body, d.content.cut, again.kept);
  }
  const posts: Post[] = [];
  for (const d of drafts) {
    if (!d) continue;
    posts.push({
      author: d.author,
      date: dates[d.n],
      ...(shown[d.n] !== null ? { dateText: shown[d.n]! } : {}),
      text: d.text,
      quotes: readQuotes(doc, d.quotes, authors, BYLINE_CUE_WORDS, o.maxAuthorLength),
      node: d.start,
      recordEnd: ends[d.n],
      id: d.id,
      permalink: d.permalink,
      content: d.content,
    });
  }
  return { posts, reference };
}
