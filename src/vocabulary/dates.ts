/**
 * A pure, multi-script date recognizer: finds calendar dates (with an optional time of day) in a
 * text and returns them as ISO 8601 strings at the precision the text shows
 * (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, with the UTC offset (`Z`, `+08:00`) when the page gives one).
 *
 * Recognized shapes (digits may be ASCII, Arabic-Indic U+0660–U+0669, Persian U+06F0–U+06F9 or
 * full-width): numeric `Y-M-D`, `Y/M/D`, `Y.M.D` (ISO `2012-04-13T20:30:45Z` included), `D-M-Y`
 * (and `M/D/Y` when the first number cannot be a month), Chinese/Japanese `2019年2月20日`,
 * month names in English, Arabic (Egyptian and Levantine names) and Uyghur in the orders
 * `D Month Y`, `Month D, Y`, asctime's `Month D HH:MM:SS [zone] Y`, `Y-يىلى D-Month`,
 * Uyghur `Y-يىلى M-ئاينىڭ D-كۈنى`, and Chinese numerals
 * `二〇一九年二月二十日`.
 * A time `H:MM` right after the date is kept, with `am`/`pm` or Arabic `ص`/`م` applied.
 * Impossible dates (30 February, month 13, hour 25) are rejected.
 *
 * @module
 */

import { wordAlternation } from './alternation.js';
import { AFTERNOON_MARKS, BEFORE_NOON_MARKS, TIME_JOINERS } from './time-words.js';
import { BUDDHIST_ERA_OFFSET, EXTRA_MONTH_NAMES, isThaiMonth, monthOf } from './month-names.js';

/**
 * Options of {@link findDates}.
 * @category Metadata
 */
export interface DateOptions {
  /**
   * Earliest year accepted; smaller years are not taken as dates.
   * @default 1900
   */
  minYear?: number;
  /**
   * Latest year accepted.
   * @default 2100
   */
  maxYear?: number;
  /**
   * For an all-numeric `a-b-YYYY` date where both `a` and `b` could be a month, read it as
   * day-month (the convention of Uyghur, Arabic and European pages) rather than month-day.
   * @default true
   */
  dayFirst?: boolean;
  /**
   * Primary language subtag of the page: a month name that means different months in different
   * languages (`listopad`) is read in this language first. Null reads it in any language.
   * @default null
   */
  lang?: string | null;
  /**
   * Also read day-month-year with a two-digit year and full stops (`31.10.23`, `6.11.22`), the
   * year's century by POSIX `strptime`'s `%y` rule (69–99 → 1969–1999, 00–68 → 2000–2068). Off by
   * default: in running text such numbers are as often versions or scores; the publication-date reader
   * asks for it only on a date element's text and on a dateline by the headline.
   * @default false
   */
  twoDigitYear?: boolean;
}

/** Defaults of {@link DateOptions}. @category Metadata */
export const DEFAULT_DATE_OPTIONS: Readonly<Required<DateOptions>> = Object.freeze({
  minYear: 1900,
  maxYear: 2100,
  dayFirst: true,
  lang: null,
  twoDigitYear: false,
});

/**
 * One date found in a text.
 * @category Metadata
 */
export interface DateMatch {
  /** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, with the UTC offset (`Z`, `+08:00`) when the page gives one. */
  readonly iso: string;
  /** Offset of the match in the text (UTF-16 code units). */
  readonly index: number;
  /** Length of the matched text, time included. */
  readonly length: number;
  /** True when a time of day was recognized. */
  readonly hasTime: boolean;
  /**
   * True when the date is all-numeric `a-b-YYYY` with both `a` and `b` at most 12: its day and month
   * could be swapped, and `dayFirst` chose (a caller that knows the page's order may read it again).
   */
  readonly orderGuessed?: boolean;
}

const MONTH_BY_NAME: ReadonlyMap<string, number> = new Map(
  EXTRA_MONTH_NAMES.flatMap((names, month) => names.map((name) => [name, month] as const)),
);

/** Alternation of every month name, longest first so `sept` wins over `sep`. */
const MONTH_ALT = wordAlternation(MONTH_BY_NAME.keys());

/** Not preceded / followed by a letter or digit: whole-token boundaries for any script. */
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
/** Not inside a longer number. */
const ND = '(?<!\\d)';
const NDE = '(?!\\d)';

