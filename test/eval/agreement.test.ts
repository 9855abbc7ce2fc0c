import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  charsetFamily, charGrams, matchPosts, normText, overlap, pageFileOf, parseTruth, predictPage, pyDay, scoreCorpus,
  sequenceRatio, wordShingles, type PredictionRecord, type TruthRecord,
} from '../../src/eval/index.js';
import { noisyPredictions } from './noisy.js';
import { CORPORA, probePages, runScorePy, skipReason } from './python.js';

const SKIP = skipReason();
const TOLERANCE = 0.001;
const corpora = SKIP ? [] : readdirSync(CORPORA).filter((d) => existsSync(join(CORPORA, d, 'truth.jsonl'))).sort();
const work = SKIP ? '' : mkdtempSync(join(tmpdir(), 'matn-eval-agreement-'));
afterAll(() => { if (work) rmSync(work, { recursive: true, force: true }); });

function loadTruth(corpus: string): TruthRecord[] {
  return parseTruth(readFileSync(join(CORPORA, corpus, 'truth.jsonl'), 'utf8'));
}

function writePredictions(name: string, predictions: readonly PredictionRecord[]): string {
  const path = join(work, `${name}.jsonl`);
  writeFileSync(path, predictions.map((p) => JSON.stringify(p)).join('\n') + '\n');
  return path;
}

/**
 * Extracting every page of every corpus takes minutes on a 2-core machine, so by default one page in
 * {@link SAMPLE_EVERY} is extracted and the others get no prediction line (which both scorers must
 * count as an empty prediction); `MATN_EVAL_FULL=1` extracts them all.
 */
const SAMPLE_EVERY = process.env.MATN_EVAL_FULL === '1' ? 1 : 6;

/** Our extractor's predictions for a corpus (default algorithm), on the sampled pages. */
function ourPredictions(corpus: string, truth: readonly TruthRecord[]): PredictionRecord[] {
  return truth
    .filter((_, i) => i % SAMPLE_EVERY === 0)
    .map((t) => predictPage(String(t.id), readFileSync(join(CORPORA, corpus, pageFileOf(t)))));
}

/** Metric names where the two scorers differ by more than the tolerance, or that only one has. */
function disagreements(python: Record<string, number>, ours: Record<string, number>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(python)) {
    if (!(key in ours)) out.push(`${key}: missing (score.py ${value})`);
    else if (Math.abs(ours[key]! - value) > TOLERANCE) out.push(`${key}: ours ${ours[key]} vs score.py ${value}`);
  }
  for (const key of Object.keys(ours)) if (!(key in python) && !key.startsWith('body.char_')) out.push(`${key}: not in score.py`);
  return out;
}

/** Page-level differences between score.py's functions and ours. */
function pageDisagreements(corpus: string, pred: string, truth: readonly TruthRecord[], predictions: readonly PredictionRecord[]): string[] {
  const byId = new Map(predictions.map((p) => [String(p.id), p]));
  const out: string[] = [];
  probePages(join(CORPORA, corpus), pred).forEach((py, i) => {
    const t = truth[i]!;
    const p = byId.get(py.id) ?? { id: py.id };
    const body = typeof p.body === 'string' ? p.body : '';
    const diff = (what: string, a: unknown, b: unknown): void => { if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${py.id} ${what}: ours ${JSON.stringify(a)} vs score.py ${JSON.stringify(b)}`); };
    if (py.sh) diff('shingles', overlap(wordShingles(t.body), wordShingles(body)), py.sh);
    if (py.ch) diff('char grams', overlap(charGrams(t.body), charGrams(body)), py.ch);
    if (py.title) {
      const a = normText(String(t.title));
      const b = normText(typeof p.title === 'string' ? p.title : '');
      diff('title', [a, b, a === b], [py.title.a, py.title.b, py.title.exact]);
      if (Math.abs(sequenceRatio(a, b) - py.title.ratio) > 1e-12) out.push(`${py.id} title ratio: ours ${sequenceRatio(a, b)} vs ${py.title.ratio}`);
    }
    if (py.date) diff('date', [pyDay(t.date), pyDay(p.date)], py.date);
    if (py.author) diff('author', [normText(t.author), normText(typeof p.author === 'string' ? p.author : '')], py.author);
    if (py.posts !== undefined) diff('posts', matchPosts(t.posts ?? [], (p.posts ?? []) as never).length, py.posts);
    if (py.comments !== undefined) diff('comments', matchPosts(t.comments ?? [], (p.comments ?? []) as never).length, py.comments);
    if (py.enc !== undefined) diff('encoding', charsetFamily(String(t.encoding)) === charsetFamily(typeof p.encoding === 'string' ? p.encoding : null), py.enc);
  });
  return out;
}

describe.skipIf(SKIP !== '')(`agreement with ../shared/tools/score.py ${SKIP}`, () => {
  const ours = new Map<string, PredictionRecord[]>();

  it.each(corpora)('%s: our extractor\'s predictions score the same (every metric within 0.001, every page equal)', (corpus) => {
    const truth = loadTruth(corpus);
    const predictions = ourPredictions(corpus, truth);
    ours.set(corpus, predictions);
    const pred = writePredictions(`${corpus}-ours`, predictions);
    const metrics = scoreCorpus(truth, predictions).metrics;
    expect(disagreements(runScorePy(join(CORPORA, corpus), pred), metrics)).toEqual([]);
    expect(pageDisagreements(corpus, pred, truth, predictions)).toEqual([]);
  }, 600_000);

  it.each(corpora.flatMap((c) => [[c, 1], [c, 2]] as const))('%s: noisy predictions (seed %i) score the same', (corpus, seed) => {
    const truth = loadTruth(corpus);
    const base = new Map((ours.get(corpus) ?? []).map((p) => [String(p.id), p]));
    const predictions = noisyPredictions(truth, seed, base);
    const pred = writePredictions(`${corpus}-noisy-${seed}`, predictions);
    const metrics = scoreCorpus(truth, predictions).metrics;
    expect(disagreements(runScorePy(join(CORPORA, corpus), pred), metrics)).toEqual([]);
    expect(pageDisagreements(corpus, pred, truth, predictions)).toEqual([]);
  }, 600_000);
});
