/**
 * Leaf nodes numbered in source order, clustered by tag path (Tpath), the interval statistics of each
 * cluster and its split at discontinuities.
 * @see Hou & Yang, §2 (eq. 2–5) and §3.1 (Tpath clustering)
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';

/**
 * The page's leaves: visible text nodes with text, numbered 0.. in source order, with prefix sums
 * that give any run's figures in O(1).
 * @category Extraction
 */
export interface Leaves {
  /** Node id of leaf k. */
  readonly node: Int32Array;
  /** Tag path id of leaf k's parent element (its Tpath). */
  readonly path: Int32Array;
  /** Prefix sums over leaves 0..k-1: non-link characters (T_n). */
  readonly nonLink: Float64Array;
  /** Prefix sums: link characters (T_l). */
  readonly link: Float64Array;
  /** Prefix sums: leaves inside a link with href (N_href). */
  readonly linked: Float64Array;
}

/**
 * Lists the leaves of a page (optionally only those whose Tpath is in `paths`, for a template).
 * @category Extraction
 */
export function listLeaves(doc: AnalyzedDocument): Leaves {
  const { size, kind, excluded, parent, tagPathId } = doc.index;
  const { textChars, linkChars } = doc.stats;
  const ids: number[] = [];
  for (let i = 0; i < size; i++) if (kind[i] === NodeKind.Text && !excluded[i] && textChars[i] > 0) ids.push(i);
  const n = ids.length;
  const node = Int32Array.from(ids);
  const path = new Int32Array(n);
  const nonLink = new Float64Array(n + 1);
  const link = new Float64Array(n + 1);
  const linked = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) {
    const id = ids[k];
    path[k] = parent[id] >= 0 ? tagPathId[parent[id]] : -1;
    const l = linkChars[id];
    nonLink[k + 1] = nonLink[k] + textChars[id] - l;
    link[k + 1] = link[k] + l;
    linked[k + 1] = linked[k] + (l > 0 ? 1 : 0);
  }
  return { node, path, nonLink, link, linked };
}

/**
 * Groups leaf numbers by Tpath, in order of each cluster's first leaf (paper §3.1: a leaf joins the
 * cluster whose Tpath is identical).
 * @category Extraction
 */
export function clusterByPath(leaves: Leaves): Map<number, number[]> {
  const clusters = new Map<number, number[]>();
  for (let k = 0; k < leaves.path.length; k++) {
    const key = leaves.path[k];
    let list = clusters.get(key);
    if (!list) clusters.set(key, (list = []));
    list.push(k);
  }
  return clusters;
}

/**
 * μ (eq. 3) and σ² (eq. 4) of the intervals d_j = n_{j+1} − n_j (eq. 2) of a run of leaf numbers.
 * @category Extraction
 */
export function intervalStats(numbers: readonly number[], from = 0, to = numbers.length): { mean: number; variance: number } {
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
 * The split point of a run: the largest interval d_j such that the ratio r (eq. 5) with a neighbouring
 * interval leaves [ratioMin, ratioMax]; −1 when there is none. Returns j (the split is between
 * numbers[j] and numbers[j+1]).
 */
function findSplit(numbers: readonly number[], from: number, to: number, rules: SplitRules): number {
  let best = -1;
  let bestGap = 0;
  for (let j = from; j < to - 1; j++) {
    const d = numbers[j + 1] - numbers[j];
    const before = j > from ? numbers[j] - numbers[j - 1] : 0;
    const after = j + 2 < to ? numbers[j + 2] - numbers[j + 1] : 0;
    const outOfRange = (before > 0 && (d / before > rules.ratioMax || d / before < rules.ratioMin)) ||
      (after > 0 && (after / d > rules.ratioMax || after / d < rules.ratioMin));
    if (outOfRange && d > bestGap && (d > before && d > after)) {
      best = j;
      bestGap = d;
    }
  }
  return best;
}

/**
 * Splits a cluster (its sorted leaf numbers) at its discontinuities: while a run's intervals vary too
 * much (σ > maxVariation · μ, the paper's variance test), it is cut at its largest interval whose ratio
 * r to a neighbour leaves the range (rule 1), and both halves are examined again. Returns the runs as
 * [from, to) index ranges into `numbers`, in source order.
 * @category Extraction
 */
export function splitCluster(numbers: readonly number[], rules: SplitRules): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const stack: Array<[number, number]> = [[0, numbers.length]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() as [number, number];
    const { mean, variance } = intervalStats(numbers, from, to);
    const j = to - from >= 3 && Math.sqrt(variance) > rules.maxVariation * mean ? findSplit(numbers, from, to, rules) : -1;
    if (j < 0) {
      out.push([from, to]);
      continue;
    }
    stack.push([j + 1, to], [from, j + 1]);
  }
  return out.sort((a, b) => numbers[a[0]] - numbers[b[0]]);
}
