/**
 * Decoding bytes to text. The only module that imports iconv-lite. WHATWG encoding names are mapped to
 * the iconv-lite codec that implements the WHATWG decoder most closely (gbk → gb18030, big5 → big5hkscs,
 * shift_jis → cp932, euc-kr → cp949); `iso-2022-jp` uses the platform `TextDecoder` when it has one.
 * @module
 */
import iconv from 'iconv-lite';
import { MatnError } from '../core/errors.js';
import { resolveCharsetLabel } from './labels.js';

/** matn charset name → iconv-lite codec name, where they differ. */
const ICONV_NAMES: Readonly<Record<string, string>> = Object.freeze({
  'utf-8': 'utf8',
  'gbk': 'gb18030',
  'big5': 'big5hkscs',
  'shift_jis': 'cp932',
  'euc-kr': 'cp949',
  'euc-jp': 'eucjp',
  'windows-874': 'windows874',
  'x-mac-cyrillic': 'maccyrillic',
  'iso-8859-8-i': 'iso88598',
  'ibm855': 'cp855',
  'ibm866': 'cp866',
});

/** Encodings decoded by the platform's WHATWG `TextDecoder` (iconv-lite lacks them). */
const TEXT_DECODER_ONLY: ReadonlySet<string> = new Set(['iso-2022-jp']);

/** Encoded forms of U+FFFD per charset, to tell replacement characters already in the input apart. */
const LITERAL_FFFD: Readonly<Record<string, readonly number[]>> = Object.freeze({
  'utf-8': [0xef, 0xbf, 0xbd],
  'utf-16le': [0xfd, 0xff],
  'utf-16be': [0xff, 0xfd],
  'utf-32le': [0xfd, 0xff, 0x00, 0x00],
  'utf-32be': [0x00, 0x00, 0xff, 0xfd],
  'gbk': [0x84, 0x31, 0xa4, 0x37],
  'gb18030': [0x84, 0x31, 0xa4, 0x37],
});

function hasTextDecoder(name: string): boolean {
  try {
    new TextDecoder(name);
    return true;
  } catch {
    return false; // the platform was built without this decoder (small-icu): report unsupported
  }
}

function canonical(charset: string): string {
  return resolveCharsetLabel(charset) ?? charset.trim().toLowerCase();
}

/**
 * Charsets whose decoding of bytes 0x00–0x7F is those ASCII characters, one for one: every WHATWG
 * encoding but UTF-16, ISO-2022-JP (whose ESC sequences are ASCII bytes), `replacement` and
 * x-user-defined (left out: rare), and the non-WHATWG single-byte ibm855 (a test decodes every listed
 * charset's ASCII bytes to check it). Text of only ASCII bytes is then the same in each of them and in UTF-8.
 */
const ASCII_COMPATIBLE: ReadonlySet<string> = new Set([
  'utf-8', 'ibm866', 'ibm855', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u', 'macintosh',
  'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254', 'windows-1255',
  'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic', 'gbk', 'gb18030', 'big5', 'euc-jp', 'shift_jis', 'euc-kr',
]);

/**
 * True when this charset (a name or any label of it) decodes ASCII bytes to the same ASCII characters,
 * so that bytes that are all ASCII can be decoded as UTF-8 instead (the platform's fast decoder).
 * @example decodesAsciiAsAscii('windows-1256') // true
 * @example decodesAsciiAsAscii('iso-2022-jp') // false
 * @category Encoding
 */
export function decodesAsciiAsAscii(charset: string): boolean {
  return ASCII_COMPATIBLE.has(canonical(charset));
}

/**
 * True when {@link decodeBytes} can decode this charset (a name or any label of it). False for the
 * WHATWG `replacement` encoding and for johab, euc-tw, iso-2022-kr, hz-gb-2312 and unknown names.
 * @example isSupportedCharset('windows-1256') // true
 * @category Encoding
 */
export function isSupportedCharset(charset: string): boolean {
  const name = canonical(charset);
  if (name === 'x-user-defined') return true;
  if (TEXT_DECODER_ONLY.has(name)) return hasTextDecoder(name);
  if (name === 'replacement') return false;
  return iconv.encodingExists(ICONV_NAMES[name] ?? name);
}

function countSequence(bytes: Uint8Array, seq: readonly number[]): number {
  let count = 0;
  let i = bytes.indexOf(seq[0]);
  while (i >= 0 && i + seq.length <= bytes.length) {
    let j = 1;
    while (j < seq.length && bytes[i + j] === seq[j]) j++;
    if (j === seq.length) { count++; i = bytes.indexOf(seq[0], i + seq.length); } else i = bytes.indexOf(seq[0], i + 1);
  }
  return count;
}

