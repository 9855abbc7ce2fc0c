/**
 * The page's own headline as `auto` reads it for the island decision: the `<h1>`–`<h3>` elements whose
 * text the `<title>` repeats, and the voted text that follows one of them closely (the post under its
 * headline). A short post under its headline is what the page is about, even when a longer "about me"
 * box or footer line elsewhere collects more votes.
 * @module
 */
import { findElements } from '../../analysis/tag-index.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { commonAncestor, subtreeText } from '../../analysis/tree.js';
import { isInside, isInsideAny, linkDensity } from './cleanup.js';
import { charsBetween, plainChars, type SegmentTable } from './segments.js';
import { indexesWhere } from './index-lists.js';
import { firstAtLeast } from '../../core/lists.js';

/** Headings a post's headline is written in (smaller ones head sections, not the page). */
const HEADLINE_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3']);
const TITLE_TAGS: ReadonlySet<string> = new Set(['title']);

/** Text as the headline test compares it: letters and digits only, lower-cased (punctuation and spacing differ between `<title>` and heading). */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The `<title>`'s text (excluded from the page text, so read from its text nodes). */
function titleText(doc: AnalyzedDocument): string {
  const id = findElements(doc.index, TITLE_TAGS, 1)[0];
  return id === undefined ? '' : subtreeText(doc, id);
}

/**
 * Ids of the `<h1>`–`<h3>` elements (not excluded) whose text, compared without case, spacing and
 * punctuation, is part of the page's `<title>`: the post's headline, and often the site's name in its
 * logo heading (both are kept; the caller only needs the headline to be among them).
 */
export function titleHeadings(doc: AnalyzedDocument): readonly number[] {
  let found = TITLE_HEADINGS.get(doc);
  if (found === undefined) TITLE_HEADINGS.set(doc, (found = findTitleHeadings(doc)));
  return found;
}

/** {@link titleHeadings} of the pages asked about (the cleanup, the entries and the post under its headline all ask), dropped with them. */
const TITLE_HEADINGS = new WeakMap<AnalyzedDocument, readonly number[]>();

function findTitleHeadings(doc: AnalyzedDocument): readonly number[] {
  const title = comparable(titleText(doc));
  if (title === '') return [];
  return Object.freeze(findElements(doc.index, HEADLINE_TAGS).filter((id) => {
    if (doc.index.excluded[id] === 1) return false;
    const heading = comparable(doc.textOf(id));
    return heading !== '' && title.includes(heading);
  }));
}

/**
 * Running maximum of `values`. It is non-decreasing, and its first entry of at least `x` sits at the
 * same index as the first entry of `values` of at least `x`, so {@link firstAtLeast} answers
 * `values.findIndex((v) => v >= x)` by binary search even where `values` is not sorted (a segment of
 * loose text after a nested block has a smaller node id than the block's segment before it).
 */
function runningMax(values: ArrayLike<number>): Int32Array {
  const out = new Int32Array(values.length);
  let max = -1;
  for (let k = 0; k < values.length; k++) out[k] = max = Math.max(max, values[k]);
  return out;
}

/**
 * Indexes of the segments of `voted` that open the text under one of `headings`: for each heading,
 * the first voted segment inside it or after it, when the segments between the heading and it hold at
 * most `maxGapChars` characters (a date or byline line, not a sidebar). `voted` is in ascending order
 * (every caller filters the segment indexes in order). Both searches are binary, over `voted` and over
 * the segments' running maxima of node ids built once per call: a thread or a long page has a heading
 * per record, and a scan of all segments per heading made this quadratic in the page's size.
 */
export function segmentsUnderHeadings(
  doc: AnalyzedDocument, segments: SegmentTable, voted: ArrayLike<number>, headings: readonly number[], maxGapChars: number,
): Set<number> {
  const out = new Set<number>();
  if (headings.length === 0) return out;
  const { subtreeEnd } = doc.index;
  const nodeMax = runningMax(segments.node);
  for (const h of headings) {
    // the first segment at or after the heading's start (segments are in document order, node ids in preorder)
    const start = firstAtLeast(nodeMax, h);
    if (start < 0) continue;
    const at = firstAtLeast(voted, start);
    if (at < 0) continue;
    const next = voted[at];
    // characters only add up: the sum stops once it is past the bound
    let gap = 0;
    for (let k = start; k < next && gap <= maxGapChars; k++) if (segments.node[k] >= subtreeEnd[h]) gap += segments.chars[k];
    if (gap <= maxGapChars) out.add(next);
  }
  return out;
}

/** What {@link headlineRegion} reads of `auto`'s options. */
export interface HeadlineRegionOptions {
  readonly keepVote: number;
  readonly regionVote: number;
  readonly maxGapChars: number;
  readonly maxLinkDensity: number;
}

