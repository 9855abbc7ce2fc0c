#!/usr/bin/env node
// Leave-one-engine-out check of the tuned thread-detection constants (ThreadOptions, src/threads/defaults.ts).
// Usage: npm run build && node bench/threads-loo.mjs [CORPORA_DIR] [--json out.json] [--write]
//   --write: the summary into docs/evaluation.md (region loo-threads, bench/doc-regions.js).
//   CORPORA_DIR defaults to ../shared/corpora (the shared labeled corpora).
// Pages: forum-engines-dev and forum-tables-dev (grouped by truth `engine`) and real-threads-dev (grouped
// by `platform`); an engine named in two corpora (wordpress) is one engine, left out as a whole.
// Every page is normalized and analyzed once; `auto` is then run with `{ thread: { [C]: v } }` for each
// value v of each constant C's grid, one constant at a time, the others at their defaults. The default
// setting is also run through extract(bytes, { extractor: { thread: {} } }) and must give the same
// figures (a check that the cached path is the pipeline's).
// An engine's f1 is score.py's posts.f1 over its pages (comments.f1 for engines whose truth has
// comments, not posts), computed with matn/eval's scorePage + aggregatePages.
// For each engine E and constant C: C's value with the best mean f1 over the other engines (ties go to
// the default, then to the value nearest it), and E's f1 at that value. Printed: a markdown table
// engine | all-in f1 (defaults) | LOO f1 (worst over constants) | the constant/value of that worst;
// then every constant's choice on all engines. Beside each f1, the engine's posts.author (comments.author)
// at the same setting: the record author share score.py reports.
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyze, extract, getExtractor, normalize } from '../dist/index.js';
import { aggregatePages, pageFileOf, parseTruth, predictionOf, scorePage } from '../dist/eval/index.js';
import { DEFAULT_THREAD_OPTIONS } from '../dist/threads/defaults.js';
import { commandLine, currentCommit, regionBody, writeRegions } from './doc-regions.js';
import { renderLooSummary } from './loo-summary.js';

/** Corpora and the truth field naming the engine. */
const CORPORA = { 'forum-engines-dev': 'engine', 'forum-tables-dev': 'engine', 'real-threads-dev': 'platform' };
/** The tuned constants and their grids (the default is in every grid). */
const GRIDS = {
  minDatedShare: [0.3, 0.5, 0.7],
  minAuthoredShare: [0.3, 0.5, 0.7],
  minUnsignedDatedShare: [0.6, 0.8, 0.95],
  maxUnsignedPostChars: [500, 1000, 2000],
  maxTitledShare: [0.3, 0.5, 0.7],
  minDistinctAuthors: [2, 3],
};

const args = process.argv.slice(2);
const revision = currentCommit(); // the code measured: the commit when the run starts
const startedAt = new Date();
const command = commandLine('bench/threads-loo.mjs', args);
const write = args.includes('--write');
if (write) args.splice(args.indexOf('--write'), 1);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const corporaDir = args[0] ?? path.join('..', 'shared', 'corpora');

function loadPages() {
  const pages = [];
  for (const [corpus, field] of Object.entries(CORPORA)) {
    const dir = path.join(corporaDir, corpus);
    for (const truth of parseTruth(readFileSync(path.join(dir, 'truth.jsonl'), 'utf8'))) {
      const file = path.join(dir, pageFileOf(truth));
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file);
      pages.push({ engine: String(truth[field]), truth, bytes, doc: analyze(normalize(bytes)) });
    }
    process.stderr.write(`loaded ${corpus}\n`);
  }
  return pages;
}

const toRecord = (p) => ({ author: p.author, date: p.date, text: p.text, ...(Array.isArray(p.quotes) ? { quotes: p.quotes } : {}) });

/** The record list each engine is scored on (`posts.f1` or `comments.f1`). */
const METRIC = {};

/** Record authors per engine at the last setting scored ({ engine: posts.author or comments.author }), filled by f1ByEngine. */
const AUTHOR = new Map();

