/**
 * Records anchored on dated siblings: when the children of one kind of a list are not each a post but
 * repeat with a period of two or three (a table-laid board's rows: the post row then a "Back to top"
 * row; an old BBS's header row with author and date then the message row), the period is read from
 * where the dated children stand, and each dated child opens a record of that many siblings. Table
 * rows of a template all have the same tag and, as often, no class: their kinds cannot tell the
 * rows apart, their dates can (compare the interval periods of record segmentation).
 * @module
 */
import type { RecordGroup } from './slots.js';

/**
 * The most frequent distance between consecutive dated items (the smaller on a tie), or 0 when fewer
 * than two items are dated.
 */
export function datedPeriod(dated: readonly boolean[]): number {
  const count = new Map<number, number>();
  let last = -1;
  dated.forEach((d, n) => {
    if (!d) return;
    if (last >= 0) count.set(n - last, (count.get(n - last) ?? 0) + 1);
    last = n;
  });
  let best = 0;
  for (const [gap, c] of count) if (best === 0 || c > count.get(best)! || (c === count.get(best)! && gap < best)) best = gap;
  return best;
}

/** Fewest records anchored on dated items: two gaps between three anchors show a period, one gap does not. */
const MIN_ANCHORS = 3;

/**
 * Least share of the siblings from the first record to the last that records of two or three siblings
 * hold: the period holds over the rows (an ad row between two posts is allowed; dated headings over
 * runs of undated stories of varying length are no records).
 * @category Threads
 */
export const MIN_PERIOD_COVER = 0.75;

/**
 * The records of a group of single sibling elements of one kind anchored on its dated items: each
 * dated item opens a record of {@link datedPeriod} siblings (the item and the ones after it), undated
 * items outside them (an ad row, the table's heading rows) are left out. Null when the period is 1
 * (every item is a record: the group itself) or above `maxPeriod`, when fewer than `minPosts` records
 * or {@link MIN_ANCHORS} are found (a period is seen twice), or when they hold less than
 * {@link MIN_PERIOD_COVER} of the items they span.
 * @category Threads
 */
export function anchorOnDated(
  subtreeEnd: Int32Array, group: RecordGroup, dated: readonly boolean[], maxPeriod: number, minPosts: number,
): RecordGroup | null {
  const period = datedPeriod(dated);
  if (period < 2 || period > maxPeriod) return null;
  const items: number[] = [];
  const ends: number[] = [];
  let covered = 0;
  let first = -1;
  let end = -1;
  for (let n = 0; n < dated.length; n++) {
    if (!dated[n]) continue;
    const last = Math.min(n + period, dated.length) - 1;
    items.push(group.items[n]);
    ends.push(subtreeEnd[group.items[last]]);
    covered += last - n + 1;
    if (first < 0) first = n;
    end = last + 1;
    n = last;
  }
  return items.length >= Math.max(minPosts, MIN_ANCHORS) && covered >= MIN_PERIOD_COVER * (end - first) ? { list: group.list, items: Int32Array.from(items), ends: Int32Array.from(ends) } : null;
}
