/**
 * Loops for what spread arguments do on short lists: `out.push(...items)` and `Math.min(...values)` pass
 * every item as an argument of one call, and a list of some 100,000 items (the blocks of a tag-dense page,
 * the bidi controls of a hostile text, a JSON-LD array) overflows the call stack with a `RangeError`.
 * @module
 */

/** Appends the items to `out`, in order, and returns `out`. */
export function pushAll<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}

/** The least of `values`; `Infinity` for none (as `Math.min()`). */
export function minOf(values: ArrayLike<number>): number {
  let least = Infinity;
  for (let i = 0; i < values.length; i++) least = Math.min(least, values[i]);
  return least;
}

/** The greatest of `values`; `-Infinity` for none (as `Math.max()`). */
export function maxOf(values: ArrayLike<number>): number {
  let greatest = -Infinity;
  for (let i = 0; i < values.length; i++) greatest = Math.max(greatest, values[i]);
  return greatest;
}

/** Index of the first entry of `sorted` (non-decreasing) of at least `x`, -1 when none. Binary search. */
export function firstAtLeast(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length ? lo : -1;
}
