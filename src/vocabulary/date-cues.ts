/**
 * Cue words of datelines, one list per meaning and language, matched as whole tokens right before the
 * date they introduce (seed 002: publication time and author are found by regular expressions over cue
 * words next to the title). Every list is matched on every page, whatever its language: a cue names its
 * meaning in one language only, and pages mix languages.
 * @module
 */
import { wordAlternation } from './alternation.js';
import { yearSignsIn } from './dates.js';

/**
 * Words that introduce a publication date, by language (Chinese 发布/发表于/时间/日期, Uyghur
 * نەشر قىلىنغان ۋاقىت, Arabic تاريخ النشر, English Published/Posted/Date, German Veröffentlicht am/Erstellt am, ...).
 * @category Metadata
 */
export const PUBLISHED_CUES: Readonly<Record<string, readonly string[]>> = {
  zh: ['发布时间', '发表时间', '发布日期', '发表日期', '发布于', '发表于', '发布', '发表', '时间', '日期', '更新时间'],
  ug: ['نەشر قىلىنغان ۋاقىت', 'نەشر قىلىنغان ۋاقتى', 'يوللانغان ۋاقىت', 'ۋاقتى', 'ۋاقىت', 'چېسلا'],
  ar: ['تاريخ النشر', 'نشر في', 'نشر بتاريخ', 'بتاريخ', 'التاريخ', 'تاريخ'],
  en: ['published on', 'published', 'posted on', 'posted', 'date'],
  de: ['veröffentlicht am', 'veröffentlicht', 'erstellt am', 'publiziert am', 'publiziert', 'datum'],
  fr: ['publié le', 'publié', 'mis en ligne le'],
  es: ['publicado el', 'publicado', 'fecha de publicación', 'fecha'],
  it: ['pubblicato il', 'pubblicato', 'data di pubblicazione'],
  pt: ['publicado em', 'publicado', 'data de publicação'],
  nl: ['gepubliceerd op', 'gepubliceerd', 'geplaatst op', 'datum'],
  pl: ['opublikowano', 'data publikacji', 'dodano'],
  ru: ['опубликовано', 'дата публикации'],
  tr: ['yayınlanma tarihi', 'yayın tarihi', 'yayınlanma'],
  fa: ['تاریخ انتشار', 'منتشر شده در', 'تاریخ'],
};

/**
 * Words that introduce a date of update or last change, by language (English Updated/Last modified,
 * German Aktualisiert/Letzte Änderung/zuletzt geändert am, French Mis à jour le, ...): not the
 * publication, which the date reader prefers; the page's own date when it states no other.
 * @category Metadata
 */
export const UPDATED_CUES: Readonly<Record<string, readonly string[]>> = {
  zh: ['更新于', '修改时间', '最后更新'],
  ar: ['آخر تحديث', 'تم التحديث', 'تحديث'],
  en: ['last updated on', 'last updated', 'updated on', 'updated', 'last modified', 'modified', 'last edited on', 'last edited', 'revised'],
  de: ['zuletzt aktualisiert am', 'zuletzt aktualisiert', 'aktualisiert am', 'aktualisiert', 'letzte änderung', 'zuletzt geändert am', 'geändert am', 'zuletzt am', 'stand'],
  fr: ['mis à jour le', 'mis à jour', 'mise à jour le', 'mise à jour', 'modifié le', 'actualisé le'],
  es: ['actualizado el', 'actualizado', 'última actualización', 'modificado el'],
  it: ['aggiornato il', 'aggiornato', 'ultimo aggiornamento', 'modificato il'],
  pt: ['atualizado em', 'atualizado', 'última atualização'],
  nl: ['bijgewerkt op', 'bijgewerkt', 'laatst gewijzigd', 'gewijzigd op'],
  pl: ['zaktualizowano', 'aktualizacja', 'ostatnia aktualizacja'],
  ru: ['обновлено', 'изменено', 'последнее обновление'],
  tr: ['güncellendi', 'güncelleme tarihi', 'son güncelleme'],
  fa: ['به‌روزرسانی', 'آخرین به‌روزرسانی'],
};