/** Numeric year-first: 2012-04-13, 2012/4/13, 2012.4.13, ISO with T. */
const RE_YMD = new RegExp(`${ND}(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${NDE}`, 'gu');
/** Numeric year-last: 13-4-2012, 04/13/2012, 13.04.2012. */
const RE_DMY = new RegExp(`${ND}(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4})${NDE}`, 'gu');
/** Day-month-year with a two-digit year and full stops: 31.10.23 (not a part of a version `v1.10.22` or an address `10.12.20.5`). */
const RE_DMY_SHORT = /(?<![\p{L}\p{N}.])(\d{1,2})\.(\d{1,2})\.(\d{2})(?!\p{N}|\.\p{N})/gu;
/** POSIX `strptime` `%y`: two-digit years from 69 are of the 1900s, below it of the 2000s. */
const TWO_DIGIT_YEAR_PIVOT = 69;
/** CJK: 2019年2月20日 (日 optional), Korean 2019년 2월 20일, spaces allowed. */
const RE_CJK = /(?<!\d)(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日号일]?/gu;
/** Day before month name: 13 April 2012, 13 أبريل 2012, 13-ئاپرېل، 2012, 13th of April, 2012. */
const RE_D_MONTH_Y = new RegExp(
  `${ND}(\\d{1,2})(?:st|nd|rd|th)?(?:-|\\s+of\\s+|\\s*)(${MONTH_ALT})\\.?${E}[ \\t,،]{0,3}(\\d{4})${NDE}`,
  'giu',
);
/** Month name before day: Apr 13, 2012 / أبريل 13, 2012 / April 13th 2012. */
const RE_MONTH_D_Y = new RegExp(
  `${B}(${MONTH_ALT})\\.?[ \\t]{1,3}(\\d{1,2})(?:st|nd|rd|th)?${NDE}[ \\t,،]{1,3}(\\d{4})${NDE}`,
  'giu',
);
/**
 * C's `asctime` and Unix `date` order, the time between the day and the year: `Tue Mar  3 10:15:02
 * UTC 2009`, `Mar 3 10:15 2009` (mail archives print message dates so). Groups: month, day, hour,
 * minute, zone, year.
 */
const RE_MONTH_D_TIME_Y = new RegExp(
  `${B}(${MONTH_ALT})\\.?[ \\t]{1,3}(\\d{1,2})[ \\t]{1,3}(\\d{1,2}):(\\d{2})(?::\\d{2})?(?:[ \\t]{1,3}(UTC|GMT|Z|[+-]\\d{4}|[A-Z]{3,4}))?[ \\t]{1,3}(\\d{4})${NDE}`,
  'giu',
);
/** A word that may be a month name (looked up in {@link monthOf}); any script. */
const WORD = '(\\p{L}[\\p{L}\\p{M}]*)';
/** Spaces inside a date: space, tab, no-break space. */
const SP = '[ \\t\\u00a0]';
/**
 * Day, month word, year in any language: `9 oktober 2020`, `17 de marzo de 2020`, `9. Oktober 2020`,
 * `1er mars 2020`, `29 июня 2020`, `24 نيسان / أبريل 2020` (two names of one month).
 */
const RE_D_WORD_Y = new RegExp(
  `${ND}(\\d{1,2})(?:st|nd|rd|th|er|º|ª|\\.)?(?:${SP}+(?:de|of)${SP}+|${SP}*-?${SP}*)${WORD}\\.?` +
    `(?:${SP}*/${SP}*${WORD})?(?:${SP}+de|${SP}*[,،])?${SP}{0,3}(\\d{4})${NDE}`,
  'gu',
);
/** Month word, day, year: `Hunyo 29, 2020`, `Feb. 16, 2020`. */
const RE_WORD_D_Y = new RegExp(
  `${B}${WORD}\\.?${SP}{1,3}(\\d{1,2})(?:st|nd|rd|th)?${NDE}${SP}{0,2}[,،]?${SP}{1,3}(\\d{4})${NDE}`,
  'gu',
);
/** Year, month word, day: Hungarian `2020. augusztus 19.`, Lithuanian `2020 m. birželio 5 d.`. */
const RE_Y_WORD_D = new RegExp(`${ND}(\\d{4})(?:\\.|${SP}m\\.)?${SP}{1,3}${WORD}\\.?${SP}{1,3}(\\d{1,2})${NDE}`, 'gu');
/** Year-first numeric with a space after each full stop: Hungarian and Korean `2020. 08. 18.`. */
const RE_YMD_SPACED = new RegExp(`${ND}(\\d{4})\\.${SP}(\\d{1,2})\\.${SP}(\\d{1,2})${NDE}\\.?`, 'gu');

