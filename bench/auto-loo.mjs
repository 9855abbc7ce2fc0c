#!/usr/bin/env node
// Leave-one-corpus-out check of every tuned constant and vocabulary list of `auto`
// (src/extractors/auto/defaults.ts, src/vocabulary/page-tokens.ts) and of `correlated`'s own constants
// (src/extractors/correlativity/defaults.ts; the paper's C, S, D are not ours and are left out).
// Usage: npm run build && node --max-old-space-size=8192 bench/auto-loo.mjs [CORPORA_DIR] [--only auto|correlated] [--names a,b] [--write]
// (--write: each family's summary into docs/evaluation.md, regions loo-auto and loo-correlated, bench/doc-regions.js;
// not with --names, whose summary covers only the constants named)
// (--names: only the constants or lists so named, e.g. the ones a change adds; the full run takes ~35 min)
//
// auto: the four article corpora; main metric cleaning-dev and zh-news-cwced-dev body.ch_f1,
// en-news-scrapinghub and readability-mozilla body.sh_f1 (score.py's definitions, through matn/eval).
// Each page is decoded and analyzed once; every setting re-runs extractAuto on the analyzed page and
// drops the leading headline as extract() does (the title is read once, with the default options).
// correlated: `extract(html, { algorithm: 'correlated', extractor })` on the decoded pages of the four
// article corpora (body metric as above) and the three thread corpora (ug-forum-dev and
// forum-engines-dev posts.f1, real-threads-dev comments.f1): its thread constants decide posts and comments.
// For each corpus K and constant or list C: the setting with the best mean over the other corpora (ties
// go to the default), and K's figure at it. Vocabulary lists are tried off (empty) and, where tokens were
// moved out of the defaults to per-site configuration, with those tokens back in.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { analyze, normalize } from '../dist/index.js';
import { aggregatePages, pageFileOf, parseTruth, predictPage, scorePage } from '../dist/eval/index.js';
import { extractAuto } from '../dist/extractors/auto/index.js';
import { DEFAULT_AUTO_OPTIONS } from '../dist/extractors/auto/defaults.js';
import { withSiteTokens } from '../dist/extractors/auto/site.js';
import { DEFAULT_CORRELATIVITY_OPTIONS } from '../dist/extractors/correlativity/defaults.js';
import { dropLeadingHeadline } from '../dist/metadata/headline.js';
import { extractMetadata } from '../dist/metadata/page.js';
import { commandLine, currentCommit, regionBody, writeRegions } from './doc-regions.js';
import { renderLooSummary } from './loo-summary.js';

const ARTICLE_METRICS = {
  'cleaning-dev': 'body.ch_f1', 'en-news-scrapinghub': 'body.sh_f1', 'readability-mozilla': 'body.sh_f1', 'zh-news-cwced-dev': 'body.ch_f1',
};
const THREAD_METRICS = { 'ug-forum-dev': 'posts.f1', 'forum-engines-dev': 'posts.f1', 'real-threads-dev': 'comments.f1' };

/** The tokens step 2 of issue 14 moved from auto's defaults to per-site configuration (docs/algorithms/auto.md, "Site tokens"). */
const MOVED_SITE_TOKENS = {
  bodyTokens: ['td-post-content', 'artibody'],
  furnitureTokens: ['sharedaddy', 'jp-relatedposts', 'addtoany_share_save_container', 'a2a_kit', 'yarpp-related', 'crp_related',
    'wp-caption-text', 'adsbygoogle', 'disqus_thread'],
  commentTokens: ['disqus_thread'],
};

