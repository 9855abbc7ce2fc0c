#!/usr/bin/env node
// Leave-one-corpus-out check of auto's learned keep/drop model. Usage:
//   npm run build && node bench/auto-model-loo.mjs [CORPORA_DIR] [--kind logistic]
// (boosted trees by default, as shipped; --kind logistic fits the logistic regression instead)
// For each training corpus of scripts/train-auto-model.mjs (cleaning-dev's CleanEval and Dragnet
// halves, en-news-scrapinghub, readability-mozilla, zh-news-cwced-dev): its body figures under the
// threshold rules (`model: null`), under the model trained on all five (all-in), and under the model
// trained on the other four (leave-one-out), through extract() and matn/eval's scorer (score.py's
// definitions). Also cleaning-dev whole and ug-forum-dev with the all-in model.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { extract } from '../dist/index.js';
import { aggregatePages, scorePage } from '../dist/eval/index.js';
import { balance, collectRows, loadCorpus, train, trainTrees, TRAINING_CORPORA } from '../scripts/train-auto-model.mjs';

const args = process.argv.slice(2);
const fit = args.includes('--kind') && args[args.indexOf('--kind') + 1] === 'logistic' ? train : trainTrees;
const corporaDir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--kind') ?? path.join('..', 'shared', 'corpora');
if (!existsSync(corporaDir)) {
  console.error(`auto-model-loo: ${corporaDir} not found (the shared corpora sit beside the repo); nothing measured.`);
  process.exit(0);
}
const t0 = Date.now();
const names = Object.keys(TRAINING_CORPORA);
const pages = Object.fromEntries(names.map((n) => [n, loadCorpus(corporaDir, n)]));
const rows = Object.fromEntries(names.map((n) => [n, collectRows(pages[n])]));
process.stderr.write(`rows collected (${Math.round((Date.now() - t0) / 1000)} s)\n`);

function figures(list, model) {
  const scores = list.map(({ truth, normalized }) => scorePage(truth, { id: String(truth.id), body: extract(normalized.html, { extractor: { model } }).body }));
  const m = aggregatePages(scores);
  return { ch: m['body.ch_f1'], sh: m['body.sh_f1'] };
}

const allIn = fit(balance(rows), { corpora: names });
const out = [];
for (const n of names) {
  const others = names.filter((o) => o !== n);
  const loo = fit(balance(Object.fromEntries(others.map((o) => [o, rows[o]]))), { corpora: others });
  out.push({ corpus: n, rules: figures(pages[n], null), all: figures(pages[n], allIn), loo: figures(pages[n], loo), threshold: loo.threshold });
  process.stderr.write(`${n} done (${Math.round((Date.now() - t0) / 1000)} s)\n`);
}
const f = (x) => `${x.ch.toFixed(3)} / ${x.sh.toFixed(3)}`;
console.log('| corpus (pages) | rules (model off) ch_f1 / sh_f1 | model all-in | model leave-one-out | LOO − all-in (ch / sh) |');
console.log('|---|---:|---:|---:|---:|');
for (const r of out) {
  console.log(`| ${r.corpus} (${pages[r.corpus].length}) | ${f(r.rules)} | ${f(r.all)} | ${f(r.loo)} | ${(r.loo.ch - r.all.ch).toFixed(3)} / ${(r.loo.sh - r.all.sh).toFixed(3)} |`);
}
const cleaning = [...pages.cleaneval, ...pages.dragnet];
console.log(`| cleaning-dev whole (${cleaning.length}) | ${f(figures(cleaning, null))} | ${f(figures(cleaning, allIn))} | | |`);
console.log(`\nLargest LOO drop below all-in: ${Math.max(...out.flatMap((r) => [r.all.ch - r.loo.ch, r.all.sh - r.loo.sh])).toFixed(3)}; total ${Math.round((Date.now() - t0) / 1000)} s`);
