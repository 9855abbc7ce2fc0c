/**
 * Leaf nodes numbered in source order, clustered by tag path (Tpath), the interval statistics of each
 * cluster and its split at discontinuities.
 * @see Hou & Yang, §2 (eq. 2–5) and §3.1 (Tpath clustering)
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';

/**
 * The page's leaves: visible text nodes with text, numbered 0.. in source order, with prefix sums
 * that give any run's figures in O(1). Character sums never exceed the page's text (`Uint32Array` stats).
 * @category Extraction
 */
export interface Leaves {
  /** Node id of leaf k. */
  readonly node: Int32Array;
  /** Tag path id of leaf k's parent element (its Tpath). */
  readonly path: Int32Array;
  /** Prefix sums over leaves 0..k-1: non-link characters (T_n). */
  readonly nonLink: Uint32Array;
  /** Prefix sums: link characters (T_l). */
  readonly link: Uint32Array;
  /** Prefix sums: leaves inside a link with href (N_href). */
  readonly linked: Uint32Array;
}

/** True when node `i` is a leaf: a visible text node with text. */
function isLeaf(doc: AnalyzedDocument, i: number): boolean {
  return doc.index.kind[i] === NodeKind.Text && !doc.index.excluded[i] && doc.stats.textChars[i] > 0;
}

/**
 * Lists the leaves of a page. Counted first, so that every array is allocated once at its size, from `arrays`.
 * @category Extraction
 */
export function listLeaves(doc: AnalyzedDocument, arrays: TypedArraySource = FRESH_ARRAYS): Leaves {
  const { size, parent, tagPathId } = doc.index;
  const { textChars, linkChars } = doc.stats;
  let n = 0;
  for (let i = 0; i < size; i++) if (isLeaf(doc, i)) n++;
  const node = arrays.int32(n);
  const path = arrays.int32(n);
  const nonLink = arrays.uint32(n + 1);
  const link = arrays.uint32(n + 1);
  const linked = arrays.uint32(n + 1);
  nonLink[0] = link[0] = linked[0] = 0;
  for (let i = 0, k = 0; k < n; i++) {
    if (!isLeaf(doc, i)) continue;
    node[k] = i;
    path[k] = parent[i] >= 0 ? tagPathId[parent[i]] : -1;
    const l = linkChars[i];
    nonLink[k + 1] = nonLink[k] + textChars[i] - l;
    link[k + 1] = link[k] + l;
    linked[k + 1] = linked[k] + (l > 0 ? 1 : 0);
    k++;
  }
  return { node, path, nonLink, link, linked };
}

/**
 * Leaf numbers grouped by Tpath: cluster c holds the ascending leaf numbers
 * `leaves[start[c]]..leaves[start[c + 1] − 1]` and has Tpath `path[c]`. Clusters are numbered in order
 * of their first leaf.
 * @category Extraction
 */
export interface Clusters {
  readonly path: Int32Array;
  readonly start: Int32Array;
  readonly leaves: Int32Array;
}

/**
 * Groups leaf numbers by Tpath, in order of each cluster's first leaf (paper §3.1: a leaf joins the
 * cluster whose Tpath is identical). A counting sort: cluster sizes first, then each leaf is written
 * at its cluster's next place, so no list grows.
 * @category Extraction
 */
export function clusterByPath(leaves: Leaves, arrays: TypedArraySource = FRESH_ARRAYS): Clusters {
  const n = leaves.path.length;
  let maxPath = -1;
  for (let k = 0; k < n; k++) maxPath = Math.max(maxPath, leaves.path[k]);
  // cluster number of each Tpath (index path + 1: a leaf without a parent element has Tpath −1), −1 until seen
  const clusterOf = arrays.int32(maxPath + 2).fill(-1);
  const count = arrays.int32(maxPath + 2).fill(0);
  let clusters = 0;
  for (let k = 0; k < n; k++) {
    const p = leaves.path[k] + 1;
    if (clusterOf[p] < 0) clusterOf[p] = clusters++;
    count[clusterOf[p]]++;
  }
  const path = arrays.int32(clusters);
  for (let p = 0; p < clusterOf.length; p++) if (clusterOf[p] >= 0) path[clusterOf[p]] = p - 1;
  const start = arrays.int32(clusters + 1);
  start[0] = 0;
  for (let c = 0; c < clusters; c++) start[c + 1] = start[c] + count[c];
  const next = arrays.int32(clusters);
  next.set(start.subarray(0, clusters));
  const members = arrays.int32(n);
  for (let k = 0; k < n; k++) members[next[clusterOf[leaves.path[k] + 1]]++] = k;
  return { path, start, leaves: members };
}

