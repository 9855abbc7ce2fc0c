/**
 * The author of a record: the user link or name in its header, not a rank, a label or a date.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { elementsStating, NAME_ATTRIBUTES } from './stated-attributes.js';
import { cleanLines, sliceText } from '../analysis/slices.js';
import { findDates } from '../vocabulary/dates.js';
import { type DatesOf, pageDates } from './page-dates.js';
import { MONTH_NAMES_BY_LANGUAGE } from '../vocabulary/month-names-table.js';
import { CJK } from '../vocabulary/relative-dates.js';
import { cueWordSet, POSTED_CUES, QUOTE_CUES } from '../vocabulary/post-cues.js';
import { recordText } from './slots.js';
import { AUTHOR_TOKENS, hasToken, isProfileLink } from '../vocabulary/class-tokens.js';
import { attributeOf } from '../analysis/node-data.js';

export { NAME_ATTRIBUTES } from './stated-attributes.js';

/** The user name an element's attributes state, or null. */
export function nameAttribute(doc: AnalyzedDocument, id: number): string | null {
  for (const name of NAME_ATTRIBUTES) {
    const v = attributeOf(doc, id, name)?.trim();
    if (v) return v;
  }
  return null;
}

/** {@link namedElements} of the documents asked about, dropped with them. */
const NAMED_ELEMENTS = new WeakMap<AnalyzedDocument, Uint8Array | null>();

/**
 * 1 for each element whose attributes state a user name ({@link nameAttribute} not null), or null when
 * the page has none (most pages: then the attribute walk of {@link findAuthor} is skipped). One pass per
 * document: findAuthor walks every record of every candidate thread, and asked the attributes each time.
 * Only the elements that have one of the stated-name or date attributes are asked (one scan per page, see `stated-attributes.ts`).
 */
function namedElements(doc: AnalyzedDocument): Uint8Array | null {
  let marks = NAMED_ELEMENTS.get(doc);
  if (marks === undefined) {
    const out = new Uint8Array(doc.index.size);
    let any = false;
    for (const i of elementsStating(doc)) {
      if (nameAttribute(doc, i) !== null) {
        out[i] = 1;
        any = true;
      }
    }
    NAMED_ELEMENTS.set(doc, (marks = any ? out : null));
  }
  return marks;
}

/**
 * Words of bylines and quote headers that are not a name ("by", "Posted by:", "wrote", "said…",
 * "Quote from … on"), lower-cased, matched whole: the quote and byline cue vocabularies of
 * `vocabulary/post-cues.ts`, every language.
 */
export const BYLINE_CUE_WORDS: ReadonlySet<string> = cueWordSet(QUOTE_CUES, POSTED_CUES);

const SPLIT_WORDS = /[\s:：,،()«»"“”|·•…]+/u;
/** `21st`, `3rd`, `#4`: numbers, not names (a handle such as `happyghost72` is kept). */
const ORDINAL = /^#?\d+(?:st|nd|rd|th|\.)?$/iu;
const TRAILING_DOTS = /[.…]+$/u;

/**
 * The name in a byline or quote header ("by james on January 31, 2011 at 9:59 am.", "Posted by:
 * Megan Sullivan | …", "Quote from: X on …", "X said..."): the words left once dates, numbers,
 * parenthesized parts and cue words are gone; null when nothing name-like is left. `datesOf` reads
 * the line's dates (a page's memo of `findDates`, in the thread stage).
 */
export function nameInLine(
  line: string, cueWords: ReadonlySet<string>, maxLength: number, labels: ReadonlySet<string> = NO_LABELS, datesOf: DatesOf = findDates,
): string | null {
  let text = line;
  // last date first, so the earlier offsets hold (the answer may be a memo's: read, never reversed in place)
  const dates = datesOf(line);
  for (let k = dates.length - 1; k >= 0; k--) text = `${text.slice(0, dates[k].index)} ${text.slice(dates[k].index + dates[k].length)}`;
  const words = nameWords(text, cueWords, labels);
  const name = words.join(' ').replace(/^@/u, '');
  return name && name.length <= maxLength && words.length <= MAX_NAME_WORDS ? name : null;
}

/** The words of `text` that may belong to a name: no number, cue word, label or calendar word, nothing in parentheses. */
function nameWords(text: string, cueWords: ReadonlySet<string>, labels: ReadonlySet<string>): string[] {
  return text
    .replace(/\([^)]*\)/gu, ' ')
    .split(SPLIT_WORDS)
    .map((w) => w.replace(TRAILING_DOTS, ''))
    .filter((w) => w && HAS_LETTER.test(w) && !ORDINAL.test(w) && !cueWords.has(w.toLowerCase()) && !labels.has(w) && !isCalendarWord(w));
}

