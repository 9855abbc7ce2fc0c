/**
 * Lists of segment indexes read from per-segment marks (a `Uint8Array`, 1 = in), allocated at their
 * length as `Int32Array`s: `auto` runs each step once per page, where a list grown by `push` or `filter` is
 * copied as it grows, and a page of 100,000 paragraphs makes lists of 100,000 indexes (4 bytes each, not a
 * heap slot of 8).
 * @module
 */
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';

/** The indexes `k` with `marks[k] === 1`, ascending, in a list taken from `arrays`. */
export function markedIndexes(marks: Uint8Array, arrays: TypedArraySource = FRESH_ARRAYS): Int32Array {
  let count = 0;
  for (let k = 0; k < marks.length; k++) count += marks[k] === 1 ? 1 : 0;
  const out = arrays.int32(count);
  let n = 0;
  for (let k = 0; k < marks.length && n < count; k++) if (marks[k] === 1) out[n++] = k;
  return out;
}

/** Every index below `length`, ascending. */
export function allIndexes(length: number): Int32Array {
  const out = new Int32Array(length);
  for (let k = 0; k < length; k++) out[k] = k;
  return out;
}

/** The indexes `k` below `length` that pass `test`, ascending (marked first, so the list is allocated at its length). */
export function indexesWhere(length: number, test: (k: number) => boolean): Int32Array {
  const marks = new Uint8Array(length);
  for (let k = 0; k < length; k++) if (test(k)) marks[k] = 1;
  return markedIndexes(marks);
}

/** The entries `k` of `indexes` with `marks[k] === 1`, in their order: `indexes` itself when all are marked. */
export function markedOf(indexes: Int32Array, marks: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < indexes.length; i++) count += marks[indexes[i]] === 1 ? 1 : 0;
  if (count === indexes.length) return indexes;
  const out = new Int32Array(count);
  let n = 0;
  for (let i = 0; i < indexes.length; i++) if (marks[indexes[i]] === 1) out[n++] = indexes[i];
  return out;
}