/** Record f1 per engine ({ engine: f1 }) from the page scores; the record author share goes to AUTHOR under the same object. */
function f1ByEngine(pages, scores) {
  const groups = new Map();
  pages.forEach((page, i) => groups.set(page.engine, [...(groups.get(page.engine) ?? []), scores[i]]));
  const out = {};
  const authors = {};
  for (const [engine, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const m = aggregatePages(list);
    out[engine] = m['posts.f1'] ?? m['comments.f1'] ?? null;
    authors[engine] = m['posts.author'] ?? m['comments.author'] ?? null;
    METRIC[engine] = m['posts.f1'] !== undefined ? 'posts.f1' : 'comments.f1';
  }
  AUTHOR.set(out, authors);
  return out;
}

/** f1 per engine with `thread` options, through the cached analyzed documents. */
function figuresOf(pages, thread) {
  const auto = getExtractor('auto');
  const scores = pages.map((page) => {
    const x = auto.extract(page.doc, { thread });
    return scorePage(page.truth, { id: String(page.truth.id), posts: (x.posts ?? []).map(toRecord), comments: (x.comments ?? []).map(toRecord) });
  });
  return f1ByEngine(pages, scores);
}

/** f1 per engine through extract() itself (the one-call API), default thread options. */
function figuresOfPipeline(pages) {
  const scores = pages.map((page) => scorePage(page.truth, predictionOf(String(page.truth.id), extract(page.bytes, { extractor: { thread: {} } }))));
  return f1ByEngine(pages, scores);
}

/** The grid value with the best mean f1 over `engines`; ties go to the default, then to the value nearest it. */
function choose(byValue, values, fallback, engines) {
  let best = null;
  for (const v of values) {
    const mean = engines.reduce((s, e) => s + byValue.get(v)[e], 0) / engines.length;
    const key = [mean, v === fallback ? 1 : 0, -Math.abs(Math.log(v + 1) - Math.log(fallback + 1))];
    const better = best === null || key[0] > best.key[0] + 1e-12
      || (Math.abs(key[0] - best.key[0]) <= 1e-12 && (key[1] > best.key[1] || (key[1] === best.key[1] && key[2] > best.key[2])));
    if (better) best = { v, key };
  }
  return best.v;
}

const fmt = (x) => (x === null ? '–' : x.toFixed(3));

const started = Date.now();
const pages = loadPages();
process.stderr.write(`${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
const base = figuresOf(pages, {});
const viaPipeline = figuresOfPipeline(pages);
for (const e of Object.keys(base)) {
  if (Math.abs(base[e] - viaPipeline[e]) > 1e-12) throw new Error(`cached path differs from extract() on ${e}: ${base[e]} vs ${viaPipeline[e]}`);
}
const engines = Object.keys(base).filter((e) => base[e] !== null);
const results = { base, constants: {}, loo: {} };
const allInRows = [];
for (const [name, values] of Object.entries(GRIDS)) {
  const fallback = DEFAULT_THREAD_OPTIONS[name];
  const byValue = new Map(values.map((v) => [v, v === fallback ? base : figuresOf(pages, { [name]: v })]));
  results.constants[name] = Object.fromEntries(byValue);
  const allIn = choose(byValue, values, fallback, engines);
  const mean = (v) => engines.reduce((s, e) => s + byValue.get(v)[e], 0) / engines.length;
  allInRows.push(`| ${name} | ${fallback} | ${values.map((v) => `${v}: ${mean(v).toFixed(3)}`).join(', ')} | ${allIn} |`);
  for (const left of engines) {
    const chosen = choose(byValue, values, fallback, engines.filter((e) => e !== left));
    (results.loo[left] ??= []).push({ constant: name, value: chosen, f1: byValue.get(chosen)[left], author: AUTHOR.get(byValue.get(chosen))[left] });
  }
  process.stderr.write(`${name} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}
const pageCount = (e) => pages.filter((p) => p.engine === e).length;
const lines = [
  '| engine left out | pages | figure | all-in | all-in author | left out, worst over the constants | its author | constant = value chosen without it |',
  '|---|---:|---|---:|---:|---:|---:|---|',
];
const baseAuthor = AUTHOR.get(base);
for (const e of engines) {
  const worst = results.loo[e].reduce((a, b) => (b.f1 < a.f1 - 1e-12 ? b : a));
  const worstAuthor = Math.min(...results.loo[e].map((r) => r.author ?? 1));
  const off = results.loo[e].filter((r) => r.value !== DEFAULT_THREAD_OPTIONS[r.constant]).map((r) => `${r.constant} = ${r.value}`);
  const which = worst.f1 < base[e] - 1e-12 ? `${worst.constant} = ${worst.value}` : (off.length ? `none lower (off default: ${off.join(', ')})` : 'none lower');
  lines.push(`| ${e} | ${pageCount(e)} | ${METRIC[e]} | ${fmt(base[e])} | ${fmt(baseAuthor[e])} | ${fmt(worst.f1)} | ${fmt(worstAuthor)} | ${which} |`);
}
lines.push('', '| constant | default | mean f1 over engines per value | chosen on all engines |', '|---|---:|---|---:|', ...allInRows);
process.stdout.write(`${lines.join('\n')}\n`);
process.stderr.write(`total ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
if (write) {
  // The engine table as printed (f1 and the record author share, all-in and left out), then the worst drop.
  const rows = engines.flatMap((e) => results.loo[e].map((r) => ({
    left: e, metric: METRIC[e], constant: r.constant, shown: DEFAULT_THREAD_OPTIONS[r.constant], chosen: r.value, dev: base[e], loo: r.f1,
  })));
  const summary = renderLooSummary(rows, { unit: 'engine left out' }).at(-1);
  const body = regionBody({ ...revision, date: startedAt, command }, [...lines.slice(0, 2 + engines.length), '', summary]);
  process.stderr.write(`wrote ${writeRegions('docs/evaluation.md', { 'loo-threads': body })} (region loo-threads)\n`);
}
