/**
 * Text spans: what an extractor kept, as ranges of {@link AnalyzedDocument.text} offsets rather than as
 * strings. A span list is flat, `[start0, end0, start1, end1, …]`, each range `[start, end)`, in
 * ascending order and without overlap. A consumer (`auto`'s vote) marks the characters of the ranges
 * directly: nothing is found again by searching for text, so a sentence the page repeats is counted
 * where the extractor took it, not at its first occurrence.
 * @module
 */
import type { AnalyzedDocument } from './types.js';
import { isWhitespaceCode } from './text.js';

/**
 * Ranges of {@link AnalyzedDocument.text}: flat `[start, end)` pairs in ascending order, no overlap.
 * @category Analysis
 */
export type TextSpans = readonly number[];

/**
 * Appends the range `[start, end)` to `out`, merged with the last range when it starts where that one
 * ends; an empty range adds nothing. Ranges must come in ascending order.
 * @category Analysis
 */
export function pushSpan(out: number[], start: number, end: number): void {
  if (end <= start) return;
  const n = out.length;
  if (n > 0 && out[n - 1] >= start) {
    if (end > out[n - 1]) out[n - 1] = end;
    return;
  }
  out.push(start, end);
}

/**
 * A span list built range by range ({@link pushSpan}'s merging) and emptied for reuse without giving up
 * its storage: emptying an array by `length = 0` frees its slots, so a list reused for every block of a
 * page grew anew, 16 spare slots and all, once per block.
 * @category Analysis
 */
export class SpanBuffer {
  private readonly ranges: number[] = [];
  private count = 0;

  /** Number of offsets held (twice the number of ranges). */
  get length(): number {
    return this.count;
  }

  /** Appends `[start, end)` as {@link pushSpan} does. */
  push(start: number, end: number): void {
    if (end <= start) return;
    const n = this.count;
    if (n > 0 && this.ranges[n - 1] >= start) {
      if (end > this.ranges[n - 1]) this.ranges[n - 1] = end;
      return;
    }
    this.ranges[n] = start;
    this.ranges[n + 1] = end;
    this.count = n + 2;
  }

  /** Empties the list, keeping its storage. */
  clear(): void {
    this.count = 0;
  }

  /** The ranges held, as a list of their exact length. */
  toArray(): number[] {
    return this.ranges.slice(0, this.count);
  }
}

/**
 * The span of one node's visible text (its whole subtree): one range, or none when it has no text.
 * @category Analysis
 */
export function nodeSpans(doc: AnalyzedDocument, id: number): number[] {
  const [start, end] = [doc.stats.textStart[id], doc.stats.textEnd[id]];
  return end > start ? [start, end] : [];
}

/**
 * The span of `[start, end)` without the text of the subtrees in `cut` (the text `sliceText` returns,
 * as ranges).
 * @category Analysis
 */
export function spansBetween(doc: AnalyzedDocument, start: number, end: number, cut: readonly number[]): number[] {
  const { textStart, textEnd } = doc.stats;
  const holes = cut
    .map((c) => [textStart[c], textEnd[c]] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  let pos = start;
  for (const [s, e] of holes) {
    if (e <= pos) continue;
    if (s >= end) break;
    pushSpan(out, pos, Math.min(s, end));
    pos = e;
  }
  pushSpan(out, pos, end);
  return out;
}

/**
 * The span of node `id`'s text without the subtrees in `cut` (the text `textWithout` returns, as ranges).
 * @category Analysis
 */
export function spansWithout(doc: AnalyzedDocument, id: number, cut: readonly number[]): number[] {
  return spansBetween(doc, doc.stats.textStart[id], doc.stats.textEnd[id], cut);
}

/**
 * The union of several span lists, in ascending order (overlapping or touching ranges merged).
 * @category Analysis
 */
export function unionSpans(lists: readonly TextSpans[]): number[] {
  const ranges: [number, number][] = [];
  for (const l of lists) for (let k = 0; k + 1 < l.length; k += 2) ranges.push([l[k], l[k + 1]]);
  ranges.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [s, e] of ranges) pushSpan(out, s, e);
  return out;
}

/**
 * The lines of a span list as `sliceText` cuts them: a line ends at a "\n" of the page text and at a gap
 * between two ranges (a cut subtree); lines with no non-whitespace character are left out, as
 * `cleanLines` drops them. One span list per line, in order.
 * @category Analysis
 */
export function splitSpanLines(doc: AnalyzedDocument, spans: TextSpans): number[][] {
  const text = doc.text;
  const lines: number[][] = [];
  for (let r = 0; r + 1 < spans.length; r += 2) {
    let from = spans[r];
    const end = spans[r + 1];
    while (from < end) {
      const nl = text.indexOf('\n', from);
      const to = nl === -1 || nl >= end ? end : nl;
      if (hasText(text, from, to)) lines.push([from, to]);
      from = to + 1;
    }
  }
  return lines;
}

/** True when `text[from, to)` holds a non-whitespace character. */
function hasText(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isWhitespaceCode(text.charCodeAt(k))) return true;
  return false;
}
