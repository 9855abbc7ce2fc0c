#!/usr/bin/env node
// Leave-one-corpus-out check of the tuned metadata constants (MetadataOptions).
// Usage: npm run build && node --max-old-space-size=8192 bench/metadata-loo.mjs [CORPORA_DIR] [--json out.json] [--only name,name] [--write]
//   --write: the summary into docs/evaluation.md (region loo-metadata, bench/doc-regions.js).
//   CORPORA_DIR defaults to ../shared/corpora (the shared labeled corpora).
// Every page is normalized, analyzed and extracted (`auto`) once; then, for each constant and each
// value of its grid, metadata is read again with only that constant changed, and the page's title,
// author and date are scored as score.py does (matn/eval's scorePage; the author and date of a
// thread are its opening post's, as in extract()). For each figure (title.exact, author.match,
// date.day) and each corpus L that has it: the value chosen on all corpora (best mean figure;
// ties go to the default, then to the value nearest it) and its figure on L ("all-in"), and the value
// chosen on the other corpora only, and its figure on L ("left out"). A constant whose every value
// gives the same figures everywhere is reported as flat.
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { analyze, DEFAULT_METADATA_OPTIONS, extractMetadata, getExtractor, normalize } from '../dist/index.js';
import { parseTruth, pageFileOf, scorePage } from '../dist/eval/index.js';
import { commandLine, currentCommit, regionBody, writeRegions } from './doc-regions.js';
import { renderLooSummary } from './loo-summary.js';
import { isDeclaredPublication } from '../dist/metadata/declared-dates.js';

/** The opening post's date unless the page declares its publication on another day (pipeline.ts `openingDate`). */
function openingDate(post, declared) {
  if (post === null) return declared?.value ?? null;
  return declared !== null && isDeclaredPublication(declared) && declared.value.slice(0, 10) !== post.slice(0, 10) ? declared.value : post;
}

/** Corpora with metadata truth (title, author or date). */
const CORPORA = [
  'readability-mozilla', 'zh-news-cwced-dev', 'ug-forum-dev', 'dates-mediacloud-dev', 'forum-engines-dev', 'multi-dev', 'forum-tables-dev',
];
/** The tuned constants, their grids (the default included) and the figures they move. */
const GRIDS = {
  minHeadingSimilarity: { values: [0.6, 0.7, 0.8, 0.9, 1], figures: ['title', 'author', 'date'] },
  jsonLdTitleMatch: { values: [0.5, 0.65, 0.75, 0.85, 0.95], figures: ['title'] },
  titleAsDeclared: { values: [false, true], figures: ['title'] },
  maxTitleLabelWords: { values: [0, 1, 2, 3, 5], figures: ['title'] },
  siteHostShare: { values: [0.4, 0.5, 0.6, 0.7, 0.8], figures: ['title', 'author'] },
  minHostLabel: { values: [2, 3, 4, 5, 6], figures: ['title', 'author'] },
  maxHeadings: { values: [10, 20, 30, 50, 100], figures: ['title', 'author', 'date'] },
  anchorLookback: { values: [0, 150, 300, 600, 1200], figures: ['author', 'date'] },
  h1Reach: { values: [0, 1000, 3000, 6000, 12000], figures: ['author', 'date'] },
  headingSlack: { values: [0, 100, 200, 400, 800], figures: ['author', 'date'] },
  bylineWindow: { values: [200, 350, 500, 800, 1200], figures: ['author'] },
  signOffWindow: { values: [100, 200, 300, 500, 800], figures: ['author'] },
  authorElementReach: { values: [1000, 2000, 4000, 8000, 16000], figures: ['author'] },
  authorBeforePenalty: { values: [1, 2, 3, 5, 10], figures: ['author'] },
  nameLineWindow: { values: [150, 250, 400, 600, 1000], figures: ['author'] },
  nameLineLines: { values: [2, 4, 6, 8, 12], figures: ['author'] },
  maxBylineChars: { values: [50, 75, 100, 150, 250], figures: ['author'] },
  maxNameWords: { values: [2, 3, 4, 5, 6], figures: ['author'] },
  maxLoginMentions: { values: [1, 2, 4, 8, 16], figures: ['author'] },
  maxBylineFields: { values: [1, 2, 3, 4, 6], figures: ['author'] },
  dateWindow: { values: [300, 500, 800, 1200, 2000], figures: ['date'] },
  dateLookback: { values: [0, 100, 200, 400, 800], figures: ['date'] },
  dateBeforePenalty: { values: [1, 2, 3, 5, 10], figures: ['date'] },
  dateElementReach: { values: [1000, 2000, 4000, 8000, 16000], figures: ['date'] },
  datelineMaxLine: { values: [80, 120, 160, 240, 400], figures: ['date'] },
  datelineMaxLead: { values: [10, 20, 40, 80, 160], figures: ['date'] },
  cueReach: { values: [8, 16, 24, 40, 64], figures: ['date'] },
};
const FIGURE_KEYS = { title: 'title.exact', author: 'author.match', date: 'date.day' };

