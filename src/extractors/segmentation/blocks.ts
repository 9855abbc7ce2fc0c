/**
 * Candidate blocks (split Tpath clusters) with the paper's statistics, the list-noise coefficient,
 * and the choice of the main block.
 * @see Hou & Yang, §1.2 (list-noise coefficient, eq. 1), §2 (rules), §3.2 (main block)
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';
import { clusterByPath, intervalStats, type Leaves, type SplitRules, splitCluster } from './clusters.js';

/**
 * One block: a run of a Tpath cluster after splitting.
 * @category Extraction
 */
export interface SegmentBlock {
  /** Tag path id of the cluster (the leaves' parent path). */
  readonly path: number;
  /** Number of leaves in the run. */
  readonly leafCount: number;
  /** First and last leaf number: the block's span in source order. */
  readonly first: number;
  readonly last: number;
  /** Length: non-link characters of the run's own leaves. */
  readonly length: number;
  /** Ln: list-noise coefficient of the span, 0–100. */
  readonly listNoise: number;
  /** μ: average period of the run. */
  readonly period: number;
  /** σ²: variance of the run's intervals. */
  readonly variance: number;
}

/**
 * The list-noise coefficient (paper eq. 1) of leaves first..last:
 * Ln = T_n / (T_n + T_l) · N_nohref / (N_nohref + N_href) · 100 %, with T_n / T_l the non-link / link
 * characters and N_href / N_nohref the leaves inside / outside a link. 0 for a links list, 100 for
 * plain prose. (The denominator of the second factor is illegible in the paper; see docs.)
 * @category Extraction
 */
export function listNoise(leaves: Leaves, first: number, last: number): number {
  const tn = leaves.nonLink[last + 1] - leaves.nonLink[first];
  const tl = leaves.link[last + 1] - leaves.link[first];
  const nh = leaves.linked[last + 1] - leaves.linked[first];
  const n = last - first + 1;
  if (tn + tl === 0 || n === 0) return 0;
  return (tn / (tn + tl)) * ((n - nh) / n) * 100;
}

/**
 * Every block of the page: each Tpath cluster split at its discontinuities, with its statistics.
 * `onlyPaths`, when given, restricts the clusters (a site template goes straight to its paths). The clusters'
 * working arrays are taken from `arrays`; the blocks are plain records.
 * @category Extraction
 */
export function listBlocks(leaves: Leaves, rules: SplitRules, onlyPaths?: ReadonlySet<number>, arrays: TypedArraySource = FRESH_ARRAYS): SegmentBlock[] {
  const blocks: SegmentBlock[] = [];
  const clusters = clusterByPath(leaves, arrays);
  for (let c = 0; c < clusters.path.length; c++) {
    const path = clusters.path[c];
    if (onlyPaths && !onlyPaths.has(path)) continue;
    const numbers = clusters.leaves.subarray(clusters.start[c], clusters.start[c + 1]);
    for (const [from, to] of splitCluster(numbers, rules, arrays)) {
      let length = 0;
      for (let j = from; j < to; j++) length += leaves.nonLink[numbers[j] + 1] - leaves.nonLink[numbers[j]];
      const { mean, variance } = intervalStats(numbers, from, to);
      const first = numbers[from];
      const last = numbers[to - 1];
      blocks.push({ path, leafCount: to - from, first, last, length, listNoise: listNoise(leaves, first, last), period: mean, variance });
    }
  }
  return blocks;
}

/**
 * Thresholds a block must exceed (paper §3.3): Length, Ln; and the node count of rule 2.
 * @category Extraction
 */
export interface BlockThresholds {
  readonly length: number;
  readonly listNoise: number;
  readonly minNodes: number;
}

/**
 * The main block: blocks are examined longest first (the paper's "Sort(new cluster)"), and the first
 * that satisfies every rule — more than `minNodes` leaves, Length > LengthThreshold, Ln > Ln_Threshold
 * — is the main block (paper §3.2). −1 when none does.
 * @category Extraction
 */
export function chooseMainBlock(blocks: readonly SegmentBlock[], t: BlockThresholds): number {
  const order = blocks.map((_, k) => k).sort((a, b) => blocks[b].length - blocks[a].length || blocks[a].first - blocks[b].first);
  for (const k of order) {
    const b = blocks[k];
    if (b.leafCount > t.minNodes && b.length > t.length && b.listNoise > t.listNoise) return k;
  }
  return -1;
}

/** Tag path string of a block (for templates and diagnostics). */
export function blockPath(doc: AnalyzedDocument, block: SegmentBlock): string {
  return block.path >= 0 ? (doc.index.tagPaths[block.path] ?? '') : '';
}
