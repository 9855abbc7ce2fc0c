/**
 * The order of day and month in a page's numeric dates (`05-18-2005`, `28.09.19`), decided for the
 * whole page: a forum prints every date in one format, so a date whose first or second number is
 * above 12 fixes the order of all the others; on a page where none is, the order under which the
 * page's dates run forward in page order wins (posts are written one after another). Asked only when
 * a date could be read both ways.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { foldDigits } from '../vocabulary/dates.js';
import { TWO_DIGIT_YEAR_PIVOT } from './defaults.js';
import { slicedApart } from './glued-digits.js';

/** `a.b.yy`, `a/b/yyyy`, `a-b-yy`: one separator twice, a two- or four-digit year, not inside a longer number. */
const NUMERIC_DATE = /(?<![\d.:/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-]|\.\d)/gu;
const MONTHS = 12;

/** {@link pageDayFirst} of the documents asked about (null: no evidence), dropped with them. */
const ORDERS = new WeakMap<AnalyzedDocument, boolean | null>();

/**
 * True when the page's numeric dates put the day first, false when the month, null when the page does
 * not tell: the order most dates with a number above 12 show, else the order under which more
 * consecutive dates run forward (a tie tells nothing). One scan of the page text, on first ask.
 * @category Threads
 */
export function pageDayFirst(doc: AnalyzedDocument): boolean | null {
  let order = ORDERS.get(doc);
  if (order === undefined) ORDERS.set(doc, (order = readDayOrder(foldDigits(slicedApart(doc, 0, doc.text.length)))));
  return order;
}

/** The day order of a text's numeric dates (see {@link pageDayFirst}). */
export function readDayOrder(text: string): boolean | null {
  let dayVotes = 0;
  let monthVotes = 0;
  const pairs: [number, number, number][] = [];
  NUMERIC_DATE.lastIndex = 0;
  for (let m = NUMERIC_DATE.exec(text); m !== null; m = NUMERIC_DATE.exec(text)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a < 1 || b < 1 || (a > MONTHS && b > MONTHS)) continue;
    if (a > MONTHS) dayVotes++;
    else if (b > MONTHS) monthVotes++;
    const yy = Number(m[4]);
    const year = m[4].length === 2 ? (yy < TWO_DIGIT_YEAR_PIVOT ? 2000 : 1900) + yy : yy;
    pairs.push([year, a, b]);
  }
  if (dayVotes !== monthVotes) return dayVotes > monthVotes;
  const forward = (dayFirst: boolean): number => {
    let count = 0;
    for (let k = 1; k < pairs.length; k++) if (dayKey(pairs[k], dayFirst) >= dayKey(pairs[k - 1], dayFirst)) count++;
    return count;
  };
  const asDay = forward(true);
  const asMonth = forward(false);
  return asDay === asMonth ? null : asDay > asMonth;
}

/** A sortable number of a numeric date read day-first or month-first. */
function dayKey([year, a, b]: readonly [number, number, number], dayFirst: boolean): number {
  const [month, day] = dayFirst ? [b, a] : [a, b];
  return (year * 13 + month) * 32 + day;
}
