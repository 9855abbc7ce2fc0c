#!/usr/bin/env node
// Leave-one-corpus-out check of the publication-date rules and constants, on every shared corpus with
// date truth (the date half of bench/metadata-loo.mjs, with the two BBAW corpora and the new constants).
//
//   npm run build && node bench/date-loo.mjs [CORPORA_DIR] [--json out.json]
//   node bench/date-loo.mjs --rules RUNS_DIR --chain BASE,COMMIT=name,COMMIT=name,... [CORPORA_DIR]
//
// Constants: every page with a date is normalized, analyzed and extracted (`auto`) once, then its date is
// read again for each value of each constant's grid (only that constant changed), as extract() gives it
// (a thread's opening post's date unless the page declares its publication on another day; none on page
// 2+), and scored as score.py does (same calendar day). For each constant and each corpus L: the value
// with the best mean figure over the other corpora (ties: the default, then the value nearest it) and
// its figure on L, beside the value chosen on all corpora and its figure on L.
// Rules: RUNS_DIR/<commit>/<corpus>.jsonl are `matn extract` outputs at each commit of a chain (made by
// bench/date-rule-runs.sh); each rule is its commit against the one before. For each rule and corpus L:
// the rule is kept when the mean figure of the other corpora with it is above the one without it (a tie
// drops it), and L's figure in the state chosen is compared with L's figure with every rule (all-in).
// multi-dev and dates-htmldate-dev are halves of the same BBAW collection and share pages (same ids):
// when one of them is left out, its pages are left out of the other too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyze, DEFAULT_METADATA_OPTIONS, extractMetadata, getExtractor, normalize } from '../dist/index.js';
import { isDeclaredPublication } from '../dist/metadata/declared-dates.js';
import { parseTruth, pageFileOf, scorePage } from '../dist/eval/index.js';

const CORPORA = [
  'dates-htmldate-dev', 'dates-mediacloud-dev', 'multi-dev', 'readability-mozilla', 'zh-news-cwced-dev', 'forum-engines-dev', 'ug-forum-dev',
  'forum-tables-dev',
];
/** The tuned date constants and their grids (the default included). */
const GRIDS = {
  dateWindow: [300, 500, 800, 1200, 2000],
  dateLookback: [0, 100, 200, 400, 800],
  dateBeforePenalty: [1, 2, 3, 5, 10],
  dateElementReach: [1000, 2000, 4000, 8000, 16000],
  datelineMaxLine: [80, 120, 160, 240, 400],
  datelineMaxLead: [10, 20, 40, 80, 160],
  cueReach: [8, 16, 24, 40, 64],
  datedListLines: [2, 3, 4, 6, 8],
  datedListMin: [1, 2, 3, 4, 6],
  inlineScriptMaxChars: [50, 100, 200, 400, 800],
};

const args = process.argv.slice(2);
const take = (flag) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args.splice(at, 2)[1] : null;
};
const jsonOut = take('--json');
const runsDir = take('--rules');
const chain = take('--chain');
const corporaDir = args[0] ?? path.join('..', 'shared', 'corpora');

/** The truth rows with a date, per corpus present. */
function readTruths() {
  const out = new Map();
  for (const corpus of CORPORA) {
    const file = path.join(corporaDir, corpus, 'truth.jsonl');
    if (existsSync(file)) out.set(corpus, parseTruth(readFileSync(file, 'utf8')).filter((t) => t.date));
  }
  return out;
}

/** The body's date as extract() gives it (pipeline.ts `byline`). */
function pageDate(extraction, metadata) {
  const first = extraction.posts?.[0];
  if (first !== undefined && extraction.thread?.openingPostOnPage === false) return null;
  const post = first?.date ?? null;
  const declared = metadata.date;
  if (post === null) return declared?.value ?? null;
  return declared !== null && isDeclaredPublication(declared) && declared.value.slice(0, 10) !== post.slice(0, 10) ? declared.value : post;
}

/** The configurations: the defaults, then each non-default value of each grid. */
function configurations() {
  const out = [{ name: null, value: null, options: {} }];
  for (const [name, values] of Object.entries(GRIDS)) {
    for (const value of values) if (value !== DEFAULT_METADATA_OPTIONS[name]) out.push({ name, value, options: { [name]: value } });
  }
  return out;
}