const args = process.argv.slice(2);
const revision = currentCommit(); // the code measured: the commit when the run starts
const startedAt = new Date();
const command = commandLine('bench/metadata-loo.mjs', args, process.execArgv);
const write = args.includes('--write');
if (write) args.splice(args.indexOf('--write'), 1);
const jsonAt = args.indexOf('--json');
const jsonOut = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set(args.splice(onlyAt, 2)[1].split(',')) : null;
const corporaDir = args[0] ?? path.join('..', 'shared', 'corpora');

function readPage(file) {
  const bytes = readFileSync(file);
  return file.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

/** Every page of the corpora, analyzed and extracted once. */
function loadPages() {
  const extractor = getExtractor('auto');
  const pages = [];
  for (const corpus of CORPORA) {
    const dir = path.join(corporaDir, corpus);
    if (!existsSync(path.join(dir, 'truth.jsonl'))) continue;
    for (const truth of parseTruth(readFileSync(path.join(dir, 'truth.jsonl'), 'utf8'))) {
      if (!truth.title && !truth.author && !truth.date) continue;
      const file = path.join(dir, pageFileOf(truth));
      if (!existsSync(file)) continue;
      const doc = analyze(normalize(readPage(file)));
      pages.push({ corpus, truth, doc, extraction: extractor.extract(doc, {}) });
    }
    process.stderr.write(`loaded ${corpus}\n`);
  }
  return pages;
}

/** The page's title, author and date as extract() gives them (a thread's author and date are its opening post's). */
function predict(page, options) {
  const metadata = extractMetadata(page.doc, options, page.extraction);
  const first = page.extraction.posts?.[0];
  const offPage = first !== undefined && page.extraction.thread?.openingPostOnPage === false;
  return {
    title: metadata.title?.value ?? null,
    author: offPage ? null : first?.author ?? metadata.author?.value ?? null,
    date: offPage ? null : openingDate(first?.date ?? null, metadata.date),
  };
}

/** Mean figure per corpus and figure name ({ corpus: { title, author, date } }, null where the corpus has no truth). */
function figuresOf(pages, options) {
  const sums = {};
  for (const page of pages) {
    const s = scorePage(page.truth, predict(page, options));
    const c = (sums[page.corpus] ??= { title: [0, 0], author: [0, 0], date: [0, 0] });
    if (s.title) { c.title[0] += s.title.exact ? 1 : 0; c.title[1]++; }
    if (s.author !== undefined) { c.author[0] += s.author ? 1 : 0; c.author[1]++; }
    if (s.date !== undefined) { c.date[0] += s.date ? 1 : 0; c.date[1]++; }
  }
  const out = {};
  for (const [corpus, c] of Object.entries(sums)) {
    out[corpus] = Object.fromEntries(Object.entries(c).map(([k, [hit, n]]) => [k, n === 0 ? null : hit / n]));
  }
  return out;
}

/** How far a grid value is from the default: log distance for numbers, 0 or 1 for a switch. */
function distanceFrom(v, fallback) {
  return typeof v === 'boolean' ? (v === fallback ? 0 : 1) : Math.abs(Math.log(v + 1) - Math.log(fallback + 1));
}

/** The grid value with the best mean figure over `corpora`; ties go to the default, then to the value nearest it. */
function choose(byValue, values, fallback, figure, corpora) {
  let best = null;
  for (const v of values) {
    const mean = corpora.reduce((s, c) => s + byValue.get(v)[c][figure], 0) / corpora.length;
    const key = [mean, v === fallback ? 1 : 0, -distanceFrom(v, fallback)];
    if (best === null || key[0] > best.key[0] + 1e-12 || (Math.abs(key[0] - best.key[0]) <= 1e-12 && (key[1] > best.key[1] || (key[1] === best.key[1] && key[2] > best.key[2])))) {
      best = { v, key };
    }
  }
  return best.v;
}

const started = Date.now();
const pages = loadPages();
process.stderr.write(`${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
const base = figuresOf(pages, {});
const rows = [];
const results = { base, constants: {} };
for (const [name, { values, figures }] of Object.entries(GRIDS)) {
  if (only !== null && !only.has(name)) continue;
  const fallback = DEFAULT_METADATA_OPTIONS[name];
  const byValue = new Map(values.map((v) => [v, v === fallback ? base : figuresOf(pages, { [name]: v })]));
  results.constants[name] = Object.fromEntries([...byValue].map(([v, f]) => [v, f]));
  for (const figure of figures) {
    const corpora = Object.keys(base).filter((c) => base[c][figure] !== null);
    const flat = values.every((v) => corpora.every((c) => byValue.get(v)[c][figure] === base[c][figure]));
    const allIn = choose(byValue, values, fallback, figure, corpora);
    for (const left of corpora) {
      const others = corpora.filter((c) => c !== left);
      const chosen = others.length === 0 ? allIn : choose(byValue, values, fallback, figure, others);
      rows.push({
        constant: name, figure: FIGURE_KEYS[figure], corpus: left, flat, default: fallback, atDefault: base[left][figure],
        allInValue: allIn, allIn: byValue.get(allIn)[left][figure], looValue: chosen, loo: byValue.get(chosen)[left][figure],
      });
    }
  }
  process.stderr.write(`${name} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}

const fmt = (x) => x.toFixed(3);
console.log('| constant (default) | figure | left-out corpus | at the default | value chosen on all → figure | value chosen without it → figure | Δ vs default | Δ vs all-in choice |');
console.log('|---|---|---|---|---|---|---|---|');
let worst = 0;
const signed = (d) => (Math.abs(d) < 1e-9 ? '0' : d.toFixed(3));
for (const r of rows) {
  const delta = r.loo - r.atDefault;
  worst = Math.min(worst, delta, r.loo - r.allIn);
  if (r.flat) continue;
  console.log(`| ${r.constant} (${r.default}) | ${r.figure} | ${r.corpus} | ${fmt(r.atDefault)} | ${r.allInValue} → ${fmt(r.allIn)} | ${r.looValue} → ${fmt(r.loo)} | ${signed(delta)} | ${signed(r.loo - r.allIn)} |`);
}
const flat = [...new Set(rows.filter((r) => r.flat).map((r) => `${r.constant} (${r.figure})`))];
console.log(`\nFlat over the whole grid (every value gives the same figures on every corpus): ${flat.length === 0 ? 'none' : flat.join(', ')}.`);
console.log(`Largest drop of a left-out figure below its all-in figure (at the default or at the all-in choice): ${fmt(-worst)} (acceptance: at most 0.020).`);
console.log('\nAll-in figures at the defaults:');
for (const [corpus, f] of Object.entries(base)) {
  console.log(`  ${corpus}: ${Object.entries(f).filter(([, v]) => v !== null).map(([k, v]) => `${FIGURE_KEYS[k]} ${fmt(v)}`).join(', ')}`);
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ results, rows }, null, 1));
if (write) {
  const summary = rows.map((r) => ({ left: r.corpus, metric: r.figure, constant: r.constant, shown: r.default, chosen: r.looValue, dev: r.atDefault, loo: r.loo }));
  const body = regionBody({ ...revision, date: startedAt, command }, renderLooSummary(summary, { unit: 'corpus left out' }));
  process.stderr.write(`wrote ${writeRegions('docs/evaluation.md', { 'loo-metadata': body })} (region loo-metadata)\n`);
}
