/**
 * Reports of `matn eval`: aligned text tables (one section per metric group, one row per
 * algorithm, then each algorithm's worst pages) and JSON.
 * @module
 */
import type { AlgorithmReport } from './evaluate.js';

/** A table section: a title and its columns (header → metric key). */
interface Section {
  readonly title: string;
  readonly columns: readonly (readonly [header: string, key: string])[];
}

/** The metric groups of the table report, in order. */
const SECTIONS: readonly Section[] = [
  { title: 'body: characters (seed 003 §4.1)', columns: [['P', 'body.char_p'], ['R', 'body.char_r'], ['F', 'body.char_f']] },
  { title: 'body: word 4-gram shingles', columns: [['P', 'body.sh_p'], ['R', 'body.sh_r'], ['F1', 'body.sh_f1']] },
  { title: 'body: char 3-grams', columns: [['P', 'body.ch_p'], ['R', 'body.ch_r'], ['F1', 'body.ch_f1']] },
  { title: 'body: grading (seed 001 §2.1)', columns: [['qualified', 'body.qualified'], ['excellent', 'body.excellent'], ['pages', 'body.pages']] },
  { title: 'with/without', columns: [['P', 'ww.p'], ['R', 'ww.r'], ['F1', 'ww.f1'], ['acc', 'ww.acc']] },
  { title: 'metadata', columns: [['title=', 'title.exact'], ['title~', 'title.sim'], ['author', 'author.match'], ['date', 'date.day'], ['lang', 'lang.acc'], ['charset', 'encoding.acc']] },
  { title: 'posts', columns: [['P', 'posts.p'], ['R', 'posts.r'], ['F1', 'posts.f1'], ['author', 'posts.author'], ['date', 'posts.date'], ['text', 'posts.text_f1'], ['quotes', 'posts.quotes_f1'], ['true', 'posts.true']] },
  { title: 'comments', columns: [['P', 'comments.p'], ['R', 'comments.r'], ['F1', 'comments.f1'], ['author', 'comments.author'], ['date', 'comments.date'], ['text', 'comments.text_f1'], ['true', 'comments.true']] },
  { title: 'pages', columns: [['pages', 'pages'], ['errors', 'errors']] },
];

/** Columns of the worst-pages table (page score key → header). */
const PAGE_COLUMNS: readonly (readonly [key: string, header: string])[] = [
  ['ch_f1', 'ch_f1'], ['sh_f1', 'sh_f1'], ['char_f', 'char_f'], ['qualified', 'qual'], ['posts_f1', 'posts'],
  ['comments_f1', 'comments'], ['title_sim', 'title~'], ['author', 'author'], ['date', 'date'], ['encoding', 'charset'], ['error', 'error'],
];

/** Longest page id printed before it is shortened with an ellipsis. */
const MAX_ID_WIDTH = 40;

/** Metrics that are counts (printed as integers); every other metric is a rate printed with 3 decimals. */
const COUNT_METRICS: ReadonlySet<string> = new Set(['pages', 'errors', 'body.pages', 'title.pages', 'date.pages', 'author.pages', 'posts.true', 'encoding.pages',
  'comments.true', 'lang.pages', 'posts.quotes_true', 'comments.quotes_true']);

function formatValue(value: number | boolean | undefined, isCount = false): string {
  if (value === undefined) return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return isCount ? String(value) : value.toFixed(3);
}

/** Lines of an aligned table: first column left-aligned, the others right-aligned. */
export function alignRows(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => { widths[i] = Math.max(widths[i] ?? 0, [...cell].length); });
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd());
}

function shortId(id: string): string {
  const cps = [...id];
  return cps.length <= MAX_ID_WIDTH ? id : `${cps.slice(0, MAX_ID_WIDTH - 1).join('')}…`;
}

function formatWorst(report: AlgorithmReport): string[] {
  if (report.worst.length === 0) return [];
  const present = PAGE_COLUMNS.filter(([key]) => report.worst.some((p) => p.scores[key] !== undefined));
  const rows = [['page', ...present.map(([, h]) => h)], ...report.worst.map((p) => [shortId(p.id), ...present.map(([key]) => formatValue(p.scores[key]))])];
  return ['', `worst ${report.worst.length} pages: ${report.algorithm} (by ${report.worst[0]!.rankedBy})`, ...alignRows(rows)];
}

/**
 * The reports as readable text: for every metric group the corpus has truth for, a table with one
 * row per algorithm; then each algorithm's worst pages.
 * @category Evaluation
 */
export function formatTable(reports: readonly AlgorithmReport[], heading = ''): string {
  const lines: string[] = heading ? [heading] : [];
  for (const section of SECTIONS) {
    const columns = section.columns.filter(([, key]) => reports.some((r) => r.metrics[key] !== undefined));
    if (columns.length === 0) continue;
    const rows = [[section.title, ...columns.map(([h]) => h)], ...reports.map((r) => [r.algorithm, ...columns.map(([, key]) => formatValue(r.metrics[key], COUNT_METRICS.has(key)))])];
    lines.push('', ...alignRows(rows));
  }
  for (const report of reports) lines.push(...formatWorst(report));
  return `${lines.join('\n')}\n`;
}

/**
 * The reports as JSON: `{corpus, algorithms: [{algorithm, metrics, worst}]}`, metrics keyed as score.py's `--json`.
 * @category Evaluation
 */
export function formatJson(reports: readonly AlgorithmReport[], corpus: string): string {
  return `${JSON.stringify({ corpus, algorithms: reports }, null, 2)}\n`;
}
