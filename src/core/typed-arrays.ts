/**
 * Typed arrays filled from a list by a plain loop.
 * @module
 */

/** A typed array of numbers ({@link fillFrom} writes into it). */
type NumberArray = Float64Array | Int32Array | Uint8Array | Int8Array;

/**
 * `out` with `out[k] = value(items[k], k)` for every item: what `Float64Array.from(items, value)` gives,
 * without its cost. `TypedArray.from` with a mapper reads its source through the iterator protocol into a
 * list first, an object per item: on a page of 100,000 blocks that was 10 MB of garbage per call.
 * @category Text
 */
export function fillFrom<A extends NumberArray, T>(out: A, items: readonly T[], value: (item: T, k: number) => number): A {
  for (let k = 0; k < items.length; k++) out[k] = value(items[k], k);
  return out;
}
