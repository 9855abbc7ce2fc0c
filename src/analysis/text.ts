/**
 * Character classes used to measure text: whitespace (exactly JavaScript's `\s`) and punctuation of
 * every script (Unicode general category P: `。，、；：？！“”‘’（）《》…—`, `، ؛ ؟ ٪ ۔`, `.,;:!?'"()[]-…`).
 * Counts are in code points, so one Chinese or Uyghur letter, or one astral emoji, is 1.
 * @module
 */

/** Unicode punctuation (general category P). Symbols (S: `$ + < = > ^ | ~`) are not punctuation. */
const PUNCTUATION = /^\p{P}$/u;

/** Classes of BMP code units in {@link CODE_CLASS}. */
const OTHER = 0, PUNCT = 1, SPACE = 2, OTHER_SPACE = 3, HIGH_SURROGATE = 4, LOW_SURROGATE = 5;

/** The class of each BMP code unit (one lookup per character); built once from the regex engine's Unicode data. */
const CODE_CLASS: Uint8Array = buildClassTable();

function buildClassTable(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdbff) table[c] = HIGH_SURROGATE;
    else if (c >= 0xdc00 && c <= 0xdfff) table[c] = LOW_SURROGATE;
    else if (c === 0x20) table[c] = SPACE;
    else if (isWhitespaceCode(c)) table[c] = OTHER_SPACE;
    else if (PUNCTUATION.test(String.fromCharCode(c))) table[c] = PUNCT;
  }
  return table;
}

/**
 * True for the UTF-16 code units JavaScript's `\s` matches: ASCII tab/LF/VT/FF/CR/space, NBSP,
 * the Unicode space separators, LS, PS and U+FEFF. Zero-width joiners/non-joiners are NOT whitespace
 * (ZWNJ is part of Uyghur and Persian words).
 * @category Analysis
 */
