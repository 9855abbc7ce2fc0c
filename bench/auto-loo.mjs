#!/usr/bin/env node
// Leave-one-corpus-out check of auto's body constants (src/extractors/auto/defaults.ts) on the four
// article corpora. Usage: npm run build && node bench/auto-loo.mjs [CORPORA_DIR]
// Each page is decoded once (normalize); every setting then runs extract() on the decoded HTML with
// `{ extractor: { [C]: v } }`, one constant at a time, the others at their defaults. Main metric per
// corpus: cleaning-dev and zh-news-cwced-dev body.ch_f1, en-news-scrapinghub and readability-mozilla
// body.sh_f1 (score.py's definitions, through matn/eval). For each corpus K and constant C: C's value
// with the best mean over the other three corpora (ties go to the default), and K's figure at it.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { extract, normalize } from '../dist/index.js';
import { aggregatePages, pageFileOf, parseTruth, scorePage } from '../dist/eval/index.js';
import { DEFAULT_AUTO_OPTIONS } from '../dist/extractors/auto/defaults.js';

const METRICS = {
  'cleaning-dev': 'body.ch_f1', 'en-news-scrapinghub': 'body.sh_f1', 'readability-mozilla': 'body.sh_f1', 'zh-news-cwced-dev': 'body.ch_f1',
};
const GRIDS = { regionVote: [0, 0.2, 0.35, 0.5], maxFormShare: [0, 0.2, 0.5, 0.8], keepVote: [0.45, 0.5, 0.55], regionShare: [0.7, 0.8, 0.9] };
const corporaDir = process.argv[2] ?? path.join('..', 'shared', 'corpora');

const corpora = Object.keys(METRICS).map((corpus) => {
  const dir = path.join(corporaDir, corpus);
  const pages = parseTruth(readFileSync(path.join(dir, 'truth.jsonl'), 'utf8'))
    .filter((t) => existsSync(path.join(dir, pageFileOf(t))))
    .map((truth) => ({ truth, html: normalize(readFileSync(path.join(dir, pageFileOf(truth)))).html }));
  return { corpus, pages };
});

function figures(extractor) {
  const out = {};
  for (const { corpus, pages } of corpora) {
    const scores = pages.map(({ truth, html }) => scorePage(truth, { id: String(truth.id), body: extract(html, { extractor }).body }));
    out[corpus] = aggregatePages(scores)[METRICS[corpus]];
  }
  return out;
}

const t0 = Date.now();
const base = figures({});
const rows = [];
for (const [constant, grid] of Object.entries(GRIDS)) {
  const byValue = new Map(grid.map((v) => [v, v === DEFAULT_AUTO_OPTIONS[constant] ? base : figures({ [constant]: v })]));
  for (const left of Object.keys(METRICS)) {
    const others = Object.keys(METRICS).filter((c) => c !== left);
    const mean = (v) => others.reduce((s, c) => s + byValue.get(v)[c], 0) / others.length;
    const chosen = [...byValue.keys()].reduce((best, v) => (mean(v) > mean(best) + 1e-9 ? v : best), DEFAULT_AUTO_OPTIONS[constant]);
    rows.push({ constant, left, dev: base[left], chosen, loo: byValue.get(chosen)[left] });
  }
  process.stderr.write(`${constant} done (${Math.round((Date.now() - t0) / 1000)} s)\n`);
}
console.log('| constant (default) | left-out corpus | dev (default) | value chosen on the other three | left-out figure at it | Δ |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.constant} (${DEFAULT_AUTO_OPTIONS[r.constant]}) | ${r.left} | ${r.dev.toFixed(3)} | ${r.chosen} | ${r.loo.toFixed(3)} | ${(r.loo - r.dev).toFixed(3)} |`);
}
console.log(`\nLargest drop below the dev figure: ${Math.max(...rows.map((r) => r.dev - r.loo)).toFixed(3)}; total ${Math.round((Date.now() - t0) / 1000)} s`);
