/**
 * blocknum smoothing, thresholds N'_min and N_calib, and rules ① and ② (Zou & Zhong, §1.2.2). O(n log n)
 * at worst (the 9 largest values are found in one pass; O(n) for the default).
 * @module
 */

/**
 * sblocknum: blocknum convolved with the kernel normalized by its sum (¼·[1 2 1] by default), as one
 * typed array (the series has one value per block), written into `out` (every entry). Blocks outside the page count 0.
 */
export function smoothSeries(raw: ArrayLike<number>, kernel: readonly number[], out: Float64Array = new Float64Array(raw.length)): Float64Array {
  // a calibration count of 0: the thresholds, which nothing reads here, keep no largest values
  smoothAndMeasure(raw, kernel, 0, 0, out);
  return out;
}

/**
 * {@link smoothSeries} as a plain array.
 * @category Extraction
 */
export function smoothBlocks(raw: ArrayLike<number>, kernel: readonly number[]): number[] {
  return Array.from(smoothSeries(raw, kernel));
}

/**
 * The two thresholds of §1.2.2 (2), from sblocknum.
 * @category Extraction
 */
export interface BlockThresholds {
  /** N_min: smallest value other than 0. */
  readonly min: number;
  /** N_avg: mean of all blocks. */
  readonly avg: number;
  /** N'_min = (w·N_min + N_avg)/(w + 1). */
  readonly low: number;
  /** N_calib (N_标定) = (Σ of the n largest + N_avg)/(n + 1). */
  readonly calib: number;
}

/**
 * Puts `v`, larger than the least of a full `top`, among `top`: the `count` (≥ 1) largest values seen so far,
 * kept sorted in a small array, O(count). Returns the least of `top` once it is full (−∞ before): a later value at
 * or below it is not among the largest.
 */
function keepLargest(top: number[], v: number, count: number): number {
  if (top.length < count) top.push(v);
  else top[top.length - 1] = v;
  for (let k = top.length - 1; k > 0 && top[k] > top[k - 1]; k--) [top[k], top[k - 1]] = [top[k - 1], top[k]];
  return top.length < count ? -Infinity : top[top.length - 1];
}

/** The kernel that leaves a series as it is (each value times 1, divided by 1: exact). */
const IDENTITY_KERNEL: readonly number[] = Object.freeze([1]);

/**
 * N_min, N_avg, N'_min and N_calib of a smoothed series. With fewer than `calibrationCount` blocks,
 * N_calib averages the ones there are.
 * @category Extraction
 */
export function computeThresholds(smoothed: ArrayLike<number>, minWeight: number, calibrationCount: number): BlockThresholds {
  return smoothAndMeasure(smoothed, IDENTITY_KERNEL, minWeight, calibrationCount, null);
}

/**
 * {@link smoothSeries} of `raw` written into `out` (unless null) and {@link computeThresholds} of it, in one pass that
 * never reads the smoothed series back: the interpreter, which runs this once-per-page loop until it is compiled, boxes
 * every double it reads from a Float64Array or adds into a running sum, and the two passes of the thresholds over the
 * written series made 3.2 MB of garbage on a page of 100,000 paragraphs (whole values, as there, computed here stay
 * small integers, never boxed).
 */
export function smoothAndMeasure(
  raw: ArrayLike<number>, kernel: readonly number[], minWeight: number, calibrationCount: number, out: Float64Array | null,
): BlockThresholds {
  const n = raw.length;
  const half = (kernel.length - 1) >> 1;
  const total = kernel.reduce((a, b) => a + b, 0) || 1;
  let min = Infinity;
  let sum = 0;
  const top: number[] = [];
  // the least of the largest values so far, in a local: the top list holds doubles, boxed anew at each read
  let least = calibrationCount >= 1 ? -Infinity : Infinity;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < kernel.length; k++) {
      const j = i + k - half;
      if (j >= 0 && j < n) s += kernel[k] * raw[j];
    }
    const v = s / total;
    if (out !== null) out[i] = v;
    sum += v;
    if (v > 0 && v < min) min = v;
    if (v > least) least = keepLargest(top, v, calibrationCount);
  }
  const avg = n > 0 ? sum / n : 0;
  if (min === Infinity) min = 0;
  const calib = (top.reduce((a, b) => a + b, 0) + avg) / (top.length + 1);
  return { min, avg, low: (minWeight * min + avg) / (minWeight + 1), calib };
}

/**
 * A run of consecutive blocks whose smoothed values are all ≥ N'_min (rule ①, first condition).
 * @category Extraction
 */
export interface BlockRun {
  readonly start: number;
  /** One past the last block. */
  readonly end: number;
  /** Some block reaches N_calib (rule ①, second condition). */
  readonly qualified: boolean;
}

/**
 * Maximal runs of blocks with sblocknum ≥ N'_min, each marked qualified when one of its blocks
 * reaches N_calib. Zero blocks never belong to a run. O(n).
 * @category Extraction
 */
export function findRuns(smoothed: ArrayLike<number>, t: BlockThresholds): BlockRun[] {
  const runs: BlockRun[] = [];
  const { low, calib } = t;
  let start = -1;
  let qualified = false;
  for (let i = 0; i <= smoothed.length; i++) {
    // one read per block: until the loop is optimized each read of a double boxes it
    const v = i < smoothed.length ? smoothed[i] : 0;
    if (v > 0 && v >= low) {
      if (start < 0) {
        start = i;
        qualified = false;
      }
      if (v >= calib) qualified = true;
    } else if (start >= 0) {
      runs.push({ start, end: i, qualified });
      start = -1;
    }
  }
  return runs;
}

/**
 * mainblockset: the qualified runs (rule ①) and every run lying between two of them (rule ②, BSet),
 * as runs in page order.
 * @category Extraction
 */
export function selectMainRuns(runs: readonly BlockRun[]): BlockRun[] {
  let first = -1;
  let last = -1;
  runs.forEach((r, k) => {
    if (r.qualified) {
      if (first < 0) first = k;
      last = k;
    }
  });
  return first < 0 ? [] : runs.slice(first, last + 1);
}