/** auto: numeric constants (grid around the default), switches, vocabulary lists; each entry maps a label to options. */
const grid = (name, values) => ({ name, shown: DEFAULT_AUTO_OPTIONS[name], settings: values.map((v) => [String(v), { [name]: v }]) });
const halfWeights = (w) => ({ weights: { ...DEFAULT_AUTO_OPTIONS.weights, density: w, 'line-blocks': w } });
const AUTO = [
  { name: 'weights (density, line-blocks)', shown: 0.5, settings: [0.25, 0.5, 1].map((w) => [String(w), halfWeights(w)]) },
  grid('markupWeight', [1, 2, 3]),
  grid('markupMinChars', [100, 200, 400]),
  grid('markupNestedShare', [0.5, 0.7, 0.9]),
  grid('keepVote', [0.45, 0.5, 0.55]),
  grid('strongVote', [0.7, 0.8, 0.9]),
  grid('regionShare', [0.7, 0.8, 0.9]),
  grid('extendMinChars', [60, 120, 200]),
  grid('siblingLeadVote', [0.2, 0.3, 0.45, 1.1]),
  grid('siblingLeadMaxLinkDensity', [0, 0.1, 0.25, 0.4, 0.5]),
  grid('regionVote', [0, 0.2, 0.35, 0.5]),
  grid('maxFormShare', [0, 0.2, 0.5, 0.8]),
  grid('maxLinkDensity', [0.4, 0.5, 0.7]),
  grid('minArticleChars', [50, 100, 200]),
  grid('listLinkShare', [0.4, 0.5, 0.6]),
  grid('articleOverPost', [0.5, 1, 2, 1e9]),
  grid('articleOverThread', [1.5, 3, 6, 1e9]),
  grid('maxGapChars', [75, 150, 300]),
  grid('overruleFurnitureChars', [250, 500, 1000]),
  grid('overruleFurnitureSegments', [2, 3, 5]),
  grid('overruleFurnitureSiblings', [true, false]),
  grid('splitMarkupBody', [true, false]),
  grid('extendInMarkup', [true, false]),
  grid('keepLinkedListItems', [true, false]),
  grid('keepLinkedHeadings', [true, false]),
  grid('keepLinkedSentences', [true, false]),
  grid('keepVotedLinkLists', [true, false]),
  grid('dropRepeatedBlocks', [true, false]),
  grid('repeatedBlockMinSegments', [1, 2, 3, 5]),
  grid('trimTrailingMetadata', [true, false]),
  grid('extendToRegionSiblings', [true, false]),
  grid('extendToSiblingSections', [true, false]),
  grid('sectionMinParagraphs', [1, 2, 3, 5]),
  grid('extendToRegionEdges', [true, false]),
  grid('regionEdgeMinSegments', [2, 3, 5, 8, 12]),
  grid('silenceWholeRecords', [true, false]),
  grid('rescueInRegion', [true, false]),
  grid('keepHeadlineIsland', [true, false]),
  grid('emptyBodyUnderHeadline', [true, false]),
  { name: 'bodyTokens', shown: 'BODY_TOKENS', settings: [['default', {}], ['off', { bodyTokens: [] }], ['+moved', withSiteTokens({ bodyTokens: MOVED_SITE_TOKENS.bodyTokens })]] },
  { name: 'furnitureTokens', shown: 'FURNITURE_TOKENS', settings: [['default', {}], ['off', { furnitureTokens: [] }], ['+moved', withSiteTokens({ furnitureTokens: MOVED_SITE_TOKENS.furnitureTokens })]] },
  { name: 'commentTokens', shown: 'COMMENT_TOKENS', settings: [['default', {}], ['off', { commentTokens: [] }], ['+moved', withSiteTokens({ commentTokens: MOVED_SITE_TOKENS.commentTokens })]] },
  { name: 'furnitureTags', shown: 'FURNITURE_TAGS', settings: [['default', {}], ['off', { furnitureTags: [] }]] },
];
const cgrid = (name, values) => ({ name, shown: DEFAULT_CORRELATIVITY_OPTIONS[name], settings: values.map((v) => [String(v), { [name]: v }]) });
const CORRELATED = [
  cgrid('regionShare', [0.3, 0.5, 0.7]),
  cgrid('minPosts', [2, 3, 4]),
  cgrid('minDatedShare', [0.3, 0.5, 0.7]),
  cgrid('minArticleChars', [100, 200, 400]),
];

const args = process.argv.slice(2);
const revision = currentCommit(); // the code measured: the commit when the run starts
const startedAt = new Date();
const command = commandLine('bench/auto-loo.mjs', args, process.execArgv);
const write = args.includes('--write');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const names = args.includes('--names') ? new Set(args[args.indexOf('--names') + 1].split(',')) : null;
const corporaDir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--only' && args[i - 1] !== '--names') ?? path.join('..', 'shared', 'corpora');
const selected = (entries) => (names === null ? entries : entries.filter((e) => names.has(e.name)));
const t0 = Date.now();
const elapsed = () => `${Math.round((Date.now() - t0) / 1000)} s`;

function loadPages(corpus) {
  const dir = path.join(corporaDir, corpus);
  return parseTruth(readFileSync(path.join(dir, 'truth.jsonl'), 'utf8'))
    .filter((t) => existsSync(path.join(dir, pageFileOf(t))))
    .map((truth) => ({ truth, normalized: normalize(readFileSync(path.join(dir, pageFileOf(truth)))) }));
}

/** For one family of settings: per left-out corpus, the setting chosen on the others and the left-out figure at it. */
function leaveOneOut(entry, byLabel, corpora) {
  const labels = entry.settings.map(([label]) => label);
  const defaultLabel = labels.find((l) => Object.keys(entry.settings[labels.indexOf(l)][1]).length === 0 || l === String(entry.shown)) ?? labels[0];
  return corpora.map((left) => {
    const others = corpora.filter((c) => c !== left);
    const mean = (l) => others.reduce((s, c) => s + byLabel.get(l)[c], 0) / others.length;
    const chosen = labels.reduce((best, l) => (mean(l) > mean(best) + 1e-9 ? l : best), defaultLabel);
    return { name: entry.name, shown: entry.shown, left, dev: byLabel.get(defaultLabel)[left], chosen, loo: byLabel.get(chosen)[left] };
  });
}

/** Cache key of a setting: the options that differ from the defaults (a grid's default value is the default run). */
function keyOf(options, defaults) {
  const differs = Object.entries(options).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(defaults[k]));
  return JSON.stringify(Object.fromEntries(differs.sort(([a], [b]) => a.localeCompare(b))));
}

