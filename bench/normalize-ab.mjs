// @ts-check
/**
 * Page-interleaved A/B of `normalize()` between two builds (the way bench/threads-ab.mjs times
 * `extract()`): for every page, build A then build B (the order swaps every round), each timed over
 * `--repeat` calls so that a call of a few hundred microseconds is above the clock's grain.
 *
 *   npm run build && node --expose-gc bench/normalize-ab.mjs --a /tmp/old-checkout --b . [--corpus en-news-scrapinghub] [--rounds 6]
 *
 * --a / --b: checkouts of matn, each built (`npm run build`); --corpus: shared corpora, comma-separated.
 * Prints, per corpus, B/A of the summed CPU time and wall time, and B/A of each round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuAndWall, interleavedRounds } from './interleaved-ab.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string', default: '.' }, corpus: { type: 'string', default: 'en-news-scrapinghub' },
    rounds: { type: 'string', default: '6' }, repeat: { type: 'string', default: '5' }, shared: { type: 'string' },
  },
  strict: true,
});
if (values.a === undefined) throw new Error('--a DIR (a built checkout to compare with) is required');
const rounds = Number.parseInt(values.rounds ?? '6', 10);
const repeat = Number.parseInt(values.repeat ?? '5', 10);
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
/** @param {string} dir */
const normalizeOf = async (dir) => (await import(pathToFileURL(path.join(path.resolve(dir), 'dist', 'encoding', 'normalize.js')).href)).normalize;
/** @type {Record<string, (page: Buffer) => unknown>} */
const builds = { A: await normalizeOf(values.a), B: await normalizeOf(values.b ?? '.') };

for (const corpus of (values.corpus ?? '').split(',').filter(Boolean)) {
  const dir = path.join(shared, 'corpora', corpus, 'pages');
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).sort().map((f) => readFileSync(path.join(dir, f)));
  for (const p of pages) for (const name of ['A', 'B']) builds[name](p); // warm-up
  const { total, perRound } = interleavedRounds({
    names: ['A', 'B'], pages, rounds, time: (name, p) => cpuAndWall(() => { for (let k = 0; k < repeat; k++) builds[name](p); }),
  });
  console.log(`${corpus}: B/A CPU ${(total.B.cpu / total.A.cpu).toFixed(3)}, wall ${(total.B.wall / total.A.wall).toFixed(3)}; rounds ${perRound.join(' ')}; A ${(total.A.cpu / rounds / repeat).toFixed(1)} ms CPU per pass`);
}
