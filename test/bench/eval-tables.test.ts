import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bench harness is plain JavaScript checked by bench/tsconfig.json; it is loaded by URL.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Figures = Record<string, Record<string, Record<string, number>>>;
interface SystemsTable { kind: 'systems'; region: string; rows: [string, string][]; members: boolean; local?: string[] }
interface MetricsTable { kind: 'metrics'; region: string; corpora: string[]; metrics: string[] }
interface TablesModule {
  MEMBERS: readonly string[];
  EVAL_TABLES: readonly (SystemsTable | MetricsTable)[];
  parseAnchors(text: string, corpora: string[]): { figures: Figures; systems: string[] };
  renderSystemsTable(table: SystemsTable, measured: Figures, peers: { figures: Figures; systems: string[] }): string[];
  renderMetricsTable(table: MetricsTable, measured: Figures): string[];
  renderAlgorithmTable(algorithm: string, rows: [string, string][], measured: Figures): string[];
  neededRuns(tables: readonly (SystemsTable | MetricsTable)[], algorithmRows: Record<string, [string, string][]>): Map<string, Set<string>>;
}
interface LooRow { left: string; metric: string; constant: string; shown: unknown; chosen: unknown; dev: number; loo: number }
interface LooModule { renderLooSummary(rows: LooRow[], options?: { unit?: string }): string[] }

const tables = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/eval-tables.js')).href)) as TablesModule;
const loo = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/loo-summary.js')).href)) as LooModule;

/** An ANCHORS.md-like page written for this test: both table shapes, a diagnostic row, matn's own row, a speed table. */
const ANCHORS = [
  '# Peers', '',
  '### news-a (10 pages; body.pages=10)', '',
  '| peer | body.sh_f1 | title.exact | errors |', '|---|---|---|---|',
  '| *reader+fix (diagnostic)* | 0.990 | 0.500 | 0 |',
  '| reader | 0.900 | 0.400 | 0 |',
  '| boiler | 0.800 | – | 1 |', '',
  '### Speed on news-a (10 pages)', '',
  '| system | pages/s | MB/s |', '|---|---|---|', '| reader | 50 | 9.1 |', '',
  '### dates-b (5 pages) and news-a (10), date.day', '',
  '| system | dates-b | news-a |', '|---|---|---|',
  '| dater | 0.910 | 0.700 |', '| matn (abc1234) | 0.800 | 0.600 |', '',
  '### thread-c (4 pages)', '',
  '| system | posts.f1 |', '|---|---|', '| **reader** | **0.000** |', '',
].join('\n');

describe('parseAnchors', () => {
  const { figures, systems } = tables.parseAnchors(ANCHORS, ['news-a', 'dates-b', 'thread-c']);

  it('reads metric columns under a one-corpus heading and corpus columns under a metric heading', () => {
    expect(figures.reader['news-a']).toEqual({ 'body.sh_f1': 0.9, 'title.exact': 0.4 });
    expect(figures.boiler['news-a']).toEqual({ 'body.sh_f1': 0.8 });
    expect(figures.dater).toEqual({ 'dates-b': { 'date.day': 0.91 }, 'news-a': { 'date.day': 0.7 } });
    expect(figures.reader['thread-c']).toEqual({ 'posts.f1': 0 });
  });

  it('leaves out diagnostic rows, matn itself, and tables that hold no metric', () => {
    expect(systems).toEqual(['reader', 'boiler', 'dater']);
    expect(JSON.stringify(figures)).not.toContain('0.99');
  });
});

describe('renderSystemsTable', () => {
  const measured: Figures = {
    auto: { 'news-a': { 'body.sh_f1': 0.95 } },
    correlated: { 'news-a': { 'body.sh_f1': 0.9 } },
  };
  const peers = tables.parseAnchors(ANCHORS, ['news-a', 'dates-b', 'thread-c']);

  it('has a column per member algorithm and per peer with a figure, the best of each row in bold', () => {
    const out = tables.renderSystemsTable({ kind: 'systems', region: 'r', members: true, rows: [['news-a', 'body.sh_f1']] }, measured, peers);
    expect(out[0]).toBe(`| corpus | figure | **matn** (auto) | ${tables.MEMBERS.join(' | ')} | reader | boiler |`);
    expect(out[2]).toBe('| news-a | body.sh_f1 | **0.950** | 0.900 | – | – | – | – | 0.900 | 0.800 |');
  });

  it('leaves the members out when the table has none, and ties are all bold', () => {
    const out = tables.renderSystemsTable({ kind: 'systems', region: 'r', members: false, rows: [['news-a', 'date.day']] },
      { auto: { 'news-a': { 'date.day': 0.7 } } }, peers);
    expect(out[0]).toBe('| corpus | figure | **matn** (auto) | dater |');
    expect(out[2]).toBe('| news-a | date.day | **0.700** | **0.700** |');
  });
});

