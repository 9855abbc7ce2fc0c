/**
 * Relative dates of forum and comment headers ("Today, 10:22", "Yesterday at 14:05", "3 hours ago",
 * "منذ 3 ساعات", "3 天前", "вчера, 14:05", "بۈگۈن 09:12"), resolved against the page's own current
 * date. The words are vocabularies, one list per meaning; they are matched whole, only in short
 * header lines (never in post text).
 * @module
 */
import { foldDigits } from './dates.js';

/** Words for "today", in the languages the product serves and the common European ones. */
export const TODAY_WORDS: readonly string[] = Object.freeze([
  'today', 'heute', "aujourd'hui", 'hoy', 'oggi', 'hoje', 'vandaag', 'bugün', 'dzisiaj', 'dnes',
  'сегодня', 'сьогодні', 'اليوم', 'امروز', 'آج', 'بۈگۈن', 'بۇگۇن', '今天', '今日', '오늘',
]);

/** Words for "yesterday". */
export const YESTERDAY_WORDS: readonly string[] = Object.freeze([
  'yesterday', 'gestern', 'hier', 'ayer', 'ieri', 'ontem', 'gisteren', 'dün', 'wczoraj', 'včera',
  'вчера', 'вчора', 'أمس', 'امس', 'البارحة', 'دیروز', 'دیروز', 'کل', 'تۈنۈگۈن', 'تۇنۇگۇن', '昨天', '昨日', '어제',
]);

/** Time units of "N units ago" by their length in minutes; whole words (plural forms listed). */
const UNIT_MINUTES: ReadonlyMap<string, number> = new Map([
  ...['minute', 'minutes', 'min', 'mins', 'минуту', 'минуты', 'минут', 'دقيقة', 'دقائق', 'دقیقه', 'مىنۇت', '分钟', '分鐘', '分'].map((w) => [w, 1] as const),
  ...['hour', 'hours', 'hr', 'hrs', 'час', 'часа', 'часов', 'ساعة', 'ساعات', 'ساعت', 'سائەت', '小时', '小時', '時間'].map((w) => [w, 60] as const),
  ...['day', 'days', 'день', 'дня', 'дней', 'يوم', 'أيام', 'ايام', 'يومين', 'روز', 'كۈن', '天', '日'].map((w) => [w, 1440] as const),
  ...['week', 'weeks', 'неделю', 'недели', 'недель', 'أسبوع', 'أسابيع', 'هفته', 'ھەپتە', '周', '週', '星期'].map((w) => [w, 10080] as const),
]);

/** Words that make "N units" a past offset: before the number ("منذ") or after the unit ("ago", "назад", "前"). */
const AGO_BEFORE: readonly string[] = ['منذ', 'قبل'];
const AGO_AFTER: readonly string[] = ['ago', 'назад', 'پیش', 'قبل', 'ئىلگىرى', 'بۇرۇن', '前', '以前'];

/** `words` as one regex matching any of them anywhere (a substring test: whole-word checks come after it). */
function anyOf(words: readonly string[]): RegExp {
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|'), 'u');
}

/** A day word anywhere, as a substring. */
const ANY_DAY_WORD = anyOf([...TODAY_WORDS, ...YESTERDAY_WORDS]);
/** An "ago" word anywhere, as a substring. */
const ANY_AGO_WORD = anyOf([...AGO_BEFORE, ...AGO_AFTER]);
/** A decimal digit of any script: every digit `foldDigits` folds to ASCII is one. */
const ANY_DIGIT = /\p{Nd}/u;

/**
 * True when lower-cased `text` can hold a relative date: a day word, or a digit and an "ago" word.
 * Every relative date {@link resolveRelativeDate} reads has one or the other (its words hold no digit,
 * and `foldDigits` changes digits only), so a text without is none; most header and post lines are
 * answered here, without the per-word search.
 */
function mayHoldRelativeDate(text: string): boolean {
  return ANY_DAY_WORD.test(text) || (ANY_DIGIT.test(text) && ANY_AGO_WORD.test(text));
}

