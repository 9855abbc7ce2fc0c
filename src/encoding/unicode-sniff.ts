/**
 * Byte-level checks for Unicode encodings: a strict UTF-8 validator and a sniffer for UTF-16/UTF-32
 * written without a byte-order mark (by where the NUL bytes fall).
 * @module
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { hasByte } from './buffer-view.js';

/** Result of {@link scanUtf8}. */
export interface Utf8Scan {
  /** Every byte is below 0x80. */
  readonly ascii: boolean;
  /** Well-formed multi-byte sequences. */
  readonly multibyte: number;
  /** Ill-formed sequences (each maximal ill-formed subpart counts once), including a truncated one at the end. */
  readonly invalid: number;
}

/**
 * Validates UTF-8 strictly (no overlong forms, no surrogates, nothing above U+10FFFF), in one pass.
 * @example scanUtf8(new TextEncoder().encode('شى')) // { ascii: false, multibyte: 2, invalid: 0 }
 * @category Encoding
 */
export function scanUtf8(bytes: Uint8Array): Utf8Scan {
  // Fast path: the platform's validators (SIMD) settle the common cases; only broken input takes the loop.
  if (isAscii(bytes)) return { ascii: true, multibyte: 0, invalid: 0 };
  if (isUtf8(bytes)) return { ascii: false, multibyte: countUtf8SequencesUpTo(bytes, Infinity), invalid: 0 };
  return scanUtf8Slow(bytes);
}

/**
 * The multi-byte sequences of well-formed UTF-8 `bytes` (its lead bytes, 0xC0 and above), counted up to
 * `limit` and no further: a caller that compares the count with a threshold stops reading there instead of
 * counting a whole page (`scanUtf8(bytes).multibyte >= n` is `countUtf8SequencesUpTo(bytes, n) >= n`).
 * @example countUtf8SequencesUpTo(new TextEncoder().encode('شىشى'), 2) // 2
 * @category Encoding
 */
export function countUtf8SequencesUpTo(bytes: Uint8Array, limit: number): number {
  let n = 0;
  for (let i = 0; i < bytes.length && n < limit; i++) if (bytes[i] >= 0xc0) n++;
  return n;
}

/** {@link scanUtf8} byte by byte, counting ill-formed subparts. */
function scanUtf8Slow(bytes: Uint8Array): Utf8Scan {
  let multibyte = 0;
  let invalid = 0;
  let ascii = true;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) { i++; continue; }
    ascii = false;
    let need: number;
    let lo = 0x80, hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) { need = 2; if (b === 0xe0) lo = 0xa0; else if (b === 0xed) hi = 0x9f; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; if (b === 0xf0) lo = 0x90; else if (b === 0xf4) hi = 0x8f; }
    else { invalid++; i++; continue; }
    let j = 1;
    for (; j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || c < (j === 1 ? lo : 0x80) || c > (j === 1 ? hi : 0xbf)) break;
    }
    if (j > need) { multibyte++; i += need + 1; } else { invalid++; i += j; }
  }
  return { ascii, multibyte, invalid };
}

/** Options of {@link sniffUtf16Or32}. */
export interface NulSniffOptions {
  /**
   * Bytes examined from the start.
   * @default 4096
   */
  readonly sampleBytes?: number;
}

/** Defaults of {@link NulSniffOptions}. */
export const DEFAULT_NUL_SNIFF_OPTIONS: Readonly<Required<NulSniffOptions>> = Object.freeze({ sampleBytes: 4096 });

/**
 * Recognizes UTF-16/UTF-32 without a BOM by the NUL bytes that ASCII and Latin characters leave in the
 * high bytes of each code unit (for example `<` is `3C 00` in UTF-16LE). Text without such characters
 * (all-CJK UTF-16) is not recognized.
 * @returns the encoding name, or null.
 * @category Encoding
 */
export function sniffUtf16Or32(bytes: Uint8Array, options?: NulSniffOptions): 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | null {
  const len = Math.min(bytes.length, options?.sampleBytes ?? DEFAULT_NUL_SNIFF_OPTIONS.sampleBytes) & ~3;
  if (len < 8) return null;
  if (!hasByte(bytes.subarray(0, len), 0)) return null; // no NUL byte: every share is 0
  const zeros = [0, 0, 0, 0];
  for (let i = 0; i < len; i++) if (bytes[i] === 0) zeros[i & 3]++;
  const units = len / 4;
  const share = zeros.map((z) => z / units);
  if (share[2] > 0.9 && share[3] > 0.9 && share[1] > 0.5 && share[0] < 0.1) return 'utf-32le';
  if (share[0] > 0.9 && share[1] > 0.9 && share[2] > 0.5 && share[3] < 0.1) return 'utf-32be';
  const odd = (share[1] + share[3]) / 2;
  const even = (share[0] + share[2]) / 2;
  if (odd > 0.5 && even < 0.05) return 'utf-16le';
  if (even > 0.5 && odd < 0.05) return 'utf-16be';
  return null;
}
