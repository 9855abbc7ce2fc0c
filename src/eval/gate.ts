/**
 * The quality gate (trafilatura's evaluation gate is the model): a committed baseline of corpus
 * figures, each a floor that a later build may not fall below by more than the noise margin, with
 * each corpus's digest so that a changed corpus is told apart from a regression. Pure functions:
 * callers read the corpora and the baseline files.
 * @module
 */
import { createHash, type Hash } from 'node:crypto';
import { resolveOptions } from '../core/options.js';
import type { CorpusMetrics } from './score-corpus.js';
import { pageF1, type PageScore, type PostScore } from './score-page.js';

/**
 * The metrics the gate pins, where a corpus has truth for them (score.py's names).
 * @category Evaluation
 */
export const GATED_METRICS = [
  'body.sh_f1', 'body.ch_f1', 'ww.f1', 'title.exact', 'author.match', 'date.day', 'lang.acc', 'encoding.acc',
  'posts.f1', 'posts.author', 'posts.date', 'posts.text_f1', 'posts.quotes_f1',
  'comments.f1', 'comments.author', 'comments.date', 'comments.text_f1', 'comments.quotes_f1',
] as const;

/** One of {@link GATED_METRICS}. @category Evaluation */
export type GatedMetric = (typeof GATED_METRICS)[number];

/**
 * Options of the gate, stored in the baseline file.
 * @category Evaluation
 */
export interface GateOptions {
  /** How far below its floor a figure may fall before the gate fails (the noise). @default 0.003 */
  margin?: number;
  /** How many pages that moved most are named in a failure. @default 5 */
  moved?: number;
  /** What a corpus whose digest differs from the baseline's does: `skip` (reported, not compared) or `fail`. @default 'skip' */
  changedCorpus?: 'skip' | 'fail';
}

/** Defaults of {@link GateOptions}. @category Evaluation */
export const DEFAULT_GATE_OPTIONS: Readonly<Required<GateOptions>> = Object.freeze({
  margin: 0.003,
  moved: 5,
  changedCorpus: 'skip',
});

/** The floors of one corpus. @category Evaluation */
export interface CorpusBaseline {
  /** {@link CorpusDigest} of the corpus the figures were measured on. */
  readonly digest: string;
  /** Pages in its truth. */
  readonly pages: number;
  /** Gated metric → figure (the floor). */
  readonly figures: Readonly<Record<string, number>>;
}

/** The baseline file. @category Evaluation */
export interface Baseline {
  readonly options: Readonly<Required<GateOptions>>;
  /** The commit the figures were measured at (informative). */
  readonly measuredAt?: string;
  readonly corpora: Readonly<Record<string, CorpusBaseline>>;
}

/** Gated metric → page id → the page's own figure (what "the pages that moved most" compares). @category Evaluation */
export type PageFigures = Record<string, Record<string, number>>;

/** Places figures are rounded to in the baseline files. */
const PLACES = 1e6;

function round(value: number): number {
  return Math.round(value * PLACES) / PLACES;
}

/**
 * Sha256 of a corpus as the gate sees it: its truth file, then every page it names (path, size and
 * content) in truth order. Feed it while reading the pages.
 * @category Evaluation
 */
export class CorpusDigest {
  readonly #hash: Hash = createHash('sha256');

  /** Starts with the bytes of `truth.jsonl`. */
  constructor(truth: Uint8Array) {
    this.#hash.update(`truth.jsonl\0${truth.length}\0${createHash('sha256').update(truth).digest('hex')}\n`);
  }

  /** Adds one page file (`null` when it could not be read). */
  addPage(file: string, bytes: Uint8Array | null): void {
    const part = bytes === null ? 'missing' : `${bytes.length}\0${createHash('sha256').update(bytes).digest('hex')}`;
    this.#hash.update(`${file}\0${part}\n`);
  }

  /** `sha256:<hex>`. */
  digest(): string {
    return `sha256:${this.#hash.digest('hex')}`;
  }
}

/**
 * The gated figures among a corpus's metrics (rounded as stored).
 * @category Evaluation
 */
export function gatedFigures(metrics: CorpusMetrics): Record<string, number> {
  const out: Record<string, number> = {};
  for (const metric of GATED_METRICS) if (typeof metrics[metric] === 'number') out[metric] = round(metrics[metric]);
  return out;
}

function ratioOrUndefined(hits: number, n: number): number | undefined {
  return n ? hits / n : undefined;
}

