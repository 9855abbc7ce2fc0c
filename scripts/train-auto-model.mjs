#!/usr/bin/env node
// Trains auto's learned keep/drop model (src/extractors/auto/model.ts) on the shared dev corpora and
// writes src/extractors/auto/model-weights.ts. Usage (from the repo root, with ../shared beside it):
//   npm run build && node scripts/train-auto-model.mjs [--corpora DIR] [--without NAME] [--out FILE.json]
// --without leaves one training corpus out (leave-one-corpus-out, see bench/auto-model-loo.mjs);
// --out writes the model as JSON instead of the shipped TS module.
//
// Training corpora (each a "corpus" for leave-one-out): cleaning-dev's two halves, CleanEval
// (ids cleaneval-*) and Dragnet (ids dragnet-*), en-news-scrapinghub, readability-mozilla,
// zh-news-cwced-dev. Forum threads yield no rows (the model decides articles only).
//
// Rows: one per segment of each article page, the features `auto` computes (autoSegmentTable, with
// the model off). Label: the share of the segment's whitespace-free text covered by character
// `LABEL_GRAM`-grams of the page's truth body (a soft label in [0, 1]; language-independent).
// Row weight: the segment's characters over the page's, so that every page weighs the same (the
// corpus figures are means over pages). Model: L2-regularised logistic regression on standardized
// features, fitted by Newton's method. Threshold: the one of THRESHOLDS that maximizes the mean
// estimated page F1 on the training rows.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze, normalize } from '../dist/index.js';
import { parseTruth, pageFileOf } from '../dist/eval/index.js';
import { autoSegmentTable } from '../dist/extractors/auto/index.js';
import { SEGMENT_FEATURES } from '../dist/extractors/auto/model.js';

/** Training corpora: name → [shared corpus directory, page filter]. */
export const TRAINING_CORPORA = {
  cleaneval: ['cleaning-dev', (t) => String(t.id).startsWith('cleaneval-')],
  dragnet: ['cleaning-dev', (t) => String(t.id).startsWith('dragnet-')],
  'en-news-scrapinghub': ['en-news-scrapinghub', () => true],
  'readability-mozilla': ['readability-mozilla', () => true],
  'zh-news-cwced-dev': ['zh-news-cwced-dev', () => true],
};
/** Length of the character n-grams that decide how much of a segment is in the truth body. */
const LABEL_GRAM = 16;
/** L2 penalty on the (standardized) weights, per unit of total row weight. */
export const L2 = 1e-3;
const NEWTON_STEPS = 25;
const THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];

const compact = (s) => s.replace(/\s+/gu, '');

/** Share of `text`'s whitespace-free characters covered by n-grams found in `grams` (or in `truth` when shorter than n). */
function coverage(text, truth, grams) {
  const t = compact(text);
  if (t.length === 0) return 0;
  if (t.length <= LABEL_GRAM) return truth.includes(t) ? 1 : 0;
  const covered = new Uint8Array(t.length);
  for (let i = 0; i + LABEL_GRAM <= t.length; i++) if (grams.has(t.slice(i, i + LABEL_GRAM))) covered.fill(1, i, i + LABEL_GRAM);
  return covered.reduce((a, b) => a + b, 0) / t.length;
}

/** The pages of one training corpus: `{ truth, normalized }` (decoded once). */
export function loadCorpus(corporaDir, name) {
  const [dir, keep] = TRAINING_CORPORA[name];
  const root = path.join(corporaDir, dir);
  return parseTruth(readFileSync(path.join(root, 'truth.jsonl'), 'utf8')).filter(keep)
    .filter((t) => existsSync(path.join(root, pageFileOf(t))))
    .map((truth) => ({ truth, normalized: normalize(readFileSync(path.join(root, pageFileOf(truth)))) }));
}

