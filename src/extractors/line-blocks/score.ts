/**
 * The line-block distribution function and its rise/fall regions (Chen Xin, §5). Both O(N).
 * @module
 */
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';

/**
 * A region of the distribution: the lines between a rise and a fall.
 * @category Extraction
 */
export interface LineRegion {
  /** X_start: index of the rise block (and first line of the region). */
  readonly start: number;
  /** X_end: index of the fall block; the region's lines are start..end−1. */
  readonly end: number;
  /** Largest block length Y inside the region. */
  readonly peak: number;
}

/**
 * Y(X) for every line X: the non-whitespace characters of lines X..X+K−1 (definitions 1–3). The paper
 * stops at LinesNum − K; we pad Ctext with K empty lines so every line is the axis of a block, which
 * also gives a page ending in text its fall. A sliding sum: O(N), into one typed array (one value per line)
 * taken from `arrays` (new by default).
 * @category Extraction
 */
export function blockLengths(lineChars: ArrayLike<number>, thickness: number, arrays: TypedArraySource = FRESH_ARRAYS): Int32Array {
  const n = lineChars.length;
  const y = arrays.int32(n);
  let sum = 0;
  for (let i = 0; i < Math.min(thickness, n); i++) sum += lineChars[i];
  for (let i = 0; i < n; i++) {
    y[i] = sum;
    sum -= lineChars[i];
    if (i + thickness < n) sum += lineChars[i + thickness];
  }
  return y;
}

/**
 * Condition 2: Y is non-zero for every n in [start+1, start+K]. Blocks past the last line are not
 * checked (they exist only because we pad Ctext), so a page of one or two lines can still rise.
 */
function isRise(y: ArrayLike<number>, i: number, thickness: number, threshold: number): boolean {
  if (!(y[i] > threshold)) return false;
  for (let n = i + 1; n <= i + thickness && n < y.length; n++) if (y[n] === 0) return false;
  return true;
}

/**
 * Every region of the distribution, in order: a rise (condition 1: Y(X_start) > threshold; condition 2:
 * the K following blocks are non-zero), then the first fall after it (condition 3: Y(X_end) = 0 and
 * Y(X_end + 1) = 0). The scan resumes after the fall. O(N).
 * @category Extraction
 */
export function findRegions(y: ArrayLike<number>, thickness: number, threshold: number): LineRegion[] {
  const regions: LineRegion[] = [];
  const n = y.length;
  let i = 0;
  while (i < n) {
    if (!isRise(y, i, thickness, threshold)) {
      i++;
      continue;
    }
    let peak = y[i];
    let end = i + 1;
    while (end < n && !(y[end] === 0 && (y[end + 1] ?? 0) === 0)) {
      if (y[end] > peak) peak = y[end];
      end++;
    }
    regions.push({ start: i, end, peak });
    i = end + 1;
  }
  return regions;
}

/**
 * The regions to keep: the one holding max Y (condition 4) and those whose peak is at least
 * `minShare` of it. When no region holds the maximum (its rise failed condition 2), the kept set is
 * chosen among the regions found with the largest peak as reference.
 * @category Extraction
 */
export function chooseRegions(regions: readonly LineRegion[], minShare: number): LineRegion[] {
  if (regions.length === 0) return [];
  const top = regions.reduce((a, r) => (r.peak > a.peak ? r : a));
  return regions.filter((r) => r === top || r.peak >= minShare * top.peak);
}
