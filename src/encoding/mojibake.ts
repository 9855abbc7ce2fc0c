/**
 * A legacy charset declared over bytes that are well-formed UTF-8 (`Ã©` mojibake): UTF-8 validity is
 * structural evidence no legacy text gives by chance beyond a few characters, so it is decided before
 * (and much faster than) the candidate ranking that checks other declarations (see `detect.ts`).
 * @module
 */
import { isAscii, isUtf8 } from 'node:buffer';
import { countUtf8SequencesUpTo } from './unicode-sniff.js';

/** A declared charset replaced by the one the bytes really are in. */
export interface CharsetOverride {
  readonly from: string;
  readonly to: string;
  /** Stable kebab-case reason: `single-byte-declared-but-utf8`, `multi-byte-declared-but-utf8`. */
  readonly reason: string;
  /** 0..1. */
  readonly confidence: number;
}

/** Options of {@link findLyingCharset}. */
export interface LyingCharsetOptions {
  /**
   * Least number of well-formed multi-byte UTF-8 sequences (with none ill-formed) to call a
   * single-byte declaration a lie.
   * @default 4
   */
  readonly minUtf8Sequences?: number;
  /**
   * The same for a multi-byte CJK declaration (GBK, Big5, Shift_JIS, EUC): a few GBK characters can
   * happen to form valid UTF-8, a page of them cannot.
   * @default 32
   */
  readonly minUtf8SequencesMultiByte?: number;
}

/** Defaults of {@link LyingCharsetOptions}. */
export const DEFAULT_LYING_CHARSET_OPTIONS: Readonly<Required<LyingCharsetOptions>> = Object.freeze({
  minUtf8Sequences: 4,
  minUtf8SequencesMultiByte: 32,
});

/** Multi-byte CJK encodings that UTF-8 bytes also hide behind (a page re-saved as UTF-8, its meta left as it was). */
const MULTI_BYTE: ReadonlySet<string> = new Set(['gbk', 'gb18030', 'big5', 'shift_jis', 'euc-jp', 'euc-kr']);

/** Single-byte encodings: a decoding of UTF-8 bytes with one of them is mojibake. */
const SINGLE_BYTE: ReadonlySet<string> = new Set([
  'ibm866', 'ibm855', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u',
  'macintosh', 'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254',
  'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic',
]);

/**
 * Checks a declared legacy charset against bytes that may be UTF-8; returns the override when they are.
 * @param declared a charset name (as returned by the label resolvers).
 * @example findLyingCharset(new TextEncoder().encode('<p>Déjà vu, café crème</p>'), 'windows-1252')?.to // 'utf-8'
 * @category Encoding
 */
export function findLyingCharset(bytes: Uint8Array, declared: string, options?: LyingCharsetOptions): CharsetOverride | null {
  const o = { ...DEFAULT_LYING_CHARSET_OPTIONS, ...options };
  // bytes that are not UTF-8 (the platform's SIMD check) are neither ASCII nor a UTF-8 lie: no full scan
  if (MULTI_BYTE.has(declared)) {
    if (!isUtf8(bytes)) return null;
    return countUtf8SequencesUpTo(bytes, o.minUtf8SequencesMultiByte) >= o.minUtf8SequencesMultiByte
      ? { from: declared, to: 'utf-8', reason: 'multi-byte-declared-but-utf8', confidence: 0.95 }
      : null;
  }
  if (!SINGLE_BYTE.has(declared) || !isUtf8(bytes) || isAscii(bytes)) return null;
  // the sequences are counted only up to the threshold: a UTF-8 page declared Latin is told at its first few
  return countUtf8SequencesUpTo(bytes, o.minUtf8Sequences) >= o.minUtf8Sequences
    ? { from: declared, to: 'utf-8', reason: 'single-byte-declared-but-utf8', confidence: 0.95 }
    : null;
}
