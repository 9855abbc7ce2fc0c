import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Row {
  corpus: string;
  system: string;
  isFloor: boolean;
  medianMs: number;
  ratio: number;
  bytes: number;
  heapPeakMB: number;
}
interface GoalCheck {
  corpus: string;
  goal: string;
  value: number;
  met: boolean | null;
}
interface SystemsModule {
  spreadSample<T>(pages: readonly T[], n: number): T[];
  growPage(html: string, size: number): string;
  peerChecks(rows: Row[]): GoalCheck[];
  boilerpipeChecks(rows: Row[]): GoalCheck[];
  scalingChecks(rows: Row[]): GoalCheck[];
  scalingTable(rows: Row[]): string[];
}

const systems = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/systems.js')).href)) as SystemsModule;

describe('spreadSample', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i);
  it.each([
    [ten, 5, [0, 2, 4, 6, 8]],
    [ten, 3, [0, 3, 6]],
    [ten, 10, ten],
    [ten, 20, ten],
    [[0, 1, 2, 3, 4, 5, 6], 2, [0, 3]],
  ])('%j, %i -> %j', (pages, n, expected) => {
    expect(systems.spreadSample(pages, n)).toEqual(expected);
  });

  it('does not return the input array itself', () => {
    const pages = [1, 2];
    expect(systems.spreadSample(pages, 5)).not.toBe(pages);
  });
});

describe('growPage', () => {
  const page = '<html><head><title>t</title></head><body><p>ئۇيغۇرچە تېكىست</p><p>second</p></body></html>';
  const bytes = (s: string) => new TextEncoder().encode(s).byteLength;

  it.each([1e4, 1e5, 1e6])('grows to about %i bytes with the head and closing tags once', (size) => {
    const grown = systems.growPage(page, size);
    expect(Math.abs(bytes(grown) - size) / size).toBeLessThan(0.05);
    expect(grown.match(/<title>/g)).toHaveLength(1);
    expect(grown.match(/<\/body>/g)).toHaveLength(1);
    expect(grown.endsWith('</body></html>')).toBe(true);
  });

  it('cuts a page larger than the size at a tag boundary', () => {
    const grown = systems.growPage(page, 90);
    expect(bytes(grown)).toBeLessThan(bytes(page));
    expect(grown).toContain('<body>');
    expect(grown.endsWith('</body></html>')).toBe(true);
  });
});

/** A row of the fields the goal checks read. */
const r = (corpus: string, system: string, medianMs: number, ratio: number, bytes = 1e6): Row =>
  ({ corpus, system, isFloor: system.startsWith('floor'), medianMs, ratio, bytes, heapPeakMB: 1 });

describe('peerChecks', () => {
  const rows = [
    r('a', 'floor-parse-text', 10, 1), r('a', 'readability-jsdom', 300, 30), r('a', 'extract-auto', 20, 2),
    r('b', 'floor-parse-text', 10, 1), r('b', 'readability-jsdom', 100, 10), r('b', 'extract-auto', 40, 4),
  ];
  const checks = systems.peerChecks(rows);

  it('gives auto pages/s as a multiple of each peer, and its time as a multiple of the floor, per corpus', () => {
    const at = (corpus: string, goal: RegExp) => checks.find((c) => c.corpus === corpus && goal.test(c.goal));
    expect(at('a', /readability-jsdom/)).toMatchObject({ value: 15, met: true });
    expect(at('b', /readability-jsdom/)).toMatchObject({ value: 2.5, met: false });
    expect(at('a', /floor/)).toMatchObject({ value: 2, met: true });
    expect(at('b', /floor/)).toMatchObject({ value: 4, met: false });
  });

  it('adds all corpora together from the summed median times', () => {
    const together = checks.filter((c) => c.corpus === 'all 2 together');
    // jsdom (300 + 100) / auto (20 + 40); auto (20 + 40) / floor (10 + 10)
    expect(together.map((c) => c.value)).toEqual([400 / 60, 3]);
    expect(together.map((c) => c.met)).toEqual([false, false]);
  });
});

describe('boilerpipeChecks', () => {
  const rows = [
    r('en-news-scrapinghub', 'floor-parse-text', 10, 1), r('en-news-scrapinghub', 'boilerpipe', 20, 2), r('en-news-scrapinghub', 'extract-auto', 20, 2),
    r('b', 'floor-parse-text', 30, 1), r('b', 'boilerpipe', 15, 0.5), r('b', 'extract-auto', 90, 3),
  ];
  const checks = systems.boilerpipeChecks(rows);

  it('reads the boilerpipe goal on en-news only, and the floor goal per corpus', () => {
    const at = (corpus: string, goal: RegExp) => checks.find((c) => c.corpus === corpus && goal.test(c.goal));
    expect(at('en-news-scrapinghub', /boilerpipe/)).toMatchObject({ value: 1, met: true });
    expect(at('b', /boilerpipe/)).toMatchObject({ value: 0.5 / 3, met: null });
    expect(at('en-news-scrapinghub', /floor/)).toMatchObject({ value: 2, met: true });
    expect(at('b', /floor/)).toMatchObject({ value: 3, met: false });
  });

  it('adds the floor goal over all corpora together from the summed median times', () => {
    // auto (20 + 90) / floor (10 + 30)
    expect(checks.filter((c) => c.corpus === 'all 2 together')).toEqual([expect.objectContaining({ value: 110 / 40, met: false })]);
  });
});

describe('scaling goal', () => {
  const rows = [
    r('s @ 1 MB', 'floor-decode-parse', 50, 1, 1e6), r('s @ 1 MB', 'extract-auto', 200, 4, 1e6),
    r('s @ 10 MB', 'floor-decode-parse', 600, 1, 1e7), r('s @ 10 MB', 'extract-auto', 3000, 5, 1e7),
  ];

  it('checks the max/min of auto time per MB over the sizes', () => {
    expect(systems.scalingChecks(rows)).toEqual([{ corpus: '2 sizes', goal: 'auto ms/MB, max/min (goal ≤ 1.5×)', value: 1.5, met: true }]);
  });

  it('tabulates time per MB by size, a row per system', () => {
    expect(systems.scalingTable(rows)).toEqual([
      '| ms per MB | 1.000 MB | 10.000 MB | max/min |',
      '| --- | ---: | ---: | ---: |',
      '| floor-decode-parse | 50.0 | 60.0 | 1.20 |',
      '| extract-auto | 200.0 | 300.0 | 1.50 |',
    ]);
  });
});
