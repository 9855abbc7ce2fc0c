/**
 * Confidence of an `auto` article: how much of the members' voting weight stands behind the kept text
 * (an estimate of its precision), lowered by the share of their vote that the cleanup left out (an
 * estimate of what the body may miss). See docs/algorithms/auto.md, "Confidence".
 * @module
 */
import type { AutoOptions } from './defaults.js';
import { plainChars, type SegmentTable } from './segments.js';

/**
 * The measures behind an article's confidence.
 * @category Extraction
 */
export interface ArticleConfidence {
  /** Kept non-link characters. */
  readonly chars: number;
  /** Character-weighted mean vote of the kept segments, in [0, 1]. */
  readonly agreement: number;
  /**
   * Share of the whole page's vote (Σ vote × non-link characters over every segment) that lies in
   * segments the cleanup did not keep, in [0, 1].
   */
  readonly dropped: number;
  /** `agreement × (1 − droppedWeight × dropped) × size`, in [0, 1] (see {@link measureConfidence}). */
  readonly confidence: number;
}

/**
 * The vote mass (vote × non-link characters) of the segments, summed in one pass in segment order: over all
 * of them, over the kept ones (`kept`: segment indexes in order, as `auto` keeps them) and over the others,
 * with the kept non-link characters. One pass, not one per measure: the interpreter, which runs this once-per-page
 * loop until it is compiled, boxes every double it computes (2 MB of garbage on a page of 100,000 paragraphs).
 */
function voteMass(segments: SegmentTable, vote: ArrayLike<number>, kept: ArrayLike<number>): { chars: number; all: number; kept: number; out: number } {
  let next = 0; // the entry of `kept` that is next in segment order
  let chars = 0;
  let all = 0;
  let inKept = 0;
  let out = 0;
  for (let k = 0; k < segments.length; k++) {
    const mass = vote[k] * plainChars(segments, k);
    all += mass;
    if (next < kept.length && kept[next] === k) {
      next++;
      chars += plainChars(segments, k);
      inKept += mass;
    } else out += mass;
  }
  return { chars, all, kept: inKept, out };
}

/**
 * Share of the vote mass (vote × non-link characters, summed over all segments) that falls outside
 * the kept segments (`kept`: segment indexes in order); 0 when nothing was voted.
 * @category Extraction
 */
export function droppedVoteShare(segments: SegmentTable, vote: ArrayLike<number>, kept: ArrayLike<number>): number {
  return droppedShare(voteMass(segments, vote, kept));
}

/** {@link droppedVoteShare} from the sums of {@link voteMass}. */
function droppedShare(mass: { all: number; out: number }): number {
  return mass.all > 0 ? mass.out / mass.all : 0;
}

/**
 * Measures an article's confidence from the per-segment vote and the kept segments (indexes in order):
 * `agreement × (1 − droppedWeight × dropped) × min(1, chars / fullConfidenceChars)` (the size factor
 * is 1 when `fullConfidenceChars` is 0). Monotone: more agreement behind the kept text raises it,
 * more voted text left out lowers it. In [0, 1] for votes in [0, 1] and `droppedWeight` in [0, 1].
 * @category Extraction
 * @example
 * ```ts
 * const { confidence } = measureConfidence(segments, vote, kept, { droppedWeight: 0.1, fullConfidenceChars: 0 });
 * ```
 */
export function measureConfidence(
  segments: SegmentTable, vote: ArrayLike<number>, kept: ArrayLike<number>,
  o: Readonly<Required<Pick<AutoOptions, 'droppedWeight' | 'fullConfidenceChars'>>>,
): ArticleConfidence {
  const mass = voteMass(segments, vote, kept);
  const { chars } = mass;
  const agreement = chars > 0 ? mass.kept / chars : 0;
  const dropped = droppedShare(mass);
  const size = o.fullConfidenceChars > 0 ? Math.min(1, chars / o.fullConfidenceChars) : 1;
  const confidence = Math.min(1, Math.max(0, agreement * (1 - o.droppedWeight * dropped) * size));
  return { chars, agreement, dropped, confidence };
}