function countFffd(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) count++;
  return count;
}

function decodeUserDefined(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = Array.from(bytes.subarray(i, i + 8192), (b) => (b < 0x80 ? b : 0xf780 + b - 0x80));
    out += String.fromCharCode(...chunk);
  }
  return out;
}

/** Options of {@link decodeBytes}. @category Encoding */
export interface DecodeBytesOptions {
  /**
   * Drop a byte order mark at the start of `bytes`. `normalize` passes `false`: it has already skipped
   * the BOM it read the charset from, so a second U+FEFF is page text (else "\uFEFF\uFEFF" as bytes
   * and as a string would differ). @default true
   */
  stripBom?: boolean;
}

/** Defaults of {@link DecodeBytesOptions}. @category Encoding */
export const DEFAULT_DECODE_BYTES_OPTIONS: Readonly<Required<DecodeBytesOptions>> = Object.freeze({ stripBom: true });

/**
 * Decodes bytes with a charset (a WHATWG name, another name matn reports, or any label).
 * Invalid sequences become U+FFFD. A leading BOM of the same encoding is removed.
 * `replacements` counts U+FFFD produced by invalid sequences: the U+FFFD in the output minus those
 * encoded literally in the input (recognized for utf-8, utf-16/32 and gb18030/gbk; the count of literal
 * ones ignores alignment, so it is exact for valid input and approximate for broken UTF-16/32).
 * @throws MatnError `unsupported-encoding` when {@link isSupportedCharset} is false (a caller error:
 *   check first and fall back, e.g. to windows-1252, with a diagnostic).
 * @example decodeBytes(new Uint8Array([0xc7, 0xe1]), 'windows-1256').text // 'ال'
 * @category Encoding
 */
export function decodeBytes(bytes: Uint8Array, charset: string, options: DecodeBytesOptions = {}): { text: string; replacements: number } {
  const stripBom = options.stripBom ?? DEFAULT_DECODE_BYTES_OPTIONS.stripBom;
  const name = canonical(charset);
  if (!isSupportedCharset(name)) {
    throw new MatnError('unsupported-encoding', `cannot decode charset "${charset}"`, { charset });
  }
  let text: string;
  if (name === 'x-user-defined') text = decodeUserDefined(bytes);
  else if (TEXT_DECODER_ONLY.has(name)) text = new TextDecoder(name, { ignoreBOM: !stripBom }).decode(bytes);
  else text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ICONV_NAMES[name] ?? name, { stripBOM: stripBom });
  const literal = LITERAL_FFFD[name];
  const produced = countFffd(text) - (literal ? countSequence(bytes, literal) : 0);
  return { text, replacements: Math.max(0, produced) };
}

/** Bytes decoded per step by {@link countReplacementsUpTo}. */
const COUNT_CHUNK_BYTES = 8192;

/**
 * The `replacements` of {@link decodeBytes}, computed chunk by chunk and abandoned as soon as it
 * exceeds `limit` (the answer is then `limit + 1`): a caller that rejects a charset above `limit` errors
 * need not decode the rest of a page that is clearly not in it. The count, when at most `limit`, equals
 * `decodeBytes(bytes, charset).replacements` (the streaming decoder gives the same text as one call).
 * @throws MatnError `unsupported-encoding` as {@link decodeBytes}.
 * @example countReplacementsUpTo(gbkBytes, 'big5', 10) // 11: more than 10 invalid sequences in Big5
 * @category Encoding
 */
export function countReplacementsUpTo(bytes: Uint8Array, charset: string, limit: number): number {
  const name = canonical(charset);
  if (!isSupportedCharset(name)) {
    throw new MatnError('unsupported-encoding', `cannot decode charset "${charset}"`, { charset });
  }
  if (name === 'x-user-defined' || TEXT_DECODER_ONLY.has(name)) return Math.min(decodeBytes(bytes, name).replacements, limit + 1);
  const literal = LITERAL_FFFD[name];
  const literalCount = literal ? countSequence(bytes, literal) : 0;
  const decoder = iconv.getDecoder(ICONV_NAMES[name] ?? name);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let produced = 0;
  for (let i = 0; i < buffer.length; i += COUNT_CHUNK_BYTES) {
    produced += countFffd(decoder.write(buffer.subarray(i, i + COUNT_CHUNK_BYTES)));
    if (produced - literalCount > limit) return limit + 1;
  }
  produced += countFffd(decoder.end() ?? '');
  return Math.min(Math.max(0, produced - literalCount), limit + 1);
}
