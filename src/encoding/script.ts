/**
 * Name of a writing system as matn reports it: lower-case, Unicode script names folded where one language
 * family writes with several (Hiragana + Katakana → `kana`). `other` is a letter of any script not listed,
 * `none` is a text without letters.
 * @category Encoding
 */
export type ScriptName =
  | 'arabic' | 'latin' | 'han' | 'cyrillic' | 'greek' | 'hebrew' | 'hangul' | 'kana' | 'thai' | 'lao'
  | 'khmer' | 'myanmar' | 'tibetan' | 'mongolian' | 'syriac' | 'thaana' | 'nko' | 'devanagari' | 'bengali'
  | 'gurmukhi' | 'gujarati' | 'oriya' | 'tamil' | 'telugu' | 'kannada' | 'malayalam' | 'sinhala'
  | 'georgian' | 'armenian' | 'ethiopic' | 'other' | 'none';

/** [our name, Unicode Script property value]. */
const SCRIPTS: ReadonlyArray<readonly [ScriptName, string]> = [
  ['arabic', 'Arabic'], ['latin', 'Latin'], ['han', 'Han'], ['cyrillic', 'Cyrillic'], ['greek', 'Greek'],
  ['hebrew', 'Hebrew'], ['hangul', 'Hangul'], ['kana', 'Hiragana'], ['kana', 'Katakana'], ['thai', 'Thai'],
  ['lao', 'Lao'], ['khmer', 'Khmer'], ['myanmar', 'Myanmar'], ['tibetan', 'Tibetan'], ['mongolian', 'Mongolian'],
  ['syriac', 'Syriac'], ['thaana', 'Thaana'], ['nko', 'Nko'], ['devanagari', 'Devanagari'], ['bengali', 'Bengali'],
  ['gurmukhi', 'Gurmukhi'], ['gujarati', 'Gujarati'], ['oriya', 'Oriya'], ['tamil', 'Tamil'], ['telugu', 'Telugu'],
  ['kannada', 'Kannada'], ['malayalam', 'Malayalam'], ['sinhala', 'Sinhala'], ['georgian', 'Georgian'],
  ['armenian', 'Armenian'], ['ethiopic', 'Ethiopic'],
];

/** One test per script, in the order of {@link SCRIPTS}; each a single property escape. */
const SCRIPT_TESTS: ReadonlyArray<readonly [ScriptName, RegExp]> = SCRIPTS.map(([name, s]) => [name, new RegExp(`^\\p{Script=${s}}$`, 'u')]);
/** A letter of any script. */
const LETTER_RE = /^\p{L}$/u;

/** Script of one non-ASCII code point, or null when it is not a letter. */
function classifyCodePoint(cp: number): ScriptName | null {
  const ch = String.fromCodePoint(cp);
  if (!LETTER_RE.test(ch)) return null;
  for (const [name, test] of SCRIPT_TESTS) if (test.test(ch)) return name;
  return 'other';
}

/** Scripts written right to left. */
const RTL_SCRIPTS: ReadonlySet<ScriptName> = new Set<ScriptName>(['arabic', 'hebrew', 'syriac', 'thaana', 'nko']);

/** Elements whose content is not text. */
const RAW_TEXT_END_RE: Readonly<Record<string, RegExp>> = { script: /<\/script/gi, style: /<\/style/gi };
/** A start tag of an element whose content is skipped, matched at the `<`. */
const RAW_TEXT_START_RE = /<(script|style)(?=[\s/>])/iy;
/** `<` that opens markup: a tag, an end tag, a comment, a declaration or a processing instruction. */
const MARKUP_OPEN_RE = /<[A-Za-z/!?]/y;

/**
 * Options of {@link detectScript}.
 * @category Encoding
 */
export interface DetectScriptOptions {
  /**
   * Treat the input as HTML: skip tags, comments, `<script>`/`<style>` content and named references, so
   * that markup (always Latin) does not outvote the text.
   * @default true
   */
  markup?: boolean;
}

/** Defaults of {@link DetectScriptOptions}. @category Encoding */
export const DEFAULT_DETECT_SCRIPT_OPTIONS: Readonly<Required<DetectScriptOptions>> = Object.freeze({ markup: true });

