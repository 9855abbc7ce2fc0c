/**
 * Authors that no markup names: on table-laid boards the poster's name is the first line of the author
 * cell (a `<b>` for a guest, a link whose address names no profile, a `span` of the engine's own class),
 * beside or above the message cell. Read from the records' structure: the first short line of the
 * record, outside its body and nested replies, that is no date, no number and no label the template
 * repeats ("Reply", "Post #3", "Posts: 12", "Re: topic" — lines of one slot that read the same, digits
 * aside, in most records).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { ANY_DAY, resolveRelativeDate } from '../vocabulary/relative-dates.js';
import { CJK } from '../vocabulary/relative-dates.js';
import type { DatesOf } from './page-dates.js';
import { BYLINE_CUE_WORDS, BYLINE_PARTS, nameInLine, type Range, rangeStartingAt } from './author.js';
import { slotOf } from './slots.js';

/** One line of a record outside its body: a text node's own text and the slot of its element. */
interface Line {
  readonly slot: string;
  readonly text: string;
}

/** Least share of a slot's records whose lines read the same (digits aside) for the slot to be the template's (a label, a counter). */
const TEMPLATE_SHARE = 0.8;

const SPACES = /\s+/gu;
const DIGITS = /\p{Nd}+/gu;

/** The lines of record `[start, end)` outside `skip`, in page order. */
function recordLines(doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[]): Line[] {
  const { kind, parent } = doc.index;
  const out: Line[] = [];
  for (let i = start; i < end; i++) {
    const hole = rangeStartingAt(skip, i);
    if (hole) { i = hole[1] - 1; continue; }
    if (kind[i] !== NodeKind.Text || doc.stats.textChars[i] === 0) continue;
    const text = doc.textOf(i).replace(SPACES, ' ').trim();
    if (text) out.push({ slot: slotOf(doc, parent[i]), text });
  }
  return out;
}

/** Key of a line's shape in its slot: the slot and the text with its digits masked. */
const shapeKey = (l: Line): string => `${l.slot}\u0000${l.text.replace(DIGITS, '#')}`;

/**
 * The shapes (slot and text, digits masked) that at least {@link TEMPLATE_SHARE} of the records (two at
 * least) show: labels, buttons, counters ("Post #3") and subjects ("Re: topic") the template repeats.
 * Counted over all the records: a guest named twice is no label. A name shares its slot with such lines
 * (the name link and the "#3" link of one header), so shapes are counted, not slots.
 */
function templateShapes(lines: readonly (readonly Line[])[]): Set<string> {
  const count = new Map<string, number>();
  for (const record of lines) for (const key of new Set(record.map(shapeKey))) count.set(key, (count.get(key) ?? 0) + 1);
  return new Set([...count].filter(([, c]) => c >= 2 && c >= TEMPLATE_SHARE * lines.length).map(([key]) => key));
}

/**
 * The name a line holds, or null: the line without byline cue words ("Posted by:", "Reply") and
 * dates (see `nameInLine`), when that is short, has a letter, is more than one Latin/Arabic letter and
 * the line is no relative date.
 */
function nameOf(text: string, maxLength: number, datesOf: DatesOf): string | null {
  if (text.length > MAX_LINE || resolveRelativeDate(text, ANY_DAY) !== null) return null;
  // of "Jane | her site" or "Posted by: Jane | 3 March", the first part that names someone
  for (const part of text.split(BYLINE_PARTS)) {
    const name = nameInLine(part, BYLINE_CUE_WORDS, maxLength, undefined, datesOf);
    if (name !== null && (name.length > 1 || CJK.test(name)) && !ADDRESS.test(name)) return name;
  }
  return null;
}

/** An address, not a name: a path or a host ("pic.twitter.com/x1", "example.org"). */
const ADDRESS = /[/\\]|\p{L}\.\p{L}{2,}(?:$|[/:])/u;

/** Longest line read for a name ("Posted by: Jane Doe | 3 March 2010 at 10:22"). */
const MAX_LINE = 120;

/**
 * The name of each record read from its lines (null where none qualifies): the first line outside its
 * body that is name-like and not of a template shape, unless its slot holds titles (a line a record's
 * own text opens with). `records` are the records asked about, with the ranges to skip in each (body,
 * nested replies) and the post's own text; the template shapes are read over all of them.
 * @category Threads
 */
export function firstNameLines(
  doc: AnalyzedDocument, records: readonly { readonly start: number; readonly end: number; readonly skip: readonly Range[]; readonly text: string }[],
  maxLength: number, datesOf: DatesOf,
): (string | null)[] {
  const lines = records.map((r) => recordLines(doc, r.start, r.end, r.skip));
  const template = templateShapes(lines);
  const first = lines.map((record) => {
    for (const l of record) {
      const name = template.has(shapeKey(l)) ? null : nameOf(l.text, maxLength, datesOf);
      if (name !== null) return { slot: l.slot, text: l.text, name };
    }
    return null;
  });
  // a line its record's text opens with is the entry's title ("湘菜粤菜 兵分两路" over "湘菜粤菜兵分两路，新鲜的是…"),
  // and so are the lines of its slot in the other records: a poster seldom opens a post with their own name
  const titles = new Set(first.flatMap((f, n) => (f !== null && opensText(records[n].text, f.text) ? [f.slot] : [])));
  return first.map((f) => (f === null || titles.has(f.slot) ? null : f.name));
}

/** Characters of a post's opening read for a title it repeats. */
const TITLE_REACH = 200;
const NOT_LETTERS = /[^\p{L}\p{N}]+/gu;

/**
 * True when the opening of a post's own text (quotes left out; its first line, at most
 * {@link TITLE_REACH} characters) holds `line`, spaces and punctuation aside. Only the first line: a
 * later one may name the poster without being a title ("Last edited by X on …").
 */
function opensText(text: string, line: string): boolean {
  const words = line.replace(NOT_LETTERS, '');
  const end = text.indexOf('\n');
  return words.length > 0 && text.slice(0, Math.min(TITLE_REACH, end < 0 ? text.length : end)).replace(NOT_LETTERS, '').includes(words);
}