/**
 * μ (eq. 3) and σ² (eq. 4) of the intervals d_j = n_{j+1} − n_j (eq. 2) of a run of leaf numbers.
 * @category Extraction
 */
export function intervalStats(numbers: ArrayLike<number>, from = 0, to = numbers.length): { mean: number; variance: number } {
  const m = to - from - 1;
  if (m < 1) return { mean: 0, variance: 0 };
  let sum = 0;
  let sumSq = 0;
  for (let j = from; j < to - 1; j++) {
    const d = numbers[j + 1] - numbers[j];
    sum += d;
    sumSq += d * d;
  }
  const mean = sum / m;
  return { mean, variance: Math.max(0, sumSq / m - mean * mean) };
}

/** What {@link splitCluster} needs of the options. */
export interface SplitRules {
  readonly ratioMin: number;
  readonly ratioMax: number;
  readonly maxVariation: number;
}

/**
 * The interval d_j of a run when it may be the run's split point (rule 1), else −1: the ratio r (eq. 5)
 * with a neighbouring interval leaves [ratioMin, ratioMax], and d_j is larger than both neighbours.
 * `before` / `after` are 0 at the ends of the run (no neighbour there).
 */
function splitGap(d: number, before: number, after: number, rules: SplitRules): number {
  const outOfRange = (before > 0 && (d / before > rules.ratioMax || d / before < rules.ratioMin)) ||
    (after > 0 && (after / d > rules.ratioMax || after / d < rules.ratioMin));
  return outOfRange && d > before && d > after ? d : -1;
}

/**
 * What {@link splitCluster} reads of one cluster, built once when it first splits: prefix sums of the
 * intervals and their squares (μ and σ² of any run in O(1), the same integer sums the loop of
 * {@link intervalStats} adds up, so the same figures), and a tree over the split gaps of the intervals
 * whose two neighbours lie in the cluster, which answers "the first largest split gap in a range" in
 * O(log n). Without it every split rescanned its whole run, and a long page whose clusters are cut at
 * every repetition took time quadratic in its size.
 */
interface SplitIndex {
  readonly sum: Float64Array;
  readonly sumSq: Float64Array;
  /** Split gap of interval j with both neighbours (−1 when it is no split point, or is at an end of the cluster). */
  readonly gap: Float64Array;
  /** Bottom-up segment tree of interval indexes (−1: none), leaves at `leaves + j`; a node holds its range's first largest gap. */
  readonly tree: Int32Array;
  readonly leaves: number;
}

/** The interval with the larger gap, `a` (the earlier one) on a tie; −1 is no interval. */
function largerGap(gap: Float64Array, a: number, b: number): number {
  if (a < 0) return b;
  if (b < 0) return a;
  return gap[b] > gap[a] ? b : a;
}

function buildSplitIndex(numbers: ArrayLike<number>, rules: SplitRules, arrays: TypedArraySource): SplitIndex {
  const m = numbers.length - 1;
  const sum = arrays.float64(m + 1);
  const sumSq = arrays.float64(m + 1);
  const gap = arrays.float64(m).fill(-1);
  sum[0] = sumSq[0] = 0;
  for (let j = 0; j < m; j++) {
    const d = numbers[j + 1] - numbers[j];
    sum[j + 1] = sum[j] + d;
    sumSq[j + 1] = sumSq[j] + d * d;
    if (j > 0 && j + 2 <= m) gap[j] = splitGap(d, numbers[j] - numbers[j - 1], numbers[j + 2] - numbers[j + 1], rules);
  }
  let leaves = 1;
  while (leaves < m) leaves *= 2;
  const tree = arrays.int32(2 * leaves).fill(-1);
  for (let j = 0; j < m; j++) if (gap[j] >= 0) tree[leaves + j] = j;
  for (let v = leaves - 1; v > 0; v--) tree[v] = largerGap(gap, tree[2 * v], tree[2 * v + 1]);
  return { sum, sumSq, gap, tree, leaves };
}

