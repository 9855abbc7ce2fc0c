/**
 * Corpus figures from page scores: score.py's aggregation (same metric names), the paper's
 * character P/R/F, and the worst pages.
 * @module
 */
import { aggregate } from './metrics.js';
import { pageF1, scorePage, type PageScore, type PostScore } from './score-page.js';
import type { PredictionRecord, TruthRecord } from './types.js';

/**
 * Corpus metrics keyed as score.py prints them (`body.sh_f1`, `title.exact`, …; counts such as
 * `pages` and `body.pages` are integers), plus `body.char_p`, `body.char_r`, `body.char_f`: the
 * character P/R/F of seed 003 §4.1 aggregated like the others (mean P, mean R, F of the means).
 * Only metrics the corpus has truth for are present.
 * @category Evaluation
 */
export type CorpusMetrics = Record<string, number>;

/** A page's figures for the worst-pages list. @category Evaluation */
export interface PageSummary {
  readonly id: string;
  /** What the page is ranked by: `body.ch_f1`, `posts.f1`, `encoding` or `title.sim`. */
  readonly rankedBy: string;
  /** The ranking value (0..1, lower is worse). */
  readonly value: number;
  /** The page's own figures (body F1s, title/author/date/encoding hits, post F1, error). */
  readonly scores: Readonly<Record<string, number | boolean>>;
}

/** The result of {@link scoreCorpus}. @category Evaluation */
export interface CorpusScore {
  readonly metrics: CorpusMetrics;
  readonly pages: readonly PageScore[];
}

function ratio(hits: number, n: number): number {
  return n ? hits / n : 0;
}

function count(pages: readonly PageScore[], pick: (p: PageScore) => boolean | undefined): [number, number] {
  let hits = 0;
  let n = 0;
  for (const p of pages) {
    const v = pick(p);
    if (v === undefined) continue;
    n++;
    if (v) hits++;
  }
  return [hits, n];
}

function addBody(m: CorpusMetrics, pages: readonly PageScore[]): void {
  const bodies = pages.flatMap((p) => (p.body ? [p.body] : []));
  if (bodies.length === 0) return;
  const sh = aggregate(bodies.map((b) => b.shingles));
  const ch = aggregate(bodies.map((b) => b.charGrams));
  const chars = aggregate(bodies.map((b) => b.chars));
  Object.assign(m, {
    'body.sh_p': sh.p, 'body.sh_r': sh.r, 'body.sh_f1': sh.f,
    'body.ch_p': ch.p, 'body.ch_r': ch.r, 'body.ch_f1': ch.f,
    'body.char_p': chars.p, 'body.char_r': chars.r, 'body.char_f': chars.f,
    'body.qualified': ratio(bodies.filter((b) => b.qualified).length, bodies.length),
    'body.excellent': ratio(bodies.filter((b) => b.excellent).length, bodies.length),
    'body.pages': bodies.length,
  });
}

function addWithWithout(m: CorpusMetrics, pages: readonly PageScore[]): void {
  const [tp, fp, fn, tn] = pages.reduce<[number, number, number, number]>((s, p) => (p.ww ? [s[0] + p.ww[0], s[1] + p.ww[1], s[2] + p.ww[2], s[3] + p.ww[3]] : s), [0, 0, 0, 0]);
  const total = tp + fp + fn + tn;
  if (total === 0) return;
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  Object.assign(m, { 'ww.p': p, 'ww.r': r, 'ww.f1': p + r ? (2 * p * r) / (p + r) : 0, 'ww.acc': (tp + tn) / total });
}

function sumOf(list: readonly PostScore[], pick: (x: PostScore) => number): number {
  return list.reduce((s, x) => s + pick(x), 0);
}

/** score.py's `Records.metrics` for `posts` or `comments`: pooled over pages. */
function addPosts(m: CorpusMetrics, pages: readonly PageScore[], key: 'posts' | 'comments'): void {
  const list = pages.flatMap((p) => (p[key] ? [p[key]] : []));
  const matched = sumOf(list, (x) => x.matched);
  const predicted = sumOf(list, (x) => x.predicted);
  const truth = sumOf(list, (x) => x.truth);
  if (truth === 0) return;
  const p = predicted ? matched / predicted : 0;
  const r = matched / truth;
  Object.assign(m, {
    [`${key}.p`]: p, [`${key}.r`]: r, [`${key}.f1`]: p + r ? (2 * p * r) / (p + r) : 0,
    [`${key}.author`]: ratio(sumOf(list, (x) => x.authorHits), matched),
    [`${key}.date`]: ratio(sumOf(list, (x) => x.dateHits), sumOf(list, (x) => x.dated)),
    [`${key}.text_f1`]: ratio(sumOf(list, (x) => x.textF1Sum), matched),
    [`${key}.true`]: truth,
  });
  const qTruth = sumOf(list, (x) => x.quotesTruth);
  if (qTruth === 0) return;
  const qMatched = sumOf(list, (x) => x.quotesMatched);
  const qPredicted = sumOf(list, (x) => x.quotesPredicted);
  const qp = qPredicted ? qMatched / qPredicted : 0;
  const qr = qMatched / qTruth;
  Object.assign(m, {
    [`${key}.quotes_p`]: qp, [`${key}.quotes_r`]: qr, [`${key}.quotes_f1`]: qp + qr ? (2 * qp * qr) / (qp + qr) : 0,
    [`${key}.quotes_true`]: qTruth,
  });
  const authored = sumOf(list, (x) => x.quotesAuthored);
  if (authored) m[`${key}.quotes_author`] = sumOf(list, (x) => x.quoteAuthorHits) / authored;
}