/** Uyghur: 2012-يىلى 13-ئاپرېل. */
const RE_UG_Y_D_MONTH = new RegExp(
  `${ND}(\\d{4})-?\\s*يىلى\\s{1,3}(\\d{1,2})-?\\s*(${MONTH_ALT})${E}`,
  'gu',
);
/** Uyghur: 2012-يىلى 4-ئاينىڭ 13-كۈنى. */
const RE_UG_WORDS = /(?<!\d)(\d{4})-?\s*يىلى\s{1,3}(\d{1,2})-?\s*ئاينىڭ\s{1,3}(\d{1,2})-?\s*كۈنى(?![\p{L}\p{N}])/gu;
/** Chinese numerals: 二〇一九年二月二十日 (year digit by digit, month and day as numbers up to 三十一). */
const RE_CJK_NUMERALS = /([〇○零一二三四五六七八九]{4})\s*年\s*([一二三四五六七八九十]{1,3})\s*月\s*([一二三四五六七八九十]{1,3})\s*[日号]/gu;
const CJK_DIGITS: ReadonlyMap<string, number> = new Map([
  ['〇', 0], ['○', 0], ['零', 0], ['一', 1], ['二', 2], ['三', 3], ['四', 4], ['五', 5], ['六', 6], ['七', 7], ['八', 8], ['九', 9],
]);

/** Reads a year written digit by digit (二〇一九 → 2019). */
function readCjkYear(text: string): number {
  let n = 0;
  for (const ch of text) n = n * 10 + (CJK_DIGITS.get(ch) ?? 0);
  return n;
}

/** Reads a number up to 99 in Chinese numerals (十 → 10, 二十 → 20, 二十一 → 21, 十二 → 12); NaN when malformed. */
function readCjkNumber(text: string): number {
  const ten = text.indexOf('十');
  if (ten < 0) return text.length === 1 ? CJK_DIGITS.get(text) ?? Number.NaN : Number.NaN;
  if (text.indexOf('十', ten + 1) >= 0) return Number.NaN;
  const tens = ten === 0 ? 1 : CJK_DIGITS.get(text.slice(0, ten)) ?? Number.NaN;
  const ones = ten === text.length - 1 ? 0 : CJK_DIGITS.get(text.slice(ten + 1)) ?? Number.NaN;
  return tens * 10 + ones;
}

/** Marks of the halves of the day, lower-cased (see `time-words.ts`). */
const AFTERNOON: ReadonlySet<string> = new Set(Object.values(AFTERNOON_MARKS).flat());
const BEFORE_NOON: ReadonlySet<string> = new Set(Object.values(BEFORE_NOON_MARKS).flat());

/**
 * A time right after a date: separators, optional "-" or a joining word ("at", "в", "ساعت": `time-words.ts`),
 * H:MM[:SS], optional UTC offset (`Z`, `+08:00`), optional mark of the half of the day (am/pm, ص/م, ق.ظ/ب.ظ),
 * optional zone after a space as mail and HTTP dates write it (`GMT`, `UTC`, `GMT+10`, `+0200`: RFC 5322
 * §3.3). Groups: hour, minute, offset, half-day mark, GMT/UTC, its offset, spaced offset.
 */
const RE_TIME_AFTER = new RegExp(
  `^(?:[ \\t,،]{0,3}(?:[-–|@]|T|${wordAlternation(Object.values(TIME_JOINERS).flat())})?[ \\t,،]{0,3})(\\d{1,2})[:：](\\d{2})(?::\\d{1,2}(?:\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?` +
    `(?:[ \\t]{0,2}(${wordAlternation([...AFTERNOON, ...BEFORE_NOON])})(?![\\p{L}\\p{N}]))?(?:[ \\t]{1,2}(?:(GMT|UTC)([+-]\\d{1,2}(?::?\\d{2})?)?|([+-]\\d{4}))(?![\\p{L}\\p{N}]))?`,
  'iu',
);

/**
 * Code points of the digit zero of the decimal digit sets read besides ASCII: Arabic-Indic, Persian,
 * NKo, Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu, Kannada, Malayalam, Sinhala,
 * Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian and full-width (each a run of ten in the BMP).
 */
