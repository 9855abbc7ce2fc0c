/**
 * Month names of many languages, for reading dates written with words (`9 oktober 2020`,
 * `17 de marzo de 2020`, `29 июня 2020`, `Hunyo 29, 2020`). The names come from CLDR through the
 * generated {@link MONTH_NAMES_BY_LANGUAGE} table (charsets/build-month-names.mjs), plus the Arabic
 * and Uyghur spellings pages use that CLDR does not list (Levantine `كانون الثاني`, `ئاپرىل`).
 * A name that means different months in different languages (`listopad`: November in Czech and
 * Polish, October in Croatian) is read in the page's language when it is known, else as the month
 * most languages give it.
 * @module
 */
import { MONTH_NAMES_BY_LANGUAGE } from './month-names-table.js';

/**
 * Month names CLDR does not give in a single word or at all, by month (1-based): English
 * abbreviations pages use (`sept`), Arabic Egyptian and Levantine names (written `D Month Y` and also
 * `نيسان / أبريل`), and Uyghur spelling variants.
 */
export const EXTRA_MONTH_NAMES: readonly (readonly string[])[] = [
  [],
  ['january', 'jan', 'يناير', 'كانون الثاني', 'يانۋار'],
  ['february', 'feb', 'فبراير', 'شباط', 'فېۋرال', 'فىۋرال'],
  ['march', 'mar', 'مارس', 'آذار', 'مارت'],
  ['april', 'apr', 'أبريل', 'ابريل', 'إبريل', 'نيسان', 'ئاپرېل', 'ئاپرىل'],
  ['may', 'مايو', 'أيار', 'ماي'],
  ['june', 'jun', 'يونيو', 'يونيه', 'حزيران', 'ئىيۇن'],
  ['july', 'jul', 'يوليو', 'يوليه', 'تموز', 'ئىيۇل'],
  ['august', 'aug', 'أغسطس', 'اغسطس', 'آب', 'ئاۋغۇست'],
  ['september', 'sept', 'sep', 'سبتمبر', 'أيلول', 'سېنتەبىر', 'سىنتەبىر'],
  ['october', 'oct', 'أكتوبر', 'اكتوبر', 'تشرين الأول', 'ئۆكتەبىر', 'ئوكتەبىر'],
  ['november', 'nov', 'نوفمبر', 'تشرين الثاني', 'نويابىر', 'نويابر'],
  ['december', 'dec', 'ديسمبر', 'كانون الأول', 'دېكابىر', 'دىكابىر'],
];

/** Lower case, NFC, and without combining marks (so `ΙΟΥΝΙΟΥ` finds `ιουνίου`). */
function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{Mn}/gu, '').toLowerCase().normalize('NFC');
}

/** Per language: folded name → month. */
const BY_LANGUAGE: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  Object.entries(MONTH_NAMES_BY_LANGUAGE).map(([lang, months]) => [
    lang,
    new Map(months.flatMap((names, i) => names.split('|').map((n) => [foldName(n), i + 1] as const))),
  ]),
);

/** Folded name → month most languages agree on (extras count as one more vote). */
const ANY_LANGUAGE: ReadonlyMap<string, number> = (() => {
  const votes = new Map<string, Map<number, number>>();
  const vote = (name: string, month: number): void => {
    const byMonth = votes.get(name) ?? new Map<number, number>();
    byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
    votes.set(name, byMonth);
  };
  for (const table of BY_LANGUAGE.values()) for (const [name, month] of table) vote(name, month);
  EXTRA_MONTH_NAMES.forEach((names, month) => names.forEach((n) => vote(foldName(n), month)));
  const out = new Map<string, number>();
  for (const [name, byMonth] of votes) {
    const [month] = [...byMonth].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    out.set(name, month);
  }
  return out;
})();

/** The Thai names: Thai pages count years in the Buddhist era (2563 = 2020). */
const THAI: ReadonlyMap<string, number> = BY_LANGUAGE.get('th') ?? new Map();

/** Years of the Buddhist era are this much more than Gregorian ones. */
export const BUDDHIST_ERA_OFFSET = 543;

/**
 * The month (1–12) a word names, in `lang` first when given, else in any language; 0 when none.
 * @example
 * monthOf('oktober'); // 10
 * monthOf('listopad', 'hr'); // 10
 * monthOf('listopad'); // 11
 * @category Metadata
 */
export function monthOf(word: string, lang?: string | null): number {
  const name = foldName(word);
  if (lang) {
    const own = BY_LANGUAGE.get(lang)?.get(name);
    if (own !== undefined) return own;
  }
  return ANY_LANGUAGE.get(name) ?? 0;
}

/** True when `word` is a Thai month name (its year may be of the Buddhist era). @category Metadata */
export function isThaiMonth(word: string): boolean {
  return THAI.has(foldName(word));
}

/** Every month name known, folded, for alternations (multi-word names included). */
export function allMonthNames(): string[] {
  return [...ANY_LANGUAGE.keys()];
}
