/**
 * Cue words of bylines and datelines, one list per vocabulary and language, matched as whole
 * tokens right before the value they introduce (seed 002: publication time and author are found
 * by regular expressions over cue words next to the title).
 * @module
 */
import { wordAlternation } from './alternation.js';

/**
 * Words that introduce a publication date: Chinese 发布/发表于/时间/日期, Uyghur
 * نەشر قىلىنغان ۋاقىت/ۋاقتى/ۋاقىت, Arabic تاريخ النشر/نشر في/بتاريخ, English Published/Posted/Date.
 * @category Metadata
 */
export const DATE_CUES: readonly string[] = [
  '发布时间', '发表时间', '发布日期', '发表日期', '发布于', '发表于', '发布', '发表', '时间', '日期', '更新时间',
  'نەشر قىلىنغان ۋاقىت', 'نەشر قىلىنغان ۋاقتى', 'يوللانغان ۋاقىت', 'ۋاقتى', 'ۋاقىت', 'چېسلا',
  'تاريخ النشر', 'نشر في', 'نشر بتاريخ', 'بتاريخ', 'التاريخ', 'تاريخ',
  'published on', 'published', 'posted on', 'posted', 'date',
];

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
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${wordAlternation(cues)})[\\s:：﹕\\[【(（]{0,4}$`, 'iu');
}

const DATE_CUE_END_RE = cueAtEnd(DATE_CUES);
const NOW_CUE_END_RE = cueAtEnd(NOW_CUES);
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
 * Which kind of cue precedes offset `index` of `text` within `reach` characters (the metadata
 * stage passes its `cueReach` option): `date`, `now` or none.
 * @category Metadata
 */
export function cueBefore(text: string, index: number, reach: number): 'date' | 'now' | null {
  const before = text.slice(Math.max(0, index - reach), index);
  if (NOW_CUE_END_RE.test(before)) return 'now';
  return DATE_CUE_END_RE.test(before) ? 'date' : null;
}