const DIGIT_ZEROS: readonly number[] = [
  0x0660, 0x06f0, 0x07c0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x0de6, 0x0e50, 0x0ed0,
  0x0f20, 0x1040, 0x17e0, 0x1810, 0xff10,
];
const NON_ASCII_DIGIT = new RegExp(
  `[${DIGIT_ZEROS.map((z) => `\\u${z.toString(16).padStart(4, '0')}-\\u${(z + 9).toString(16).padStart(4, '0')}`).join('')}]`,
  // no `u`: every range is in the BMP, and a scan without it is faster (the same matches)
  'g',
);
/** {@link NON_ASCII_DIGIT} as a test (not global). */
const HAS_NON_ASCII_DIGIT = new RegExp(NON_ASCII_DIGIT.source);
/** Any digit of the scripts recognized (every date shape has one). */
const HAS_DIGIT = new RegExp(`[0-9]|${NON_ASCII_DIGIT.source}`, 'u');
/**
 * What every date {@link findDates} reads without `twoDigitYear` holds: a run of four digits or more of the
 * scripts it folds (a year: every pattern but the Chinese-numeral one), or `年` (that one).
 */
const YEAR_SIGNS_RE = new RegExp(`(?:[0-9]|${NON_ASCII_DIGIT.source}){4,}|年`, 'gu');
/** {@link YEAR_SIGNS_RE} of a text without digits of other sets and without `年`: runs of ASCII digits (this spelling scans fastest). */
const ASCII_YEAR_SIGNS_RE = /\d\d\d\d+/g;
/** A digit of another set of {@link DIGIT_ZEROS}, or `年` (the quick test of {@link yearSignsIn}). */
const OTHER_YEAR_SIGN_RE = new RegExp(`${NON_ASCII_DIGIT.source}|年`);

/**
 * A new global regex whose matches in `text` are the runs of four digits or more (of the sets `findDates`
 * folds) and each `年`: every date `findDates` reads without `twoDigitYear` holds one. A text with no
 * character of another digit set and no `年` (most pages) is scanned for ASCII runs only, which is much faster.
 * @category Metadata
 */
export function yearSignsIn(text: string): RegExp {
  return new RegExp(OTHER_YEAR_SIGN_RE.test(text) ? YEAR_SIGNS_RE : ASCII_YEAR_SIGNS_RE);
}

/**
 * Folds the digits of {@link DIGIT_ZEROS}' sets (Arabic-Indic, Persian, full-width, …) to ASCII, one
 * UTF-16 unit each, so offsets hold.
 * @category Metadata
 */