/**
 * Aggregates page scores into corpus metrics exactly as score.py does.
 * @category Evaluation
 */
export function aggregatePages(pages: readonly PageScore[]): CorpusMetrics {
  const m: CorpusMetrics = { pages: pages.length, errors: pages.filter((p) => p.error).length };
  addBody(m, pages);
  addWithWithout(m, pages);
  const [titleExact, titleN] = count(pages, (p) => p.title?.exact);
  const [titleSim] = count(pages, (p) => p.title?.sim);
  if (titleN) Object.assign(m, { 'title.exact': titleExact / titleN, 'title.sim': titleSim / titleN, 'title.pages': titleN });
  const [dateHits, dateN] = count(pages, (p) => p.date);
  if (dateN) Object.assign(m, { 'date.day': dateHits / dateN, 'date.pages': dateN });
  const [authorHits, authorN] = count(pages, (p) => p.author);
  if (authorN) Object.assign(m, { 'author.match': authorHits / authorN, 'author.pages': authorN });
  addPosts(m, pages, 'posts');
  addPosts(m, pages, 'comments');
  const [langHits, langN] = count(pages, (p) => p.lang);
  if (langN) Object.assign(m, { 'lang.acc': langHits / langN, 'lang.pages': langN });
  const [encHits, encN] = count(pages, (p) => p.encoding);
  if (encN) Object.assign(m, { 'encoding.acc': encHits / encN, 'encoding.pages': encN });
  return m;
}

/** Predictions by id; a later line for the same id replaces an earlier one (as in score.py). */
function indexPredictions(preds: Iterable<PredictionRecord>): Map<string, PredictionRecord> {
  const byId = new Map<string, PredictionRecord>();
  for (const p of preds) if (p && typeof p === 'object' && 'id' in p) byId.set(String(p.id), p);
  return byId;
}

/**
 * Scores predictions against a corpus's truth: score.py's `score()`, with the page scores kept.
 * @example
 * ```ts
 * const { metrics } = scoreCorpus(parseJsonLines(truthText), parseJsonLines(predText));
 * metrics['body.sh_f1'];
 * ```
 * @category Evaluation
 */
export function scoreCorpus(truth: readonly TruthRecord[], predictions: Iterable<PredictionRecord>): CorpusScore {
  const byId = indexPredictions(predictions);
  const pages = truth.map((t) => scorePage(t, byId.get(String(t.id))));
  return { metrics: aggregatePages(pages), pages };
}

function postF1(p: { matched: number; predicted: number; truth: number }): number {
  const precision = p.predicted ? p.matched / p.predicted : 0;
  const recall = p.truth ? p.matched / p.truth : 0;
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

/** The figures of one page, for reports. @category Evaluation */
export function summarizePage(page: PageScore): PageSummary {
  const scores: Record<string, number | boolean> = {};
  if (page.body) {
    scores['sh_f1'] = pageF1(page.body.shingles);
    scores['ch_f1'] = pageF1(page.body.charGrams);
    scores['char_f'] = pageF1(page.body.chars);
    scores['qualified'] = page.body.qualified;
  }
  if (page.posts) scores['posts_f1'] = postF1(page.posts);
  if (page.comments) scores['comments_f1'] = postF1(page.comments);
  if (page.title) scores['title_sim'] = page.title.sim;
  if (page.author !== undefined) scores['author'] = page.author;
  if (page.date !== undefined) scores['date'] = page.date;
  if (page.encoding !== undefined) scores['encoding'] = page.encoding;
  if (page.error) scores['error'] = true;
  const [rankedBy, value]: [string, number] = page.body ? ['body.ch_f1', scores['ch_f1'] as number]
    : page.posts ? ['posts.f1', scores['posts_f1'] as number]
      : page.encoding !== undefined ? ['encoding', page.encoding ? 1 : 0]
        : page.title ? ['title.sim', page.title.sim ? 1 : 0] : ['error', page.error ? 0 : 1];
  return { id: page.id, rankedBy, value, scores };
}

/**
 * The `n` worst pages (lowest ranking value; failed pages first among equals; then by id).
 * @category Evaluation
 */
export function worstPages(pages: readonly PageScore[], n: number): PageSummary[] {
  return pages.map(summarizePage)
    .sort((a, b) => a.value - b.value || Number(Boolean(b.scores['error'])) - Number(Boolean(a.scores['error'])) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, Math.max(0, n));
}


