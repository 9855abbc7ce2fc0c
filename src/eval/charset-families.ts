/**
 * Charset families of score.py's `enc_family`: two labels count as the same answer when they
 * fall in one family (e.g. `gbk` and `gb18030`, `windows-1252` and `iso-8859-1`).
 * @module
 */
import { pyStrip } from './python-text.js';

/** The families, in score.py's order (a label's family is the first that holds it). @category Evaluation */
export const CHARSET_FAMILIES: readonly (readonly string[])[] = Object.freeze([
  ['gbk', 'gb2312', 'gb18030', 'x-gbk', 'cp936', 'euc-cn', 'hz-gb-2312'],
  ['big5', 'big5-hkscs', 'cp950', 'euc-tw'],
  ['shift_jis', 'shift-jis', 'sjis', 'cp932', 'windows-31j', 'ms932', 'x-sjis'],
  ['euc-kr', 'cp949', 'windows-949', 'ks_c_5601-1987', 'uhc'],
  ['utf-16le', 'utf-16'], ['utf-16be'],
  ['utf-32le', 'utf-32'], ['utf-32be'],
  ['windows-1252', 'iso-8859-1', 'latin1', 'cp1252', 'us-ascii', 'ascii', 'iso-8859-15'],
  ['windows-1251', 'cp1251'], ['koi8-r', 'koi8-u'], ['ibm866', 'cp866'],
  ['windows-1256', 'cp1256'], ['iso-8859-6'], ['windows-1255', 'cp1255'],
  ['iso-8859-8', 'iso-8859-8-i'], ['windows-1250', 'cp1250'],
  ['iso-8859-2'], ['iso-8859-5'], ['iso-8859-7'], ['windows-1253', 'cp1253'],
  ['iso-8859-9', 'windows-1254', 'cp1254'], ['tis-620', 'windows-874', 'cp874', 'iso-8859-11'],
  ['euc-jp'], ['iso-2022-jp'], ['iso-2022-kr'], ['utf-8', 'utf8'],
  ['macintosh', 'x-mac-roman', 'macroman'], ['x-mac-cyrillic', 'maccyrillic'],
  ['ibm855', 'cp855'], ['johab'],
].map((family) => Object.freeze(family)));

const FAMILY_SETS: readonly ReadonlySet<string>[] = CHARSET_FAMILIES.map((f) => new Set(f));

/**
 * score.py's `enc_family`: `family:<index>` for a known label (after trimming, lower-casing and
 * `_`→`-`), else the cleaned label itself, or null for an empty one.
 * @example charsetFamily('GB2312') === charsetFamily('gb18030') // true
 * @category Evaluation
 */
export function charsetFamily(label: string | null | undefined): string | null {
  let lab = label ? pyStrip(label).toLowerCase().replaceAll('_', '-') : '';
  if (lab === 'shift-jis') lab = 'shift_jis';
  const underscored = lab.replaceAll('-', '_');
  const index = FAMILY_SETS.findIndex((family) => family.has(lab) || family.has(underscored));
  if (index >= 0) return `family:${index}`;
  return lab === '' ? null : `label:${lab}`;
}