export function foldDigits(text: string): string {
  // most texts have none: a test (no global state, no replacer set up) answers them twice as fast as the replace
  if (!HAS_NON_ASCII_DIGIT.test(text)) return text;
  return text.replace(NON_ASCII_DIGIT, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

/** Days in a month of the proleptic Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True when y-m-d is a real calendar date inside the accepted year range. */
function isValidDate(y: number, m: number, d: number, o: Readonly<Required<DateOptions>>): boolean {
  return y >= o.minYear && y <= o.maxYear && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

const pad = (n: number): string => String(n).padStart(2, '0');

interface RawDate {
  y: number;
  m: number;
  d: number;
  index: number;
  end: number;
  /** The time suffix when the match holds its own time (asctime order), else absent. */
  suffix?: string;
  /** True when the day and month could be swapped (see {@link DateMatch.orderGuessed}). */
  guessed?: boolean;
}

/** An ISO 8601 offset as written in the page (`Z`, `+0800`, `+08:00`), normalized; '' when none. */
function offsetOf(written: string | undefined): string {
  if (written === undefined) return '';
  if (written.toUpperCase() === 'Z') return 'Z';
  const digits = written.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.slice(3)}`;
}

/** The offset of a `GMT`/`UTC` zone, with its own offset when written (`GMT+10`, `UTC-5:30`, `GMT+0530`): `Z`, `+10:00`, `-05:30`, `+05:30`. */
function zoneOffsetOf(written: string | undefined): string {
  if (written === undefined) return 'Z';
  const digits = written.slice(1).replace(':', '');
  const [hours, minutes] = digits.length > 2 ? [digits.slice(0, -2), digits.slice(-2)] : [digits, '00'];
  return `${written[0]}${pad(Number(hours))}:${minutes}`;
}

/** Reads an optional time right after `end`; returns the ISO suffix and the new end. */
function readTime(text: string, end: number): { suffix: string; end: number } | null {
  const m = RE_TIME_AFTER.exec(text.slice(end, end + 48));
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const marker = (m[4] ?? '').toLowerCase();
  if (marker) {
    if (hour < 1 || hour > 12) return null;
    const pm = AFTERNOON.has(marker);
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  const offset = m[3] !== undefined ? offsetOf(m[3]) : m[7] !== undefined ? offsetOf(m[7]) : m[5] !== undefined ? zoneOffsetOf(m[6]) : '';
  return { suffix: `T${pad(hour)}:${pad(minute)}${offset}`, end: end + m[0].length };
}

/** Resolves the order of `a-b-YYYY`. */
function orderDayMonth(a: number, b: number, dayFirst: boolean): [month: number, day: number] {
  if (a > 12) return [b, a];
  if (b > 12) return [a, b];
  return dayFirst ? [b, a] : [a, b];
}

/**
 * A run of exactly four ASCII digits: the year of every pattern but {@link RE_CJK_NUMERALS} (and the
 * two-digit-year one) is one, as each has a non-digit (or the text's end) on both sides of its year.
 */
const YEAR_RUN = /(?<!\d)\d{4}(?!\d)/gu;

/*
 * Bits of {@link yearContexts}: what stands right beside a year run that some pattern may read. Each
 * pattern's year has one of these beside it (read off the pattern), so a pattern whose bit no year run
 * of the text sets has no match there, and is not run.
 */
/** A year run whose value can be a year of a date at all. */
const ANY_YEAR = 1;
/** `-`, `/` or `.` after the year: {@link RE_YMD}. */
const SEPARATOR_AFTER = 2;
/** `-`, `/` or `.` before the year: {@link RE_DMY}. */
const SEPARATOR_BEFORE = 4;
/** `.` or a space after the year: {@link RE_YMD_SPACED}, {@link RE_Y_WORD_D}. */
const DOT_OR_SPACE_AFTER = 8;
/** A space (space, tab, no-break space) before the year: {@link RE_WORD_D_Y}, {@link RE_MONTH_D_TIME_Y}. */
const SPACE_BEFORE = 16;
/** A space, tab or comma (Latin or Arabic) before the year: {@link RE_MONTH_D_Y}. */
const SPACE_OR_COMMA_BEFORE = 32;

const isSeparatorCode = (c: number): boolean => c === 0x2d || c === 0x2f || c === 0x2e;
const isSpaceCode = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0xa0;
const isCommaCode = (c: number): boolean => c === 0x2c || c === 0x060c;

/**
 * The bits of what stands beside the year runs of `text` (folded digits) whose value a pattern can take
 * for a year: from `minYear` to `maxYear` plus {@link BUDDHIST_ERA_OFFSET} (a Thai month's year is read
 * back by it). 0 when there is none: then no pattern with a year can match.
 */
function yearContexts(text: string, o: Readonly<Required<DateOptions>>): number {
  const latest = o.maxYear + BUDDHIST_ERA_OFFSET;
  let bits = 0;
  YEAR_RUN.lastIndex = 0;
  for (let m = YEAR_RUN.exec(text); m !== null && bits !== ALL_YEAR_CONTEXTS; m = YEAR_RUN.exec(text)) {
    const year = Number(m[0]);
    if (year < o.minYear || year > latest) continue;
    const before = text.charCodeAt(m.index - 1);
    const after = text.charCodeAt(m.index + 4);
    bits |= ANY_YEAR;
    if (isSeparatorCode(after)) bits |= SEPARATOR_AFTER;
    if (isSeparatorCode(before)) bits |= SEPARATOR_BEFORE;
    if (after === 0x2e || isSpaceCode(after)) bits |= DOT_OR_SPACE_AFTER;
    if (isSpaceCode(before)) bits |= SPACE_BEFORE;
    if (isSpaceCode(before) || isCommaCode(before)) bits |= SPACE_OR_COMMA_BEFORE;
  }
  YEAR_RUN.lastIndex = 0;
  return bits;
}

/** Every bit of {@link yearContexts}: the scan stops once all are set. */
const ALL_YEAR_CONTEXTS = ANY_YEAR | SEPARATOR_AFTER | SEPARATOR_BEFORE | DOT_OR_SPACE_AFTER | SPACE_BEFORE | SPACE_OR_COMMA_BEFORE;
/** `يىلى` ("year of"), a literal both Uyghur patterns need (a fast pre-check). */
const UG_YEAR = 'يىلى';

/*
 * Pre-checks: for the patterns that start on a letter or a month-name alternation (slow to try at
 * every position), a short digit-anchored pattern that every match of theirs contains, tested first.
 * Each is a plain consequence of its pattern (no match is lost), so the candidates are the same.
 */
/** What {@link RE_D_WORD_Y} and {@link RE_D_MONTH_Y} end with: a month word's last letter (or `.`, `,`), then the year. */
const NEEDS_WORD_THEN_YEAR = new RegExp(`[\\p{L}\\p{M}.,،][ \\t\\u00a0,،]{0,3}\\d{4}${NDE}`, 'u');
/** What {@link RE_WORD_D_Y} ends with: the day's last digit, then the year (global: {@link execAllInLines} lists the lines it matches). */
const NEEDS_DAY_YEAR_SPACED = new RegExp(`\\d(?:st|nd|rd|th)?${SP}{0,2}[,،]?${SP}{1,3}\\d{4}${NDE}`, 'gu');
/** What {@link RE_MONTH_D_Y} ends with: the day's last digit, then the year (global, as above). */
const NEEDS_DAY_YEAR = new RegExp(`\\d(?:st|nd|rd|th)?[ \\t,،]{1,3}\\d{4}${NDE}`, 'giu');
/** What {@link RE_MONTH_D_TIME_Y} ends with: a time, maybe a zone, then the year (global, as above). */
const NEEDS_TIME_YEAR = /\d:\d{2}(?::\d{2})?[ \t]{1,3}(?:[A-Za-z]{1,4}[ \t]{1,3}|[+-]\d{4}[ \t]{1,3})?\d{4}(?!\d)/gu;
/** What {@link RE_Y_WORD_D} starts with: the year, then a word. */
const NEEDS_YEAR_WORD = new RegExp(`\\d{4}(?:\\.|${SP}m\\.)?${SP}{1,3}\\p{L}`, 'u');
/** What {@link RE_YMD_SPACED} starts with. */
const NEEDS_YEAR_DOT_SPACE = new RegExp(`\\d{4}\\.${SP}\\d`, 'u');
/** What {@link RE_UG_Y_D_MONTH} holds after `يىلى`: the day. */
const NEEDS_UG_DAY = /يىلى\s{1,3}\d/u;
/** Literals {@link RE_UG_WORDS} and {@link RE_CJK_NUMERALS} need. */
const UG_MONTH_OF = 'ئاينىڭ';
const CJK_MONTH = '月';

/**
 * Every match of the global regex `re` in `text`, as `text.matchAll(re)` lists them, without the copy
 * of the regex `matchAll` makes on each call (for the month-name alternations that copy cost more
 * than reading a date line: about 1.3 µs a call, measured with node 22). The matches are collected
 * before any is used, so nothing can run between two `exec`s; `re` ends with `lastIndex` 0.
 */
function execAll(re: RegExp, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m);
    // an empty match moves on by one character, as matchAll does (none of these patterns matches empty)
    if (m[0] === '') re.lastIndex = nextIndex(text, re.lastIndex, re.unicode);
  }
  return out;
}

/**
 * `execAll(re, text)` for a pattern none of whose matches spans a line break (`\n`) and every match of
 * which holds a match of `needs` (a global pre-check): only the lines where `needs` matches are scanned
 * by `re`, each as its own string. Exact: a match lies inside one line, so the lines without a match of
 * `needs` hold none; and `re`'s boundary lookarounds see a line break (neither letter nor digit) where a
 * line's own string has its start or end, so a line's matches are the whole text's, shifted by the
 * line's offset. On a page's whole text most lines hold no year, and `re` — a pattern that starts on a
 * month name or any word, tried at every letter — was most of the time the dates of a page cost. The
 * matches' `index` is the offset in `text`.
 */
function execAllInLines(re: RegExp, needs: RegExp, text: string): RegExpExecArray[] {
  needs.lastIndex = 0;
  if (!text.includes('\n')) {
    const holds = needs.test(text);
    needs.lastIndex = 0;
    return holds ? execAll(re, text) : [];
  }
  const out: RegExpExecArray[] = [];
  for (let m = needs.exec(text); m !== null; m = needs.exec(text)) {
    const start = text.lastIndexOf('\n', m.index) + 1;
    const newline = text.indexOf('\n', m.index);
    const end = newline < 0 ? text.length : newline;
    for (const found of execAll(re, text.slice(start, end))) {
      found.index += start;
      out.push(found);
    }
    if (newline < 0) break;
    needs.lastIndex = end + 1;
  }
  needs.lastIndex = 0;
  return out;
}

/** The index after the character at `i` (a surrogate pair is one character in unicode mode). */
function nextIndex(text: string, i: number, unicode: boolean): number {
  if (!unicode || i + 1 >= text.length) return i + 1;
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? i + 2 : i + 1;
}

/** Collects raw candidates of every pattern (skipping those whose required literal is absent: same matches). */
function collectCandidates(text: string, o: Readonly<Required<DateOptions>>): RawDate[] {
  const out: RawDate[] = [];
  const push = (y: number, m: number, d: number, match: RegExpExecArray): void => {
    if (isValidDate(y, m, d, o)) out.push({ y, m, d, index: match.index, end: match.index + match[0].length });
  };
  const month = (name: string): number => MONTH_BY_NAME.get(name.toLowerCase()) ?? 0;
  const hasCjkYear = text.includes('年');
  const wordMonth = (word: string, other?: string): number => {
    const m = monthOf(word, o.lang);
    return other === undefined || monthOf(other, o.lang) === m ? m : 0;
  };
  /** A Thai month's year may be of the Buddhist era (2563 = 2020). */
  const yearOf = (year: number, word: string): number =>
    year > o.maxYear && isThaiMonth(word) ? year - BUDDHIST_ERA_OFFSET : year;
  if (o.twoDigitYear) {
    for (const m of execAll(RE_DMY_SHORT, text)) push(+m[3] + (+m[3] >= TWO_DIGIT_YEAR_PIVOT ? 1900 : 2000), +m[2], +m[1], m);
  }
  const years = yearContexts(text, o);
  if (years === 0) {
    // every pattern but the Chinese-numeral one needs a four-digit year: skip their scans
    if (hasCjkYear && text.includes(CJK_MONTH)) for (const m of execAll(RE_CJK_NUMERALS, text)) push(readCjkYear(m[1]), readCjkNumber(m[2]), readCjkNumber(m[3]), m);
    return out;
  }
  if (years & SEPARATOR_AFTER) for (const m of execAll(RE_YMD, text)) push(+m[1], +m[3], +m[4], m);
  if (years & SEPARATOR_BEFORE) for (const m of execAll(RE_DMY, text)) {
    const [mo, d] = orderDayMonth(+m[1], +m[3], o.dayFirst);
    const before = out.length;
    push(+m[4], mo, d, m);
    if (out.length > before && +m[1] <= 12 && +m[3] <= 12 && +m[1] !== +m[3]) out[before].guessed = true;
  }
  if (hasCjkYear || text.includes('년')) for (const m of execAll(RE_CJK, text)) push(+m[1], +m[2], +m[3], m);
  const dotOrSpaceAfter = (years & DOT_OR_SPACE_AFTER) !== 0;
  if (dotOrSpaceAfter && NEEDS_YEAR_DOT_SPACE.test(text)) for (const m of execAll(RE_YMD_SPACED, text)) push(+m[1], +m[2], +m[3], m);
  const wordThenYear = NEEDS_WORD_THEN_YEAR.test(text);
  if (wordThenYear) for (const m of execAll(RE_D_WORD_Y, text)) push(yearOf(+m[4], m[2]), wordMonth(m[2], m[3]), +m[1], m);
  // the three patterns that start on a word or a month name are read only on the lines their pre-check finds
  if (years & SPACE_BEFORE) for (const m of execAllInLines(RE_WORD_D_Y, NEEDS_DAY_YEAR_SPACED, text)) push(yearOf(+m[3], m[1]), wordMonth(m[1]), +m[2], m);
  if (dotOrSpaceAfter && NEEDS_YEAR_WORD.test(text)) for (const m of execAll(RE_Y_WORD_D, text)) push(+m[1], wordMonth(m[2]), +m[3], m);
  if (wordThenYear) for (const m of execAll(RE_D_MONTH_Y, text)) push(+m[3], month(m[2]), +m[1], m);
  if (years & SPACE_OR_COMMA_BEFORE) for (const m of execAllInLines(RE_MONTH_D_Y, NEEDS_DAY_YEAR, text)) push(+m[3], month(m[1]), +m[2], m);
  if (years & SPACE_BEFORE) for (const m of execAllInLines(RE_MONTH_D_TIME_Y, NEEDS_TIME_YEAR, text)) {
    const [hour, minute] = [+m[3], +m[4]];
    const zone = m[5]?.toUpperCase();
    const offset = zone === 'UTC' || zone === 'GMT' || zone === 'Z' ? 'Z' : zone?.match(/^[+-]/u) ? offsetOf(zone) : '';
    const before = out.length;
    if (hour <= 23 && minute <= 59) push(+m[6], month(m[1]), +m[2], m);
    if (out.length > before) out[before].suffix = `T${pad(hour)}:${pad(minute)}${offset}`;
  }
  if (text.includes(UG_YEAR)) {
    if (NEEDS_UG_DAY.test(text)) for (const m of execAll(RE_UG_Y_D_MONTH, text)) push(+m[1], month(m[3]), +m[2], m);
    if (text.includes(UG_MONTH_OF)) for (const m of execAll(RE_UG_WORDS, text)) push(+m[1], +m[2], +m[3], m);
  }
  if (hasCjkYear && text.includes(CJK_MONTH)) {
    for (const m of execAll(RE_CJK_NUMERALS, text)) push(readCjkYear(m[1]), readCjkNumber(m[2]), readCjkNumber(m[3]), m);
  }
  return out;
}

/**
 * False when {@link findDates} finds no date in `text` for certain: every shape it reads holds a digit
 * (of a script it folds) or `年`. {@link memoizedFindDates} asks this first, so that the many texts
 * without a digit (link titles, names, post lines) are neither hashed nor stored.
 * @category Metadata
 */
export function mayHoldDate(text: string): boolean {
  return HAS_DIGIT.test(text) || text.includes('年');
}

/**
 * Finds every date in `text`, in text order, without overlaps (the longest candidate wins).
 *
 * @example
 * findDates('Posted Fri Apr 13, 2012 8:30 pm')[0].iso; // '2012-04-13T20:30'
 * findDates('2012-يىلى 4-ئاينىڭ 13-كۈنى 20:30')[0].iso; // '2012-04-13T20:30'
 * @category Metadata
 */
export function findDates(text: string, options?: Partial<DateOptions>): DateMatch[] {
  if (!mayHoldDate(text)) return [];
  const o: Readonly<Required<DateOptions>> = options ? { ...DEFAULT_DATE_OPTIONS, ...options } : DEFAULT_DATE_OPTIONS;
  const folded = foldDigits(text);
  // the candidates are this call's own: each takes its time in place (no copy per candidate)
  const withTime = collectCandidates(folded, o);
  for (const c of withTime) {
    if (c.suffix !== undefined) continue;
    const t = readTime(folded, c.end);
    c.suffix = t?.suffix ?? '';
    if (t) c.end = t.end;
  }
  withTime.sort((a, b) => a.index - b.index || b.end - a.end);
  const result: DateMatch[] = [];
  let covered = -1;
  for (const c of withTime) {
    if (c.index < covered) continue;
    covered = c.end;
    const match: { -readonly [K in keyof DateMatch]: DateMatch[K] } = {
      iso: `${c.y}-${pad(c.m)}-${pad(c.d)}${c.suffix}`,
      index: c.index,
      length: c.end - c.index,
      hasTime: c.suffix !== '',
    };
    // set after the others, where a spread would put it (no object made for the spread)
    if (c.guessed) match.orderGuessed = true;
    result.push(match);
  }
  return result;
}

/**
 * {@link findDates} with a memo of its answers by text, for a caller that reads the dates of many
 * texts of one page (thread detection reads each header line from several candidate groups, and
 * the same "Reply" or date line recurs in every record). Create one per page and drop it with the
 * page: it holds every text it was asked about. The answers are shared: do not change them.
 * @category Metadata
 */
export function memoizedFindDates(options?: Partial<DateOptions>): (text: string) => readonly DateMatch[] {
  const memo = new Map<string, readonly DateMatch[]>();
  return (text) => {
    if (!mayHoldDate(text)) return []; // no date for certain: the text is neither hashed nor stored
    let found = memo.get(text);
    if (found === undefined) memo.set(text, (found = findDates(text, options)));
    return found;
  };
}

/**
 * The first date in `text` as an ISO string, or null when there is none.
 * @category Metadata
 */
export function parseDate(text: string, options?: Partial<DateOptions>): string | null {
  return findDates(text, options)[0]?.iso ?? null;
}