/**
 * Letters counted per script, and the winner.
 * @category Encoding
 */
export interface ScriptReport {
  /** The script with most letters; `none` without letters. */
  readonly script: ScriptName;
  /** Letters per script (only scripts seen). */
  readonly counts: Readonly<Partial<Record<ScriptName, number>>>;
  /** All letters counted. */
  readonly letters: number;
  /** Share of the winner among all letters, 0..1 (0 for `none`). */
  readonly share: number;
}

/** True for ASCII letters and digits (the body of a named reference). */
function isAsciiAlphanumeric(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
}

/** Every {@link ScriptName} a letter can get, `other` last; a letter's script is counted by its index here. */
const LETTER_SCRIPTS: readonly ScriptName[] = [...new Set(SCRIPTS.map(([name]) => name)), 'other'];
const LATIN = LETTER_SCRIPTS.indexOf('latin');
/** Index in {@link LETTER_SCRIPTS} of each name. */
const SCRIPT_INDEX: ReadonlyMap<ScriptName, number> = new Map(LETTER_SCRIPTS.map((name, k) => [name, k]));
/** Cache value of a code point that is not a letter. */
const NOT_LETTER = -1;

const HAN = LETTER_SCRIPTS.indexOf('han');
const HANGUL = LETTER_SCRIPTS.indexOf('hangul');
const ARABIC = LETTER_SCRIPTS.indexOf('arabic');
/** What {@link knownScriptIndex} says for a code point outside its ranges. */
const NOT_KNOWN = -2;

/**
 * Script index of the code points of a few large ranges whose every code point is a letter of one script
 * (a test checks each against the property escapes): CJK ideographs and Extension A (Han), Hangul
 * syllables, the Arabic letters ء..ي without the tatweel. A Chinese page has thousands of distinct
 * ideographs; each would otherwise cost a cache entry and several property-escape tests.
 */
function knownScriptIndex(cp: number): number {
  if (cp >= 0x4e00 ? cp <= 0x9fff : cp >= 0x3400 && cp <= 0x4dbf) return HAN;
  if (cp >= 0xac00 && cp <= 0xd7a3) return HANGUL;
  if (cp >= 0x0620 && cp <= 0x064a && cp !== 0x0640) return ARABIC;
  return NOT_KNOWN;
}

/** {@link BMP_SCRIPT} value of a code point not classified yet. */
const UNCLASSIFIED = -3;

/**
 * Script index (or {@link NOT_LETTER}) of each BMP code point met so far, for the whole process: a
 * code point's script is a fixed fact, and a thread page asks for the script of every post, so a
 * per-call memo classified the same letters (Uyghur ې, Cyrillic ж) once per post. 64 KB; astral code
 * points keep the per-call memo.
 */
const BMP_SCRIPT = new Int8Array(0x10000).fill(UNCLASSIFIED);

/** Script index (or {@link NOT_LETTER}) of a code point, by {@link classifyCodePoint}. */
function scriptIndexOf(cp: number): number {
  const name = classifyCodePoint(cp);
  return name === null ? NOT_LETTER : (SCRIPT_INDEX.get(name) as number);
}

/** Letter counts of one {@link detectScript} call, by script index, and the scripts in the order first seen. */
interface LetterCounts {
  readonly counts: Float64Array;
  readonly order: number[];
  /** Script index (or {@link NOT_LETTER}) of the astral code points met so far (BMP ones: {@link BMP_SCRIPT}). */
  readonly cache: Map<number, number>;
}

function countScript(state: LetterCounts, k: number, n: number): void {
  if (state.counts[k] === 0) state.order.push(k);
  state.counts[k] += n;
}

/**
 * Adds the letters of one text segment to the counts: ASCII letters are Latin; other code points are
 * classified once (BMP: for the process, see {@link BMP_SCRIPT}; astral: per call); named references are skipped.
 */
