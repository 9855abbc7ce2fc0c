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
interface RunInfo { date: Date; commit: string; dirty: boolean; load: number[]; cpus: number; machine: string }
interface ReportModule {
  renderCompactTable(group: BenchGroup, rows: Row[], checks: GoalCheck[]): string[];
  renderGoalTable(checks: GoalCheck[]): string[];
  renderGroupRegion(input: { group: BenchGroup; rows: Row[]; notes: string[]; run: RunInfo; command: string; options?: { noteMaxChars?: number } }): string[];
  renderCorporaRegion(input: { run: RunInfo; command: string; corpora: { name: string; pages: number; bytes: number; utf8Pages: number }[]; notes: string[] }): string[];
  groupOfNote(note: string, groups: { id: string }[]): string | undefined;
}

const report = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/report.js')).href)) as ReportModule;

const RUN: RunInfo = { date: new Date('2026-12-01T10:22:00Z'), commit: 'abc1234', dirty: false, load: [1.5, 2.25, 3], cpus: 2, machine: 'CPU × 2' };
const PROVENANCE = 'Measured at commit `abc1234`, 2026-12-01 10:22 UTC: `npm run bench -- --write`. Load 1.50 (1 min) on 2 CPUs.';

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
    row({ corpus: 'c1', system: 'floor', isFloor: true, medianMs: 50, pagesPerSec: 200, ratio: 1, cpuRatio: 1 }),
    row({ corpus: 'c1', system: 'normalize', medianMs: 80, pagesPerSec: 125, ratio: 1.6, heapPeakMB: 7.25 }),
    row({ corpus: 'c2', pages: 4, system: 'floor', isFloor: true, medianMs: 10, pagesPerSec: 400, ratio: 1, cpuRatio: 1 }),
    row({ corpus: 'c2', pages: 4, system: 'normalize', medianMs: 25, pagesPerSec: 160, ratio: 2.5, errors: 1 }),
  ];
  const checks: GoalCheck[] = [
    { corpus: 'c1', goal: 'normalize / floor (goal ≤ 2×)', value: 1.6, met: true },
    { corpus: 'c2', goal: 'normalize / floor (goal ≤ 2×)', value: 2.5, met: false },
    { corpus: 'all together', goal: 'normalize / floor (goal ≤ 2×)', value: 1.75, met: true },
  ];

  it('renders a row per page set, a column per system (pages/s and × floor), the main heap and a column per goal', () => {
    // a goal on the main system's own ratio gets the verdict alone; another goal its figure too
    const peer = { corpus: 'c1', goal: 'normalize ÷ peer (goal ≥ 2×)', value: 3.2, met: true };
    expect(report.renderCompactTable(NORMALIZE, rows, [...checks, peer])).toEqual([
      '| page set (pages) | _floor_ | normalize | heap MB (normalize) | normalize / floor (goal ≤ 2×) | normalize ÷ peer (goal ≥ 2×) |',
      '| --- | ---: | ---: | ---: | --- | --- |',
      '| c1 (10) | 200 | 125 (1.60×) | 7.3 | met | 3.20× met |',
      '| c2 (4) | 400 | 160 (2.50×, 1 errors) | 12.3 | **missed** |  |',
      '| all together |  |  | | 1.75× met |  |',
    ]);
  });

  it('names the subset of a split group and puts the goal on the goal subset only', () => {
    const group = { ...NORMALIZE, subsets: [{ id: 'utf-8' }, { id: 'legacy' }], goalSubset: 'utf-8' };
    const split = [
      row({ corpus: 'c1', subset: 'utf-8', system: 'floor', isFloor: true, ratio: 1 }), row({ corpus: 'c1', subset: 'utf-8', system: 'normalize', ratio: 1.6 }),
      row({ corpus: 'c1', subset: 'legacy', system: 'floor', isFloor: true, ratio: 1 }), row({ corpus: 'c1', subset: 'legacy', system: 'normalize', ratio: 9 }),
    ];
    const table = report.renderCompactTable(group, split, [checks[0]]);
    expect(table[2]).toBe('| c1 utf-8 (10) | 100 | 100 (1.60×) | 12.3 | met |');
    expect(table[3]).toBe('| c1 legacy (10) | 100 | 100 (9.00×) | 12.3 |  |');
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

  it('renders a group region: provenance with the load, the table with its goal (all together: summed times), one-line notes', () => {
    const note = `normalize c2: ${'a long explanation '.repeat(20)}`;
    const lines = report.renderGroupRegion({ group: NORMALIZE, rows, notes: [note], run: RUN, command: 'npm run bench -- --write', options: { noteMaxChars: 60 } });
    expect(lines[0]).toBe(PROVENANCE);
    expect(lines[1]).toBe('');
    const text = lines.join('\n');
    expect(text).toContain('| c1 (10) | 200 | 125 (1.60×) | 7.3 | met |');
    // (80 + 25) / (50 + 10) = 1.75: the summed median times, not the mean of the ratios
    expect(text).toContain('| all together |  |  | | 1.75× met |');
    const noteLine = lines.find((l) => l.startsWith('Notes: '));
    expect(noteLine).toMatch(/^Notes: c2: a long explanation/);
    expect(noteLine?.length).toBeLessThanOrEqual('Notes: '.length + 61);
    expect(lines.at(-1)).toBe('');
  });

  it('a group with its own tables renders those and its goal table instead of the compact table', () => {
    const group: BenchGroup = {
      ...NORMALIZE, goalRatio: null,
      checks: () => [{ corpus: 'all sizes', goal: 'ms/MB max/min (goal ≤ 1.5×)', value: 1.75, met: false }],
      tables: () => ['| ms per MB | 1 MB |', '| --- | ---: |', '| normalize | 40.0 |'],
    };
    const text = report.renderGroupRegion({ group, rows, notes: [], run: RUN, command: 'x' }).join('\n');
    expect(text).toContain('| all sizes | 1.75× **missed** |');
    expect(text).toContain('| normalize | 40.0 |');
    expect(text).not.toContain('page set');
    expect(text).not.toContain('Notes:');
  });

  it('a group without rows says it was not measured', () => {
    const text = report.renderGroupRegion({ group: NORMALIZE, rows: [], notes: ['normalize: floor unavailable, group skipped'], run: RUN, command: 'x' }).join('\n');
    expect(text).toContain('_Not measured (see the notes)._');
    expect(text).toContain('Notes: floor unavailable, group skipped.');
  });

  it('renders the corpora region with the machine and the general notes', () => {
    const lines = report.renderCorporaRegion({
      run: RUN, command: 'npm run bench -- --write', notes: ['c2: 3 page(s) left out'],
      corpora: [{ name: 'c1', pages: 10, bytes: 2.5e6, utf8Pages: 8 }],
    });
    expect(lines[0]).toBe(`${PROVENANCE} Machine: CPU × 2.`);
    expect(lines).toContain('| c1 | 10 | 2.5 | 8 |');
    expect(lines).toContain('Notes: c2: 3 page(s) left out.');
  });

  it('tells a group\'s notes from the general ones', () => {
    expect(report.groupOfNote('peers en: 2 pages dropped', [{ id: 'peers' }])).toBe('peers');
    expect(report.groupOfNote('cleaning-dev: 49 page(s) left out', [{ id: 'peers' }])).toBeUndefined();
  });
});
