import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bench harness is plain JavaScript checked by bench/tsconfig.json; it is loaded by URL so the
// project's TypeScript config does not need allowJs.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface GroupInfo {
  id: string;
  title: string;
}
interface Row {
  group: string;
  corpus: string;
  subset: string;
  pages: number;
  bytes: number;
  system: string;
  label: string;
  isFloor: boolean;
  medianMs: number;
  medianCpuMs: number;
  minMs: number;
  maxMs: number;
  pagesPerSec: number;
  mbPerSec: number;
  ratio: number;
  cpuRatio: number;
  heapPeakMB: number;
  rssPeakMB: number;
  stageMs: Record<string, number>;
  errors?: number;
}
interface GoalCheck {
  corpus: string;
  goal: string;
  value: number;
  met: boolean | null;
}
interface BenchGroup {
  id: string;
  title: string;
  goal: string;
  goalRatio: number | null;
  goalSubset: string;
  subsets: { id: string }[];
  systems: { id: string; label: string }[];
  method?: string;
  checks?: (rows: Row[]) => GoalCheck[];
  tables?: (rows: Row[]) => string[];
}
interface ReportModule {
  mergeReport(existing: string, fresh: string, options: { measured: string[]; groups: GroupInfo[]; replacePreamble: boolean }): string;
  parseReport(text: string, groups: GroupInfo[]): { preamble: string[]; sections: { key: string; lines: string[] }[] };
  renderResultTable(group: { subsets: unknown[] }, rows: Row[]): string[];
  renderGoalTable(checks: GoalCheck[]): string[];
  renderGroup(input: { group: BenchGroup; rows: Row[]; notes: string[]; runLine: string; options?: { noteMaxChars?: number } }): string[];
}

const report = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/report.js')).href)) as ReportModule;

const GROUPS: GroupInfo[] = [
  { id: 'normalize', title: 'normalize vs floor' },
  { id: 'extract', title: 'extract vs floor' },
  { id: 'peers', title: 'peers vs floor' },
  { id: 'scaling', title: 'scaling series' },
];