function countLetters(segment: string, state: LetterCounts): void {
  let latin = 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x26 && isAsciiAlphanumeric(segment.charCodeAt(i + 1))) {
        while (isAsciiAlphanumeric(segment.charCodeAt(i + 1))) i++; // &name; — not text
      } else if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) {
        if (latin === 0 && state.counts[LATIN] === 0) state.order.push(LATIN); // first seen here, as a Map would insert it
        latin++;
      }
      continue;
    }
    const cp = segment.codePointAt(i) as number;
    if (cp > 0xffff) i++;
    let k: number | undefined = knownScriptIndex(cp);
    if (k === NOT_KNOWN) {
      if (cp <= 0xffff) {
        k = BMP_SCRIPT[cp];
        if (k === UNCLASSIFIED) BMP_SCRIPT[cp] = k = scriptIndexOf(cp);
      } else {
        k = state.cache.get(cp);
        if (k === undefined) state.cache.set(cp, (k = scriptIndexOf(cp)));
      }
    }
    if (k === NOT_LETTER) continue;
    if (k === LATIN) {
      if (latin === 0 && state.counts[LATIN] === 0) state.order.push(LATIN);
      latin++;
    } else countScript(state, k, 1);
  }
  state.counts[LATIN] += latin;
}

/** Index just past the markup that starts at `lt` (a `<`), or -1 when it never closes. */
function skipMarkup(html: string, lt: number): number {
  if (html.startsWith('<!--', lt)) {
    const end = html.indexOf('-->', lt + 4);
    return end < 0 ? -1 : end + 3;
  }
  RAW_TEXT_START_RE.lastIndex = lt;
  const raw = RAW_TEXT_START_RE.exec(html);
  const close = html.indexOf('>', lt);
  if (close < 0) return -1;
  if (raw === null) return close + 1;
  const endRe = RAW_TEXT_END_RE[raw[1].toLowerCase()];
  endRe.lastIndex = close + 1;
  const end = endRe.exec(html);
  if (end === null) return -1;
  const endClose = html.indexOf('>', end.index);
  return endClose < 0 ? -1 : endClose + 1;
}

/** Calls `visit` with every text segment of `html` (between tags, outside comments/script/style). */
function forEachTextSegment(html: string, visit: (segment: string) => void): void {
  let pos = 0;
  let from = 0;
  while (pos < html.length) {
    const lt = html.indexOf('<', from);
    if (lt < 0) break;
    MARKUP_OPEN_RE.lastIndex = lt;
    if (!MARKUP_OPEN_RE.test(html)) {
      from = lt + 1;
      continue;
    }
    if (lt > pos) visit(html.slice(pos, lt));
    const next = skipMarkup(html, lt);
    if (next < 0) return;
    pos = next;
    from = next;
  }
  if (pos < html.length) visit(html.slice(pos));
}

/**
 * Finds the dominant script of a text or an HTML page: counts letters (`\p{L}`) per Unicode script and
 * returns the script with most. Used by `normalize` (which invisible characters are meaningful) and later
 * for `lang`/`dir`. Linear time.
 * @example
 * detectScript('<p class="x">ئۇيغۇرچە text</p>').script // 'arabic'
 * @category Encoding
 */
export function detectScript(text: string, options?: DetectScriptOptions): ScriptReport {
  const markup = options?.markup ?? DEFAULT_DETECT_SCRIPT_OPTIONS.markup;
  const state: LetterCounts = { counts: new Float64Array(LETTER_SCRIPTS.length), order: [], cache: new Map() };
  if (markup) forEachTextSegment(text, (segment) => countLetters(segment, state));
  else countLetters(text, state);
  const counts = new Map<ScriptName, number>(state.order.map((k) => [LETTER_SCRIPTS[k], state.counts[k]]));
  let script: ScriptName = 'none';
  let best = 0;
  let letters = 0;
  for (const [name, n] of counts) {
    letters += n;
    if (n > best) {
      best = n;
      script = name;
    }
  }
  return { script, counts: Object.fromEntries(counts), letters, share: letters === 0 ? 0 : best / letters };
}

/**
 * True for scripts written right to left (Arabic, Hebrew, Syriac, Thaana, N'Ko).
 * @category Encoding
 */
export function isRightToLeftScript(script: string): boolean {
  return RTL_SCRIPTS.has(script as ScriptName);
}
