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
 * (comma-separated, default the three thread corpora); --shared: the shared data (default <repo>/../shared).
 * Prints, per corpus, B/A of the summed CPU time and wall time, and B/A of each round.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string', default: '.' }, corpus: { type: 'string', default: 'forum-engines-dev,real-threads-dev,ug-forum-dev' },
    rounds: { type: 'string', default: '6' }, shared: { type: 'string' },
  },
  strict: true,
});
if (values.a === undefined) throw new Error('--a DIR (a built checkout to compare with) is required');
const rounds = Number.parseInt(values.rounds ?? '6', 10);
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
/** @param {string} dir */
const extractOf = async (dir) => (await import(pathToFileURL(path.join(path.resolve(dir), 'dist', 'pipeline.js')).href)).extract;
const builds = { A: await extractOf(values.a), B: await extractOf(values.b ?? '.') };
const options = Object.freeze({ algorithm: 'auto' });

for (const corpus of (values.corpus ?? '').split(',').filter(Boolean)) {
  const dir = path.join(shared, 'corpora', corpus, 'pages');
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).sort().map((f) => readFileSync(path.join(dir, f)));
  for (const p of pages) { builds.A(p, options); builds.B(p, options); } // warm-up
  const total = { A: { cpu: 0, wall: 0 }, B: { cpu: 0, wall: 0 } };
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const round = { A: 0, B: 0 };
    /** @type {('A' | 'B')[]} */
    const order = r % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (const p of pages) {
      for (const name of order) {
        const cpu = process.cpuUsage();
        const wall = performance.now();
        builds[name](p, options);
        const used = process.cpuUsage(cpu);
        total[name].wall += performance.now() - wall;
        total[name].cpu += (used.user + used.system) / 1e3;
        round[name] += (used.user + used.system) / 1e3;
      }
    }
    perRound.push((round.B / round.A).toFixed(3));
    globalThis.gc?.();
  }
  console.log(`${corpus}: B/A CPU ${(total.B.cpu / total.A.cpu).toFixed(3)}, wall ${(total.B.wall / total.A.wall).toFixed(3)}; rounds ${perRound.join(' ')}; A ${(total.A.cpu / rounds).toFixed(0)} ms CPU per pass`);
}
