/**
 * An exact bound of what an article reading can keep while some members have not run yet: each
 * segment's vote is bounded from the votes so far and the weight of the members still to run, and
 * the kept text from the segments such votes can make ends of the kept range (sibling sections
 * included). `auto`'s thread-or-article check stops running members as soon as even this bound
 * cannot outweigh the opening post or the records (docs/algorithms/auto.md, "Thread or article").
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { commonAncestor } from '../../analysis/tree.js';
import { linkDensity } from './cleanup.js';
import type { AutoOptions } from './defaults.js';
import { firstText, plainChars, type SegmentTable } from './segments.js';
import { allIndexes, indexesWhere } from './index-lists.js';

/**
 * Added to every bound: the reading sums the same weighted shares in another order, so its vote may
 * differ from the bound's arithmetic in the last bits; far below any difference a vote option makes.
 */
const FLOAT_SLACK = 1e-9;

/** The weights and shares a bound of the votes reads. */
export interface VoteSoFar {
  /** Each run member's share of every segment, null when it abstains (see `voteSegments` in index.ts). */
  readonly shares: ReadonlyMap<string, Float64Array | null>;
  /** Members not run yet. */
  readonly pending: readonly string[];
  /** 1 for each segment inside the markup body's parts. */
  readonly inMarkup: Uint8Array;
  /** Whether the markup member votes (the page names a body). */
  readonly markupVotes: boolean;
  /** 1 for each segment the reading gives vote 0 (inside comments or a small form). */
  readonly silenced: Uint8Array;
}

/**
 * An upper bound of every segment's vote whatever the pending members select or whether they abstain:
 * with `a` the weighted shares so far (markup included) and `b` their weights, the vote is
 * `(a + x) / (b + y)` for the pending members that vote (weights `y`, weighted shares `x ≤ y`), at
 * most `(a + W) / (b + W)` with `W` all pending weight, since `a ≤ b`. Null when a weight is
 * negative (the bound does not hold then).
 */
export function boundVotes(
  segments: SegmentTable, so: Readonly<VoteSoFar>, o: Readonly<Pick<Required<AutoOptions>, 'weights' | 'markupWeight'>>,
): Float64Array | null {
  if (o.markupWeight < 0 || Object.values(o.weights).some((w) => w < 0)) return null;
  const sum = new Float64Array(segments.length);
  let total = 0;
  for (const [id, share] of so.shares) {
    if (share === null) continue;
    const w = o.weights[id];
    total += w;
    for (let k = 0; k < sum.length; k++) sum[k] += w * share[k];
  }
  let pending = 0;
  for (const id of so.pending) pending += o.weights[id];
  const markup = so.markupVotes ? o.markupWeight : 0;
  const denominator = total + pending + markup;
  const out = new Float64Array(segments.length);
  if (denominator <= 0) return out; // no weight can vote: every vote is 0
  for (let k = 0; k < out.length; k++) {
    if (so.silenced[k] === 1) continue;
    out[k] = (sum[k] + pending + markup * so.inMarkup[k]) / denominator + FLOAT_SLACK;
  }
  return out;
}

/** The options {@link reachableSegments} reads: the votes, the link limit and the extensions of `auto`'s cleanup. */
export type ReachOptions = Pick<Required<AutoOptions>,
  'keepVote' | 'regionVote' | 'strongVote' | 'siblingLeadVote' | 'maxLinkDensity' | 'extendToRegionSiblings' | 'extendToSiblingSections'>;

/** First and last segment index whose anchor lies in each node's subtree (−1 when none). */
function anchoredSpans(doc: AnalyzedDocument, segments: SegmentTable): { first: Int32Array; last: Int32Array } {
  const { size, parent } = doc.index;
  const first = new Int32Array(size).fill(-1);
  const last = new Int32Array(size).fill(-1);
  for (let k = 0; k < segments.length; k++) {
    const a = segments.anchor[k];
    if (first[a] < 0 || k < first[a]) first[a] = k;
    if (k > last[a]) last[a] = k;
  }
  // preorder: a child's id is above its parent's, so one backward pass folds every subtree into its root
  for (let i = size - 1; i > 0; i--) {
    const p = parent[i];
    if (first[i] >= 0 && (first[p] < 0 || first[i] < first[p])) first[p] = first[i];
    if (last[i] > last[p]) last[p] = last[i];
  }
  return { first, last };
}

/** The child of `top` on the path down to `node` (a descendant of `top`), or −1 when `node` is `top`. */
function childToward(parent: Int32Array, top: number, node: number): number {
  let n = node;
  while (n >= 0 && parent[n] !== top) n = parent[n];
  return n === top ? -1 : n;
}

/**
 * Indexes of the segments an article reading can keep when every segment's vote is at most `bound`: a
 * superset of its kept segments. Why (`cleanSegments` in index.ts): a segment is kept only with link
 * density under `maxLinkDensity` inside the kept range or with a vote of at least `strongVote`, or
 * rescued inside the range with a vote of at least `keepVote`. The range's ends, before the sibling
 * sections, are segments not link-dense with a vote of at least the least vote option: they lie in
 * `[from, to]`, the first and last such segments by the bound. `extendToSiblingSections` then takes
 * whole child spans of the region's parent `H`: such a span (a child `E` of `H` beside the region) is
 * carried, so it holds a segment `c` with non-link text and a vote of at least `regionVote`, whose
 * first text lies in `E`; the region holds the anchor of a segment voted at least the least vote option
 * (the one its weight or headline came from). `H` is then the common ancestor of `c`'s first text and
 * that anchor, so `E` lies within the child, toward `c`, of the common ancestor of `c`'s first text and
 * every such anchor: the range stays within the segments anchored there. `extendToRegionEdges` does not
 * apply: the readings this bound serves turn it off (`readThreadAsArticle` in index.ts).
 */
export function reachableSegments(doc: AnalyzedDocument, segments: SegmentTable, bound: Float64Array, o: Readonly<ReachOptions>): Int32Array {
  const least = Math.min(o.keepVote, o.regionVote, o.strongVote, o.siblingLeadVote);
  if (least <= 0) return allIndexes(segments.length);
  const light = (k: number): boolean => linkDensity(segments, k) < o.maxLinkDensity;
  const ends = indexesWhere(segments.length, (k) => bound[k] >= least && light(k));
  if (ends.length === 0) return new Int32Array(0); // no kept range, and nothing reaches strongVote either
  let from = ends[0];
  let to = ends[ends.length - 1];
  if (o.extendToRegionSiblings && o.extendToSiblingSections) {
    const { parent } = doc.index;
    const voted = indexesWhere(segments.length, (k) => bound[k] >= least);
    const regionTop = commonAncestor(doc.index, Array.from(voted, (k) => segments.anchor[k]));
    const spans = anchoredSpans(doc, segments);
    for (let c = 0; c < segments.length; c++) {
      if (bound[c] < o.regionVote || plainChars(segments, c) <= 0) continue;
      const text = firstText(segments, c);
      const top = commonAncestor(doc.index, [text, regionTop]);
      const section = childToward(parent, top, text);
      if (section < 0 || spans.first[section] < 0) continue;
      from = Math.min(from, spans.first[section]);
      to = Math.max(to, spans.last[section]);
    }
  }
  return indexesWhere(segments.length, (k) => k >= from && k <= to && (light(k) || bound[k] >= o.keepVote));
}
