// @ts-check
/**
 * Page-interleaved A/B of the metadata stage alone (`extractMetadata` on an analyzed page and its `auto`
 * extraction) between two builds, for a busy shared machine (see threads-ab.mjs, which times the whole
 * `extract()`). For every page and round, each build normalizes, analyzes and extracts the page itself
 * (not timed: the stage's memos live as long as the analysis, so every timed call is a first one), then
 * `extractMetadata` is timed in process CPU; the order of the builds swaps every round. The warm-up pass
 * also compares the two builds' metadata (every field but the echoed options) and counts the pages
 * whose metadata differs.
 *
 *   npm run build && node --expose-gc bench/metadata-stage-ab.mjs --a /tmp/wt-old --b . [--corpus en-news-scrapinghub,multi-dev] [--rounds 4]
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
    a: { type: 'string' }, b: { type: 'string', default: '.' }, corpus: { type: 'string', default: 'en-news-scrapinghub,multi-dev' },
    rounds: { type: 'string', default: '4' }, shared: { type: 'string' },
  },
  strict: true,
});
if (values.a === undefined) throw new Error('--a DIR (a built checkout to compare with) is required');
const rounds = Number.parseInt(values.rounds ?? '4', 10);
const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
/** @param {string} dir */
const load = async (dir) => {
  const root = path.resolve(dir);
  const index = await import(pathToFileURL(path.join(root, 'dist', 'index.js')).href);
  const registry = await import(pathToFileURL(path.join(root, 'dist', 'extractors', 'registry.js')).href);
  return { ...index, auto: registry.getExtractor('auto') };
};
/** @type {Record<string, any>} */
const builds = { A: await load(values.a), B: await load(values.b ?? '.') };

/** The metadata of one page as JSON, without the echoed options. @param {any} meta */
const metadataJson = (meta) => JSON.stringify({ ...meta, options: undefined });

for (const corpus of (values.corpus ?? '').split(',').filter(Boolean)) {
  const dir = path.join(shared, 'corpora', corpus, 'pages');
  const pages = readdirSync(dir).filter((f) => f.endsWith('.html')).sort().map((f) => readFileSync(path.join(dir, f)));
  /** @param {string} name @param {Buffer} page */
  const prepare = (name, page) => {
    const m = builds[name];
    const doc = m.analyze(m.normalize(page));
    return { m, doc, extraction: m.auto.extract(doc) };
  };
  /** @param {string} name @param {Buffer} page */
  const timeOne = (name, page) => {
    const { m, doc, extraction } = prepare(name, page);
    return cpuAndWall(() => m.extractMetadata(doc, {}, extraction));
  };
  let differing = 0;
  for (const p of pages) {
    const [a, b] = ['A', 'B'].map((name) => {
      const { m, doc, extraction } = prepare(name, p);
      return metadataJson(m.extractMetadata(doc, {}, extraction));
    });
    if (a !== b) differing++;
  }
  const { total, perRound } = interleavedRounds({ names: ['A', 'B'], pages, rounds, time: timeOne });
  console.log(`${corpus}: metadata stage B/A CPU ${(total.B.cpu / total.A.cpu).toFixed(3)}; rounds ${perRound.join(' ')}; A ${(total.A.cpu / rounds).toFixed(0)} ms CPU per pass; metadata differs on ${differing} of ${pages.length} pages`);
}
