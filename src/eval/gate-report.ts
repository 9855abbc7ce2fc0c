/**
 * The quality gate's files and messages: reading and writing the baseline (with validation), the
 * failure message of a shortfall, and the old-vs-new table printed when the floors are rewritten.
 * @module
 */
import { MatnError } from '../core/errors.js';
import { DEFAULT_GATE_OPTIONS, type Baseline, type CorpusBaseline, type GateOptions, type GateShortfall, type PageFigures } from './gate.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function invalid(what: string, message: string): never {
  throw new MatnError('invalid-argument', `${what}: ${message}`);
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MatnError('invalid-argument', `${what}: ${(error as Error).message}`, {}, { cause: error });
  }
}

function parseNumbers(value: unknown, what: string): Record<string, number> {
  if (!isObject(value)) invalid(what, 'expected an object of numbers');
  for (const [k, v] of Object.entries(value)) if (typeof v !== 'number' || !Number.isFinite(v)) invalid(what, `"${k}" is not a number`);
  return value as Record<string, number>;
}

function parseCorpus(value: unknown, what: string): CorpusBaseline {
  if (!isObject(value)) invalid(what, 'expected an object');
  if (typeof value.digest !== 'string') invalid(what, '"digest" must be a string');
  if (typeof value.pages !== 'number') invalid(what, '"pages" must be a number');
  return { digest: value.digest, pages: value.pages, figures: parseNumbers(value.figures, `${what}.figures`) };
}

function parseOptions(value: unknown, what: string): Required<GateOptions> {
  if (value === undefined) return { ...DEFAULT_GATE_OPTIONS };
  if (!isObject(value)) invalid(what, 'expected an object');
  const o = { ...DEFAULT_GATE_OPTIONS, ...value } as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!(key in DEFAULT_GATE_OPTIONS)) invalid(what, `unknown option "${key}"`);
  if (typeof o.margin !== 'number' || o.margin < 0) invalid(what, '"margin" must be a non-negative number');
  if (typeof o.moved !== 'number' || !Number.isSafeInteger(o.moved) || o.moved < 0) invalid(what, '"moved" must be a non-negative integer');
  if (o.changedCorpus !== 'skip' && o.changedCorpus !== 'fail') invalid(what, '"changedCorpus" must be "skip" or "fail"');
  return o as Required<GateOptions>;
}

/**
 * Parses a baseline file.
 * @throws MatnError `invalid-argument` naming what is wrong.
 * @category Evaluation
 */
export function parseBaseline(text: string, what = 'baseline'): Baseline {
  const value = parseJson(text, what);
  if (!isObject(value) || !isObject(value.corpora)) invalid(what, 'expected {"options", "corpora": {...}}');
  const corpora: Record<string, CorpusBaseline> = {};
  for (const [name, c] of Object.entries(value.corpora)) corpora[name] = parseCorpus(c, `${what}: corpus ${name}`);
  const measuredAt = typeof value.measuredAt === 'string' ? { measuredAt: value.measuredAt } : {};
  return { options: parseOptions(value.options, `${what}: options`), ...measuredAt, corpora };
}

/** Places per-page figures are kept to in the committed file (they only rank the pages that moved). */
const PAGE_PLACES = 1e4;

/**
 * Parses the per-page figures file: per corpus, `ids` once and per metric one value per id
 * (`null` where the page has no truth for it).
 * @throws MatnError `invalid-argument`.
 * @category Evaluation
 */
export function parsePageFigures(text: string, what = 'page figures'): Record<string, PageFigures> {
  const value = parseJson(text, what);
  if (!isObject(value)) invalid(what, 'expected an object');
  const out: Record<string, PageFigures> = {};
  for (const [corpus, table] of Object.entries(value)) {
    if (!isObject(table) || !Array.isArray(table.ids) || !table.ids.every((id) => typeof id === 'string')) invalid(what, `corpus ${corpus}: expected {"ids": [...], metric: [...]}`);
    const ids = table.ids as string[];
    const figures: PageFigures = {};
    for (const [metric, values] of Object.entries(table)) {
      if (metric === 'ids') continue;
      if (!Array.isArray(values) || values.length !== ids.length) invalid(what, `${corpus} ${metric}: expected ${ids.length} values`);
      const byId: Record<string, number> = {};
      values.forEach((v: unknown, i) => {
        if (typeof v === 'number') byId[ids[i]!] = v;
        else if (v !== null) invalid(what, `${corpus} ${metric}: value ${i + 1} is not a number or null`);
      });
      figures[metric] = byId;
    }
    out[corpus] = figures;
  }
  return out;
}

/**
 * The per-page figures as committed: per corpus the page ids once, then one line per metric.
 * @category Evaluation
 */
