/**
 * The kept text extended to the end of the region when a member goes on reading there: the long flat
 * document (a FAQ, a notices page, a paper converted to HTML) whose later paragraphs only one member
 * selects, while the others stop midway.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { isInside, isInsideAny, linkDensity } from './cleanup.js';
import type { AutoOptions } from './defaults.js';
import { plainChars, type Segment } from './segments.js';

/** What {@link extendToRegionEnd} reads besides the votes: the flags that stop it. */
export interface RegionEndFacts {
  /** The region the vote agreed on (a node id). */
  readonly region: number;
  /** The markup body's parts (empty when the page names none): the tail must lie inside them. */
  readonly markup: readonly number[];
  /** True for a segment that is furniture, a reader comment or inside a small form. */
  readonly blocked: (k: number) => boolean;
}

/**
 * The new last index of the kept range `[.., last]`: the region's last segment when the segments after
 * `last` up to the region's end (the tail) read as more of the same document, else `last`. The tail
 * is taken when:
 * - `last` lies inside the region, and the tail holds no furniture, comment or form segment and (when
 *   the page names a body) lies inside the markup body;
 * - the tail as a whole is not link-dense (link characters under `maxLinkDensity` of its text);
 * - among its segments that are not link-dense, most non-link characters (more than half) are voted by
 *   at least one member (vote above 0), at least `regionEndMinSegments` such segments are voted, and
 *   they hold at least `extendMinChars` non-link characters.
 *
 * Why: inside the region the algorithms agreed on, a member that goes on selecting paragraph after
 * paragraph to the region's end reads one document; the others stop where its sections no longer look
 * like the first ones (a FAQ's later answers, the entries of a list of notices). A comment list, a
 * form, a sidebar box or a link list after the article stops the extension, and so does a tail of a
 * few voted lines (a copyright notice, a sponsor's line), which the segment count keeps out.
 */
export function extendToRegionEnd(
  doc: AnalyzedDocument, segments: readonly Segment[], vote: Float64Array, last: number, facts: Readonly<RegionEndFacts>,
  o: Readonly<Pick<Required<AutoOptions>, 'maxLinkDensity' | 'extendMinChars' | 'regionEndMinSegments'>>,
): number {
  const { region, markup, blocked } = facts;
  if (last < 0 || !isInside(doc, segments[last].anchor, region)) return last;
  // a region is one subtree, so its segments are contiguous: the tail runs to the first segment outside it
  let end = last;
  while (end + 1 < segments.length && isInside(doc, segments[end + 1].anchor, region)) end++;
  if (end === last) return last;
  let chars = 0;
  let links = 0;
  let plain = 0;
  let votedPlain = 0;
  let voted = 0;
  for (let k = last + 1; k <= end; k++) {
    const s = segments[k];
    if (blocked(k) || (markup.length > 0 && !isInsideAny(doc, s.anchor, markup))) return last;
    chars += s.chars;
    links += s.linkChars;
    if (linkDensity(s) >= o.maxLinkDensity) continue;
    plain += plainChars(s);
    if (vote[k] > 0) {
      votedPlain += plainChars(s);
      voted++;
    }
  }
  const taken = links < o.maxLinkDensity * chars && 2 * votedPlain > plain && voted >= o.regionEndMinSegments && votedPlain >= o.extendMinChars;
  return taken ? end : last;
}
