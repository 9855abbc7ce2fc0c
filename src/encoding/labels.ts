/**
 * Charset labels: the WHATWG "get an encoding" algorithm over the generated WHATWG table, plus a
 * small table of names the WHATWG standard does not know but pages and detectors use.
 * @module
 */
import { WHATWG_LABELS } from './whatwg-labels.js';

/** ASCII whitespace of the WHATWG standard (TAB, LF, FF, CR, SPACE), trimmed from both ends of a label. */
const ASCII_WHITESPACE_EDGES = /^[\t\n\f\r ]+|[\t\n\f\r ]+$/g;

/**
 * Labels that are not WHATWG labels, mapped to the lower-case name matn reports for them. Names of
 * encodings outside the WHATWG standard (`utf-32le`, `ibm855`, `johab`, `euc-tw`, `iso-2022-kr`) are
 * descriptive; {@link resolveLabel} does not return them. Vendor aliases of WHATWG encodings map to the
 * WHATWG name (their decoders are the WHATWG one: cp949 is euc-kr, cp936 is gbk, cp932 is shift_jis).
 */
const EXTRA_LABELS: Readonly<Record<string, string>> = Object.freeze({
  'utf-32': 'utf-32le', 'utf32': 'utf-32le', 'utf-32le': 'utf-32le', 'utf-32be': 'utf-32be', 'ucs-4': 'utf-32be',
  'ibm855': 'ibm855', 'cp855': 'ibm855', '855': 'ibm855', 'csibm855': 'ibm855',
  'johab': 'johab', 'euc-tw': 'euc-tw', 'x-euc-tw': 'euc-tw',
  'iso-2022-kr': 'iso-2022-kr', 'csiso2022kr': 'iso-2022-kr', 'hz-gb-2312': 'hz-gb-2312',
  'iso-2022-cn': 'iso-2022-cn', 'iso-2022-cn-ext': 'iso-2022-cn-ext',
  'maccyrillic': 'x-mac-cyrillic', 'mac-cyrillic': 'x-mac-cyrillic', 'macroman': 'macintosh', 'mac-roman': 'macintosh',
  'cp949': 'euc-kr', 'uhc': 'euc-kr', 'cp936': 'gbk', 'euc-cn': 'gbk', 'cp932': 'shift_jis', 'shift_jis_2004': 'shift_jis',
  'cp950': 'big5', 'big5hkscs': 'big5', 'cp874': 'windows-874', 'euc-jis-2004': 'euc-jp', 'utf-8-sig': 'utf-8',
  'utf-16-le': 'utf-16le', 'utf-16-be': 'utf-16be', 'utf-32-le': 'utf-32le', 'utf-32-be': 'utf-32be',
  'iso2022-jp-2': 'iso-2022-jp', 'iso2022-jp-2004': 'iso-2022-jp', 'iso2022-jp-ext': 'iso-2022-jp', 'iso2022_jp': 'iso-2022-jp',
  'windows-31j': 'shift_jis',
});

/** Trims ASCII whitespace and lower-cases ASCII letters only (WHATWG "ASCII lowercase"). */
function normalizeLabel(label: string): string {
  return label.replace(ASCII_WHITESPACE_EDGES, '').replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/**
 * WHATWG "get an encoding": the encoding name for a label, or null for an unknown label.
 * Leading and trailing ASCII whitespace is ignored and matching is ASCII case-insensitive.
 * Note that `iso-2022-kr`, `hz-gb-2312` and `iso-2022-cn` resolve to `replacement`, as in the standard.
 * @example resolveLabel(' ISO-8859-1 ') // 'windows-1252'
 * @see https://encoding.spec.whatwg.org/#concept-encoding-get
 * @category Encoding
 */
export function resolveLabel(label: string): string | null {
  const key = normalizeLabel(label);
  return Object.hasOwn(WHATWG_LABELS, key) ? WHATWG_LABELS[key] : null;
}

/**
 * Like {@link resolveLabel}, but first recognizes labels of encodings outside the WHATWG standard
 * (utf-32, ibm855, johab, euc-tw, iso-2022-kr, …) and vendor aliases (cp949, cp936, maccyrillic),
 * and accepts `_` for `-`. For reporting what a page or a detector names; null when unknown.
 * @example resolveCharsetLabel('CP855') // 'ibm855'
 * @category Encoding
 */
export function resolveCharsetLabel(label: string): string | null {
  const key = normalizeLabel(label);
  if (Object.hasOwn(EXTRA_LABELS, key)) return EXTRA_LABELS[key];
  const whatwg = resolveLabel(key);
  if (whatwg !== null) return whatwg;
  const dashed = key.replace(/_/g, '-');
  if (Object.hasOwn(EXTRA_LABELS, dashed)) return EXTRA_LABELS[dashed];
  return resolveLabel(dashed);
}