/** Per corpus, per page: whether the date is right under each configuration. */
function measureConstants(truths, configs) {
  const extractor = getExtractor('auto');
  const hits = new Map();
  const started = Date.now();
  for (const [corpus, rows] of truths) {
    const pages = [];
    for (const truth of rows) {
      const file = path.join(corporaDir, corpus, pageFileOf(truth));
      if (!existsSync(file)) continue;
      const doc = analyze(normalize(readFileSync(file)));
      const extraction = extractor.extract(doc, {});
      const right = configs.map((c) => (scorePage(truth, { date: pageDate(extraction, extractMetadata(doc, c.options, extraction)) }).date ? 1 : 0));
      pages.push({ id: String(truth.id), right });
    }
    hits.set(corpus, pages);
    process.stderr.write(`${corpus}: ${pages.length} pages (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
  return hits;
}

/** The figure of `pages` under configuration `i`, without the pages whose ids are in `without`. */
function figure(pages, i, without) {
  let hit = 0;
  let n = 0;
  for (const p of pages) {
    if (without.has(p.id)) continue;
    hit += p.right[i];
    n++;
  }
  return n === 0 ? null : hit / n;
}

const fmt = (x) => x.toFixed(3);
const signed = (d) => (Math.abs(d) < 1e-9 ? '0' : d.toFixed(3));

function reportConstants(hits, configs) {
  const corpora = [...hits.keys()];
  const idsOf = (c) => new Set(hits.get(c).map((p) => p.id));
  const none = new Set();
  const rows = [];
  let worst = 0;
  for (const [name, values] of Object.entries(GRIDS)) {
    const fallback = DEFAULT_METADATA_OPTIONS[name];
    const index = (v) => (v === fallback ? 0 : configs.findIndex((c) => c.name === name && c.value === v));
    const choose = (members, without) => {
      let best = null;
      for (const v of values) {
        const figures = members.map((c) => figure(hits.get(c), index(v), without)).filter((f) => f !== null);
        const mean = figures.reduce((s, f) => s + f, 0) / figures.length;
        const key = [mean, v === fallback ? 1 : 0, -Math.abs(Math.log(v + 1) - Math.log(fallback + 1))];
        const better = best === null || key[0] > best.key[0] + 1e-12
          || (Math.abs(key[0] - best.key[0]) <= 1e-12 && (key[1] > best.key[1] || (key[1] === best.key[1] && key[2] > best.key[2])));
        if (better) best = { v, key };
      }
      return best.v;
    };
    const allIn = choose(corpora, none);
    const flat = values.every((v) => corpora.every((c) => figure(hits.get(c), index(v), none) === figure(hits.get(c), 0, none)));
    for (const left of corpora) {
      const chosen = choose(corpora.filter((c) => c !== left), idsOf(left));
      const atDefault = figure(hits.get(left), 0, none);
      const allInFigure = figure(hits.get(left), index(allIn), none);
      const looFigure = figure(hits.get(left), index(chosen), none);
      worst = Math.min(worst, looFigure - allInFigure);
      rows.push({ name, fallback, left, flat, atDefault, allIn, allInFigure, chosen, looFigure });
    }
  }
  console.log('| constant (default) | left-out corpus | at the default | value chosen on all → figure | value chosen without it → figure | Δ vs all-in |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    if (r.flat) continue;
    console.log(`| ${r.name} (${r.fallback}) | ${r.left} | ${fmt(r.atDefault)} | ${r.allIn} → ${fmt(r.allInFigure)} | ${r.chosen} → ${fmt(r.looFigure)} | ${signed(r.looFigure - r.allInFigure)} |`);
  }
  const flat = [...new Set(rows.filter((r) => r.flat).map((r) => r.name))];
  console.log(`\nFlat over the whole grid (every value, every corpus the same figure): ${flat.join(', ') || 'none'}.`);
  console.log(`Largest drop of a left-out figure below its all-in figure: ${signed(-worst)}.`);
  console.log(`Defaults: ${corpora.map((c) => `${c} ${fmt(figure(hits.get(c), 0, none))}`).join(', ')}.`);
  return rows;
}

/** Rule leave-one-out from the outputs of a chain of commits. */
function reportRules(truths) {
  const steps = chain.split(',').map((s) => s.split('='));
  const right = (commit, corpus) => {
    const file = path.join(runsDir, commit, `${corpus}.jsonl`);
    const predictions = new Map(readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l)).map((r) => [String(r.id), r]));
    return truths.get(corpus).map((t) => ({ id: String(t.id), right: [scorePage(t, { date: predictions.get(String(t.id))?.date ?? null }).date ? 1 : 0] }));
  };
  const corpora = [...truths.keys()];
  const none = new Set();
  const rows = [];
  let worst = 0;
  for (let i = 1; i < steps.length; i++) {
    const [after, name] = steps[i];
    const before = steps[i - 1][0];
    const on = new Map(corpora.map((c) => [c, right(after, c)]));
    const off = new Map(corpora.map((c) => [c, right(before, c)]));
    for (const left of corpora) {
      const without = new Set(on.get(left).map((p) => p.id));
      const others = corpora.filter((c) => c !== left);
      const mean = (state) => others.reduce((s, c) => s + (figure(state.get(c), 0, without) ?? 0), 0) / others.length;
      const kept = mean(on) > mean(off) + 1e-12;
      const withRule = figure(on.get(left), 0, none);
      const withoutRule = figure(off.get(left), 0, none);
      const loo = kept ? withRule : withoutRule;
      worst = Math.min(worst, loo - withRule);
      rows.push({ rule: name, commit: after, left, withoutRule, withRule, kept, loo });
    }
  }
  console.log('| rule (commit) | left-out corpus | without the rule | with it (all-in) | kept on the other corpora? | left-out figure | Δ |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    if (Math.abs(r.withRule - r.withoutRule) < 1e-12 && r.kept) continue;
    console.log(`| ${r.rule} (${r.commit}) | ${r.left} | ${fmt(r.withoutRule)} | ${fmt(r.withRule)} | ${r.kept ? 'yes' : 'no'} | ${fmt(r.loo)} | ${signed(r.loo - r.withRule)} |`);
  }
  console.log('\nRows not shown: the rule changed nothing on that corpus and the other corpora kept it.');
  console.log(`Largest drop of a left-out figure below its all-in figure: ${signed(-worst)}.`);
  return rows;
}

const truths = readTruths();
if (runsDir !== null && chain !== null) {
  const rows = reportRules(truths);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
} else {
  const configs = configurations();
  const hits = measureConstants(truths, configs);
  const rows = reportConstants(hits, configs);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
}
