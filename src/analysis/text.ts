/**
 * Character classes used to measure text: whitespace (exactly JavaScript's `\s`) and punctuation of
 * every script (Unicode general category P: `。，、；：？！“”‘’（）《》…—`, `، ؛ ؟ ٪ ۔`, `.,;:!?'"()[]-…`).
 * Counts are in code points, so one Chinese or Uyghur letter, or one astral emoji, is 1.
 * @module
 */
import { PAGE_SCRATCH } from '../core/scratch.js';

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
  /** The text starts with whitespace. */
  leadingSpace: boolean;
  /** The text ends with whitespace. */
  trailingSpace: boolean;
  /** The text holds whitespace other than single U+0020 spaces between words (so it must be collapsed). */
  needsCollapse: boolean;
}

/** A fresh {@link TextMeasure} to pass to {@link measureText}. */
export function createTextMeasure(): TextMeasure {
  return { chars: 0, leadingSpace: false, trailingSpace: false, needsCollapse: false };
}

/**
 * Measures one string in a single `charCodeAt` pass: code points (whitespace excluded) and what collapsing
 * its whitespace needs. Writes into `out` and returns it. Punctuation is {@link countPunctuation}'s: only
 * the density score reads it, and it is counted when first read (`stats.ts`), not in every analysis.
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
  let needsCollapse = false;
  let previousSpace = false;
  for (let i = from; i < length; i++) {
    const k = CODE_CLASS[data.charCodeAt(i)];
    if (k === OTHER || k === PUNCT) {
      chars++;
      previousSpace = false;
    } else if (k === SPACE || k === OTHER_SPACE) {
      if (k === OTHER_SPACE || previousSpace) needsCollapse = true;
      previousSpace = true;
    } else {
      chars++; // a surrogate pair, or a lone surrogate, is one code point
      previousSpace = false;
      if (k === HIGH_SURROGATE && i + 1 < length && CODE_CLASS[data.charCodeAt(i + 1)] === LOW_SURROGATE) i++;
    }
  }
  out.chars = chars;
  out.leadingSpace = to > from && isSpaceClass(CODE_CLASS[data.charCodeAt(from)]);
  out.trailingSpace = to > from && isSpaceClass(CODE_CLASS[data.charCodeAt(to - 1)]);
  out.needsCollapse = needsCollapse;
  return out;
}

/**
 * The punctuation code points (Unicode general category P) of `data.slice(from, to)`.
 * @category Analysis
 */
