/**
 * The file side of the quality gate, shared by test/quality/gate.test.ts and scripts/gate-update.ts:
 * where the shared corpora and the baseline files are, and measuring one corpus in process with the
 * default `extract()` pipeline and matn's own scorer (the port of score.py).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CorpusDigest, gatedFigures, pageFigures, pageFileOf, parseBaseline, parsePageFigures, parseTruth, predictPage, scoreCorpus,
  type Baseline, type CorpusMetrics, type PageFigures, type PredictionRecord,
} from '../../src/eval/index.js';

export const REPO = resolve(import.meta.dirname, '../..');
/** The shared corpora: `../shared/corpora` beside the clone, or `MATN_CORPORA`. */
export const CORPORA_DIR = resolve(REPO, process.env.MATN_CORPORA ?? '../shared/corpora');
export const BASELINE_FILE = join(REPO, 'test/quality/baseline.json');
export const PAGES_FILE = join(REPO, 'test/quality/baseline-pages.json');

/** The corpora (folders with a `truth.jsonl`) under {@link CORPORA_DIR}, sorted; none when it is absent. */
export function listCorpora(): string[] {
  if (!existsSync(CORPORA_DIR)) return [];
  return readdirSync(CORPORA_DIR).filter((d) => existsSync(join(CORPORA_DIR, d, 'truth.jsonl'))).sort();
}

/** What one corpus measures now. */
export interface CorpusMeasure {
  readonly corpus: string;
  readonly digest: string;
  readonly pages: number;
  readonly metrics: CorpusMetrics;
  /** The gated figures. */
  readonly figures: Record<string, number>;
  readonly pageFigures: PageFigures;
  readonly seconds: number;
}

function readOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null; // scored as an io-error page and digested as missing
  }
}

/** Extracts every page of a corpus with the defaults of `extract()` and scores it. */
export function measureCorpus(corpus: string): CorpusMeasure {
  const start = performance.now();
  const dir = join(CORPORA_DIR, corpus);
  const truthBytes = readFileSync(join(dir, 'truth.jsonl'));
  const truth = parseTruth(truthBytes.toString('utf8'));
  const digest = new CorpusDigest(truthBytes);
  const predictions: PredictionRecord[] = truth.map((t) => {
    const file = pageFileOf(t);
    const bytes = readOrNull(join(dir, file));
    digest.addPage(file, bytes);
    const id = String(t.id);
    return bytes === null ? { id, error: { code: 'io-error', message: `cannot read ${file}` } } : predictPage(id, bytes);
  });
  const { metrics, pages } = scoreCorpus(truth, predictions);
  return {
    corpus, digest: digest.digest(), pages: truth.length, metrics, figures: gatedFigures(metrics), pageFigures: pageFigures(pages),
    seconds: (performance.now() - start) / 1000,
  };
}

/** The committed baseline, or undefined when there is none yet. */
export function readBaseline(): Baseline | undefined {
  return existsSync(BASELINE_FILE) ? parseBaseline(readFileSync(BASELINE_FILE, 'utf8'), 'test/quality/baseline.json') : undefined;
}

/** The committed per-page figures (empty when there are none). */
export function readPageFigures(): Record<string, PageFigures> {
  return existsSync(PAGES_FILE) ? parsePageFigures(readFileSync(PAGES_FILE, 'utf8'), 'test/quality/baseline-pages.json') : {};
}
