/**
 * Recognizing input that is not text: file signatures ("magic numbers") and NUL-heavy bytes, with the
 * NUL patterns of UTF-16/UTF-32 text (which are NUL-heavy and ARE text) told apart.
 * @module
 */

/** [format, signature (string of byte values 0–255), offset]. */
const SIGNATURES: ReadonlyArray<readonly [string, string, number]> = [
  ['png', '\x89PNG\r\n\x1a\n', 0],
  ['jpeg', '\xff\xd8\xff', 0],
  ['gif', 'GIF87a', 0],
  ['gif', 'GIF89a', 0],
  ['pdf', '%PDF-', 0],
  ['zip', 'PK\x03\x04', 0],
  ['zip', 'PK\x05\x06', 0],
  ['gzip', '\x1f\x8b', 0],
  ['bzip2', 'BZh', 0],
  ['xz', '\xfd7zXZ\x00', 0],
  ['zstd', '\x28\xb5\x2f\xfd', 0],
  ['7z', '7z\xbc\xaf\x27\x1c', 0],
  ['rar', 'Rar!\x1a\x07', 0],
  ['riff (webp/wav/avi)', 'RIFF', 0],
  ['ogg', 'OggS', 0],
  ['flac', 'fLaC', 0],
  ['mp4/mov/heic', 'ftyp', 4],
  ['mp3', 'ID3', 0],
  ['woff', 'wOFF', 0],
  ['woff2', 'wOF2', 0],
  ['elf', '\x7fELF', 0],
  ['wasm', '\x00asm', 0],
  ['java-class', '\xca\xfe\xba\xbe', 0],
  ['tiff', 'II\x2a\x00', 0],
  ['tiff', 'MM\x00\x2a', 0],
  ['ico', '\x00\x00\x01\x00', 0],
  ['sqlite', 'SQLite format 3\x00', 0],
  ['psd', '8BPS', 0],
];

/** Bytes inspected for NULs. */
const NUL_SAMPLE_BYTES = 65536;
/** Share of NUL bytes above which non-UTF-16/32 input is binary. */
const NUL_SHARE_LIMIT = 0.1;

/** Name of the binary format whose signature starts `bytes`, or null. */
export function findBinarySignature(bytes: Uint8Array): string | null {
  for (const [format, signature, offset] of SIGNATURES) {
    if (bytes.length < offset + signature.length) continue;
    let i = 0;
    while (i < signature.length && bytes[offset + i] === signature.charCodeAt(i)) i++;
    if (i === signature.length) return format;
  }
  return null;
}

/** What the NUL bytes of the input look like. */
export type NulPattern = 'none' | 'few' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | 'binary';

/**
 * Classifies the NUL bytes of the first 64 KiB: `none`/`few` (under 10 %: text with stray NULs),
 * the regular patterns of mostly-ASCII UTF-16/UTF-32 (NUL in one byte of each 2, or in the two high bytes of each 4),
 * else `binary`.
 */
export function classifyNulPattern(bytes: Uint8Array): NulPattern {
  const n = Math.min(bytes.length, NUL_SAMPLE_BYTES);
  const byLane = [0, 0, 0, 0];
  let nul = 0;
  for (let i = 0; i < n; i++) {
    if (bytes[i] === 0) {
      nul++;
      byLane[i & 3]++;
    }
  }
  if (nul === 0) return 'none';
  if (nul / n <= NUL_SHARE_LIMIT) return 'few';
  const lane = n / 4;
  const high = byLane.map((c) => c >= 0.9 * lane);
  const low = byLane.map((c) => c <= 0.1 * lane);
  if (low[0] && high[2] && high[3]) return 'utf-32le';
  if (high[0] && high[1] && low[3]) return 'utf-32be';
  const even = byLane[0] + byLane[2];
  const odd = byLane[1] + byLane[3];
  if (odd >= 0.3 * (n / 2) && even <= 0.05 * nul) return 'utf-16le';
  if (even >= 0.3 * (n / 2) && odd <= 0.05 * nul) return 'utf-16be';
  return 'binary';
}

/**
 * Binary data bytes of the WHATWG MIME Sniffing standard (§ "binary data byte"): 0x00–0x08, 0x0B,
 * 0x0E–0x1A, 0x1C–0x1F. No text in an ASCII-compatible charset has them, except the shift bytes
 * SO/SI (0x0E/0x0F) of ISO-2022 charsets; ESC (0x1B) is left out by the standard for ISO-2022-JP.
 */
function isBinaryDataByte(byte: number, shiftsAreText: boolean): boolean {
  if (byte <= 0x08 || byte === 0x0b || (byte >= 0x1c && byte <= 0x1f)) return true;
  if (byte === 0x0e || byte === 0x0f) return !shiftsAreText;
  return byte >= 0x10 && byte <= 0x1a;
}

/**
 * Share of binary data bytes (see the MIME Sniffing standard) in the first `sampleBytes` of `bytes`.
 * `shiftsAreText`: the charset is an ISO-2022 one, whose SO/SI bytes are text. Meaningless for
 * UTF-16/UTF-32, whose code units hold such bytes in every other position.
 */
export function binaryDataShare(bytes: Uint8Array, sampleBytes: number, shiftsAreText: boolean): number {
  const n = Math.min(bytes.length, sampleBytes);
  if (n === 0) return 0;
  let binary = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    if (b < 0x20 && isBinaryDataByte(b, shiftsAreText)) binary++;
  }
  return binary / n;
}
