/**
 * What a member kept, counted per text node: the non-whitespace characters of the page text
 * ({@link AnalyzedDocument.text}) inside the spans of its blocks (`Block.spans`), which every member
 * returns. Nothing is searched for, so a sentence the page repeats is counted where the member took it.
 * Why counts over ranges, not marks: marking the kept characters in a page-long buffer and summing the
 * buffer over every segment's text read the whole page three times per member (clear, mark, sum); the
 * union of a member's spans against a per-page running count of non-whitespace characters (`solidCounts`, `segments.ts`) answers each
 * text node in O(log spans), with the same integer counts.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { TextSpans } from '../../analysis/spans.js';

/**
 * The union of the span lists of an extraction's blocks (`blockSpans` of `lazy-text.ts`) as flat
 * `[start, end)` pairs, ascending and disjoint, each end at most `length` (the page text's): blocks may
 * come out of page order or overlap (two members' lines mapped to one text node), and a character
 * counts once however often it is spanned.
 * @category Extraction
 */
export function keptRanges(spanLists: readonly TextSpans[], length: number): number[] {
  const out: number[] = [];
  const merge = (start: number, end: number): void => {
    const n = out.length;
    if (n > 0 && start <= out[n - 1]) {
      if (end > out[n - 1]) out[n - 1] = end;
    } else out.push(start, end);
  };
  if (inPageOrder(spanLists, length)) {
    // the usual case (members return blocks in page order): merged as read, no flat copy of the pairs to sort
    for (let b = 0; b < spanLists.length; b++) {
      const spans = spanLists[b];
      for (let r = 0; r + 1 < spans.length; r += 2) {
        const end = Math.min(spans[r + 1], length);
        if (end > spans[r]) merge(spans[r], end);
      }
    }
    return out;
  }
  const flat: number[] = [];
  for (const spans of spanLists) {
    for (let r = 0; r + 1 < spans.length; r += 2) {
      const end = Math.min(spans[r + 1], length);
      if (end > spans[r]) flat.push(spans[r], end);
    }
  }
  const order = Array.from({ length: flat.length / 2 }, (_, k) => 2 * k);
  order.sort((a, b) => flat[a] - flat[b]);
  for (const k of order) merge(flat[k], flat[k + 1]);
  return out;
}

/** True when the non-empty pairs of `spanLists` (ends cut at `length`) start in ascending order. */
function inPageOrder(spanLists: readonly TextSpans[], length: number): boolean {
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
 * Non-whitespace characters of `text[from, to)` inside `ranges` ({@link keptRanges}), read from the
 * page's `solidCounts` (`segments.ts`): a binary search for the first range ending after `from`, then the
 * ranges overlapping the interval.
 * @category Extraction
 */
export function countKept(counts: Int32Array, ranges: readonly number[], from: number, to: number): number {
  let lo = 0;
  let hi = ranges.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranges[2 * mid + 1] <= from) lo = mid + 1;
    else hi = mid;
  }
  let got = 0;
  for (let r = 2 * lo; r < ranges.length && ranges[r] < to; r += 2) {
    got += counts[Math.min(to, ranges[r + 1])] - counts[Math.max(from, ranges[r])];
  }
  return got;
}