/** A report as the harness writes it: preamble, corpora, one section per group, notes. */
function doc(run: string, groups: string[], notes: string[], marker = true): string {
  const out = ['# Benchmarks', '', `- Command: ${run}`, '', '## Corpora', '', `| corpora of ${run} |`, ''];
  for (const id of groups) {
    const g = GROUPS.find((x) => x.id === id)!;
    out.push(`## ${g.title}`, '');
    if (marker) out.push(`<!-- bench-group: ${id} -->`, '');
    out.push(`| ${id} table of ${run} |`, '');
  }
  if (notes.length > 0) out.push('## Notes', '', ...notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}

describe('parseReport', () => {
  it.each([
    ['with markers', true],
    ['without markers (files written before them), by title', false],
  ])('keys the sections by group %s', (_name, marker) => {
    const parsed = report.parseReport(doc('A', ['normalize', 'peers'], ['general note'], marker), GROUPS);
    expect(parsed.sections.map((s) => s.key)).toEqual(['corpora', 'group:normalize', 'group:peers', 'notes']);
    expect(parsed.preamble[0]).toBe('# Benchmarks');
  });

  it('keys a section by its marker even when the title changed', () => {
    const text = ['# B', '', '## a renamed title', '', '<!-- bench-group: scaling -->', '', 'x', ''].join('\n');
    expect(report.parseReport(text, GROUPS).sections.map((s) => s.key)).toEqual(['group:scaling']);
  });

  it('keeps a heading it does not know under its own key', () => {
    const text = ['# B', '', '## Hand-written remarks', '', 'y', ''].join('\n');
    expect(report.parseReport(text, GROUPS).sections.map((s) => s.key)).toEqual(['heading:Hand-written remarks']);
  });
});

describe('mergeReport', () => {
  const existing = doc('OLD', ['normalize', 'extract'], ['normalize charset: 3 pages left out', 'corpus x skipped']);

  it('an --only run replaces its sections, keeps the others, the old header and corpora', () => {
    const fresh = doc('NEW', ['peers', 'scaling'], ['global.gc is not exposed']);
    const merged = report.mergeReport(existing, fresh, { measured: ['peers', 'scaling'], groups: GROUPS, replacePreamble: false });
    expect(merged).toContain('- Command: OLD');
    expect(merged).not.toContain('- Command: NEW');
    expect(merged).toContain('| corpora of OLD |');
    for (const line of ['| normalize table of OLD |', '| extract table of OLD |', '| peers table of NEW |', '| scaling table of NEW |']) {
      expect(merged).toContain(line);
    }
    // Group order of the harness: normalize, extract, peers, scaling; notes last.
    const at = (s: string) => merged.indexOf(s);
    expect(at('| normalize table')).toBeLessThan(at('| extract table'));
    expect(at('| extract table')).toBeLessThan(at('| peers table'));
    expect(at('| peers table')).toBeLessThan(at('| scaling table'));
    expect(at('| scaling table')).toBeLessThan(at('## Notes'));
    expect(merged).toContain('- normalize charset: 3 pages left out');
    expect(merged).toContain('- corpus x skipped');
    expect(merged).toContain('- global.gc is not exposed');
  });

  it('a run of a group already in the file replaces that section only', () => {
    const once = report.mergeReport(existing, doc('P1', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    const twice = report.mergeReport(once, doc('P2', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    expect(twice).toContain('| peers table of P2 |');
    expect(twice).not.toContain('| peers table of P1 |');
    expect(twice.match(/bench-group: peers/g)).toHaveLength(1);
    expect(twice).toContain('| normalize table of OLD |');
  });

  it('a run of the default groups replaces the header, corpora and its notes, and keeps the opt-in sections', () => {
    const withPeers = report.mergeReport(existing, doc('P', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    const fresh = doc('FULL', ['normalize', 'extract'], ['extract charset: 1 page dropped']);
    const merged = report.mergeReport(withPeers, fresh, { measured: ['normalize', 'extract'], groups: GROUPS, replacePreamble: true });
    expect(merged).toContain('- Command: FULL');
    expect(merged).toContain('| corpora of FULL |');
    expect(merged).toContain('| normalize table of FULL |');
    expect(merged).toContain('| peers table of P |');
    expect(merged).not.toContain('normalize charset: 3 pages left out');
    expect(merged).not.toContain('corpus x skipped');
    expect(merged).toContain('- extract charset: 1 page dropped');
  });

  it('drops the old notes of a group it measured again', () => {
    const old = doc('OLD', ['normalize', 'peers'], ['peers en: 2 pages dropped', 'normalize zh: 1 page left out']);
    const merged = report.mergeReport(old, doc('NEW', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    expect(merged).not.toContain('peers en: 2 pages dropped');
    expect(merged).toContain('- normalize zh: 1 page left out');
  });
});

/** A result row with round figures; `over` sets the fields a test cares about. */
function row(over: Partial<Row>): Row {
  return {
    group: 'normalize', corpus: 'c1', subset: 'all', pages: 10, bytes: 2e6, system: 'sys', label: 'a system', isFloor: false,
    medianMs: 100, medianCpuMs: 120, minMs: 90, maxMs: 110, pagesPerSec: 100, mbPerSec: 20, ratio: 1.5, cpuRatio: 1.6,
    heapPeakMB: 12.34, rssPeakMB: 300, stageMs: {}, ...over,
  };
}

const NORMALIZE: BenchGroup = {
  id: 'normalize', title: 'normalize vs floor', goal: 'normalize within 2x of the floor', goalRatio: 2, goalSubset: 'all',
  subsets: [{ id: 'all' }], systems: [{ id: 'floor', label: 'floor: TextDecoder' }, { id: 'normalize', label: 'matn normalize' }],
};

describe('compact rendering', () => {
  const rows = [
    row({ corpus: 'c1', system: 'floor', isFloor: true, medianMs: 50, minMs: 45, maxMs: 55, ratio: 1, cpuRatio: 1 }),
    row({ corpus: 'c1', system: 'normalize', medianMs: 80, minMs: 70, maxMs: 90, ratio: 1.6, cpuRatio: 1.7, stageMs: { normalizeMs: 30, analyzeMs: 70 } }),
    row({ corpus: 'c2', pages: 4, system: 'floor', isFloor: true, medianMs: 10, ratio: 1, cpuRatio: 1 }),
    row({ corpus: 'c2', pages: 4, system: 'normalize', medianMs: 25, ratio: 2.5, cpuRatio: 2.4, errors: 1 }),
  ];

  it('renders one row per page set and system, with the compact columns', () => {
    const table = report.renderResultTable(NORMALIZE, rows);
    expect(table[0]).toBe('| page set (pages) | system | wall ms | spread | pages/s | MB/s | × floor | × floor CPU | heap MB | stages % (normalize / analyze) |');
    expect(table).toHaveLength(2 + rows.length);
    // The page set is named once, on its first row; the floor in italics with ratios of 1.
    expect(table[2]).toBe('| c1 (10) | _floor_ | 50.0 | 20 % | 100 | 20.0 | 1.00 | 1.00 | 12.3 |  |');
    expect(table[3]).toBe('|  | normalize | 80.0 | 25 % | 100 | 20.0 | 1.60 | 1.70 | 12.3 | 30 / 70 |');
    expect(table[5]).toContain('| normalize (1 errors) |');
    // Neither min–max nor RSS is a column any more.
    expect(table.join('\n')).not.toMatch(/\[\d/);
    expect(table[0]).not.toContain('RSS');
  });

  it('renders goal checks as one table: a row per corpus, a column per goal', () => {
    const table = report.renderGoalTable([
      { corpus: 'c1', goal: 'x / floor (goal ≤ 2×)', value: 1.6, met: true },
      { corpus: 'c1', goal: 'x ÷ peer (goal ≥ 1×)', value: 0.5, met: null },
      { corpus: 'c2', goal: 'x / floor (goal ≤ 2×)', value: 2.5, met: false },
    ]);
    expect(table).toEqual([
      '| goal check | x / floor (goal ≤ 2×) | x ÷ peer (goal ≥ 1×) |',
      '| --- | --- | --- |',
      '| c1 | 1.60× met | 0.50× |',
      '| c2 | 2.50× **missed** | – |',
    ]);
  });

  it('renders a group: marker, goal and run line, systems, table, goal table with all corpora together, one-line notes', () => {
    const note = `normalize c2: ${'a long explanation '.repeat(20)}`;
    const lines = report.renderGroup({ group: NORMALIZE, rows, notes: [note], runLine: 'Run: T, commit abc.', options: { noteMaxChars: 60 } });
    const text = lines.join('\n');
    expect(lines[0]).toBe('## normalize vs floor');
    expect(text).toContain('<!-- bench-group: normalize -->');
    expect(text).toContain('Goal: normalize within 2x of the floor. Run: T, commit abc.');
    expect(text).toContain('Systems: _floor_ = TextDecoder; normalize = matn normalize.');
    expect(text).not.toContain('Differs:');
    expect(text).toContain('| goal check | normalize / floor, all pages (goal ≤ 2×) |');
    expect(text).toContain('| c1 | 1.60× met |');
    expect(text).toContain('| c2 | 2.50× **missed** |');
    // (80 + 25) / (50 + 10) = 1.75: the summed median times, not the mean of the ratios
    expect(text).toContain('| all together | 1.75× met |');
    const noteLine = lines.find((l) => l.startsWith('- '));
    expect(noteLine).toMatch(/^- c2: a long explanation/);
    expect(noteLine?.length).toBeLessThanOrEqual(62);
    expect(noteLine?.endsWith('…')).toBe(true);
  });

  it('a group with its own checks and tables renders those, and its method on a Differs line', () => {
    const group: BenchGroup = {
      ...NORMALIZE, goalRatio: null, method: 'one pass only.',
      checks: () => [{ corpus: 'all sizes', goal: 'ms/MB max/min (goal ≤ 1.5×)', value: 1.75, met: false }],
      tables: () => ['| ms per MB | 1 MB |', '| --- | ---: |', '| normalize | 40.0 |'],
    };
    const text = report.renderGroup({ group, rows, notes: [], runLine: 'Run: T.' }).join('\n');
    expect(text).toContain('Differs: one pass only.');
    expect(text).toContain('| all sizes | 1.75× **missed** |');
    expect(text).toContain('| normalize | 40.0 |');
    expect(text).not.toContain('Notes:');
  });

  it('a group without rows says it was not measured', () => {
    const text = report.renderGroup({ group: NORMALIZE, rows: [], notes: ['normalize: floor unavailable, group skipped'], runLine: 'Run: T.' }).join('\n');
    expect(text).toContain('_Not measured (see the notes below)._');
    expect(text).toContain('- floor unavailable, group skipped');
  });
});