export function serializePageFigures(figures: Readonly<Record<string, PageFigures>>): string {
  const blocks = Object.keys(figures).sort().map((corpus) => {
    const table = figures[corpus]!;
    const metrics = Object.keys(table).sort();
    const ids = [...new Set(metrics.flatMap((m) => Object.keys(table[m]!)))].sort();
    const rows = [`    "ids": ${JSON.stringify(ids)}`, ...metrics.map((m) => {
      const values = ids.map((id) => { const v = table[m]![id]; return v === undefined ? null : Math.round(v * PAGE_PLACES) / PAGE_PLACES; });
      return `    ${JSON.stringify(m)}: ${JSON.stringify(values)}`;
    })];
    return `  ${JSON.stringify(corpus)}: {\n${rows.join(',\n')}\n  }`;
  });
  return `{\n${blocks.join(',\n')}\n}\n`;
}

function sortedObject<T>(record: Readonly<Record<string, T>>, map: (value: T) => unknown = (v) => v): Record<string, unknown> {
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, map(record[k] as T)]));
}

/**
 * The baseline as committed: keys sorted, two-space indentation, a final newline.
 * @category Evaluation
 */
export function serializeBaseline(baseline: Baseline): string {
  const body = {
    options: baseline.options,
    ...(baseline.measuredAt !== undefined ? { measuredAt: baseline.measuredAt } : {}),
    corpora: sortedObject(baseline.corpora, (c) => ({ digest: c.digest, pages: c.pages, figures: sortedObject(c.figures) })),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

function fixed(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(4);
}

/**
 * The failure message of a shortfall: corpus, metric, figure vs floor, and the pages that fell most.
 * @category Evaluation
 */
export function formatShortfall(s: GateShortfall): string {
  const figure = Number.isNaN(s.figure) ? 'not measured' : fixed(s.figure);
  const head = `${s.corpus}: ${s.metric} ${figure} < floor ${fixed(s.floor)} - margin ${s.margin} (${Number.isNaN(s.figure) ? 'missing' : (s.figure - s.floor).toFixed(4)})`;
  if (s.moved.length === 0) return `${head}\n    no page's own figure fell (the aggregate moved through pages entering or leaving it)`;
  return [`${head}\n    pages that fell most (baseline → now):`, ...s.moved.map((m) => `      ${m.id}  ${fixed(m.before)} → ${fixed(m.after)}`)].join('\n');
}

/** One row of the old-vs-new table. @category Evaluation */
export interface BaselineChange {
  readonly corpus: string;
  readonly metric: string;
  readonly before: number | undefined;
  readonly after: number | undefined;
}

/**
 * Every figure of `before` and `after`, side by side (corpus, then metric order of the file).
 * @category Evaluation
 */
export function diffBaselines(before: Baseline | undefined, after: Baseline): BaselineChange[] {
  const rows: BaselineChange[] = [];
  const corpora = [...new Set([...Object.keys(before?.corpora ?? {}), ...Object.keys(after.corpora)])].sort();
  for (const corpus of corpora) {
    const b = before?.corpora[corpus]?.figures ?? {};
    const a = after.corpora[corpus]?.figures ?? {};
    for (const metric of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) rows.push({ corpus, metric, before: b[metric], after: a[metric] });
  }
  return rows;
}

/**
 * The old-vs-new table: every figure with its change, `▲`/`▼` beyond the margin, and a list of
 * lowered floors (which a commit must justify) and changed corpus digests.
 * @category Evaluation
 */
export function formatBaselineDiff(before: Baseline | undefined, after: Baseline): string {
  const margin = after.options.margin;
  const rows = diffBaselines(before, after);
  const width = Math.max(6, ...rows.map((r) => r.corpus.length));
  const mwidth = Math.max(6, ...rows.map((r) => r.metric.length));
  const lines = [`${'corpus'.padEnd(width)}  ${'metric'.padEnd(mwidth)}  ${'old'.padStart(6)}  ${'new'.padStart(6)}  change`];
  const lowered: string[] = [];
  for (const r of rows) {
    const delta = r.before !== undefined && r.after !== undefined ? r.after - r.before : undefined;
    const mark = delta === undefined ? (r.before === undefined ? 'new' : 'dropped') : delta > margin ? '▲' : delta < -margin ? '▼' : '';
    const change = delta === undefined ? mark : `${delta >= 0 ? '+' : ''}${delta.toFixed(4)} ${mark}`.trimEnd();
    lines.push(`${r.corpus.padEnd(width)}  ${r.metric.padEnd(mwidth)}  ${fixed(r.before).slice(0, 6).padStart(6)}  ${fixed(r.after).slice(0, 6).padStart(6)}  ${change}`);
    if ((delta !== undefined && delta < -margin) || (r.before !== undefined && r.after === undefined)) lowered.push(`${r.corpus} ${r.metric} ${fixed(r.before)} → ${fixed(r.after)}`);
  }
  for (const corpus of Object.keys(after.corpora).sort()) {
    const old = before?.corpora[corpus];
    if (old !== undefined && old.digest !== after.corpora[corpus]!.digest) lines.push(`corpus changed: ${corpus} (${old.digest.slice(0, 19)}… → ${after.corpora[corpus]!.digest.slice(0, 19)}…; ${old.pages} → ${after.corpora[corpus]!.pages} pages)`);
  }
  if (lowered.length > 0) lines.push('', `floors LOWERED by more than the margin ${margin} (say why in the commit):`, ...lowered.map((l) => `  ${l}`));
  return `${lines.join('\n')}\n`;
}
