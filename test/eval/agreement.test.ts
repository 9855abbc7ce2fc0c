import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  charsetFamily, matchPosts, normText, pageFileOf, parseTruth, predictPage, pyDay, scoreCorpus, sequenceRatio,
  type PageScore, type PredictionRecord, type TruthRecord,
} from '../../src/eval/index.js';
import { noisyPredictions } from './noisy.js';
import { CORPORA, type PythonPage, type PythonScore, runScorePy, scoreAndProbe, skipReason } from './python.js';

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

/**
 * Page-level differences between score.py's functions (`probe`, one value per truth record) and ours;
 * the body's shingle and 3-gram counts are those scoreCorpus computed for the page (`pages`, in truth order).
 */
function pageDisagreements(probe: readonly PythonPage[], truth: readonly TruthRecord[], predictions: readonly PredictionRecord[], pages: readonly PageScore[]): string[] {
  const byId = new Map(predictions.map((p) => [String(p.id), p]));
  const out: string[] = [];
  if (probe.length !== truth.length) out.push(`score.py probed ${probe.length} pages, the truth has ${truth.length}`);
  probe.forEach((py, i) => {
    const t = truth[i]!;
    const p = byId.get(py.id) ?? { id: py.id };
    const body = typeof p.body === 'string' ? p.body : '';
    const diff = (what: string, a: unknown, b: unknown): void => { if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${py.id} ${what}: ours ${JSON.stringify(a)} vs score.py ${JSON.stringify(b)}`); };
    const scored = pages[i];
    if (scored?.id !== py.id) out.push(`${py.id}: scoreCorpus's page ${i} is ${scored?.id}`);
    if (py.sh) diff('shingles', scored?.body?.shingles, py.sh);
    if (py.ch) diff('char grams', scored?.body?.charGrams, py.ch);
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

/** The prediction sets of one corpus that are scored by both scorers: ours, then noisy with seeds 1 and 2. */
const SEEDS = [1, 2] as const;

/**
 * score.py's metrics and page values for a corpus's three prediction sets, from one python process
 * (see scoreAndProbe) started as soon as the sets are written, so it runs while our scorer works.
 */
interface CorpusRun {
  truth: TruthRecord[];
  sets: Map<string, PredictionRecord[]>;
  python: Promise<PythonScore>[];
}

describe.skipIf(SKIP !== '')(`agreement with ../shared/tools/score.py ${SKIP}`, () => {
  const runs = new Map<string, CorpusRun>();

  /** Our predictions, the noisy ones built on them, their files, and score.py started on all three. */
  function corpusRun(corpus: string): CorpusRun {
    let run = runs.get(corpus);
    if (run === undefined) {
      const truth = loadTruth(corpus);
      const predictions = ourPredictions(corpus, truth);
      const base = new Map(predictions.map((p) => [String(p.id), p]));
      const sets = new Map<string, PredictionRecord[]>([['ours', predictions], ...SEEDS.map((seed) => [`noisy-${seed}`, noisyPredictions(truth, seed, base)] as const)]);
      const files = [...sets].map(([name, set]) => writePredictions(`${corpus}-${name}`, set));
      const python = scoreAndProbe(join(CORPORA, corpus), files);
      run = { truth, sets, python };
      runs.set(corpus, run);
    }
    return run;
  }

  async function check(corpus: string, name: string): Promise<void> {
    const { truth, sets, python } = corpusRun(corpus);
    const predictions = sets.get(name)!;
    const { metrics, pages } = scoreCorpus(truth, predictions);
    const py = await python[[...sets.keys()].indexOf(name)]!;
    expect(disagreements(py.metrics, metrics)).toEqual([]);
    expect(pageDisagreements(py.pages, truth, predictions, pages)).toEqual([]);
  }

  it.each(corpora)('%s: our extractor\'s predictions score the same (every metric within 0.001, every page equal)', async (corpus) => {
    await check(corpus, 'ours');
  }, 600_000);

  it.each(corpora.flatMap((c) => SEEDS.map((seed) => [c, seed] as const)))('%s: noisy predictions (seed %i) score the same', async (corpus, seed) => {
    await check(corpus, `noisy-${seed}`);
  }, 600_000);

  // The tests above call score.py's score() in process (what its command line prints with --json);
  // the command line itself, once, on the corpus with the smallest truth file.
  it('score.py --json prints the metrics score() gave', async () => {
    const corpus = [...corpora].sort((a, b) => statSync(join(CORPORA, a, 'truth.jsonl')).size - statSync(join(CORPORA, b, 'truth.jsonl')).size)[0]!;
    const { python } = corpusRun(corpus);
    expect(runScorePy(join(CORPORA, corpus), join(work, `${corpus}-ours.jsonl`))).toEqual((await python[0]!).metrics);
  }, 600_000);
});
