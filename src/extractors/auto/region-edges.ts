/**
 * The kept text extended to the edges of the region when a member goes on reading there: the long flat
 * document (a FAQ, a page of notices, a paper converted to HTML) whose other paragraphs only one member
 * selects, while the others agree on part of it.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { isInside, isInsideAny, linkDensity } from './cleanup.js';
import type { AutoOptions } from './defaults.js';
import { plainChars, segmentLinkChars, type SegmentTable } from './segments.js';

/** What {@link extendToRegionEdge} reads besides the votes: the region and the flags that stop it. */
export interface RegionEdgeFacts {
  /** The region the vote agreed on (a node id). */
  readonly region: number;
  /** The markup body's parts (empty when the page names none): the stretch must lie inside them. */
  readonly markup: readonly number[];
  /** True for a segment that is furniture, a reader comment or inside a small form. */
  readonly blocked: (k: number) => boolean;
}

/** Which end of the kept range {@link extendToRegionEdge} moves. */
export type RangeEnd = 'first' | 'last';

/**
 * The kept range's `end` (its first or last segment index, `at`) moved to the region's first or last
 * segment when the stretch between them reads as more of the same document, else `at`. The stretch is
 * taken when:
 * - `at` lies inside the region, and the stretch holds no furniture, comment or form segment and (when
 *   the page names a body) lies inside the markup body;
 * - the stretch as a whole is not link-dense (link characters under `maxLinkDensity` of its text);
 * - among its segments that are not link-dense, most non-link characters (more than half) are voted by
 *   at least one member (vote above 0), at least `regionEdgeMinSegments` such segments are voted, and
 *   they hold at least `extendMinChars` non-link characters.
 *
 * Why: inside the region the algorithms agreed on, a member that goes on selecting paragraph after
 * paragraph to the region's edge reads one document; the others stop where its sections no longer look
 * like the ones they kept (a FAQ's later answers, the entries of a list of notices, an introduction). A
 * comment list, a form, a sidebar box or a link list stops the extension, and so do a few voted lines
 * (a copyright notice, a sponsor's line), which the segment count keeps out.
 */
export function extendToRegionEdge(
  doc: AnalyzedDocument, segments: SegmentTable, vote: Float64Array, at: number, end: RangeEnd, facts: Readonly<RegionEdgeFacts>,
  o: Readonly<Pick<Required<AutoOptions>, 'maxLinkDensity' | 'extendMinChars' | 'regionEdgeMinSegments'>>,
): number {
  const { region, markup, blocked } = facts;
  if (at < 0 || at >= segments.length || !isInside(doc, segments.anchor[at], region)) return at;
  const step = end === 'last' ? 1 : -1;
  // a region is one subtree, so its segments are contiguous: the stretch runs to the first segment outside it
  let edge = at;
  while (edge + step >= 0 && edge + step < segments.length && isInside(doc, segments.anchor[edge + step], region)) edge += step;
  let chars = 0;
  let links = 0;
  let plain = 0;
  let votedPlain = 0;
  let voted = 0;
  for (let k = at + step; k !== edge + step; k += step) {
    if (blocked(k) || (markup.length > 0 && !isInsideAny(doc, segments.anchor[k], markup))) return at;
    chars += segments.chars[k];
    links += segmentLinkChars(segments, k);
    if (linkDensity(segments, k) >= o.maxLinkDensity) continue;
    plain += plainChars(segments, k);
    if (vote[k] > 0) {
      votedPlain += plainChars(segments, k);
      voted++;
    }
  }
  const taken = links < o.maxLinkDensity * chars && 2 * votedPlain > plain && voted >= o.regionEdgeMinSegments && votedPlain >= o.extendMinChars;
  return taken ? edge : at;
}