/** Feature rows of a corpus's pages: `{ page, x, y, w, chars }[]` (page-local rows). */
export function collectRows(pages) {
  return pages.map(({ truth, normalized }) => {
    const body = compact(String(truth.body ?? ''));
    const grams = new Set();
    for (let i = 0; i + LABEL_GRAM <= body.length; i++) grams.add(body.slice(i, i + LABEL_GRAM));
    const table = autoSegmentTable(analyze(normalized));
    const total = table.reduce((s, r) => s + r.chars, 0) || 1;
    return { id: String(truth.id), truthChars: body.length, rows: table.map((r) => ({ x: r.features, y: coverage(r.text, body, grams), w: r.chars / total, chars: r.chars })) };
  });
}

/**
 * The training pages of several corpora, each corpus weighing the same in all (its rows' weights
 * scaled by the mean corpus size over its own): cleaning-dev's thousand pages would otherwise
 * outvote the news corpora. The total weight stays the number of pages.
 */
export function balance(byCorpus) {
  const lists = Object.values(byCorpus);
  const mean = lists.reduce((s, l) => s + l.length, 0) / lists.length;
  return lists.flatMap((l) => l.map((p) => ({ ...p, rows: p.rows.map((r) => ({ ...r, w: (r.w * mean) / l.length })) })));
}

/** Solves A x = b (small dense system, Gaussian elimination with partial pivoting). */
function solve(A, b) {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let k = r + 1; k < n; k++) s -= M[r][k] * x[k];
    x[r] = s / M[r][r];
  }
  return x;
}

/** Mean of the estimated page F1 (kept chars × label against the truth's chars) at a threshold, pages weighted by their rows' weight. */
function estimatedF1(pages, prob, threshold) {
  let sum = 0;
  let total = 0;
  let j = 0;
  for (const p of pages) {
    let tp = 0;
    let kept = 0;
    let weight = 0;
    for (const r of p.rows) {
      weight += r.w;
      if (prob[j++] >= threshold) {
        kept += r.chars;
        tp += r.y * r.chars;
      }
    }
    sum += weight * (kept + p.truthChars > 0 ? (2 * tp) / (kept + p.truthChars) : 1);
    total += weight;
  }
  return sum / (total || 1);
}

/** Fits the model on page rows; `provenance` is stored with it. */
export function train(pages, provenance) {
  const rows = pages.flatMap((p) => p.rows);
  const d = SEGMENT_FEATURES.length;
  const W = rows.reduce((s, r) => s + r.w, 0);
  const mean = Array.from({ length: d }, (_, i) => rows.reduce((s, r) => s + r.w * r.x[i], 0) / W);
  const scale = mean.map((m, i) => Math.sqrt(rows.reduce((s, r) => s + r.w * (r.x[i] - m) ** 2, 0) / W) || 1);
  const X = rows.map((r) => [1, ...r.x.map((v, i) => (v - mean[i]) / scale[i])]);
  let beta = new Array(d + 1).fill(0);
  const lambda = L2 * W;
  for (let step = 0; step < NEWTON_STEPS; step++) {
    const g = beta.map((b, i) => (i === 0 ? 0 : lambda * b));
    const H = beta.map((_, i) => beta.map((__, k) => (i === k && i > 0 ? lambda : 0)));
    X.forEach((x, n) => {
      const z = x.reduce((s, v, i) => s + v * beta[i], 0);
      const p = 1 / (1 + Math.exp(-z));
      const { w, y } = rows[n];
      const h = w * p * (1 - p);
      for (let i = 0; i <= d; i++) {
        g[i] += w * (p - y) * x[i];
        for (let k = i; k <= d; k++) H[i][k] += h * x[i] * x[k];
      }
    });
    for (let i = 0; i <= d; i++) for (let k = 0; k < i; k++) H[i][k] = H[k][i];
    const delta = solve(H, g);
    beta = beta.map((b, i) => b - delta[i]);
    if (Math.max(...delta.map(Math.abs)) < 1e-6) break;
  }
  const prob = X.map((x) => 1 / (1 + Math.exp(-x.reduce((s, v, i) => s + v * beta[i], 0))));
  const threshold = THRESHOLDS.reduce((best, t) => (estimatedF1(pages, prob, t) > estimatedF1(pages, prob, best) + 1e-9 ? t : best), 0.5);
  const round = (v) => Number(v.toPrecision(6));
  return {
    features: [...SEGMENT_FEATURES], mean: mean.map(round), scale: scale.map(round), weights: beta.slice(1).map(round), bias: round(beta[0]), threshold,
    provenance: { ...provenance, l2: L2, labelGram: LABEL_GRAM, rows: rows.length, pages: pages.length, script: 'scripts/train-auto-model.mjs' },
  };
}