describe('renderMetricsTable and renderAlgorithmTable', () => {
  const measured: Figures = {
    auto: { f: { 'posts.f1': 0.98, 'body.ch_f1': 0.9 } },
    density: { f: { 'body.ch_f1': 0.5 } },
    'line-blocks': { f: { 'body.ch_f1': 0.6 } },
  };

  it('gives matn a row per corpus and a column per metric', () => {
    expect(tables.renderMetricsTable({ kind: 'metrics', region: 'r', corpora: ['f', 'g'], metrics: ['posts.f1', 'posts.date'] }, measured)).toEqual([
      '| corpus | posts.f1 | posts.date |', '| --- | ---: | ---: |', '| f | 0.980 | – |', '| g | – | – |',
    ]);
  });

  it('sets a member beside auto, and auto beside its best member', () => {
    expect(tables.renderAlgorithmTable('density', [['f', 'body.ch_f1']], measured)[2]).toBe('| f | body.ch_f1 | 0.500 | 0.900 |');
    expect(tables.renderAlgorithmTable('auto', [['f', 'body.ch_f1']], measured)[2]).toBe('| f | body.ch_f1 | 0.900 | 0.600 (line-blocks) |');
  });
});

describe('neededRuns', () => {
  it('asks for every algorithm a table or an algorithm page shows', () => {
    const need = tables.neededRuns(
      [{ kind: 'systems', region: 'r', members: false, local: ['jschardet'], rows: [['c1', 'encoding.acc']] }],
      { density: [['c2', 'body.ch_f1']] },
    );
    expect([...need.get('c1')!].sort()).toEqual(['auto', 'jschardet']);
    expect([...need.get('c2')!].sort()).toEqual(['auto', 'density']);
  });

  it('covers the corpora of every table of docs/evaluation.md', () => {
    const need = tables.neededRuns(tables.EVAL_TABLES, {});
    expect(need.get('forum-tables-dev')?.has('auto')).toBe(true);
    expect(need.get('en-news-scrapinghub')?.has('segmentation')).toBe(true);
    expect(need.get('charset-lies-dev')?.has('jschardet')).toBe(true);
  });
});

describe('renderLooSummary', () => {
  const row = (left: string, constant: string, chosen: unknown, dev: number, looFigure: number): LooRow =>
    ({ left, metric: 'm', constant, shown: 1, chosen, dev, loo: looFigure });

  it('gives each left-out unit its worst constant, and names the largest drop', () => {
    const out = loo.renderLooSummary([
      row('a', 'x', 1, 0.9, 0.9), row('a', 'y', 2, 0.9, 0.891), row('b', 'x', 1, 0.8, 0.8), row('b', 'y', 1, 0.8, 0.8),
    ], { unit: 'corpus' });
    expect(out[0]).toMatch(/^\| corpus \| figure \|/);
    expect(out[2]).toBe('| a | m | 0.900 | 0.891 | −0.009 | y = 2 (1) |');
    expect(out).toContain('No drop (left out = all-in): b m 0.800.');
    expect(out.at(-1)).toBe('2 constants; largest drop −0.009 (y, a).');
  });

  it('says when no figure falls, and reports a rise as such', () => {
    const out = loo.renderLooSummary([row('a', 'x', 2, 0.9, 0.95)]);
    expect(out).toEqual(['No drop (left out = all-in): a m 0.900.', '', '1 constant; no left-out figure falls below its all-in figure.']);
    expect(out.at(-1)).toBe('1 constant; no left-out figure falls below its all-in figure.');
  });
});
