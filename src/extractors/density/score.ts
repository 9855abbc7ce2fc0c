/**
 * The paper's measures for every element: text density TD, symbol density SbD and the node score.
 * @see Hong et al. 2019 (formulas as restated in the tutorial 002 and implemented by GeneralNewsExtractor)
 * @module
 */
import { nonLinkCharsOf } from '../../analysis/stats.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';

/**
 * Per-node series of {@link computeDensityScores}, indexed by node id (0 for nodes not scored).
 * @category Extraction
 */
export interface DensityScores {
  /** TD_i = (T_i − LT_i) / (TG_i − LTG_i), a zero denominator counted as 1. */
  readonly td: Float64Array;
  /** SbD_i = (T_i − LT_i) / (Sb_i + 1). */
  readonly sbd: Float64Array;
  /** score_i = ln(SD) · TD_i · lg(PNum_i + 2) · ln(max(SbD_i, floor)); 0 when SD ≤ 1 (see docs). */
  readonly score: Float64Array;
  /** 1 for the nodes that were scored (elements inside `<body>`, not excluded). */
  readonly scored: Uint8Array;
  /** SD: standard deviation (population) of TD over the scored nodes. */
  readonly sd: number;
  /** Number of scored nodes. */
  readonly count: number;
}

/** The `<body>` element's id, or the root when the page has none. */
export function findBody(doc: AnalyzedDocument): number {
  const { size, kind, tagOf } = doc.index;
  for (let i = 1; i < size; i++) if (kind[i] === NodeKind.Element && tagOf(i) === 'body') return i;
  return 0;
}

/**
 * Text density of one node. TG counts the node's descendant tags (GeneralNewsExtractor's
 * `.//*`), so a leaf `<p>` has TG − LTG = 0 and the "zero denominator → 1" rule gives TD = T − LT.
 * @category Extraction
 */
export function textDensity(doc: AnalyzedDocument, id: number): number {
  return densityOf(doc, id, doc.stats);
}

/**
 * The TG and LTG columns of a page: `doc.stats`' own, or counts of them in scratch (`auto`'s density member,
 * see `subtreeTags` and `subtreeLinkTags`).
 */
export interface TagCounts {
  readonly tags: ArrayLike<number>;
  readonly linkTags: ArrayLike<number>;
}

/** {@link textDensity} with the page's TG and LTG columns `counts`. */
function densityOf(doc: AnalyzedDocument, id: number, { tags, linkTags }: TagCounts): number {
  const selfTag = doc.index.tagOf(id) === 'a' ? 1 : 0;
  const denominator = tags[id] - 1 - (linkTags[id] - selfTag);
  return nonLinkCharsOf(doc.stats, id) / (denominator > 0 ? denominator : 1);
}

/**
 * SbD_i = (T_i − LT_i) / (Sb_i + 1).
 * @category Extraction
 */
export function symbolDensity(doc: AnalyzedDocument, id: number): number {
  return nonLinkCharsOf(doc.stats, id) / (doc.stats.punctuation[id] + 1);
}

/** The score of a node from ln(SD), its TD and its SbD (see {@link DensityScores.score}). */
function nodeScore(doc: AnalyzedDocument, id: number, lnSd: number, td: number, sbd: number, minSymbolDensity: number): number {
  return lnSd * td * Math.log10(doc.stats.paragraphs[id] + 2) * Math.log(Math.max(sbd, minSymbolDensity));
}

/** ln(SD) when SD > 1, else 0 (every score is then 0, see {@link computeDensityScores}). */
const lnOf = (sd: number): number => (sd > 1 ? Math.log(sd) : 0);

/** The nodes the paper scores (elements inside `<body>`, the body included, not excluded) and SD, the population standard deviation of their TD. */
interface ScoredNodes {
  readonly body: number;
  readonly sd: number;
  readonly count: number;
  /** True for a scored node. */
  readonly isScored: (id: number) => boolean;
}

