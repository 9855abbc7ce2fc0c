/**
 * The paper's threshold training: a 1-D 2-means whose boundary separates the many small values
 * (noise blocks) from the large ones (content).
 * @see Hou & Yang, §3.3 eq. 6 and 8 (k-means with clusterNum = 2)
 * @module
 */

/** Most Lloyd iterations; 1-D 2-means converges in a few. */
const MAX_ITERATIONS = 100;

/**
 * Threshold of a 1-D 2-means: the midpoint between the two centroids (the decision boundary of the
 * clustering). Centroids start at the minimum and the maximum. Returns the value itself when all
 * values are equal and 0 for an empty input.
 * @category Extraction
 */
export function twoMeansThreshold(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    lo = Math.min(lo, values[i]);
    hi = Math.max(hi, values[i]);
  }
  if (lo === hi) return lo;
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    const boundary = (lo + hi) / 2;
    let sumLo = 0, nLo = 0, sumHi = 0, nHi = 0;
    for (let i = 0; i < n; i++) {
      if (values[i] <= boundary) { sumLo += values[i]; nLo++; } else { sumHi += values[i]; nHi++; }
    }
    const nextLo = nLo > 0 ? sumLo / nLo : lo;
    const nextHi = nHi > 0 ? sumHi / nHi : hi;
    if (nextLo === lo && nextHi === hi) break;
    lo = nextLo;
    hi = nextHi;
  }
  return (lo + hi) / 2;
}
