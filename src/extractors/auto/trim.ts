/**
 * Steps of `auto` after the vote that set the ends of the kept text: islands of voted text beyond a
 * long stretch of rejected text are dropped, and a lead or last section next to the kept text is added.
 * @module
 */
import { plainChars, type Segment } from './segments.js';

/**
 * Cuts `voted` into clusters wherever the rejected segments between two voted ones hold more than
 * `maxGapChars` characters, then drops clusters from either end while the end cluster is an island:
 * lighter (non-link characters) than the gap that separates it from the rest, and with no block
 * that is a sibling of a block of its neighbour cluster. A teaser paragraph in a sidebar far below
 * the article does not pull the whole stretch in between into the body, while an article split by
 * a related-links box or a long table keeps all its parts.
 */
export function dropIslands(segments: readonly Segment[], voted: readonly number[], maxGapChars: number, parent: Int32Array): number[] {
  const clusters: number[][] = [];
  const gaps: number[] = []; // gaps[i] separates clusters[i] and clusters[i + 1]
  voted.forEach((k, j) => {
    let gap = 0;
    if (j > 0) for (let g = voted[j - 1] + 1; g < k; g++) gap += segments[g].chars;
    if (j === 0 || gap > maxGapChars) {
      if (j > 0) gaps.push(gap);
      clusters.push([]);
    }
    clusters[clusters.length - 1].push(k);
  });
  const weight = clusters.map((c) => c.reduce((n, k) => n + plainChars(segments[k]), 0));
  const parents = clusters.map((c) => new Set(c.map((k) => parent[segments[k].node])));
  const island = (c: number, neighbour: number, gap: number) => weight[c] < gap && ![...parents[c]].some((p) => parents[neighbour].has(p));
  let from = 0;
  let to = clusters.length - 1;
  for (;;) {
    const first = from < to && island(from, from + 1, gaps[from]);
    const last = from < to && island(to, to - 1, gaps[to - 1]);
    if (!first && !last) break;
    // drop the lighter end when both are islands
    if (first && (!last || weight[from] <= weight[to])) from++;
    else to--;
  }
  return clusters.slice(from, to + 1).flat();
}

/**
 * `[first, last]` extended on each side over the contiguous segments that `joins` accepts, each side
 * only when its run holds at least `minChars` non-link characters (a lone byline or copyright line is
 * not a lead).
 */
export function extendRange(
  segments: readonly Segment[], first: number, last: number, joins: (k: number) => boolean, minChars: number,
): [number, number] {
  let from = first;
  let runMass = 0;
  while (from > 0 && joins(from - 1)) runMass += plainChars(segments[--from]);
  const start = runMass >= minChars ? from : first;
  let to = last;
  runMass = 0;
  while (to < segments.length - 1 && joins(to + 1)) runMass += plainChars(segments[++to]);
  return [start, runMass >= minChars ? to : last];
}

/** `first` moved back over the contiguous segments before it that `joins` accepts. */
export function extendBackOver(first: number, joins: (k: number) => boolean): number {
  let from = first;
  while (from > 0 && joins(from - 1)) from--;
  return from;
}