/** Text that ends with a field label's colon (`Termin:`, `Date :`, `时间：`). */
const ENDS_WITH_LABEL = /[:：﹕]\s*$/u;

/**
 * The label a line sets before its first date, "Label: date" ("Termin: 21.02.2020, 19 Uhr" gives
 * "Termin"): the name-like words before the date when a colon ends the text before it; null when the
 * line has no date or no such label ("Posted by Jane on 3 March", "Jane, 3 March"). A poster's name is
 * not set as a field's label.
 */
export function dateLabel(line: string, cueWords: ReadonlySet<string>, datesOf: DatesOf = findDates): string | null {
  const dates = datesOf(line);
  if (dates.length === 0) return null;
  const before = line.slice(0, dates[0].index);
  if (!ENDS_WITH_LABEL.test(before)) return null;
  const words = nameWords(before, cueWords, NO_LABELS);
  return words.length > 0 ? words.join(' ') : null;
}

let calendarWords: Set<string> | null = null;

/**
 * Weekday and month names of the languages the month table covers, lower-cased ("saturday", "sat",
 * "шанба", "تشرين"): a byline's "Saturday, 10:15" names a day, not a person. Built once, from the
 * month table and the platform's CLDR weekday names.
 */
export function isCalendarWord(word: string): boolean {
  if (calendarWords === null) {
    const words = new Set<string>();
    for (const months of Object.values(MONTH_NAMES_BY_LANGUAGE)) for (const m of months) for (const name of m.split('|')) words.add(name);
    for (const lang of Object.keys(MONTH_NAMES_BY_LANGUAGE)) {
      for (const weekday of ['long', 'short'] as const) {
        const format = new Intl.DateTimeFormat(lang, { weekday, timeZone: 'UTC' });
        // 2024-01-07 was a Sunday: seven days from it name every weekday
        for (let d = 7; d < 14; d++) words.add(format.format(Date.UTC(2024, 0, d)).toLowerCase().replace(/\.$/u, ''));
      }
    }
    calendarWords = words;
  }
  return calendarWords.has(word.toLowerCase());
}

/** Most words of a name read from a line. */
const MAX_NAME_WORDS = 4;

/** A node-id range `[start, end)`. */
export type Range = readonly [number, number];

/** The first of the ranges that starts at node `i`, or undefined (`ranges.find`, without a closure per node walked). */
export function rangeStartingAt(ranges: readonly Range[], i: number): Range | undefined {
  for (const r of ranges) if (r[0] === i) return r;
  return undefined;
}

const HAS_LETTER = /\p{L}/u;

/**
 * The author of record `[start, end)`, looking outside its body and its nested replies: the
 * innermost author-named element (its first usable link, else its text — `b.fn` inside
 * `div.comment-author`, not "Name says:"), else a profile link. `labels` are texts that are not
 * names (a "Profile" link every record repeats).
 */
export function findAuthor(
  doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number, labels: ReadonlySet<string> = NO_LABELS,
): string | null {
  return labels === NO_LABELS ? remembered(doc, 'author', start, end, skip, maxLength, readAuthor) : readAuthor(doc, start, end, skip, maxLength, labels);
}

/** Per page, the answers of {@link findAuthor} and {@link findBylineName} without labels, by reader and arguments. */
const ANSWERS = new WeakMap<AnalyzedDocument, Map<string, string | null>>();

/**
 * `read(doc, start, end, skip, maxLength)` remembered for the page: the conversation test reads the
 * author of every record of each candidate thread, and the posts of the thread chosen read them again
 * with the same ranges (a record without nested replies skips its body alone in both).
 */
function remembered(
  doc: AnalyzedDocument, reader: 'author' | 'byline', start: number, end: number, skip: readonly Range[], maxLength: number,
  read: (doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number) => string | null,
): string | null {
  let answers = ANSWERS.get(doc);
  if (answers === undefined) ANSWERS.set(doc, (answers = new Map()));
  let key = `${reader} ${start} ${end} ${maxLength}`;
  for (const [s, e] of skip) key += ` ${s}-${e}`;
  let answer = answers.get(key);
  if (answer === undefined) answers.set(key, (answer = read(doc, start, end, skip, maxLength)));
  return answer;
}