/** The first interval of [l, r] (inclusive) with the largest split gap, −1 when none is a split point. */
function firstLargestGap(index: SplitIndex, l: number, r: number): number {
  const { tree, gap } = index;
  let left = -1;
  let right = -1;
  for (let lo = l + index.leaves, hi = r + index.leaves + 1; lo < hi; lo >>= 1, hi >>= 1) {
    if (lo & 1) left = largerGap(gap, left, tree[lo++]);
    if (hi & 1) right = largerGap(gap, tree[--hi], right);
  }
  return largerGap(gap, left, right);
}

/** μ and σ² of the run [from, to) from the prefix sums, as {@link intervalStats} computes them. */
function indexedStats(index: SplitIndex, from: number, to: number): { mean: number; variance: number } {
  const m = to - from - 1;
  if (m < 1) return { mean: 0, variance: 0 };
  const mean = (index.sum[to - 1] - index.sum[from]) / m;
  return { mean, variance: Math.max(0, (index.sumSq[to - 1] - index.sumSq[from]) / m - mean * mean) };
}

/**
 * The split point of a run of at least three numbers: the largest interval d_j that may split it
 * ({@link splitGap}), the first one on a tie; −1 when there is none. Returns j (the split is between
 * numbers[j] and numbers[j+1]). Only the two end intervals depend on the run (one neighbour is
 * missing there); the others come from the index.
 */
function findSplit(numbers: ArrayLike<number>, index: SplitIndex, from: number, to: number, rules: SplitRules): number {
  const at = (j: number) => numbers[j + 1] - numbers[j];
  // in interval order, so the first wins a tie (strict >); to − from ≥ 3, so both ends have a neighbour
  let best = -1;
  let bestGap = 0;
  const first = splitGap(at(from), 0, at(from + 1), rules);
  if (first > bestGap) {
    best = from;
    bestGap = first;
  }
  const inner = from + 1 <= to - 3 ? firstLargestGap(index, from + 1, to - 3) : -1;
  if (inner >= 0 && index.gap[inner] > bestGap) {
    best = inner;
    bestGap = index.gap[inner];
  }
  if (splitGap(at(to - 2), at(to - 3), 0, rules) > bestGap) best = to - 2;
  return best;
}

/**
 * Splits a cluster (its sorted leaf numbers) at its discontinuities: while a run's intervals vary too
 * much (σ > maxVariation · μ, the paper's variance test), it is cut at its largest interval whose ratio
 * r to a neighbour leaves the range (rule 1), and both halves are examined again. Returns the runs as
 * [from, to) index ranges into `numbers`, in source order. The index of a split cluster is made of `arrays`.
 * @category Extraction
 */
export function splitCluster(numbers: ArrayLike<number>, rules: SplitRules, arrays: TypedArraySource = FRESH_ARRAYS): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const stack: Array<[number, number]> = [[0, numbers.length]];
  // most clusters are never split: the index is built at the first split
  let index: SplitIndex | undefined;
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    const { mean, variance } = index === undefined ? intervalStats(numbers, from, to) : indexedStats(index, from, to);
    const split = to - from >= 3 && Math.sqrt(variance) > rules.maxVariation * mean;
    const j = split ? findSplit(numbers, (index ??= buildSplitIndex(numbers, rules, arrays)), from, to, rules) : -1;
    if (j < 0) {
      out.push([from, to]);
      continue;
    }
    stack.push([j + 1, to], [from, j + 1]);
  }
  return out.sort((a, b) => numbers[a[0]] - numbers[b[0]]);
}