/**
 * The region `auto` cleans, moved to the text under the page's headline when the two are islands of
 * each other: the region the vote chose holds less non-link text than the stretch that separates it
 * from the headline's text (voted by a minority, at least `regionVote`, not link-dense, outside the
 * region), and that text is lighter than the stretch too. A one-line post under its headline then wins
 * over a longer "about me" box in the sidebar, the way {@link dropIslands}' tie rule decides inside one
 * region. A region whose own text opens under one of `headlines` stays (the post is there; the other
 * match is the site's name heading a footer box). Otherwise `region` is returned unchanged.
 */
export function headlineRegion(
  doc: AnalyzedDocument, segments: SegmentTable, vote: Float64Array, region: number, headlines: readonly number[], o: HeadlineRegionOptions,
): number {
  if (headlines.length === 0) return region;
  const inside = (k: number) => isInside(doc, segments.node[k], region);
  const usable = (k: number) => linkDensity(segments, k) < o.maxLinkDensity;
  const winners = indexesWhere(segments.length, (k) => inside(k) && vote[k] >= o.keepVote && usable(k));
  // a region that opens under a headline itself is the post (the other heading is the site's name in a footer box)
  if (winners.length === 0 || segmentsUnderHeadings(doc, segments, winners, headlines, o.maxGapChars).size > 0) return region;
  const minority = indexesWhere(segments.length, (k) => !inside(k) && vote[k] >= o.regionVote && usable(k));
  const opens = [...segmentsUnderHeadings(doc, segments, minority, headlines, o.maxGapChars)].sort((a, b) => a - b);
  if (opens.length === 0) return region;
  // the headline's cluster: minority-voted segments from its first one on, cut where more than maxGapChars lie between two
  const cluster = [opens[0]];
  for (const k of minority) {
    if (k <= opens[0]) continue;
    if (charsBetween(segments, cluster[cluster.length - 1], k) > o.maxGapChars) break;
    cluster.push(k);
  }
  const before = cluster[cluster.length - 1] < winners[0];
  if (!before && cluster[0] < winners[winners.length - 1]) return region; // interleaved: not two separate places
  const [from, to] = before ? [cluster[cluster.length - 1], winners[0]] : [winners[winners.length - 1], cluster[0]];
  const gap = charsBetween(segments, from, to);
  const weight = (ks: ArrayLike<number>) => {
    let n = 0;
    for (let i = 0; i < ks.length; i++) n += plainChars(segments, ks[i]);
    return n;
  };
  if (weight(winners) >= gap || weight(cluster) >= gap) return region;
  return commonAncestor(doc.index, cluster.map((k) => segments.anchor[k]));
}

/** Elements that hold the whole page: a headline directly inside one of them heads no post container. */
const PAGE_TAGS: ReadonlySet<string> = new Set(['html', 'body']);

/** What {@link textUnderHeadline} reads of `auto`'s options. */
export interface UnderHeadlineOptions {
  readonly maxLinkDensity: number;
}

/**
 * Indexes of the segments that follow the first of `headings` inside the headline's own container
 * (its parent element, when that is not the whole page), from the first segment after the heading up
 * to the first one that is link-dense or `silenced` (a comment, a form): the post under its headline.
 * `auto` reads it only when the vote kept nothing: a photo or video post of one line that no member
 * selects, its members having voted for a sidebar box that cleanup then dropped. Empty when there is no
 * headline, its container is the page, or nothing readable follows it there.
 */
export function textUnderHeadline(
  doc: AnalyzedDocument, segments: SegmentTable, headings: readonly number[], silenced: (k: number) => boolean, o: UnderHeadlineOptions,
): number[] {
  const { parent, subtreeEnd, tagOf } = doc.index;
  let nodeMax: Int32Array | undefined;
  for (const h of headings) {
    const box = parent[h];
    if (box < 0 || PAGE_TAGS.has(tagOf(box))) continue;
    const out: number[] = [];
    nodeMax ??= runningMax(segments.node);
    for (let k = firstAtLeast(nodeMax, subtreeEnd[h]); k >= 0 && k < segments.length; k++) {
      if (segments.node[k] >= subtreeEnd[box] || silenced(k) || linkDensity(segments, k) >= o.maxLinkDensity) break;
      out.push(k);
    }
    if (out.length > 0) return out;
  }
  return [];
}

/**
 * Whether every one of `kept` (none at all included) lies inside one of `headings`: the vote kept no
 * body, at most the headline, which the caller drops as the page's title.
 */
export function onlyHeadings(doc: AnalyzedDocument, segments: SegmentTable, kept: ArrayLike<number>, headings: readonly number[]): boolean {
  for (let i = 0; i < kept.length; i++) if (!isInsideAny(doc, segments.node[kept[i]], headings)) return false;
  return true;
}
