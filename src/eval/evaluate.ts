/**
 * Evaluating algorithms on a corpus: extract every page, score the predictions, keep the worst pages.
 * @module
 */
import { resolveOptions } from '../core/options.js';
import type { ExtractOptions } from '../pipeline.js';
import type { AlgorithmName } from '../extractors/registry.js';
import { predictPage } from './corpus.js';
import { scoreCorpus, worstPages, type CorpusMetrics, type PageSummary } from './score-corpus.js';
import type { PredictionRecord, TruthRecord } from './types.js';

/**
 * Options of {@link evaluateAlgorithm} and {@link evaluatePredictions}.
 * @category Evaluation
 */
export interface EvaluateOptions {
  /** How many worst pages to report. @default 10 */
  worst?: number;
  /** Options passed to `extract()` for every page (its `algorithm` is set by {@link evaluateAlgorithm}). @default {} */
  extract?: ExtractOptions;
}

/** Defaults of {@link EvaluateOptions}. @category Evaluation */
export const DEFAULT_EVALUATE_OPTIONS: Readonly<Required<EvaluateOptions>> = Object.freeze({
  worst: 10,
  extract: Object.freeze({}),
});

/**
 * The evaluation of one algorithm (or one prediction file) on one corpus.
 * @category Evaluation
 */
export interface AlgorithmReport {
  /** Algorithm name, or `predictions` for a scored prediction file. */
  readonly algorithm: string;
  readonly metrics: CorpusMetrics;
  /** The worst pages, worst first. */
  readonly worst: readonly PageSummary[];
}

/**
 * Scores existing predictions (e.g. a file from `matn extract` or another tool) against the truth.
 * @category Evaluation
 */
export function evaluatePredictions(truth: readonly TruthRecord[], predictions: Iterable<PredictionRecord>, options?: EvaluateOptions, name = 'predictions'): AlgorithmReport {
  const o = resolveOptions(DEFAULT_EVALUATE_OPTIONS, options, 'evaluatePredictions');
  const { metrics, pages } = scoreCorpus(truth, predictions);
  return { algorithm: name, metrics, worst: worstPages(pages, o.worst) };
}

/**
 * Extracts every page of a corpus with `algorithm` and scores the result.
 * `loadPage` returns a page's bytes (the caller does the I/O; a throw becomes an error record).
 * @example
 * ```ts
 * const truth = parseTruth(readFileSync(`${dir}/truth.jsonl`, 'utf8'));
 * const report = evaluateAlgorithm(truth, (t) => readFileSync(`${dir}/${pageFileOf(t)}`), 'correlated');
 * report.metrics['body.sh_f1'];
 * ```
 * @category Evaluation
 */
export function evaluateAlgorithm(truth: readonly TruthRecord[], loadPage: (record: TruthRecord) => Uint8Array, algorithm: string, options?: EvaluateOptions): AlgorithmReport {
  const o = resolveOptions(DEFAULT_EVALUATE_OPTIONS, options, 'evaluateAlgorithm');
  const predictions = truth.map((t) => predictWithLoader(t, loadPage, { ...o.extract, algorithm: algorithm as AlgorithmName }));
  return evaluatePredictions(truth, predictions, { worst: o.worst }, algorithm);
}

function predictWithLoader(t: TruthRecord, loadPage: (record: TruthRecord) => Uint8Array, options: ExtractOptions): PredictionRecord {
  const id = String(t.id);
  let bytes: Uint8Array;
  try {
    bytes = loadPage(t);
  } catch (error) {
    return { id, error: { code: 'io-error', message: error instanceof Error ? error.message : String(error) } };
  }
  return predictPage(id, bytes, options);
}
