/**
 * Dates of a record's header and footer lines: those of the page-wide reader (`vocabulary/dates.ts`)
 * and, in short lines only, numeric dates with a two-digit year followed by a time of day
 * ("07.22.12 at 20:33", "10/28/12 5:41 PM", "11.05.12 at 4:07 pm"), which blog comment systems
 * print. The page-wide reader takes no two-digit years: a bare "10.11.12" in prose is too often a
 * version or a score; beside a time of day in a comment's header line it is a date.
 * @module
 */
import { type DateMatch, findDates } from '../vocabulary/dates.js';
import { MAX_SHORT_YEAR_LINE, TWO_DIGIT_YEAR_PIVOT } from './defaults.js';

/** `a.b.yy` (`.`, `/` or `-`), up to six non-digits (" at ", ", "), then `h:mm` and an optional am/pm. */
const SHORT_YEAR = /(?<![\d.:/-])(\d{1,2})([./-])(\d{1,2})\2(\d{2})(?![\d.:/-])[^\d\n]{0,6}?(\d{1,2}):(\d{2})(?!\d)(?:\s*([ap])\.?\s*m\b\.?)?/iu;
const MONTHS = 12;
const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The two-digit-year date of a short line, or null. Which of the first two numbers is the month is
 * told by the one above 12; when neither is, by `dayFirst()` (the page's order), and when that tells
 * nothing (null), the month comes first (the US order in which blog engines print two-digit years).
 */
function shortYearDate(text: string, dayFirst: () => boolean | null): DateMatch | null {
  const m = SHORT_YEAR.exec(text);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const guessed = a <= MONTHS && b <= MONTHS && a !== b;
  const [month, day] = a > MONTHS || (guessed && dayFirst() === true) ? [b, a] : [a, b];
  const yy = Number(m[4]);
  const year = yy < TWO_DIGIT_YEAR_PIVOT ? 2000 + yy : 1900 + yy;
  let hour = Number(m[5]);
  const minute = Number(m[6]);
  const half = m[7]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > MONTHS) return null;
    hour = (hour % MONTHS) + (half === 'p' ? MONTHS : 0);
  }
  const valid = month >= 1 && month <= MONTHS && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate() && hour <= 23 && minute <= 59;
  if (!valid) return null;
  return { iso: `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`, index: m.index, length: m[0].length, hasTime: true, ...(guessed ? { orderGuessed: true } : {}) };
}

/** No order known: {@link shortYearDate} reads an ambiguous date month-first. */
const NO_ORDER = (): null => null;

/**
 * The dates of a header or footer line of a record: `findDates`, else (in lines of at most
 * `MAX_SHORT_YEAR_LINE` characters) a numeric date with a two-digit year and a time. `datesOf` is
 * the page-wide reader (a page's memo of it, in the thread stage); `dayFirst` tells the page's order of
 * day and month, asked only when a two-digit-year date could be read both ways.
 * @category Threads
 */
export function findLineDates(
  text: string, datesOf: (text: string) => readonly DateMatch[] = findDates, dayFirst: () => boolean | null = NO_ORDER,
): readonly DateMatch[] {
  const dates = datesOf(text);
  if (dates.length > 0 || text.length > MAX_SHORT_YEAR_LINE) return dates;
  const short = shortYearDate(text, dayFirst);
  return short ? [short] : [];
}