/** The {@link ScoredNodes} of a page: one pass over `<body>`. */
function scoredNodes(doc: AnalyzedDocument, counts: TagCounts): ScoredNodes {
  const { kind, excluded, subtreeEnd } = doc.index;
  const body = findBody(doc);
  const isScored = (id: number): boolean => kind[id] === NodeKind.Element && !excluded[id];
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = body; i < subtreeEnd[body]; i++) {
    if (!isScored(i)) continue;
    const d = densityOf(doc, i, counts);
    count++;
    sum += d;
    sumSq += d * d;
  }
  const mean = count > 0 ? sum / count : 0;
  const sd = count > 0 ? Math.sqrt(Math.max(0, sumSq / count - mean * mean)) : 0;
  return { body, sd, count, isScored };
}

/**
 * The score of every element inside `<body>` and which were scored, without the TD and SbD series
 * ({@link densitySeries} makes them): what `extractDensity` ranks by.
 * @category Extraction
 */
export function scoreNodes(doc: AnalyzedDocument, minSymbolDensity: number): Omit<DensityScores, 'td' | 'sbd'> {
  const { size, subtreeEnd } = doc.index;
  const { body, sd, count, isScored } = scoredNodes(doc, doc.stats);
  const score = new Float64Array(size);
  const scored = new Uint8Array(size);
  const lnSd = lnOf(sd);
  for (let i = body; i < subtreeEnd[body]; i++) {
    if (!isScored(i)) continue;
    scored[i] = 1;
    if (lnSd > 0) score[i] = nodeScore(doc, i, lnSd, textDensity(doc, i), symbolDensity(doc, i), minSymbolDensity);
  }
  return { score, scored, sd, count };
}

/**
 * TD and SbD of the scored nodes of {@link scoreNodes} (`scored`), 0 elsewhere.
 * @category Extraction
 */
export function densitySeries(doc: AnalyzedDocument, scored: Uint8Array, measure: (doc: AnalyzedDocument, id: number) => number): Float64Array {
  const out = new Float64Array(scored.length);
  for (let i = 0; i < scored.length; i++) if (scored[i] === 1) out[i] = measure(doc, i);
  return out;
}

/**
 * Computes TD, SbD and the score of every element inside `<body>` (the body included).
 * When SD ≤ 1 the factor ln(SD) would be ≤ 0 and invert or erase the ranking; every score is then 0
 * (the page has no node notably denser than the others) and the caller reports no main content.
 * @category Extraction
 */
export function computeDensityScores(doc: AnalyzedDocument, minSymbolDensity: number): DensityScores {
  const s = scoreNodes(doc, minSymbolDensity);
  return { td: densitySeries(doc, s.scored, textDensity), sbd: densitySeries(doc, s.scored, symbolDensity), ...s };
}

/**
 * The node of the highest score among those `isCandidate` accepts (the first one on a tie, as the
 * candidates are ranked), −1 when none scores above 0: the best candidate of {@link scoreNodes},
 * computed without its per-node arrays, each score in the same steps. `counts` are the page's TG and LTG
 * columns (`doc.stats`' by default; `auto`'s density member counts them into page scratch).
 * @category Extraction
 */
export function bestScoredNode(
  doc: AnalyzedDocument, minSymbolDensity: number, isCandidate: (id: number) => boolean, counts: TagCounts = doc.stats,
): number {
  const { subtreeEnd } = doc.index;
  const { body, sd, isScored } = scoredNodes(doc, counts);
  const lnSd = lnOf(sd);
  let best = -1;
  let bestScore = 0;
  if (lnSd <= 0) return best;
  for (let i = body; i < subtreeEnd[body]; i++) {
    if (!isScored(i)) continue;
    const score = nodeScore(doc, i, lnSd, densityOf(doc, i, counts), symbolDensity(doc, i), minSymbolDensity);
    if (score > bestScore && isCandidate(i)) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}
