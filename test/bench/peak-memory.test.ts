import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bench harness is plain JavaScript checked by bench/tsconfig.json; it is loaded by URL.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface PeakReport {
  inputBytes: number;
  baseRss: number;
  peakRss: number;
  source: 'VmHWM' | 'maxRSS';
  wallMs: number;
  error: string | null;
  warm: 'worker' | 'first';
  setupRss: number;
}
interface PeakModule {
  peakChildFlags(execArgv: readonly string[]): string[];
  parsePeakReport(stdout: string): PeakReport;
  peakGrowth(report: PeakReport): { growthMB: number; perInput: number };
}

const peak = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/peak-memory.js')).href)) as PeakModule;

const report: PeakReport = { inputBytes: 2e6, baseRss: 80e6, peakRss: 120e6, source: 'VmHWM', wallMs: 900, error: null, warm: 'worker', setupRss: 60e6 };

describe('peakChildFlags', () => {
  it('passes on the heap limits only, after --expose-gc', () => {
    expect(peak.peakChildFlags(['--expose-gc', '--max-old-space-size=8192', '--inspect', '--max-semi-space-size=64', '--import', 'x'])).toEqual([
      '--expose-gc',
      '--max-old-space-size=8192',
      '--max-semi-space-size=64',
    ]);
  });

  it('gives --expose-gc alone without heap flags', () => {
    expect(peak.peakChildFlags([])).toEqual(['--expose-gc']);
  });
});

describe('parsePeakReport', () => {
  it('reads the last report line, past other output', () => {
    const older = JSON.stringify({ ...report, peakRss: 1 });
    expect(peak.parsePeakReport(`warning: something\n${older}\n${JSON.stringify(report)}\n`)).toEqual(report);
  });

  it('keeps a negative setup (the GC gave pages back during the warm-up)', () => {
    const gaveBack = { ...report, warm: 'first' as const, setupRss: -2e6 };
    expect(peak.parsePeakReport(JSON.stringify(gaveBack))).toEqual(gaveBack);
  });

  it('keeps the error of a call that threw', () => {
    const threw = { ...report, error: 'too deep' };
    expect(peak.parsePeakReport(JSON.stringify(threw)).error).toBe('too deep');
  });

  it.each([
    ['no JSON', 'Killed\n'],
    ['a missing size', JSON.stringify({ ...report, peakRss: undefined })],
    ['a negative size', JSON.stringify({ ...report, baseRss: -1 })],
    ['an unknown source', JSON.stringify({ ...report, source: 'ps' })],
    ['broken JSON', '{"inputBytes": 1,'],
    ['an unknown warm-up', JSON.stringify({ ...report, warm: 'cold' })],
    ['no setup figure', JSON.stringify({ ...report, setupRss: undefined })],
  ])('throws on %s', (_, stdout) => {
    expect(() => peak.parsePeakReport(stdout)).toThrow(/no peak report/);
  });
});

describe('peakGrowth', () => {
  it('gives the growth above the baseline in MB and over the input', () => {
    expect(peak.peakGrowth(report)).toEqual({ growthMB: 40, perInput: 20 });
  });

  it('counts a high-water mark below the baseline as no growth', () => {
    expect(peak.peakGrowth({ ...report, peakRss: 70e6 })).toEqual({ growthMB: 0, perInput: 0 });
  });
});