/**
 * Words that introduce the current date or time of the visit (a page clock, never the publication
 * date): Uyghur ھازىرقى ۋاقىت, Chinese 当前时间/现在时间/今天是, Arabic الوقت الآن/اليوم, English Today is/Current time.
 * @category Metadata
 */
export const NOW_CUES: readonly string[] = [
  'ھازىرقى ۋاقىت', 'بۈگۈن', '当前时间', '现在时间', '现在是', '今天是', '今天', 'الوقت الآن', 'الوقت الحالي', 'اليوم',
  'today is', 'current time', 'it is currently', 'the time now is',
];

/**
 * Labels of an official document's own date, the date it was signed and is cited by
 * (成文日期, GB/T 9704-2012 §7.3.5.3 “成文日期”): on a government page it stands beside 发布日期, the day
 * the site posted the document, and is the document's date.
 * @category Metadata
 */
export const DOCUMENT_DATE_CUES: readonly string[] = ['成文日期', '成文时间'];

/** A regex matching one of `cues` at the end of a text, followed by optional `:`, brackets and spaces. */
function cueAtEnd(cues: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${wordAlternation(cues, { spaceRuns: true })})[\\s:：﹕\\[【(（]{0,4}$`, 'iu');
}

const DATE_CUE_END_RE = cueAtEnd(Object.values(PUBLISHED_CUES).flat());
const UPDATED_CUE_END_RE = cueAtEnd(Object.values(UPDATED_CUES).flat());
const NOW_CUE_END_RE = cueAtEnd(NOW_CUES);
/** Most characters {@link UPDATED_CUE_RE} takes after a cue word (spaces, `:`, brackets). */
const MAX_CUE_TAIL = 4;
/**
 * Every update cue of a text, with what may stand between it and its date; whole tokens once the
 * character before it is checked ({@link findUpdatedCueEnds}). Without a look-behind in front the
 * engine skips ahead to where a cue's first letter stands instead of testing every position.
 */
const UPDATED_CUE_RE = new RegExp(`(?:${wordAlternation(Object.values(UPDATED_CUES).flat(), { spaceRuns: true })})(?![\\p{L}\\p{N}])[\\s:：﹕\\[【(（]{0,${MAX_CUE_TAIL}}`, 'giu');
/** A letter or a digit (one code point). */
const LETTER_OR_DIGIT_RE = /^[\p{L}\p{N}]$/u;
const DOCUMENT_DATE_CUE_RE = new RegExp(`(?:${wordAlternation(DOCUMENT_DATE_CUES)})[\\s:：﹕]{0,4}`, 'u');

/**
 * Offset just after the first official-document date label (成文日期：) of `text`, or -1.
 * @category Metadata
 */
export function findDocumentDateCue(text: string): number {
  const m = DOCUMENT_DATE_CUE_RE.exec(text);
  return m ? m.index + m[0].length : -1;
}

/**
 * Offsets just after each update cue of `text` (`Aktualisiert: `, `last modified on `) that four digits in
 * a row or `年` follow within `reach` characters, in text order: where the dates the page says it was
 * changed on start (`findDates` without `twoDigitYear` reads no date without one of them: `yearSignsIn`).
 * The cue search reads only the stretches of the text before them: a page's text is mostly prose without
 * a year, and the search at every position of it was the cost (the same cues are found there: see
 * {@link cueWindowStart}).
 * @category Metadata
 */
export function findUpdatedCueEnds(text: string, reach: number): number[] {
  const ends: number[] = [];
  const signs = yearSignsIn(text);
  const cues = new RegExp(UPDATED_CUE_RE);
  // the stretch [from, to) being grown: the cues starting in it, up to the year sign that ends it
  let from = -1;
  let to = -1;
  for (let m = signs.exec(text); m !== null; m = signs.exec(text)) {
    // a cue whose date holds this year ends at most `reach` + the tail's length before it
    const last = Math.max(0, m.index - reach - MAX_CUE_TAIL);
    const start = to >= last ? from : cueWindowStart(text, last, to);
    if (start > to) {
      if (to >= 0) pushCueEnds(text, from, to, cues, ends);
      from = start;
    }
    to = m.index;
  }
  if (to >= 0) pushCueEnds(text, from, to, cues, ends);
  return ends;
}

/**
 * Where the cue search must start to find every cue whose last character is at `last` or later: at the
 * start of the run of characters that may stand in a cue holding `last` ({@link mayBeInCue}), or at
 * `last` when it is none. No cue crosses that start, and none begins inside the tail of a cue before it
 * (the tail holds no letter), so a search from there finds the cues that a search of the whole text finds.
 * Returns `floor` (the end of the stretch before) as soon as the run reaches it.
 */
function cueWindowStart(text: string, last: number, floor: number): number {
  let start = last;
  while (start > 0 && start > floor && mayBeInCue(text.charCodeAt(start - 1))) start--;
  return start;
}

/** A letter, mark or format character (the zero-width non-joiner of `به‌روزرسانی`), in one code unit or as half of a pair. */
const NON_ASCII_CUE_UNIT_RE = /^[\p{L}\p{M}\p{Cf}]$/u;

/**
 * True for a UTF-16 unit that may stand in an update cue: an ASCII letter, space or tab, a letter, mark
 * or format character beyond ASCII, or either half of a surrogate pair (taken as part of a letter).
 */
function mayBeInCue(unit: number): boolean {
  if (unit < 0x80) return unit === 0x20 || unit === 0x09 || ((unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a);
  return (unit >= 0xd800 && unit <= 0xdfff) || NON_ASCII_CUE_UNIT_RE.test(String.fromCharCode(unit));
}

/**
 * Pushes the ends of the update cues of `text` that start in [`from`, `to`), `from` a start of {@link cueWindowStart}.
 * The text is read to `to` + the tail's length: a cue before `to` ends by `to` (no cue holds a digit or `年`).
 * `re`: a copy of {@link UPDATED_CUE_RE}, its `lastIndex` free to set.
 */
function pushCueEnds(text: string, from: number, to: number, re: RegExp, ends: number[]): void {
  const window = text.slice(from, to + MAX_CUE_TAIL);
  re.lastIndex = 0;
  for (let m = re.exec(window); m !== null && m.index < to - from; m = re.exec(window)) {
    const at = from + m.index;
    // a cue glued to a letter or digit before it is part of a longer word: search on from the next position
    if (at > 0 && LETTER_OR_DIGIT_RE.test(codePointBefore(text, at))) re.lastIndex = m.index + 1;
    else ends.push(at + m[0].length);
  }
}

/** The code point that ends right before offset `index` of `text` (`index` > 0), as a string. */
function codePointBefore(text: string, index: number): string {
  const unit = text.charCodeAt(index - 1);
  const pair = unit >= 0xdc00 && unit <= 0xdfff && index > 1 && (text.charCodeAt(index - 2) & 0xfc00) === 0xd800;
  return text.slice(pair ? index - 2 : index - 1, index);
}

/** The kinds of cue {@link cueBefore} tells apart. @category Metadata */
export type DateCue = 'date' | 'updated' | 'now';

/**
 * Which kind of cue precedes offset `index` of `text` within `reach` characters (the metadata
 * stage passes its `cueReach` option): `date` (publication), `updated`, `now` or none. The longest
 * cue ending right before the date decides (`Last updated:` is an update, `Posted:` a publication).
 * @category Metadata
 */
export function cueBefore(text: string, index: number, reach: number): DateCue | null {
  const before = text.slice(Math.max(0, index - reach), index);
  if (NOW_CUE_END_RE.test(before)) return 'now';
  const updated = UPDATED_CUE_END_RE.exec(before);
  const published = DATE_CUE_END_RE.exec(before);
  if (updated === null) return published === null ? null : 'date';
  return published !== null && published.index < updated.index ? 'date' : 'updated';
}