/** {@link findAuthor}, read. */
function readAuthor(
  doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number, labels: ReadonlySet<string> = NO_LABELS,
): string | null {
  const { subtreeEnd, kind, tagOf } = doc.index;
  const datesOf = pageDates(doc);
  const usable = (id: number): string | null => {
    const t = cleanLines(doc.textOf(id)).replace(/\n/gu, ' ');
    // one Latin/Arabic letter is an avatar's initial, not a name
    return t && t.length <= maxLength && (t.length > 1 || CJK.test(t)) && HAS_LETTER.test(t) && !labels.has(t) && datesOf(t).length === 0 ? t : null;
  };
  const firstLinkIn = (root: number): string | null => {
    for (let i = root + 1; i < subtreeEnd[root]; i++) if (tagOf(i) === 'a') { const t = usable(i); if (t) return t; }
    return null;
  };
  const isAuthorElement = (i: number): boolean => kind[i] === NodeKind.Element && hasToken(doc, i, AUTHOR_TOKENS);
  const hasAuthorInside = (root: number): boolean => {
    for (let i = root + 1; i < subtreeEnd[root]; i++) if (isAuthorElement(i)) return true;
    return false;
  };
  const walk = (visit: (i: number) => string | null): string | null => {
    for (let i = start; i < end; i++) {
      const hole = rangeStartingAt(skip, i);
      if (hole) { i = hole[1] - 1; continue; }
      const found = visit(i);
      if (found) return found;
    }
    return null;
  };
  const named = namedElements(doc);
  return (
    (named === null ? null : walk((i) => (named[i] === 1 ? nameAttribute(doc, i) : null))) ??
    walk((i) => (isAuthorElement(i) ? firstLinkIn(i) ?? (hasAuthorInside(i) ? null : usable(i)) : null)) ??
    walk((i) => (tagOf(i) === 'a' && isProfileLink(doc, i) ? usable(i) : null))
  );
}

/** Longest header or footer line read as a byline. */
const MAX_BYLINE_CHARS = 120;

/** Separators of the parts of a byline line ("Posted by: X | March 3 | 2 comments"). */
export const BYLINE_PARTS = /\s*[|·•]\s*|\s{2,}/u;

/**
 * The name in the record's byline line, for comment systems that print it as plain text ("Posted
 * by: X | date", "by X on date", "X said..."): the first part of a short line outside the body that
 * holds a date or a cue word, read by {@link nameInLine}. `labels` are words every record's byline
 * repeats ("Floor", "Time"): labels, not names.
 * @category Threads
 */
export function findBylineName(
  doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number, labels: ReadonlySet<string> = NO_LABELS,
): string | null {
  return labels === NO_LABELS ? remembered(doc, 'byline', start, end, skip, maxLength, readBylineName) : readBylineName(doc, start, end, skip, maxLength, labels);
}

/** {@link findBylineName}, read. */
function readBylineName(
  doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number, labels: ReadonlySet<string> = NO_LABELS,
): string | null {
  const [from, to] = recordText(doc, start, end);
  return bylineNameIn(sliceText(doc, from, to, skip.map(([s]) => s)).split('\n'), maxLength, labels, pageDates(doc));
}

/**
 * The name of the first byline among `lines`: a part of a short line that holds a date or a cue word,
 * read by {@link nameInLine}; null when none gives one. `datesOf` reads dates (see {@link nameInLine}).
 * @category Threads
 */
export function bylineNameIn(lines: readonly string[], maxLength: number, labels: ReadonlySet<string> = NO_LABELS, datesOf: DatesOf = findDates): string | null {
  return bylinePartIn(lines, maxLength, labels, datesOf)?.name ?? null;
}

/** The byline part {@link bylineNameIn} reads its name from, with the name; null when none gives one. */
function bylinePartIn(
  lines: readonly string[], maxLength: number, labels: ReadonlySet<string>, datesOf: DatesOf,
): { readonly part: string; readonly name: string } | null {
  for (const line of lines) {
    if (line.length > MAX_BYLINE_CHARS) continue;
    for (const part of line.split(BYLINE_PARTS)) {
      const cued = datesOf(part).length > 0 || part.toLowerCase().split(SPLIT_WORDS).some((w) => BYLINE_CUE_WORDS.has(w.replace(TRAILING_DOTS, '')));
      if (!cued) continue;
      const name = nameInLine(part, BYLINE_CUE_WORDS, maxLength, labels, datesOf);
      if (name) return { part, name };
    }
  }
  return null;
}

/**
 * {@link dateLabel} of the byline part of record `[start, end)` (outside `skip`) that
 * {@link findBylineName} reads its name from; null when there is none or it sets no label before its date.
 * @category Threads
 */
export function bylineDateLabel(doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number): string | null {
  const [from, to] = recordText(doc, start, end);
  const datesOf = pageDates(doc);
  const found = bylinePartIn(sliceText(doc, from, to, skip.map(([s]) => s)).split('\n'), maxLength, NO_LABELS, datesOf);
  return found === null ? null : dateLabel(found.part, BYLINE_CUE_WORDS, datesOf);
}

const NO_LABELS: ReadonlySet<string> = new Set();
