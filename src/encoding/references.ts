import { Buffer } from 'node:buffer';

/*
 * Numeric character references: `&#1588;`, `&#x634;`, with or without the `;` (HTML decodes both) —
 * the syntax `&#(?:[xX][0-9A-Fa-f]+|[0-9]+);?`, matched by hand after `indexOf('&#')` (one pass, linear).
 */

/**
 * HTML's remapping of references to C1 code points (the windows-1252 reading), from the HTML Standard,
 * "numeric character reference end state". 0x81, 0x8D, 0x8F, 0x90 and 0x9D have no entry.
 */
const C1_REMAP: ReadonlyMap<number, number> = new Map([
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020],
  [0x87, 0x2021], [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152],
  [0x8e, 0x017d], [0x91, 0x2018], [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022],
  [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc], [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a],
  [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
]);

/** Result of {@link decodeCharacterReferences}. @category Encoding */
export interface DecodeReferencesResult {
  readonly html: string;
  /** Number of references replaced by their character. */
  readonly count: number;
}

/** True for Unicode noncharacters (U+FDD0–U+FDEF and the last two code points of every plane). */
function isNoncharacter(cp: number): boolean {
  return (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
}

/**
 * The code point a numeric reference with this value stands for, when we decode it, else null.
 * Digits longer than 8 significant characters are out of range whatever they say (the caller checks).
 */
function resolveReference(value: number): number | null {
  const cp = C1_REMAP.get(value) ?? value;
  if (cp < 0xa0 || cp > 0x10ffff) return null; // ASCII, C0/C1 controls, NUL, out of range
  if (cp >= 0xd800 && cp <= 0xdfff) return null; // surrogates
  if (isNoncharacter(cp) || cp === 0xfeff) return null; // U+FEFF: a BOM must not appear mid-text by decoding
  return cp;
}

/** Maximum significant digits of a reference we decode (8 hex digits reach beyond U+10FFFF already). */
const MAX_DIGITS = 8;
/** The bytes `&#`. */
const AMP_HASH = Buffer.from('&#', 'latin1');

/**
 * Reads the numeric reference whose `&#` is at `amp` (code units or bytes through `codeAt`, `n` long):
 * null when no digit follows; else the index after it (and its optional `;`) and the character to
 * write, or `cp` null when the reference stays as written (see {@link decodeCharacterReferences}).
 */
function readReference(codeAt: (k: number) => number, amp: number, n: number): { end: number; cp: number | null } | null {
  let i = amp + 2;
  const hex = (codeAt(i) | 0x20) === 0x78; // x or X
  if (hex) i++;
  const start = i;
  let value = 0;
  let significant = 0;
  for (; i < n; i++) {
    const c = codeAt(i);
    const l = c | 0x20;
    let d: number;
    if (c >= 0x30 && c <= 0x39) d = c - 0x30;
    else if (hex && l >= 0x61 && l <= 0x66) d = l - 0x57;
    else break;
    if (significant > 0 || d > 0) significant++;
    if (significant <= MAX_DIGITS) value = value * (hex ? 16 : 10) + d;
  }
  if (i === start) return null;
  if (codeAt(i) === 0x3b) i++; // the optional `;`
  return { end: i, cp: significant > MAX_DIGITS ? null : resolveReference(value) };
}

/**
 * Decodes numeric character references of non-ASCII characters (`&#1588;` → `ش`, `&#x634` → `ش`) in the
 * whole HTML string — text, attribute values, and everything else — applying HTML's C1 remap
 * (`&#128;` → `€`, `&#150;` → `–`). This is what legacy Uyghur pages need: the paper's §3.1 converts
 * every `&#NNNN;` before any character is counted, so one letter is one character for every algorithm.
 *
 * What stays as written (the parser decodes or rejects it exactly as before):
 * - every reference to an ASCII character (U+0000–U+007F). This covers the markup-significant
 *   `< > & " '` and also `/ ! ? # ;` and ASCII letters and digits, whose decoding could create a tag
 *   (`<&#100;iv>`, `</&#100;iv>`) or a new reference (`&&#97;mp;`, `&#x&#54;34;`). A non-ASCII character
 *   can take part in neither markup nor reference syntax, so decoding it never changes the parse tree
 *   (only the spelling of a tag or attribute name that itself contains a reference, which no real page has);
 * - references to C0/C1 controls without a remap (0x81, 0x8D, 0x8F, 0x90, 0x9D), to NUL, to
 *   surrogates, to noncharacters, to U+FEFF (a BOM; decoding it at the start would make `normalize` not
 *   idempotent), and out-of-range ones: the HTML parser reports those and turns
 *   NUL/surrogates/out-of-range into U+FFFD itself;
 * - named references (`&nbsp;`): the parser knows the full list.
 *
 * References inside `<script>`/`<style>` are decoded too (HTML would leave them literal there): harmless for
 * text extraction, which ignores those elements, and it keeps this a single linear pass without a tokenizer.
 * @example
 * decodeCharacterReferences('<p title="&#1588;">&#x634&#128;&#60;</p>') // html: '<p title="ش">ش€&#60;</p>', count: 3
 * @see Wang, Zhou, Li — 基于正文相关度的维吾尔网页正文提取, §3.1
 * @category Encoding
 */
export function decodeCharacterReferences(html: string): DecodeReferencesResult {
  let amp = html.indexOf('&#');
  if (amp < 0) return { html, count: 0 };
  const n = html.length;
  let out = ''; // concatenation (a rope, flattened once by the next reader) beats collecting parts here
  let last = 0;
  let count = 0;
  while (amp >= 0) {
    const ref = readReference((k) => html.charCodeAt(k), amp, n);
    if (ref === null) {
      amp = html.indexOf('&#', amp + 1); // `&#` without digits: not a reference
      continue;
    }
    const { cp, end: i } = ref;
    if (cp !== null) {
      out += html.slice(last, amp) + (cp > 0xffff ? String.fromCodePoint(cp) : String.fromCharCode(cp));
      last = i;
      count++;
    }
    amp = html.indexOf('&#', i);
  }
  return count === 0 ? { html, count } : { html: out + html.slice(last), count };
}


/** Result of {@link decodeUtf8CharacterReferences}. @category Encoding */
export interface DecodeUtf8ReferencesResult {
  /** The bytes with every decoded reference replaced by the UTF-8 of its character (the input itself when none was). */
  readonly bytes: Uint8Array;
  /** Number of references replaced by their character. */
  readonly count: number;
}

/** Writes the UTF-8 form of a scalar value at `at`; returns the index after it. */
function writeUtf8(out: Uint8Array, at: number, cp: number): number {
  if (cp < 0x800) {
    out[at] = 0xc0 | (cp >> 6);
    out[at + 1] = 0x80 | (cp & 0x3f);
    return at + 2;
  }
  if (cp < 0x10000) {
    out[at] = 0xe0 | (cp >> 12);
    out[at + 1] = 0x80 | ((cp >> 6) & 0x3f);
    out[at + 2] = 0x80 | (cp & 0x3f);
    return at + 3;
  }
  out[at] = 0xf0 | (cp >> 18);
  out[at + 1] = 0x80 | ((cp >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((cp >> 6) & 0x3f);
  out[at + 3] = 0x80 | (cp & 0x3f);
  return at + 4;
}

/**
 * {@link decodeCharacterReferences} on the bytes of a UTF-8 page, before decoding: the same references
 * are decoded (written as UTF-8), so decoding the result gives the same text as decoding the bytes and
 * then the references — with one string built instead of two. References and their replacements are
 * ASCII and whole UTF-8 sequences, so on well-formed UTF-8 the two orders agree; on other input the
 * result is unspecified. A decoded reference is never shorter than its UTF-8 form (at least `&#` and
 * two digits for 2 bytes), so the result fits in the input's length.
 * @category Encoding
 */
export function decodeUtf8CharacterReferences(bytes: Uint8Array): DecodeUtf8ReferencesResult {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let amp = buf.indexOf(AMP_HASH);
  if (amp < 0) return { bytes, count: 0 };
  const n = buf.length;
  const out = Buffer.allocUnsafe(n);
  let written = 0;
  let last = 0;
  let count = 0;
  while (amp >= 0) {
    const ref = readReference((k) => buf[k], amp, n);
    if (ref === null) {
      amp = buf.indexOf(AMP_HASH, amp + 1);
      continue;
    }
    const { cp, end: i } = ref;
    if (cp !== null) {
      written += buf.copy(out, written, last, amp);
      written = writeUtf8(out, written, cp);
      last = i;
      count++;
    }
    amp = buf.indexOf(AMP_HASH, i);
  }
  if (count === 0) return { bytes, count: 0 };
  written += buf.copy(out, written, last, n);
  return { bytes: out.subarray(0, written), count };
}
