/**
 * What a member kept, counted per text node: the non-whitespace characters of the page text
 * ({@link AnalyzedDocument.text}) inside the spans of its blocks (`Block.spans`), which every member
 * returns. Nothing is searched for, so a sentence the page repeats is counted where the member took it.
 * Why counts over ranges, not marks: marking the kept characters in a page-long buffer and summing the
 * buffer over every segment's text read the whole page three times per member (clear, mark, sum); the
 * union of a member's spans answers each text node in a step or two when they are read in page order: a
 * node inside one range has the count the segment list took of it (`SegmentTable.textChars`), and only the
 * characters of a node a range cuts are counted, with the same integer counts.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { TextSpans } from '../../analysis/spans.js';
import { FRESH_ARRAYS, scratchBytes, type TypedArraySource } from '../../core/scratch.js';
import { countChars } from './segments.js';

/** Entries of the pairs of `spanLists`: a bound of the entries of their union. */
function pairEntries(spanLists: readonly ArrayLike<number>[]): number {
  let bound = 0;
  for (let b = 0; b < spanLists.length; b++) bound += spanLists[b].length & ~1;
  return bound;
}

/** The bytes {@link keptRanges} takes from its array source for `spanLists`, at most. */
export function keptRangesBytes(spanLists: readonly ArrayLike<number>[]): number {
  const bound = pairEntries(spanLists);
  return scratchBytes([bound, 4], [bound, 4], [bound >> 1, 4]);
}

/**
 * The union of the span lists of an extraction's blocks (`blockSpans` of `lazy-text.ts`) as flat
 * `[start, end)` pairs, ascending and disjoint, each end at most `length` (the page text's): blocks may
 * come out of page order or overlap (two members' lines mapped to one text node), and a character
 * counts once however often it is spanned. Its arrays are taken from `arrays` (page scratch when the caller
 * reads the ranges and lets them go: `auto`'s member shares), at most {@link keptRangesBytes} bytes.
 * @category Extraction
 */
export function keptRanges(spanLists: readonly ArrayLike<number>[], length: number, arrays: TypedArraySource = FRESH_ARRAYS): Int32Array {
  const bound = pairEntries(spanLists);
  const out = arrays.int32(bound);
  let n = 0;
  if (inPageOrder(spanLists, length)) {
    // the usual case (members return blocks in page order): merged as read, no flat copy of the pairs to sort
    for (let b = 0; b < spanLists.length; b++) {
      const spans = spanLists[b];
      for (let r = 0; r + 1 < spans.length; r += 2) {
        const end = Math.min(spans[r + 1], length);
        if (end > spans[r]) n = mergeRange(out, n, spans[r], end);
      }
    }
    return out.subarray(0, n);
  }
  const flat = arrays.int32(bound);
  let pairs = 0;
  for (const spans of spanLists) {
    for (let r = 0; r + 1 < spans.length; r += 2) {
      const end = Math.min(spans[r + 1], length);
      if (end > spans[r]) {
        flat[2 * pairs] = spans[r];
        flat[2 * pairs++ + 1] = end;
      }
    }
  }
  const order = arrays.int32(pairs);
  for (let k = 0; k < pairs; k++) order[k] = 2 * k;
  order.sort((a, b) => flat[a] - flat[b]);
  for (let k = 0; k < pairs; k++) n = mergeRange(out, n, flat[order[k]], flat[order[k] + 1]);
  return out.subarray(0, n);
}

/** Adds `[start, end)` (starting at or after the last range's start) to the `n` entries of `out`; returns the new count. */
function mergeRange(out: Int32Array, n: number, start: number, end: number): number {
  if (n > 0 && start <= out[n - 1]) {
    if (end > out[n - 1]) out[n - 1] = end;
    return n;
  }
  out[n] = start;
  out[n + 1] = end;
  return n + 2;
}

/** True when the non-empty pairs of `spanLists` (ends cut at `length`) start in ascending order. */
function inPageOrder(spanLists: readonly ArrayLike<number>[], length: number): boolean {
  let last = -Infinity;
  for (let b = 0; b < spanLists.length; b++) {
    const spans = spanLists[b];
    for (let r = 0; r + 1 < spans.length; r += 2) {
      if (Math.min(spans[r + 1], length) <= spans[r]) continue;
      if (spans[r] < last) return false;
      last = spans[r];
    }
  }
  return true;
}

/**
 * Non-whitespace characters ({@link countChars}) of page text intervals inside `ranges` ({@link keptRanges}).
 * Remembers the first range ending after the last interval's start and steps from it (what a binary search
 * finds), so that intervals read in page order, as the segments' text nodes are, cost no search.
 * @category Extraction
 */
export class KeptCounter {
  /** Index (even) of the first range ending after the last interval's start. */
  private at = 0;

  constructor(private readonly text: string, private readonly ranges: Int32Array) {}

  /**
   * Non-whitespace characters of `text[from, to)` inside the ranges. `whole`, when given, is the count of
   * all of `text[from, to)`: an interval inside one range is answered by it, not counted again.
   */
  count(from: number, to: number, whole?: number): number {
    const { ranges } = this;
    let r = this.at;
    while (r > 0 && ranges[r - 1] > from) r -= 2;
    while (r < ranges.length && ranges[r + 1] <= from) r += 2;
    this.at = r;
    let got = 0;
    for (; r < ranges.length && ranges[r] < to; r += 2) {
      const start = Math.max(from, ranges[r]);
      const end = Math.min(to, ranges[r + 1]);
      got += whole !== undefined && start === from && end === to ? whole : countChars(this.text, start, end);
    }
    return got;
  }
}
