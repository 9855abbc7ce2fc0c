/**
 * The bytes a statistical charset detector is given: the text runs of the page that hold non-ASCII
 * bytes, without the markup around them, up to a bounded size. Markup and ASCII-only text carry no
 * evidence about a legacy charset (every candidate decodes them alike) but cost the detector time in
 * proportion to their length; uchardet drops them too (its "filter without English letters"), and
 * Firefox's chardetng skips ASCII.
 * @module
 */
import { resolveOptions } from '../core/options.js';

/** Options of {@link sampleForDetector}. */
export interface DetectorSampleOptions {
  /**
   * Most bytes in the sample. jschardet scores its bigram models on its first 16 KiB only
   * (its `_STAT_SCORE_MAX_BYTES`), so a larger sample mostly costs time.
   * @default 16384
   */
  maxBytes?: number;
}

/** Defaults of {@link DetectorSampleOptions}. */
export const DEFAULT_DETECTOR_SAMPLE_OPTIONS: Readonly<Required<DetectorSampleOptions>> = Object.freeze({
  maxBytes: 16384,
});

/**
 * Bytes below this are never part of a multi-byte character in the encodings detected (UTF-8
 * continuation bytes are >= 0x80; GBK, Big5, Shift_JIS and EUC trail bytes >= 0x40; GB18030's
 * four-byte form uses digits 0x30–0x39): a cut after one never splits a character.
 */
const SAFE_BELOW = 0x30;

/**
 * The end of the longest prefix of `bytes[start, limit)` that ends just after a byte below
 * {@link SAFE_BELOW}, or `start` when there is none. A sample cut in the middle of a character ends in
 * an invalid sequence, and a detector that checks validity then rules the right encoding out.
 */
function safeCut(bytes: Uint8Array, start: number, limit: number): number {
  for (let i = limit - 1; i >= start; i--) if (bytes[i] < SAFE_BELOW) return i + 1;
  return start;
}

const LT = 0x3c;
const GT = 0x3e;
const LF = 0x0a;

/**
 * Concatenates the runs of bytes outside `<…>` that contain a byte ≥ 0x80, each followed by a line feed,
 * until `maxBytes`. Cuts fall only on `<`, `>` (below 0x40, so never a trail byte of GBK, Big5,
 * Shift_JIS or EUC) or, for the run that does not fit, after its last byte below 0x30 (space,
 * newline, ASCII punctuation): never inside a character. A page whose non-ASCII bytes are all inside
 * `<…>` (attribute values, an RSS feed's `<![CDATA[…]]>`) gives the runs between any two `<`/`>` instead:
 * never the markup around them, whose `<meta charset>` jschardet would read as its answer. Returns
 * `bytes` itself when no run has a byte ≥ 0x80 (pure ASCII, ISO-2022 escapes). Linear in the bytes read;
 * stops reading once the sample is full.
 * @example sampleForDetector(gbkPageBytes).length // ≤ 16384: the Chinese text runs, no markup
 * @category Encoding
 */
export function sampleForDetector(bytes: Uint8Array, options?: DetectorSampleOptions): Uint8Array {
  const { maxBytes } = resolveOptions(DEFAULT_DETECTOR_SAMPLE_OPTIONS, options, 'sampleForDetector');
  const out = new Uint8Array(Math.min(bytes.length, maxBytes));
  const n = collectRuns(bytes, out, false) || collectRuns(bytes, out, true);
  return n === 0 ? bytes : out.subarray(0, n);
}

/** Fills `out` with the runs (outside tags, or with `insideTags` between any `<`/`>`) that hold a byte ≥ 0x80; returns the bytes written. */
function collectRuns(bytes: Uint8Array, out: Uint8Array, insideTags: boolean): number {
  const maxBytes = out.length;
  let n = 0;
  let start = 0;
  let high = false;
  let inTag = false;
  let full = false;
  const flush = (end: number): void => {
    if (!high || end <= start) return;
    let take = end - start;
    if (take > maxBytes - n) {
      // the run does not fit: cut it after its last byte that is never inside a character, or drop it
      take = safeCut(bytes, start, start + maxBytes - n) - start;
      full = true;
    }
    if (take === 0) return;
    out.set(bytes.subarray(start, start + take), n);
    n += take;
    if (n < maxBytes) out[n++] = LF;
  };
  for (let i = 0; i < bytes.length && !full && n < maxBytes; i++) {
    const b = bytes[i];
    if (insideTags && (b === LT || b === GT)) {
      flush(i);
      start = i + 1;
      high = false;
    } else if (inTag) {
      if (b === GT) {
        inTag = false;
        start = i + 1;
        high = false;
      }
    } else if (b === LT) {
      flush(i);
      inTag = true;
    } else if (b >= 0x80) high = true;
  }
  if ((insideTags || !inTag) && !full && n < maxBytes) flush(bytes.length);
  return n;
}
