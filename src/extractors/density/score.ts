/**
 * The paper's measures for every element: text density TD, symbol density SbD and the node score.
 * @see Hong et al. 2019 (formulas as restated in the tutorial 002 and implemented by GeneralNewsExtractor)
 * @module
 */
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
  const { size, kind, tag } = doc.index;
  for (let i = 1; i < size; i++) if (kind[i] === NodeKind.Element && tag[i] === 'body') return i;
  return 0;
}

/**
 * Text density of one node. TG counts the node's descendant tags (GeneralNewsExtractor's
 * `.//*`), so a leaf `<p>` has TG − LTG = 0 and the "zero denominator → 1" rule gives TD = T − LT.
 * @category Extraction
 */
export function textDensity(doc: AnalyzedDocument, id: number): number {
  const { nonLinkChars, tags, linkTags } = doc.stats;
  const selfTag = doc.index.tag[id] === 'a' ? 1 : 0;
  const denominator = tags[id] - 1 - (linkTags[id] - selfTag);
  return nonLinkChars[id] / (denominator > 0 ? denominator : 1);
}

/** SbD_i = (T_i − LT_i) / (Sb_i + 1). */
function symbolDensity(doc: AnalyzedDocument, id: number): number {
  return doc.stats.nonLinkChars[id] / (doc.stats.punctuation[id] + 1);
}

/** The score of a node from ln(SD), its TD and its SbD (see {@link DensityScores.score}). */
function nodeScore(doc: AnalyzedDocument, id: number, lnSd: number, td: number, sbd: number, minSymbolDensity: number): number {
  return lnSd * td * Math.log10(doc.stats.paragraphs[id] + 2) * Math.log(Math.max(sbd, minSymbolDensity));
}

/** SD, the population standard deviation of `count` values of sum `sum` and sum of squares `sumSq`. */
function deviation(count: number, sum: number, sumSq: number): number {
  const mean = count > 0 ? sum / count : 0;
  return count > 0 ? Math.sqrt(Math.max(0, sumSq / count - mean * mean)) : 0;
}

/** ln(SD) when SD > 1, else 0 (every score is then 0, see {@link computeDensityScores}). */
const lnOf = (sd: number): number => (sd > 1 ? Math.log(sd) : 0);

/**
 * Computes TD, SbD and the score of every element inside `<body>` (the body included).
 * When SD ≤ 1 the factor ln(SD) would be ≤ 0 and invert or erase the ranking; every score is then 0
 * (the page has no node notably denser than the others) and the caller reports no main content.
 * @category Extraction
 */
export function computeDensityScores(doc: AnalyzedDocument, minSymbolDensity: number): DensityScores {
  const { size, kind, excluded, subtreeEnd } = doc.index;
  const td = new Float64Array(size);
  const sbd = new Float64Array(size);
  const score = new Float64Array(size);
  const scored = new Uint8Array(size);
  const body = findBody(doc);
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = body; i < subtreeEnd[body]; i++) {
    if (kind[i] !== NodeKind.Element || excluded[i]) continue;
    scored[i] = 1;
    const d = textDensity(doc, i);
    td[i] = d;
    sbd[i] = symbolDensity(doc, i);
    count++;
    sum += d;
    sumSq += d * d;
  }
  const sd = deviation(count, sum, sumSq);
  const lnSd = lnOf(sd);
  if (lnSd > 0) {
    for (let i = body; i < subtreeEnd[body]; i++) {
      if (!scored[i]) continue;
      score[i] = nodeScore(doc, i, lnSd, td[i], sbd[i], minSymbolDensity);
    }
  }
  return { td, sbd, score, scored, sd, count };
}

/**
 * The node of the highest score among those `isCandidate` accepts (the first one on a tie, as the
 * candidates are ranked), −1 when none scores above 0: the best candidate of {@link computeDensityScores}'
 * scores, computed without its per-node series (three doubles a node), each score in the same steps.
 * @category Extraction
 */
export function bestScoredNode(doc: AnalyzedDocument, minSymbolDensity: number, isCandidate: (id: number) => boolean): number {
  const { kind, excluded, subtreeEnd } = doc.index;
  const body = findBody(doc);
  let count = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = body; i < subtreeEnd[body]; i++) {
    if (kind[i] !== NodeKind.Element || excluded[i]) continue;
    const d = textDensity(doc, i);
    count++;
    sum += d;
    sumSq += d * d;
  }
  const lnSd = lnOf(deviation(count, sum, sumSq));
  let best = -1;
  let bestScore = 0;
  if (lnSd <= 0) return best;
  for (let i = body; i < subtreeEnd[body]; i++) {
    if (kind[i] !== NodeKind.Element || excluded[i]) continue;
    const score = nodeScore(doc, i, lnSd, textDensity(doc, i), symbolDensity(doc, i), minSymbolDensity);
    if (score > bestScore && isCandidate(i)) {
      best = i;
      bestScore = score;
    }
  }
  return best;
}