/** Boosting settings: rounds, tree depth, shrinkage, L2 on leaf values, least row weight per leaf, cut points per feature. */
export const BOOST = { rounds: 60, depth: 3, rate: 0.15, lambda: 1, minLeafWeight: 5, bins: 32 };

/** Candidate cut points of one feature: up to `bins` weighted quantiles of its values. */
function cutPoints(rows, i, bins) {
  const values = [...new Set(rows.map((r) => r.x[i]))].sort((a, b) => a - b);
  if (values.length <= bins) return values.slice(0, -1);
  const out = [];
  for (let q = 1; q < bins; q++) out.push(values[Math.floor((q * values.length) / bins)]);
  return [...new Set(out)];
}

/**
 * Gradient-boosted regression trees on the logistic loss (soft labels, weighted rows), the trees
 * stored flat: node n splits on feature[n] at cut[n] (x ≤ cut goes to left[n], else right[n]); a leaf
 * has feature −1 and adds value[n] to the score.
 */
export function trainTrees(pages, provenance, settings = BOOST) {
  const rows = pages.flatMap((p) => p.rows);
  const d = SEGMENT_FEATURES.length;
  const cuts = Array.from({ length: d }, (_, i) => cutPoints(rows, i, settings.bins));
  // bin index per row and feature: number of cuts strictly below the value
  const bin = Array.from({ length: d }, (_, i) => Uint8Array.from(rows, (r) => {
    let b = 0;
    while (b < cuts[i].length && r.x[i] > cuts[i][b]) b++;
    return b;
  }));
  const W = rows.reduce((s, r) => s + r.w, 0);
  const ybar = Math.min(0.99, Math.max(0.01, rows.reduce((s, r) => s + r.w * r.y, 0) / W));
  const base = Math.log(ybar / (1 - ybar));
  const F = new Float64Array(rows.length).fill(base);
  const trees = [];
  const g = new Float64Array(rows.length);
  const h = new Float64Array(rows.length);
  for (let round = 0; round < settings.rounds; round++) {
    rows.forEach((r, n) => {
      const p = 1 / (1 + Math.exp(-F[n]));
      g[n] = r.w * (p - r.y);
      h[n] = r.w * p * (1 - p);
    });
    const tree = { feature: [], cut: [], left: [], right: [], value: [] };
    const grow = (members, depth) => {
      const id = tree.feature.length;
      tree.feature.push(-1); tree.cut.push(0); tree.left.push(-1); tree.right.push(-1); tree.value.push(0);
      let G = 0; let H = 0;
      for (const n of members) { G += g[n]; H += h[n]; }
      const leaf = () => {
        tree.value[id] = Number((-settings.rate * G / (H + settings.lambda)).toPrecision(5));
        return id;
      };
      if (depth === settings.depth) return leaf();
      let best = { gain: 1e-12, i: -1, b: -1 };
      for (let i = 0; i < d; i++) {
        const nb = cuts[i].length + 1;
        const hg = new Float64Array(nb); const hh = new Float64Array(nb); const hw = new Float64Array(nb);
        for (const n of members) { const b = bin[i][n]; hg[b] += g[n]; hh[b] += h[n]; hw[b] += rows[n].w; }
        let gl = 0; let hl = 0; let wl = 0;
        const wAll = hw.reduce((a, b) => a + b, 0);
        for (let b = 0; b < nb - 1; b++) {
          gl += hg[b]; hl += hh[b]; wl += hw[b];
          if (wl < settings.minLeafWeight || wAll - wl < settings.minLeafWeight) continue;
          const gain = gl * gl / (hl + settings.lambda) + (G - gl) ** 2 / (H - hl + settings.lambda) - G * G / (H + settings.lambda);
          if (gain > best.gain) best = { gain, i, b };
        }
      }
      if (best.i < 0) return leaf();
      tree.feature[id] = best.i;
      tree.cut[id] = cuts[best.i][best.b];
      tree.left[id] = grow(members.filter((n) => bin[best.i][n] <= best.b), depth + 1);
      tree.right[id] = grow(members.filter((n) => bin[best.i][n] > best.b), depth + 1);
      return id;
    };
    grow(rows.map((_, n) => n), 0);
    trees.push(tree);
    rows.forEach((r, n) => { F[n] += treeValue(tree, r.x); });
  }
  const prob = Array.from(F, (z) => 1 / (1 + Math.exp(-z)));
  const threshold = THRESHOLDS.reduce((best, t) => (estimatedF1(pages, prob, t) > estimatedF1(pages, prob, best) + 1e-9 ? t : best), 0.5);
  return {
    features: [...SEGMENT_FEATURES], bias: Number(base.toPrecision(6)), threshold, trees,
    provenance: { ...provenance, boost: settings, labelGram: LABEL_GRAM, rows: rows.length, pages: pages.length, script: 'scripts/train-auto-model.mjs' },
  };
}

