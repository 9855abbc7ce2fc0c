// Cost of analysis relative to parsing: parse-only (htmlparser2 parseDocument) vs parseHtml + analyzeDocument,
// over every page of a corpus decoded as UTF-8 in memory. Prints per-loop times, medians and the ratio.
//
//   node --expose-gc --import tsx bench/analysis.mjs [corpusDir] [loops]
//
// Default corpus: ../shared/corpora/en-news-scrapinghub (relative to the repo root); default 7 loops.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'htmlparser2';
import { parseHtml, PARSE_OPTIONS } from '../src/dom/parse.ts';
import { analyzeDocument } from '../src/analysis/analyze.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(process.argv[2] ?? path.join(repoRoot, '../shared/corpora/en-news-scrapinghub'));
const loops = Number(process.argv[3] ?? 7);
const pagesDir = existsSync(path.join(corpus, 'pages')) ? path.join(corpus, 'pages') : corpus;
if (!existsSync(pagesDir)) {
  console.error(`corpus not found: ${pagesDir}`);
  process.exit(2);
}
const pages = readdirSync(pagesDir)
  .filter((name) => name.endsWith('.html') || name.endsWith('.htm'))
  .sort()
  .map((name) => readFileSync(path.join(pagesDir, name)).toString('utf8'));
const totalMB = pages.reduce((sum, html) => sum + html.length, 0) / 1e6;

const source = (html) => ({
  html, charset: 'utf-8', charsetSource: 'default', confidence: 1, evidence: [], repairs: [],
  invisible: { total: 0, characters: [], positionLimit: 0 }, warnings: [], diagnostics: [], byteLength: html.length,
});

/** Runs `work` over every page; returns [wall ms, CPU ms (user + system, all threads, so GC included)]. */
function time(work) {
  let sink = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (const html of pages) sink += work(html);
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  if (sink < 0) throw new Error('unreachable');
  return [wall, (cpu.user + cpu.system) / 1e3];
}
const timeParse = () => time((html) => parseDocument(html, PARSE_OPTIONS).children.length);
const timeAnalyze = () => time((html) => analyzeDocument(parseHtml(html), source(html)).index.size);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// Warm-up (JIT) for both paths, then alternate loops so drift affects both equally; collect garbage
// between loops when run with --expose-gc so one path does not pay for the other's garbage.
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};
for (let i = 0; i < 3; i++) {
  timeParse();
  timeAnalyze();
}
const parseTimes = [];
const analyzeTimes = [];
for (let i = 0; i < loops; i++) {
  collect();
  parseTimes.push(timeParse());
  collect();
  analyzeTimes.push(timeAnalyze());
}
console.log(`corpus: ${pagesDir} (${pages.length} pages, ${totalMB.toFixed(1)} M UTF-16 units), ${loops} loops`);
for (const [k, label] of [[0, 'wall'], [1, 'cpu ']]) {
  const p = median(parseTimes.map((t) => t[k]));
  const a = median(analyzeTimes.map((t) => t[k]));
  console.log(`${label} parse only      : ${parseTimes.map((t) => t[k].toFixed(0)).join(' ')} ms  median ${p.toFixed(1)} ms`);
  console.log(`${label} parse + analyze : ${analyzeTimes.map((t) => t[k].toFixed(0)).join(' ')} ms  median ${a.toFixed(1)} ms`);
  console.log(`${label} ratio (parse+analyze / parse): ${(a / p).toFixed(3)}`);
}

// Paired measurement, robust to load drift on a shared machine: each page is parsed, then parsed and
// analyzed, back to back (order alternating by loop); the ratio of the per-loop sums is reported.
const pairedRatios = [];
for (let i = 0; i < loops; i++) {
  collect();
  let parseSum = 0;
  let analyzeSum = 0;
  for (const html of pages) {
    for (const first of i % 2 === 0 ? [true, false] : [false, true]) {
      const t0 = process.hrtime.bigint();
      if (first) parseDocument(html, PARSE_OPTIONS);
      else analyzeDocument(parseHtml(html), source(html));
      const elapsed = Number(process.hrtime.bigint() - t0);
      if (first) parseSum += elapsed;
      else analyzeSum += elapsed;
    }
  }
  pairedRatios.push(analyzeSum / parseSum);
}
console.log(`paired per page ratios: ${pairedRatios.map((r) => r.toFixed(3)).join(' ')}  median ${median(pairedRatios).toFixed(3)}`);