export function countPunctuation(data: string, from: number, to: number): number {
  let punctuation = 0;
  for (let i = from; i < to; i++) {
    const k = CODE_CLASS[data.charCodeAt(i)];
    if (k === PUNCT) punctuation++;
    else if (k === HIGH_SURROGATE && i + 1 < to && CODE_CLASS[data.charCodeAt(i + 1)] === LOW_SURROGATE) {
      if (PUNCTUATION.test(String.fromCodePoint(data.codePointAt(i)!))) punctuation++;
      i++;
    }
  }
  return punctuation;
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
  if (!measure.needsCollapse) {
    if (!measure.leadingSpace && !measure.trailingSpace) return data;
    return data.slice(measure.leadingSpace ? 1 : 0, measure.trailingSpace ? data.length - 1 : data.length);
  }
  let start = 0;
  let end = data.length;
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

/** True when a `Uint16Array` stores its code units as UTF-16LE, the order `Buffer#toString('utf16le')` reads. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * Accumulates the visible text of a page piece by piece, collapsing whitespace across pieces: one space
 * between words, one "\n" at block boundaries, no leading or trailing spaces on a line, no empty lines.
 * Separators are written only in front of the next content, so a separator never ends a node's text.
 *
 * The code units are copied into one buffer of the page scratch (`core/scratch.ts`), a byte each while
 * all are below U+0100 (then it is widened in place to two), and the string is made once at the end. Why: a string per text node and
 * separator, held in an array and joined, made 19 MB of garbage on a page of 187,000 `<p>w</p>` (1.5 MB).
 * @category Analysis
 */
export class TextBuilder {
  /** UTF-16 length of the text written so far. */
  length = 0;
  /** Taken from the pool at the first copy (a text of one piece needs none), sized by {@link capacity}. */
  private buffer: ArrayBuffer | null = null;
  /** The code units while all are below U+0100; a view of `buffer`. */
  private bytes = new Uint8Array(0);
  /** The code units once one is not (`null` until then); a view of `buffer`. */
  private units: Uint16Array | null = null;
  /**
   * While the text is its first piece only, and that piece needed no collapsing: the string it is
   * `uncopied[uncopiedStart, uncopiedStart + length)` of (copied once a second piece comes). A page whose
   * text is one text node gets a slice of it, as before, not a copy of the copy.
   */
  private uncopied: string | null = null;
  private uncopiedStart = 0;
  private pendingSpace = false;
  private pendingBreak = false;

  /** @param capacity the most code units expected (the buffer grows past it when need be) */
  constructor(private readonly capacity = 256) {}

  /** Appends a text node's data, measured beforehand with {@link measureText}. */
  append(data: string, measure: TextMeasure): void {
    this.appendRange(data, 0, data.length, measure);
  }

  /** Appends `data.slice(from, to)`, measured beforehand with {@link measureRange}, whitespace collapsed. */
  appendRange(data: string, from: number, to: number, measure: TextMeasure): void {
    if (measure.chars === 0) {
      if (to > from) this.pendingSpace = true;
      return;
    }
    if (measure.leadingSpace) this.pendingSpace = true;
    const separator = this.length === 0 ? 0 : this.pendingBreak ? 0x0a : this.pendingSpace ? 0x20 : 0;
    this.pendingBreak = false;
    this.pendingSpace = measure.trailingSpace;
    if (measure.needsCollapse) {
      this.reserve(to - from + 1);
      if (separator !== 0) this.put(separator);
      this.copyCollapsed(data, from, to);
      return;
    }
    // without whitespace to collapse, the piece is the range without its one leading and one trailing space
    const start = measure.leadingSpace ? from + 1 : from;
    const end = measure.trailingSpace ? to - 1 : to;
    if (this.length === 0) {
      this.uncopied = data;
      this.uncopiedStart = start;
      this.length = end - start;
      return;
    }
    this.reserve(end - start + 1);
    if (separator !== 0) this.put(separator);
    this.copy(data, start, end);
  }

  /** Requests a line break before the next content (several requests make one break). */
  breakLine(): void {
    this.pendingBreak = true;
  }

  /** The text, as one string. The builder is done: its buffer goes back to the pool. */
  finish(): string {
    if (this.uncopied !== null) return this.uncopied.slice(this.uncopiedStart, this.uncopiedStart + this.length);
    if (this.buffer === null) return '';
    const wide = this.units !== null;
    const bytes = Buffer.from(this.buffer, 0, wide ? 2 * this.length : this.length);
    if (wide && !LITTLE_ENDIAN) bytes.swap16();
    const text = bytes.toString(wide ? 'utf16le' : 'latin1');
    // back to the pool only once read: the next page's builder writes into it
    PAGE_SCRATCH.give(this.buffer);
    return text;
  }

  /** Copies `data[from, to)` (which holds no whitespace to collapse). */
  private copy(data: string, from: number, to: number): void {
    for (let i = from; i < to; i++) this.put(data.charCodeAt(i));
  }

  /** Copies `data[from, to)` without its leading and trailing whitespace, each whitespace run inside as one space. */
  private copyCollapsed(data: string, from: number, to: number): void {
    let start = from;
    let end = to;
    while (start < end && isSpaceClass(CODE_CLASS[data.charCodeAt(start)])) start++;
    while (end > start && isSpaceClass(CODE_CLASS[data.charCodeAt(end - 1)])) end--;
    let inSpace = false;
    for (let i = start; i < end; i++) {
      const c = data.charCodeAt(i);
      if (!isSpaceClass(CODE_CLASS[c])) {
        this.put(c);
        inSpace = false;
      } else if (!inSpace) {
        this.put(0x20);
        inSpace = true;
      }
    }
  }

  /** Writes one code unit (room was {@link reserve}d). */
  private put(c: number): void {
    if (this.units !== null) this.units[this.length++] = c;
    else if (c < 0x100) this.bytes[this.length++] = c;
    else {
      this.widen();
      this.put(c);
    }
  }

  /** Rewrites the bytes as two-byte code units in place, from the last (each unit's bytes lie at or after its byte). */
  private widen(): void {
    const units = new Uint16Array(this.bytes.buffer, 0, this.bytes.length >> 1);
    for (let k = this.length - 1; k >= 0; k--) units[k] = this.bytes[k];
    this.units = units;
  }

  /** Makes room for `count` more code units, and copies the uncopied first piece. */
  private reserve(count: number): void {
    const written = this.uncopied === null ? this.length : 0;
    if (this.length + count > this.bytes.length >> 1) this.grow(Math.max(this.capacity, this.length + count), written);
    if (this.uncopied !== null) {
      const data = this.uncopied;
      const end = this.uncopiedStart + this.length;
      this.uncopied = null;
      this.length = 0;
      this.copy(data, this.uncopiedStart, end);
    }
  }

  /** Moves the `written` code units to a buffer (the first, or one twice as big) of at least `capacity` code units. */
  private grow(capacity: number, written: number): void {
    const grown = PAGE_SCRATCH.take(2 * Math.max(this.bytes.length, capacity));
    new Uint8Array(grown).set(this.bytes.subarray(0, this.units !== null ? 2 * written : written));
    if (this.buffer !== null) PAGE_SCRATCH.give(this.buffer);
    this.buffer = grown;
    this.bytes = new Uint8Array(grown);
    if (this.units !== null) this.units = new Uint16Array(grown, 0, grown.byteLength >> 1);
  }
}

/**
 * True for the code units {@link TextBuilder} writes as separators (space and line feed).
 * @category Analysis
 */
export function isSeparatorCode(c: number): boolean {
  return c === 0x20 || c === 0x0a;
}
