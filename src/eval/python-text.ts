/**
 * Text primitives that behave exactly like the Python expressions of `score.py` (the reference
 * scorer of the shared corpora), so that `matn eval` and `score.py` agree on every page.
 *
 * Python 3 `str` regexes are Unicode-aware: `\w` is `str.isalnum()` plus `_` — the categories
 * L* and N* (Lu Ll Lt Lm Lo, Nd Nl No), **not** combining marks (Mn Mc Me); `\s` is
 * `str.isspace()` (bidi classes WS/B/S or category Zs, which includes U+001C–U+001F and U+0085 but
 * not U+FEFF, unlike JavaScript's `\s`); `\d` is category Nd. Python indexes strings by code point,
 * so every length and n-gram here is counted in code points, never UTF-16 units.
 * @module
 */

/** Python's `\w+` on `str`: runs of letters, numbers (any N* category) and `_`. */
const PY_WORD_RUN = /[\p{L}\p{N}_]+/gu;

/** The characters for which Python's `str.isspace()` is true (and `\s` matches). */
const PY_SPACE_CLASS = '\\t\\n\\v\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** Python's `\s+`. */
const PY_SPACE_RUN = new RegExp(`[${PY_SPACE_CLASS}]+`, 'gu');
/** Leading Python whitespace. */
const PY_SPACE_LEAD = new RegExp(`^[${PY_SPACE_CLASS}]+`, 'u');
/** Trailing Python whitespace. */
const PY_SPACE_TRAIL = new RegExp(`[${PY_SPACE_CLASS}]+$`, 'u');

/**
 * `re.search(r"(\d{4})\D{1,3}(\d{1,2})\D{1,3}(\d{1,2})", s)` of score.py's `day()`; `\d` is
 * category Nd in Python, as `\p{Nd}` here.
 */
const PY_DAY = /(\p{Nd}{4})\P{Nd}{1,3}(\p{Nd}{1,2})\P{Nd}{1,3}(\p{Nd}{1,2})/u;

/** One decimal digit (category Nd). */
const ND = /^\p{Nd}$/u;

/** Characters score.py's `norm_text` strips from both ends after lowering. */
const NORM_STRIP = new Set([' ', '\t', '-', '–', '—', '|', '_', ':', '·', '•']);

/**
 * `re.findall(r"\w+", text)` of Python 3 (`tokens()` in score.py).
 * @example pyWordTokens('ئۇيغۇر تىلى, 2024') // ['ئۇيغۇر', 'تىلى', '2024']
 * @category Evaluation
 */
export function pyWordTokens(text: string): string[] {
  return text.match(PY_WORD_RUN) ?? [];
}

/** `re.sub(r"\s+", replacement, text)` with Python's `\s`. @category Evaluation */
export function pyCollapseSpace(text: string, replacement: string): string {
  return text.replace(PY_SPACE_RUN, replacement);
}

/** `text.strip()` of Python (whitespace as `str.isspace()`). @category Evaluation */
export function pyStrip(text: string): string {
  return text.replace(PY_SPACE_LEAD, '').replace(PY_SPACE_TRAIL, '');
}

/** `text.strip(chars)` of Python for a set of single code points. */
function stripChars(text: string, chars: ReadonlySet<string>): string {
  const cps = Array.from(text);
  let start = 0;
  let end = cps.length;
  while (start < end && chars.has(cps[start]!)) start++;
  while (end > start && chars.has(cps[end - 1]!)) end--;
  return cps.slice(start, end).join('');
}

/**
 * score.py's `norm_text`: NFKC, whitespace runs to one space, strip, lower case, then strip
 * spaces, tabs and the separators `- – — | _ : · •` from both ends.
 * @category Evaluation
 */
export function normText(text: string | null | undefined): string {
  const s = pyStrip(pyCollapseSpace((text ?? '').normalize('NFKC'), ' ')).toLowerCase();
  return stripChars(s, NORM_STRIP);
}

/** The value 0–9 of a category-Nd code point (Nd digits come in runs of ten starting at zero). */
function digitValue(ch: string): number {
  const cp = ch.codePointAt(0)!;
  let start = cp;
  while (start > 0 && ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/** Python's `int()` of a string of Nd digits. */
function pyInt(digits: string): number {
  let n = 0;
  for (const ch of digits) n = n * 10 + digitValue(ch);
  return n;
}

/**
 * score.py's `day()`: the first `YYYY?M?D` triple (any decimal digits, 1–3 non-digits between)
 * as `YYYY-MM-DD`, or null. Non-strings are converted as Python's `str()` would for numbers.
 * @example pyDay('2012-4-13 12:30') // '2012-04-13'
 * @category Evaluation
 */
export function pyDay(value: unknown): string | null {
  if (value === null || value === undefined || value === '' || value === 0 || value === false) return null;
  const m = PY_DAY.exec(String(value));
  if (!m) return null;
  const [y, mo, d] = [pyInt(m[1]!), pyInt(m[2]!), pyInt(m[3]!)];
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  return `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}`;
}

/** The code points of `text` (Python's indexing unit). @category Evaluation */
export function codePoints(text: string): string[] {
  return Array.from(text);
}
