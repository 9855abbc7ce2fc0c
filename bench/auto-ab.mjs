// @ts-check
/**
 * Page-interleaved A/B of the `auto` extractor alone between two builds: each build normalizes and
 * analyzes every page once (outside the timing), then for every page build A's `auto` runs on A's
 * analysis and build B's on B's (the order swaps every round), each call's process CPU time summed per
 * build. The analysis is timed the same way, apart, so a change that moves work between the analysis
 * and the extractor shows on both lines. Same method as bench/threads-ab.mjs (issue 18: `auto` votes on
 * spans).
 *
 *   npm run build && node --expose-gc bench/auto-ab.mjs --a /tmp/wt-old --b . [--corpus en-news-scrapinghub] [--rounds 6]
 *
 * --a / --b: checkouts of matn, each built; --corpus: shared corpora (comma-separated, default en-news and
 * readability-mozilla); --shared: the shared data (default <repo>/../shared).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    a: { type: 'string' }, b: { type: 'string', default: '.' }, corpus: { type: 'string', default: 'en-news-scrapinghub,readability-mozilla' },
    rounds: { type: 'string', default: '6' }, shared: { type: 'string' },
  },
  strict: true,
});
if (values.a === undefined) throw new Error('--a DIR (a built checkout to compare with) is required');
const rounds = Number.parseInt(values.rounds ?? '6', 10);
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
/** @param {string} dir */
const buildOf = async (dir) => {
  const lib = await import(pathToFileURL(path.join(path.resolve(dir), 'dist', 'index.js')).href);
  return { normalize: lib.normalize, analyze: lib.analyze, auto: lib.getExtractor('auto') };
};
const builds = { A: await buildOf(values.a), B: await buildOf(values.b ?? '.') };

/** CPU milliseconds of one call. @param {() => unknown} fn */
const cpuOf = (fn) => {
  const cpu = process.cpuUsage();
  fn();
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1e3;
};

for (const corpus of (values.corpus ?? '').split(',').filter(Boolean)) {
  const dir = path.join(shared, 'corpora', corpus, 'pages');
  const bytes = readdirSync(dir).filter((f) => f.endsWith('.html')).sort().map((f) => readFileSync(path.join(dir, f)));
  const normalized = { A: bytes.map((b) => builds.A.normalize(b)), B: bytes.map((b) => builds.B.normalize(b)) };
  const docs = { A: normalized.A.map((n) => builds.A.analyze(n)), B: normalized.B.map((n) => builds.B.analyze(n)) };
  for (let k = 0; k < bytes.length; k++) { builds.A.auto.extract(docs.A[k]); builds.B.auto.extract(docs.B[k]); } // warm-up
  const total = { auto: { A: 0, B: 0 }, analyze: { A: 0, B: 0 } };
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const round = { A: 0, B: 0 };
    /** @type {('A' | 'B')[]} */
    const order = r % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    for (let k = 0; k < bytes.length; k++) {
      for (const name of order) {
        const ms = cpuOf(() => builds[name].auto.extract(docs[name][k]));
        total.auto[name] += ms;
        round[name] += ms;
        total.analyze[name] += cpuOf(() => builds[name].analyze(normalized[name][k]));
      }
    }
    perRound.push((round.B / round.A).toFixed(3));
    globalThis.gc?.();
  }
  const pass = (/** @type {{A: number, B: number}} */ t) => `B/A ${(t.B / t.A).toFixed(3)} (A ${(t.A / rounds).toFixed(0)} ms, B ${(t.B / rounds).toFixed(0)} ms CPU per pass)`;
  console.log(`${corpus}: auto ${pass(total.auto)}, rounds ${perRound.join(' ')}; analyze ${pass(total.analyze)}`);
}