export function isWhitespaceCode(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 ||
    c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/**
 * Appends the lower-cased whitespace-separated tokens of `value` to `out` (what
 * `value.toLowerCase().split(/\s+/)` gives without the empty strings, scanned without a regex):
 * the class / id / itemprop tokens the extractors match against their vocabularies.
 * @category Analysis
 */
export function pushLowerCaseTokens(value: string | undefined, out: string[]): void {
  if (!value) return;
  const lower = value.toLowerCase();
  let start = -1;
  for (let k = 0; k <= lower.length; k++) {
    if (k === lower.length || isWhitespaceCode(lower.charCodeAt(k))) {
      if (start >= 0) out.push(lower.slice(start, k));
      start = -1;
    } else if (start < 0) start = k;
  }
}

/**
 * True when a code point is punctuation of any script (Unicode general category P).
 * @category Analysis
 */
export function isPunctuationCodePoint(cp: number): boolean {
  if (cp < 0x10000) return CODE_CLASS[cp] === PUNCT;
  return PUNCTUATION.test(String.fromCodePoint(cp));
}

/**
 * Result of {@link measureText}. A caller-owned scratch object, reused across calls to avoid one
 * allocation per text node.
 * @category Analysis
 */
export interface TextMeasure {
  /** Non-whitespace code points. */
  chars: number;
  /** Punctuation code points (a subset of `chars`). */
  punctuation: number;
  /** The text starts with whitespace. */
  leadingSpace: boolean;
  /** The text ends with whitespace. */
  trailingSpace: boolean;
  /** The text holds whitespace other than single U+0020 spaces between words (so it must be collapsed). */
  needsCollapse: boolean;
}

/** A fresh {@link TextMeasure} to pass to {@link measureText}. */
export function createTextMeasure(): TextMeasure {
  return { chars: 0, punctuation: 0, leadingSpace: false, trailingSpace: false, needsCollapse: false };
}

/**
 * Measures one string in a single `charCodeAt` pass: code points (whitespace excluded), punctuation,
 * and what collapsing its whitespace needs. Writes into `out` and returns it.
 * @category Analysis
 */
export function measureText(data: string, out: TextMeasure): TextMeasure {
  return measureRange(data, 0, data.length, out);
}

/**
 * {@link measureText} of `data.slice(from, to)`, without cutting it out.
 * @category Analysis
 */
export function measureRange(data: string, from: number, to: number, out: TextMeasure): TextMeasure {
  const length = to;
  let chars = 0;
  let punctuation = 0;
  let needsCollapse = false;
  let previousSpace = false;
  for (let i = from; i < length; i++) {
    const k = CODE_CLASS[data.charCodeAt(i)];
    if (k === OTHER || k === PUNCT) {
      chars++;
      punctuation += k; // PUNCT is 1
      previousSpace = false;
    } else if (k === SPACE || k === OTHER_SPACE) {
      if (k === OTHER_SPACE || previousSpace) needsCollapse = true;
      previousSpace = true;
    } else {
      chars++; // a surrogate pair, or a lone surrogate, is one code point
      previousSpace = false;
      if (k === HIGH_SURROGATE && i + 1 < length && CODE_CLASS[data.charCodeAt(i + 1)] === LOW_SURROGATE) {
        const cp = ((data.charCodeAt(i) - 0xd800) << 10) + (data.charCodeAt(i + 1) - 0xdc00) + 0x10000;
        if (PUNCTUATION.test(String.fromCodePoint(cp))) punctuation++;
        i++;
      }
    }
  }
  out.chars = chars;
  out.punctuation = punctuation;
  out.leadingSpace = to > from && isSpaceClass(CODE_CLASS[data.charCodeAt(from)]);
  out.trailingSpace = to > from && isSpaceClass(CODE_CLASS[data.charCodeAt(to - 1)]);
  out.needsCollapse = needsCollapse;
  return out;
}

function isSpaceClass(k: number): boolean {
  return k === SPACE || k === OTHER_SPACE;
}

/**
 * Collapses every whitespace run of `data` to one space and drops leading and trailing whitespace,
 * using the facts {@link measureText} found (so clean text is returned without copying).
 * @category Analysis
 */
export function collapseMeasured(data: string, measure: TextMeasure): string {
  return collapseMeasuredRange(data, 0, data.length, measure);
}

/** {@link collapseMeasured} of `data.slice(from, to)`, measured by {@link measureRange}. */
function collapseMeasuredRange(data: string, from: number, to: number, measure: TextMeasure): string {
  if (!measure.needsCollapse) {
    if (from === 0 && to === data.length && !measure.leadingSpace && !measure.trailingSpace) return data;
    return data.slice(measure.leadingSpace ? from + 1 : from, measure.trailingSpace ? to - 1 : to);
  }
  let start = from;
  let end = to;
  while (start < end && isSpaceClass(CODE_CLASS[data.charCodeAt(start)])) start++;
  while (end > start && isSpaceClass(CODE_CLASS[data.charCodeAt(end - 1)])) end--;
  let text = '';
  let piece = start;
  for (let i = start; i < end; i++) {
    if (!isSpaceClass(CODE_CLASS[data.charCodeAt(i)])) continue;
    text += data.slice(piece, i) + ' ';
    while (isSpaceClass(CODE_CLASS[data.charCodeAt(i + 1)])) i++; // the run ends before `end` (trimmed)
    piece = i + 1;
  }
  return text + data.slice(piece, end);
}

/**
 * Counts code points of a string, whitespace excluded.
 * @category Analysis
 */
export function countTextChars(data: string): number {
  return measureText(data, createTextMeasure()).chars;
}

/**
 * Accumulates the visible text of a page piece by piece (joined once at the end), collapsing
 * whitespace across pieces: one space between words, one "\n" at block boundaries, no leading or
 * trailing spaces on a line, no empty lines. Separators are written only in front of the next
 * content, so a separator never ends a node's text.
 * @category Analysis
 */
export class TextBuilder {
  /** UTF-16 length of the text written so far. */
  length = 0;
  private readonly pieces: string[] = [];
  private pendingSpace = false;
  private pendingBreak = false;

  /** Appends a text node's data, measured beforehand with {@link measureText}. */
  append(data: string, measure: TextMeasure): void {
    this.appendRange(data, 0, data.length, measure);
  }

  /** Appends `data.slice(from, to)`, measured beforehand with {@link measureRange}. */
  appendRange(data: string, from: number, to: number, measure: TextMeasure): void {
    if (measure.chars === 0) {
      if (to > from) this.pendingSpace = true;
      return;
    }
    if (measure.leadingSpace) this.pendingSpace = true;
    if (this.length > 0 && (this.pendingBreak || this.pendingSpace)) {
      this.pieces.push(this.pendingBreak ? '\n' : ' ');
      this.length++;
    }
    this.pendingBreak = false;
    this.pendingSpace = measure.trailingSpace;
    const text = collapseMeasuredRange(data, from, to, measure);
    this.pieces.push(text);
    this.length += text.length;
  }

  /** Requests a line break before the next content (several requests make one break). */
  breakLine(): void {
    this.pendingBreak = true;
  }

  /** The text written so far, as one string. */
  toString(): string {
    return this.pieces.join('');
  }
}

/**
 * True for the code units {@link TextBuilder} writes as separators (space and line feed).
 * @category Analysis
 */
export function isSeparatorCode(c: number): boolean {
  return c === 0x20 || c === 0x0a;
}
