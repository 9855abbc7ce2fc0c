#!/usr/bin/env node
// Leave-one-corpus-out check of the constants of `auto`'s "thread or article" step
// (src/extractors/auto/thread-or-article.ts; docs/algorithms/auto.md, "Thread or article"), scored on
// article and thread corpora alike, since they decide whether a page is a thread.
// Usage: npm run build && node bench/thread-reading-loo.mjs [CORPORA_DIR] [--json FILE] [--write]
// (--write: the summary into docs/evaluation.md, region loo-thread-reading, bench/doc-regions.js)
//
// Main metric per corpus: cleaning-dev and zh-news-cwced-dev body.ch_f1, en-news-scrapinghub and
// readability-mozilla body.sh_f1, ug-forum-dev and forum-engines-dev posts.f1, real-threads-dev
// comments.f1 (score.py's definitions, through matn/eval). Every page goes through `extract()` as
// `matn extract` does. The constants act only on pages `correlated` reads as a (non-Q&A) thread, so
// the other pages are extracted once, at the defaults, and their scores reused for every setting.
// For each corpus K and constant C: the setting with the best mean over the other corpora (ties go to
// the default), and K's figure at it. 1e9 turns a reading off.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { analyze, normalize, extractCorrelated } from '../dist/index.js';
import { aggregatePages, pageFileOf, parseTruth, predictPage, scorePage } from '../dist/eval/index.js';
import { DEFAULT_AUTO_OPTIONS, isThread } from '../dist/extractors/auto/index.js';
import { commandLine, currentCommit, regionBody, writeRegions } from './doc-regions.js';
import { renderLooSummary } from './loo-summary.js';

const METRICS = {
  'cleaning-dev': 'body.ch_f1', 'en-news-scrapinghub': 'body.sh_f1', 'readability-mozilla': 'body.sh_f1', 'zh-news-cwced-dev': 'body.ch_f1',
  'ug-forum-dev': 'posts.f1', 'forum-engines-dev': 'posts.f1', 'real-threads-dev': 'comments.f1',
};
const grid = (name, values) => ({ name, shown: DEFAULT_AUTO_OPTIONS[name], values });
const GRID = [
  grid('openingRecordOverPost', [2, 3, 4, 6, 1e9]),
  grid('minEntriesShare', [0.25, 0.5, 0.75, 1e9]),
  grid('articleOverPost', [0.5, 1, 2, 1e9]),
  grid('articleOverThread', [1.5, 3, 6, 1e9]),
  grid('linkRecordsNoThread', [true, false]),
];

const args = process.argv.slice(2);
const revision = currentCommit(); // the code measured: the commit when the run starts
const startedAt = new Date();
const command = commandLine('bench/thread-reading-loo.mjs', args);
const write = args.includes('--write');
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null;
const corporaDir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--json') ?? path.join('..', 'shared', 'corpora');
const t0 = Date.now();
const elapsed = () => `${Math.round((Date.now() - t0) / 1000)} s`;

/** Pages of a corpus with their default score, and whether `correlated` reads them as a thread. */
function loadCorpus(corpus) {
  const dir = path.join(corporaDir, corpus);
  return parseTruth(readFileSync(path.join(dir, 'truth.jsonl'), 'utf8'))
    .filter((t) => existsSync(path.join(dir, pageFileOf(t))))
    .map((truth) => {
      const bytes = readFileSync(path.join(dir, pageFileOf(truth)));
      let thread = false;
      try {
        const posts = extractCorrelated(analyze(normalize(bytes))).posts;
        thread = posts !== undefined && isThread(posts);
      } catch {
        // a page extract() refuses: scored as the error it is, at every setting
      }
      const id = String(truth.id);
      return { truth, id, bytes: thread ? bytes : null, fixed: thread ? null : scorePage(truth, predictPage(id, bytes)) };
    });
}

const corpora = Object.keys(METRICS).map((corpus) => {
  const pages = loadCorpus(corpus);
  process.stderr.write(`${corpus}: ${pages.length} pages, ${pages.filter((p) => p.bytes).length} read as threads by correlated (${elapsed()})\n`);
  return { corpus, pages };
});

const cache = new Map();
function figures(options) {
  const key = JSON.stringify(options);
  if (!cache.has(key)) {
    const out = {};
    for (const { corpus, pages } of corpora) {
      const scores = pages.map((p) => p.fixed ?? scorePage(p.truth, predictPage(p.id, p.bytes, { extractor: options })));
      out[corpus] = aggregatePages(scores)[METRICS[corpus]];
    }
    cache.set(key, out);
  }
  return cache.get(key);
}

const names = Object.keys(METRICS);
const rows = [];
for (const entry of GRID) {
  const at = (v) => figures(v === entry.shown ? {} : { [entry.name]: v });
  for (const left of names) {
    const others = names.filter((c) => c !== left);
    const mean = (v) => others.reduce((s, c) => s + at(v)[c], 0) / others.length;
    const chosen = entry.values.reduce((best, v) => (mean(v) > mean(best) + 1e-9 ? v : best), entry.shown);
    rows.push({ name: entry.name, shown: entry.shown, left, dev: at(entry.shown)[left], chosen, loo: at(chosen)[left], all: Object.fromEntries(entry.values.map((v) => [v, at(v)])) });
  }
  process.stderr.write(`${entry.name} done (${elapsed()})\n`);
}

console.log('Each cell: dev figure at the default; setting chosen on the other corpora → left-out figure at it (Δ).\n');
console.log(`| constant (default) | ${names.join(' | ')} |`);
console.log(`|---|${names.map(() => '---').join('|')}|`);
for (const entry of GRID) {
  const cells = names.map((c) => {
    const r = rows.find((x) => x.name === entry.name && x.left === c);
    return `${r.dev.toFixed(3)}; ${r.chosen} → ${r.loo.toFixed(3)} (${(r.loo - r.dev).toFixed(3)})`;
  });
  console.log(`| ${entry.name} (${entry.shown}) | ${cells.join(' | ')} |`);
}
const worst = rows.reduce((w, r) => (r.dev - r.loo > w.dev - w.loo ? r : w), rows[0]);
console.log(`\nLargest drop below the dev figure: ${(worst.dev - worst.loo).toFixed(3)} (${worst.name}, ${worst.left}). Total ${elapsed()}.`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
if (write) {
  const summary = rows.map((r) => ({ left: r.left, metric: METRICS[r.left], constant: r.name, shown: r.shown, chosen: r.chosen, dev: r.dev, loo: r.loo }));
  const body = regionBody({ ...revision, date: startedAt, command }, renderLooSummary(summary, { unit: 'corpus left out' }));
  process.stderr.write(`wrote ${writeRegions('docs/evaluation.md', { 'loo-thread-reading': body })} (region loo-thread-reading)\n`);
}