function postFigure(s: PostScore | undefined, what: string): number | undefined {
  if (s === undefined) return undefined;
  switch (what) {
    case 'f1': {
      const p = s.predicted ? s.matched / s.predicted : 0;
      const r = s.truth ? s.matched / s.truth : 0;
      return p + r ? (2 * p * r) / (p + r) : 0;
    }
    case 'author': return ratioOrUndefined(s.authorHits, s.matched);
    case 'date': return ratioOrUndefined(s.dateHits, s.dated);
    case 'text_f1': return ratioOrUndefined(s.textF1Sum, s.matched);
    case 'quotes_f1': {
      if (s.quotesTruth === 0) return undefined;
      const p = s.quotesPredicted ? s.quotesMatched / s.quotesPredicted : 0;
      const r = s.quotesMatched / s.quotesTruth;
      return p + r ? (2 * p * r) / (p + r) : 0;
    }
    default: return undefined;
  }
}

/** One page's with/without F1 (the corpus figure pools the counts; this names the pages that moved). */
function wwPageF1([tp, fp, fn]: readonly [number, number, number, number]): number {
  if (tp + fp + fn === 0) return 1; // every unwanted snippet left out, none wanted
  const p = tp + fp ? tp / (tp + fp) : 0;
  const r = tp + fn ? tp / (tp + fn) : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

function hit(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/**
 * A page's own figure for a gated metric, or undefined when the page has no truth for it.
 * @category Evaluation
 */
export function pageFigure(metric: string, page: PageScore): number | undefined {
  const [group, what = ''] = metric.split('.');
  switch (metric) {
    case 'body.sh_f1': return page.body && pageF1(page.body.shingles);
    case 'body.ch_f1': return page.body && pageF1(page.body.charGrams);
    case 'title.exact': return hit(page.title?.exact);
    case 'author.match': return hit(page.author);
    case 'date.day': return hit(page.date);
    case 'lang.acc': return hit(page.lang);
    case 'encoding.acc': return hit(page.encoding);
    case 'ww.f1': return page.ww && wwPageF1(page.ww);
    default: return group === 'posts' || group === 'comments' ? postFigure(page[group], what) : undefined;
  }
}

/**
 * Every page's figure for each gated metric the corpus has (rounded as stored).
 * @category Evaluation
 */
export function pageFigures(pages: readonly PageScore[], metrics: readonly string[] = GATED_METRICS): PageFigures {
  const out: PageFigures = {};
  for (const metric of metrics) {
    const byId: Record<string, number> = {};
    for (const page of pages) {
      const v = pageFigure(metric, page);
      if (v !== undefined) byId[page.id] = round(v);
    }
    if (Object.keys(byId).length > 0) out[metric] = byId;
  }
  return out;
}

/** A page whose figure changed. @category Evaluation */
export interface PageMove {
  readonly id: string;
  /** In the baseline; undefined when the page had none. */
  readonly before: number | undefined;
  /** Now; undefined when the page has none. */
  readonly after: number | undefined;
}

/** A figure below its floor by more than the margin. @category Evaluation */
export interface GateShortfall {
  readonly corpus: string;
  readonly metric: string;
  /** Now; NaN when the metric is no longer measured. */
  readonly figure: number;
  readonly floor: number;
  readonly margin: number;
  /** The pages whose figure fell most (at most `moved`), worst first. */
  readonly moved: readonly PageMove[];
}

/**
 * The pages whose figure for `metric` fell most from `before` to `after`, worst first.
 * @category Evaluation
 */
export function movedPages(before: PageFigures | undefined, after: PageFigures, metric: string, n: number): PageMove[] {
  const b = before?.[metric] ?? {};
  const a = after[metric] ?? {};
  const ids = new Set([...Object.keys(b), ...Object.keys(a)]);
  const moves: (PageMove & { drop: number })[] = [];
  for (const id of ids) {
    const drop = (b[id] ?? 0) - (a[id] ?? 0);
    if (drop > 0) moves.push({ id, before: b[id], after: a[id], drop });
  }
  moves.sort((x, y) => y.drop - x.drop || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return moves.slice(0, Math.max(0, n)).map(({ id, before: x, after: y }) => ({ id, before: x, after: y }));
}

/**
 * Compares a corpus's figures with its floors: one shortfall per figure below `floor - margin`
 * (a floor whose metric is no longer measured is a shortfall too).
 * @category Evaluation
 */
export function checkCorpus(
  corpus: string, baseline: CorpusBaseline, figures: Readonly<Record<string, number>>,
  pages: { readonly before?: PageFigures; readonly after: PageFigures }, options?: GateOptions,
): GateShortfall[] {
  const o = resolveOptions(DEFAULT_GATE_OPTIONS, options, 'checkCorpus');
  const out: GateShortfall[] = [];
  for (const [metric, floor] of Object.entries(baseline.figures)) {
    const figure = figures[metric] ?? Number.NaN;
    if (!(figure < floor - o.margin) && !Number.isNaN(figure)) continue;
    out.push({ corpus, metric, figure, floor, margin: o.margin, moved: movedPages(pages.before, pages.after, metric, o.moved) });
  }
  return out;
}
