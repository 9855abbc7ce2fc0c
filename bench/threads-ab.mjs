// @ts-check
/**
 * Page-interleaved A/B of `extract()` between two builds, for a busy shared machine: for every page,
 * build A then build B (the order swaps every round), each call's process CPU time summed per build.
 * The bench's `threads` group alternates whole passes; when other processes burst, one pass takes the
 * hit and the ratio of that round swings by 50 %. Here both builds meet the same load within a page.
 *
 *   npm run build && node --expose-gc bench/threads-ab.mjs --a /tmp/wt-old --b . [--corpus forum-engines-dev] [--rounds 6]
 *
 * --a / --b: checkouts of matn, each built (`npm run build`); --corpus: one or more shared corpora
 * (comma-separated, default the three thread corpora); --shared: the shared data (default <repo>/../shared);
 * --c: a third built checkout timed in the same loop (e.g. the start of a branch: B/A and C/A then meet the
 * same load, which two separate runs at a noisy machine's changing load do not).
 * Prints, per corpus, B/A of the summed CPU time and wall time, and B/A of each round (and C/A, B/C with --c).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuAndWall, interleavedRounds } from './interleaved-ab.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string', default: '.' }, c: { type: 'string' }, corpus: { type: 'string', default: 'forum-engines-dev,real-threads-dev,ug-forum-dev' },
    rounds: { type: 'string', default: '6' }, shared: { type: 'string' },
  },
  strict: true,
});
if (values.a === undefined) throw new Error('--a DIR (a built checkout to compare with) is required');
const rounds = Number.parseInt(values.rounds ?? '6', 10);
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
/** @param {string} dir */
const extractOf = async (dir) => (await import(pathToFileURL(path.join(path.resolve(dir), 'dist', 'pipeline.js')).href)).extract;
/** @type {Record<string, (page: Buffer, options: object) => unknown>} */
const builds = { A: await extractOf(values.a), B: await extractOf(values.b ?? '.'), ...(values.c ? { C: await extractOf(values.c) } : {}) };
const names = Object.keys(builds);
const options = Object.freeze({ algorithm: 'auto' });
/** A page one build refuses (an older build's `not-text` on a UTF-32 page) is timed as far as it got. */
const run = (/** @type {string} */ name, /** @type {Buffer} */ page) => {
  try {
    builds[name](page, options);
  } catch {
    // timed all the same
  }
};

for (const corpus of (values.corpus ?? '').split(',').filter(Boolean)) {
  const dir = path.join(shared, 'corpora', corpus, 'pages');
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).sort().map((f) => readFileSync(path.join(dir, f)));
  for (const p of pages) for (const name of names) run(name, p); // warm-up
  const { total, perRound } = interleavedRounds({ names, pages, rounds, time: (name, p) => cpuAndWall(() => run(name, p)) });
  const third = total.C ? `; C/A CPU ${(total.C.cpu / total.A.cpu).toFixed(3)}, B/C CPU ${(total.B.cpu / total.C.cpu).toFixed(3)}` : '';
  console.log(`${corpus}: B/A CPU ${(total.B.cpu / total.A.cpu).toFixed(3)}, wall ${(total.B.wall / total.A.wall).toFixed(3)}; rounds ${perRound.join(' ')}; A ${(total.A.cpu / rounds).toFixed(0)} ms CPU per pass${third}`);
}