function run(entries, figures, corpora, defaults) {
  const rows = [];
  const cache = new Map(); // same options → same figures (every family shares the default)
  cache.set(keyOf({}, defaults), figures({}));
  process.stderr.write(`default figures: ${JSON.stringify(cache.get(keyOf({}, defaults)))} (${elapsed()})\n`);
  for (const entry of entries) {
    const byLabel = new Map();
    for (const [label, options] of entry.settings) {
      const key = keyOf(options, defaults);
      if (!cache.has(key)) cache.set(key, figures(options));
      byLabel.set(label, cache.get(key));
    }
    rows.push(...leaveOneOut(entry, byLabel, corpora));
    process.stderr.write(`${entry.name} done (${elapsed()})\n`);
  }
  return rows;
}

/** The family's leave-one-out summary into its region of docs/evaluation.md (with --write). */
function writeSummary(region, rows, metrics) {
  if (!write) return;
  if (names !== null) throw new Error('--write with --names would summarize only the constants named');
  const summary = rows.map((r) => ({ left: r.left, metric: metrics[r.left], constant: r.name, shown: r.shown, chosen: r.chosen, dev: r.dev, loo: r.loo }));
  const body = regionBody({ ...revision, date: startedAt, command }, renderLooSummary(summary, { unit: 'corpus left out' }));
  process.stderr.write(`wrote ${writeRegions('docs/evaluation.md', { [region]: body })} (region ${region})\n`);
}

/** One row per constant or list; per left-out corpus: dev figure, setting chosen on the others → left-out figure (Δ). */
function print(title, rows) {
  const corpora = [...new Set(rows.map((r) => r.left))];
  console.log(`\n### ${title}\n`);
  console.log('Each cell: dev figure at the default; setting chosen on the other corpora → left-out figure at it (Δ).\n');
  console.log(`| constant or list (default) | ${corpora.join(' | ')} |`);
  console.log(`|---|${corpora.map(() => '---').join('|')}|`);
  for (const name of [...new Set(rows.map((r) => r.name))]) {
    const cells = corpora.map((c) => {
      const r = rows.find((x) => x.name === name && x.left === c);
      return `${r.dev.toFixed(3)}; ${r.chosen} → ${r.loo.toFixed(3)} (${(r.loo - r.dev).toFixed(3)})`;
    });
    console.log(`| ${name} (${rows.find((x) => x.name === name).shown}) | ${cells.join(' | ')} |`);
  }
  const worst = rows.reduce((w, r) => (r.dev - r.loo > w.dev - w.loo ? r : w), rows[0]);
  console.log(`\nLargest drop below the dev figure: ${(worst.dev - worst.loo).toFixed(3)} (${worst.name}, ${worst.left}).`);
}

if (only !== 'correlated') {
  const corpora = Object.keys(ARTICLE_METRICS).map((corpus) => {
    const pages = loadPages(corpus).map(({ truth, normalized }) => {
      try {
        const doc = analyze(normalized);
        return { truth, doc, title: extractMetadata(doc, {}, extractAuto(doc)).title?.value ?? null };
      } catch {
        return { truth, doc: null, title: null }; // a page extract() refuses (too large): scored as an error, as score.py does
      }
    });
    process.stderr.write(`${corpus}: ${pages.length} pages analyzed (${elapsed()})\n`);
    return { corpus, pages };
  });
  const figures = (options) => {
    const out = {};
    for (const { corpus, pages } of corpora) {
      const scores = pages.map(({ truth, doc, title }) => {
        if (doc === null) return scorePage(truth, { id: String(truth.id), error: true });
        const x = extractAuto(doc, options);
        const body = x.posts?.length ? x.text : dropLeadingHeadline(x.text, title, doc);
        return scorePage(truth, { id: String(truth.id), body });
      });
      out[corpus] = aggregatePages(scores)[ARTICLE_METRICS[corpus]];
    }
    return out;
  };
  const rows = run(selected(AUTO), figures, Object.keys(ARTICLE_METRICS), DEFAULT_AUTO_OPTIONS);
  print('auto (body, four article corpora)', rows);
  writeSummary('loo-auto', rows, ARTICLE_METRICS);
  corpora.length = 0;
}

if (only !== 'auto') {
  const metrics = { ...ARTICLE_METRICS, ...THREAD_METRICS };
  const corpora = Object.keys(metrics).map((corpus) => ({ corpus, pages: loadPages(corpus) }));
  const figures = (options) => {
    const out = {};
    for (const { corpus, pages } of corpora) {
      const scores = pages.map(({ truth, normalized }) => {
        const id = String(truth.id);
        return scorePage(truth, predictPage(id, normalized.html, { algorithm: 'correlated', extractor: options }));
      });
      out[corpus] = aggregatePages(scores)[metrics[corpus]];
    }
    return out;
  };
  const rows = run(selected(CORRELATED), figures, Object.keys(metrics), DEFAULT_CORRELATIVITY_OPTIONS);
  print('correlated (its own constants; body on the article corpora, posts/comments on the thread corpora)', rows);
  writeSummary('loo-correlated', rows, metrics);
}
console.log(`\nTotal ${elapsed()}.`);