function treeValue(tree, x) {
  let n = 0;
  while (tree.feature[n] >= 0) n = x[tree.feature[n]] <= tree.cut[n] ? tree.left[n] : tree.right[n];
  return tree.value[n];
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes in src)` : head;
  } catch {
    return 'unknown';
  }
}

function moduleText(model) {
  const { trees, provenance, ...head } = model;
  const body = [
    ...Object.entries(head).map(([k, v]) => `  ${k}: ${JSON.stringify(v)},`),
    `  provenance: ${JSON.stringify(provenance)},`,
    '  trees: [',
    ...trees.map((t) => `    ${JSON.stringify(t).replace(/"([a-z]+)":/gu, '$1:')},`),
    '  ],',
  ];
  return `/**
 * Weights of auto's learned keep/drop model (see ./model.ts). Generated by scripts/train-auto-model.mjs
 * from the shared dev corpora: do not edit by hand, re-run the script. Provenance inside.
 * @module
 */
import type { AutoModel } from './model.js';

/**
 * The shipped keep/drop model of \`auto\` (trained on ${provenance.corpora.join(', ')}); opt in with
 * \`{ model: AUTO_MODEL }\` (the default is \`null\`, see docs/algorithms/auto.md).
 * @category Extraction
 */
export const AUTO_MODEL: AutoModel = {
${body.join('\n')}
};
`;
}

async function main() {
  const args = process.argv.slice(2);
  const arg = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const corporaDir = arg('--corpora') ?? path.join('..', 'shared', 'corpora');
  if (!existsSync(corporaDir)) {
    console.error(`train-auto-model: ${corporaDir} not found (the shared corpora sit beside the repo); nothing trained.`);
    return;
  }
  const without = arg('--without');
  const names = Object.keys(TRAINING_CORPORA).filter((n) => n !== without);
  const pages = balance(Object.fromEntries(names.map((n) => [n, collectRows(loadCorpus(corporaDir, n))])));
  const model = (arg('--kind') === 'logistic' ? train : trainTrees)(pages, { corpora: names, commit: gitCommit() });
  const out = arg('--out');
  if (out) writeFileSync(out, JSON.stringify(model, null, 2) + '\n');
  else writeFileSync(path.join('src', 'extractors', 'auto', 'model-weights.ts'), moduleText(model));
  console.error(`trained on ${names.join(', ')}: ${model.provenance.rows} rows, ${pages.length} pages, threshold ${model.threshold}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