const TIME = /(\d{1,2})[:：](\d{2})(?::\d{2})?\s*(am|pm|a\.m\.|p\.m\.|ص|م|ق\.ظ|ب\.ظ)?/iu;
/** Most words around a bare "today"/"yesterday" (no time of day) for it to be a date: "Yesterday", "posted today". */
const MAX_BARE_DAY_WORDS = 2;
const WORDS = /[\s,،]+/u;
const APOSTROPHE = /['’]/u;
/** Kana, Han and Hangul: words written without spaces around them. */
export const CJK = /[\u3040-\u9fff\uac00-\ud7af]/u;
/** Any day: where relative dates are only recognized, not resolved. */
export const ANY_DAY = '2000-01-01';
const NUMBER_UNIT = /(\d{1,3})\s*([\p{L}]+)/u;

/** True when `word` occurs in `text` as a whole word (CJK words need no spaces around them). */
function hasWord(text: string, word: string): boolean {
  const i = text.indexOf(word);
  if (i < 0) return false;
  if (CJK.test(word)) return true;
  const before = i === 0 ? '' : text[i - 1];
  const after = text[i + word.length] ?? '';
  // "today's" is a word of its own
  const joined = APOSTROPHE.test(after) && /\p{L}/u.test(text[i + word.length + 1] ?? '');
  return !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after) && !joined;
}

/** Minutes of a unit word; a CJK run ("天前") is read by its leading unit. */
function unitMinutes(word: string): number | undefined {
  const whole = UNIT_MINUTES.get(word);
  if (whole !== undefined || !CJK.test(word)) return whole;
  for (const [unit, minutes] of UNIT_MINUTES) if (CJK.test(unit) && word.startsWith(unit)) return minutes;
  return undefined;
}

/** The instant `minutes` before `iso` (noon when `iso` names a day only). */
function shiftDay(iso: string, minutes: number): Date {
  return new Date(Date.parse(`${iso.slice(0, 10)}T${iso.length >= 16 ? iso.slice(11, 16) : '12:00'}:00Z`) - minutes * 60000);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The time of day in `text` as `HH:MM` (12-hour marks applied), or null. */
function timeOf(text: string): string | null {
  const m = TIME.exec(text);
  if (!m) return null;
  let h = Number(m[1]);
  const mark = (m[3] ?? '').toLowerCase();
  if (h > 23 || Number(m[2]) > 59) return null;
  if (['pm', 'p.m.', 'م', 'ب.ظ'].includes(mark) && h < 12) h += 12;
  if (['am', 'a.m.', 'ص', 'ق.ظ'].includes(mark) && h === 12) h = 0;
  return `${pad(h)}:${m[2]}`;
}

/**
 * Reads a relative date in a short header text and resolves it against `reference` (the page's
 * current date, ISO). Returns the ISO date (`YYYY-MM-DDTHH:MM` when a time is shown, else the day),
 * or null when the text holds no relative date.
 * @example resolveRelativeDate('Yesterday, 7:10 pm', '2018-02-21T11:36') // '2018-02-20T19:10'
 * @category Threads
 */
export function resolveRelativeDate(text: string, reference: string): string | null {
  const lower = text.toLowerCase();
  if (!mayHoldRelativeDate(lower)) return null;
  const t = foldDigits(lower);
  let dayOffset = -1;
  if (TODAY_WORDS.some((w) => hasWord(t, w))) dayOffset = 0;
  else if (YESTERDAY_WORDS.some((w) => hasWord(t, w))) dayOffset = 1;
  if (dayOffset >= 0) {
    const time = timeOf(t);
    // "Today's paper" is a menu entry: a day word is a date with a time of day, or standing almost alone
    if (!time && t.split(WORDS).filter((w) => w).length > MAX_BARE_DAY_WORDS) return null;
    const day = shiftDay(reference.slice(0, 10), dayOffset * 1440).toISOString().slice(0, 10);
    return time ? `${day}T${time}` : day;
  }
  const m = NUMBER_UNIT.exec(t);
  if (!m) return null;
  const minutes = unitMinutes(m[2]);
  if (minutes === undefined) return null;
  const ago = AGO_AFTER.some((w) => hasWord(t.slice(m.index), w)) || AGO_BEFORE.some((w) => hasWord(t.slice(0, m.index), w));
  if (!ago) return null;
  const when = shiftDay(reference, Number(m[1]) * minutes).toISOString();
  return minutes < 1440 ? when.slice(0, 16) : when.slice(0, 10);
}
