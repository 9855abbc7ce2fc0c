/**
 * `matn/eval`: score extraction against labeled corpora (format in docs/corpus-format.md) with the
 * metrics of the shared scorer score.py (ported exactly: they agree to 0.001), the character P/R/F
 * of seed 003 §4.1 and the grading of seed 001 §2.1.
 * @module
 */
export type { PostRecord, TruthRecord, PredictionRecord } from './types.js';
export { parseJsonLines, parseTruth, pageFileOf, predictionOf, predictPage } from './corpus.js';
export { evaluateAlgorithm, evaluatePredictions, DEFAULT_EVALUATE_OPTIONS } from './evaluate.js';
export type { EvaluateOptions, AlgorithmReport } from './evaluate.js';
export { scoreCorpus, aggregatePages, summarizePage, worstPages } from './score-corpus.js';
export type { CorpusMetrics, CorpusScore, PageSummary } from './score-corpus.js';
export { scorePage, pageF1, langTag } from './score-page.js';
export type { PageScore, BodyScore, PostScore } from './score-page.js';
export {
  wordShingles, charGrams, compactChars, overlap, normalizeTriple, precisionOf, recallOf, f1, aggregate, charF1, characterOverlap, matchPosts,
} from './metrics.js';
export type { Counts, Triple } from './metrics.js';
export { sequenceRatio } from './sequence-matcher.js';
export { charsetFamily, CHARSET_FAMILIES } from './charset-families.js';
export { pyWordTokens, pyCollapseSpace, pyStrip, normText, pyDay, codePoints } from './python-text.js';
export { formatTable, formatJson, alignRows } from './report.js';
export {
  GATED_METRICS, DEFAULT_GATE_OPTIONS, CorpusDigest, gatedFigures, pageFigure, pageFigures, movedPages, checkCorpus,
} from './gate.js';
export type { GatedMetric, GateOptions, CorpusBaseline, Baseline, PageFigures, PageMove, GateShortfall } from './gate.js';
export {
  parseBaseline, parsePageFigures, serializeBaseline, serializePageFigures, formatShortfall, diffBaselines, formatBaselineDiff,
} from './gate-report.js';
export type { BaselineChange } from './gate-report.js';
