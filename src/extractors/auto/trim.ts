/**
 * Steps of `auto` after the vote that set the ends of the kept text: islands of voted text beyond a
 * long stretch of rejected text are dropped, and a lead or last section next to the kept text is added.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { linkDensity } from './cleanup.js';
import type { AutoOptions } from './defaults.js';
import { charsBetween, PARAGRAPH_TAGS, plainChars, type SegmentTable } from './segments.js';

/** A gap budget below any segment's size: {@link extendAcrossGaps} then stops at the first segment `joins` refuses. */
const NO_GAP = -1;

/**
 * Cuts `voted` into clusters wherever the rejected segments between two voted ones hold more than
 * `maxGapChars` characters, then drops clusters from either end while the end cluster is an island:
 * lighter (non-link characters) than the gap that separates it from the rest, and with no block
 * that is a sibling of a block of its neighbour cluster. A teaser paragraph in a sidebar far below
 * the article does not pull the whole stretch in between into the body, while an article split by
 * a related-links box or a long table keeps all its parts. When both ends are islands, the lighter is
 * dropped, unless it holds a segment of `keep` (the text under the page's headline) and the other
 * does not. Returns what is left as a range `[from, to)` of positions in `voted` (no copy of the list:
 * on a page of 100,000 voted paragraphs it is all of them).
 */
export function dropIslands(
  segments: SegmentTable, voted: ArrayLike<number>, maxGapChars: number, parent: Int32Array, keep: ReadonlySet<number> = new Set(),
): [number, number] {
  // cluster c is voted[starts[c], starts[c + 1]) (offsets, not a list per cluster: a page of 100,000 voted
  // paragraphs is one cluster of them)
  const starts: number[] = [];
  const gaps: number[] = []; // gaps[c] separates clusters c and c + 1
  for (let j = 0; j < voted.length; j++) {
    const gap = j > 0 ? charsBetween(segments, voted[j - 1], voted[j]) : 0;
    if (j === 0 || gap > maxGapChars) {
      if (j > 0) gaps.push(gap);
      starts.push(j);
    }
  }
  starts.push(voted.length);
  const count = starts.length - 1;
  // whole numbers: 32-bit integers hold them exactly, and read as small integers, never as a boxed double
  const weight = new Int32Array(count);
  for (let c = 0; c < count; c++) for (let j = starts[c]; j < starts[c + 1]; j++) weight[c] += plainChars(segments, voted[j]);
  // the parents of each cluster's blocks, read only when there are two clusters to compare
  const parents: Set<number>[] = [];
  for (let c = 0; count > 1 && c < count; c++) {
    const own = new Set<number>();
    for (let j = starts[c]; j < starts[c + 1]; j++) own.add(parent[segments.node[voted[j]]]);
    parents.push(own);
  }
  const sharesParent = (c: number, neighbour: number): boolean => {
    for (const p of parents[c]) if (parents[neighbour].has(p)) return true;
    return false;
  };
  const island = (c: number, neighbour: number, gap: number) => weight[c] < gap && !sharesParent(c, neighbour);
  const kept = (c: number): boolean => {
    for (let j = starts[c]; j < starts[c + 1]; j++) if (keep.has(voted[j])) return true;
    return false;
  };
  let from = 0;
  let to = count - 1;
  for (;;) {
    const first = from < to && island(from, from + 1, gaps[from]);
    const last = from < to && island(to, to - 1, gaps[to - 1]);
    if (!first && !last) break;
    // drop the lighter end when both are islands, unless only it holds the headline's text
    const dropFirst = !last || (kept(from) === kept(to) ? weight[from] <= weight[to] : kept(to));
    if (first && dropFirst) from++;
    else to--;
  }
  return count === 0 ? [0, 0] : [starts[from], starts[to + 1]];
}

/**
 * `[first, last]` extended on each side over the contiguous segments that `joins` accepts, each side
 * only when its run holds at least `minChars` non-link characters (a lone byline or copyright line is
 * not a lead).
 */
export function extendRange(
  segments: SegmentTable, first: number, last: number, joins: (k: number) => boolean, minChars: number,
): [number, number] {
  return extendAcrossGaps(segments, first, last, joins, NO_GAP, minChars);
}

/** `first` moved back over the contiguous segments before it that `joins` accepts. */
export function extendBackOver(first: number, joins: (k: number) => boolean): number {
  let from = first;
  while (from > 0 && joins(from - 1)) from--;
  return from;
}

/**
 * `[first, last]` extended on each side across the segments that `joins` accepts, stepping over runs of
 * other segments that hold at most `maxGapChars` characters in all; each side ends at its last accepted
 * segment and is taken only when the accepted segments hold at least `minChars` non-link characters.
 */
export function extendAcrossGaps(
  segments: SegmentTable, first: number, last: number, joins: (k: number) => boolean, maxGapChars: number, minChars: number,
): [number, number] {
  const reach = (from: number, step: 1 | -1): number => {
    let end = from;
    let gap = 0;
    let mass = 0;
    for (let k = from + step; k >= 0 && k < segments.length; k += step) {
      if (joins(k)) {
        end = k;
        gap = 0;
        mass += plainChars(segments, k);
      } else if ((gap += segments.chars[k]) > maxGapChars) break;
    }
    return mass >= minChars ? end : from;
  };
  return [reach(first, -1), reach(last, 1)];
}

/**
 * `[first, last]` extended over the paragraphs beside the region (children of the region's parent, as
 * the region is) that a minority voted for (`regionVote`), lie in no furniture (`outer`) and are not
 * link-dense, stepping over at most `maxGapChars` of other text, each side only when it holds
 * `extendMinChars`: the region the algorithms agreed on is one part (a list, a table, a section) of a
 * container whose other paragraphs the page sets beside it in the same place.
 */
export function extendToRegionSiblings(
  doc: AnalyzedDocument, segments: SegmentTable, vote: Float64Array, region: number, outer: Uint8Array, first: number, last: number,
  o: Readonly<Pick<Required<AutoOptions>, 'regionVote' | 'maxLinkDensity' | 'maxGapChars' | 'extendMinChars'>>,
): [number, number] {
  const { parent, tagOf } = doc.index;
  const beside = parent[region];
  const joins = (k: number) => parent[segments.node[k]] === beside && PARAGRAPH_TAGS.has(tagOf(segments.node[k])) && vote[k] >= o.regionVote
    && outer[segments.anchor[k]] === 0 && linkDensity(segments, k) < o.maxLinkDensity;
  return extendAcrossGaps(segments, first, last, joins, o.maxGapChars, o.extendMinChars);
}
