// @ts-check
/**
 * Page-interleaved A/B of the thread stage alone (`detectThread` on an analyzed page) between two builds,
 * for a busy shared machine (see threads-ab.mjs, which times the whole `extract()`). For every page and
 * round, each build normalizes and analyzes the page itself (not timed: the stage's memos live as long as
 * the analysis, so every timed call is a first one), then `detectThread` is timed in process CPU; the
 * order of the builds swaps every round.
 *
 *   npm run build && node --expose-gc bench/thread-stage-ab.mjs --a /tmp/wt-old --b . [--corpus forum-engines-dev,cleaning-dev] [--rounds 4]
 *
 * Prints, per corpus, B/A of the summed CPU time of the stage, each round's B/A, and A's stage CPU per pass.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuAndWall, interleavedRounds } from './interleaved-ab.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string', default: '.' }, corpus: { type: 'string', default: 'forum-engines-dev,cleaning-dev' },
    rounds: { type: 'string', default: '4' }, shared: { type: 'string' },
  },
  strict: true,
});
if (values.a === undefined) throw new Error('--a DIR (a built checkout to compare with) is required');
const rounds = Number.parseInt(values.rounds ?? '4', 10);
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
/** @param {string} dir */
const load = async (dir) => import(pathToFileURL(path.join(path.resolve(dir), 'dist', 'index.js')).href);
/** @type {Record<string, any>} */
const builds = { A: await load(values.a), B: await load(values.b ?? '.') };

for (const corpus of (values.corpus ?? '').split(',').filter(Boolean)) {
  const dir = path.join(shared, 'corpora', corpus, 'pages');
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).sort().map((f) => readFileSync(path.join(dir, f)));
  /** @param {string} name @param {Buffer} page */
  const timeOne = (name, page) => {
    const m = builds[name];
    const doc = m.analyze(m.normalize(page));
    return cpuAndWall(() => m.detectThread(doc));
  };
  for (const p of pages) for (const name of ['A', 'B']) timeOne(name, p); // warm-up
  const { total, perRound } = interleavedRounds({ names: ['A', 'B'], pages, rounds, time: timeOne });
  console.log(`${corpus}: thread stage B/A CPU ${(total.B.cpu / total.A.cpu).toFixed(3)}; rounds ${perRound.join(' ')}; A ${(total.A.cpu / rounds).toFixed(0)} ms CPU per pass`);
}
