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
  childPeakMB?: number;
  childPeakMedianPerInput?: number;
  childSetupMB?: number;
  childFirstPeakMedianPerInput?: number;
  pages?: number;
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
  pathologicalChecks(rows: Row[]): GoalCheck[];
  pathologicalTable(rows: Row[]): string[];
  tagDenseChecks(rows: Row[]): GoalCheck[];
  extractChecks(rows: Row[]): GoalCheck[];
  newsMemoryChecks(rows: Row[]): GoalCheck[];
  newsMemoryTable(rows: Row[]): string[];
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

/** The goal check of `corpus` whose goal text matches `goal`. */
const checkOf = <T extends { corpus: string; goal: string }>(checks: readonly T[], corpus: string, goal: RegExp): T | undefined =>
  checks.find((c) => c.corpus === corpus && goal.test(c.goal));

describe('peerChecks', () => {
  const rows = [
    r('a', 'floor-parse-text', 10, 1), r('a', 'readability-jsdom', 300, 30), r('a', 'extract-auto', 20, 2),
    r('b', 'floor-parse-text', 10, 1), r('b', 'readability-jsdom', 100, 10), r('b', 'extract-auto', 40, 4),
  ];
  const checks = systems.peerChecks(rows);

  it('gives auto pages/s as a multiple of each peer, and its time as a multiple of the floor, per corpus', () => {
    const at = (corpus: string, goal: RegExp) => checkOf(checks, corpus, goal);
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
    const at = (corpus: string, goal: RegExp) => checkOf(checks, corpus, goal);
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

  it('checks the max/min of auto time per MB over the sizes, and auto over the floor on the 10 MB page', () => {
    expect(systems.scalingChecks(rows)).toEqual([
      { corpus: '2 sizes', goal: 'goal: auto ms/MB max/min ≤ 1.5×', value: 1.5, met: true },
      { corpus: '10 MB page', goal: 'goal: auto ≤ 2.5× floor at 10 MB', value: 5, met: false },
    ]);
    const fast = rows.map((x) => (x.corpus === 's @ 10 MB' && x.system === 'extract-auto' ? { ...x, ratio: 2.4 } : x));
    expect(systems.scalingChecks(fast)[1]).toMatchObject({ value: 2.4, met: true });
  });

  it('has no 10 MB check when the series stops below 10 MB', () => {
    expect(systems.scalingChecks(rows.slice(0, 2)).map((c) => c.corpus)).toEqual(['1 sizes']);
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

describe('pathological goal', () => {
  /** An extract-auto row of a series at a size, with its child-process peak (MB) when given. */
  const row = (series: string, size: number, bytes: number, medianMs: number, childPeakMB?: number): Row => ({
    ...r(`${series} ${size} unit`, 'extract-auto', medianMs, 1, bytes),
    ...(childPeakMB === undefined ? {} : { childPeakMB }),
  });
  const rows = [
    r('br 1000000 unit', 'normalize', 1, 1, 1e6),
    row('br', 1000000, 1e6, 700, 15),
    row('br', 5000000, 5e6, 4000, 90),
    // a small page: its peak over the input is high, but below the memory goal's least size
    row('nesting', 1000, 5e3, 5, 2),
    row('nesting', 300000, 1.5e6, 1200, 45),
    row('links', 500, 1.1e4, 7),
  ];

  it('checks time per MB spread and the worst child peak over the input among pages of 1 MB and more', () => {
    const checks = systems.pathologicalChecks(rows);
    const at = (corpus: string, goal: RegExp) => checkOf(checks, corpus, goal);
    expect(at('br', /ms\/MB/)).toMatchObject({ value: 800 / 700, met: true });
    expect(at('br', /peak memory/)).toMatchObject({ value: 18, met: true });
    expect(at('nesting', /peak memory/)).toMatchObject({ value: 30, met: false });
    expect(at('nesting', /ms\/MB/)).toMatchObject({ value: 1000 / 800, met: true });
  });

  it('gives no memory check to a series without a measured page of 1 MB or more', () => {
    const checks = systems.pathologicalChecks(rows).filter((c) => c.corpus === 'links');
    expect(checks.map((c) => c.goal)).toEqual(['goal: ms/MB max/min over sizes ≤ 2×']);
  });

  it('tabulates time per MB at the smallest and largest size and the largest page\'s child peak, with – where there is none', () => {
    expect(systems.pathologicalTable(rows)).toEqual([
      '| series | sizes | extract-auto ms/MB, smallest → largest | peak memory, largest page |',
      '| --- | --- | --- | ---: |',
      '| nesting | 1000 to 300000 unclosed &lt;div> deep | 1000 → 800 | 45 MB (30×) |',
      '| br | 1000000 to 5000000 bytes of word&lt;br> | 700 → 800 | 90 MB (18×) |',
      '| links | 500 to 500 links | 636 → 636 | – |',
    ]);
  });
});

describe('tag-dense goal', () => {
  // en-news: 10 MB; the page: 1.5 MB. Floor 20 → 300 ms/MB (15×), auto 50 → 150 ms/MB (3×)
  const rows = [
    r('en-news-scrapinghub', 'floor-decode-parse', 200, 1, 1e7),
    r('en-news-scrapinghub', 'extract-auto', 500, 1, 1e7),
    r('tag-dense', 'floor-decode-parse', 450, 1, 1.5e6),
    r('tag-dense', 'extract-auto', 225, 1, 1.5e6),
  ];

  it('holds auto to the goal and shows the floor\'s ratio without a verdict', () => {
    const checks = systems.tagDenseChecks(rows);
    expect(checks.map((c) => [c.corpus, c.met])).toEqual([['floor-decode-parse', null], ['extract-auto', false]]);
    expect(checks[0].value).toBeCloseTo(15, 9);
    expect(checks[1].value).toBeCloseTo(3, 9);
    const fast = systems.tagDenseChecks(rows.map((x) => (x.corpus === 'tag-dense' && x.system === 'extract-auto' ? { ...x, medianMs: 150 } : x)));
    expect(fast[1]).toMatchObject({ corpus: 'extract-auto', met: true });
    expect(fast[1].value).toBeCloseTo(2, 9);
  });
});

describe('extract goal', () => {
  const rows = [
    r('en-news-scrapinghub', 'floor-decode-parse', 100, 1), r('en-news-scrapinghub', 'extract-correlated', 150, 1.5), r('en-news-scrapinghub', 'extract-auto', 190, 1.9),
    r('b', 'floor-decode-parse', 10, 1), r('b', 'extract-correlated', 40, 4), r('b', 'extract-auto', 60, 6),
  ];
  const checks = systems.extractChecks(rows);

  it('holds auto to 2x the floor on en-news and on all corpora together (summed median times)', () => {
    expect(checks.map((c) => [c.corpus, c.value, c.met])).toEqual([['en-news-scrapinghub', 1.9, true], ['all together', 250 / 110, false]]);
  });

  it('reads only extract-auto, never extract-correlated', () => {
    const slower = systems.extractChecks(rows.map((x) => (x.system === 'extract-correlated' ? { ...x, medianMs: 1e6, ratio: 1e4 } : x)));
    expect(slower).toEqual(checks);
  });
});

describe('news-memory goal', () => {
  const auto = (median?: number): Row => ({
    ...r('en-news-scrapinghub', 'extract-auto', 100, 2),
    ...(median === undefined ? {} : { childPeakMB: 9, childPeakMedianPerInput: median }),
  });

  it('checks the median peak over input against 8x', () => {
    const floor = r('en-news-scrapinghub', 'floor-decode-parse', 50, 1);
    expect(systems.newsMemoryChecks([floor, auto(12.5)])).toEqual([
      { corpus: 'en-news-scrapinghub', goal: 'goal: median peak memory ≤ 8× input', value: 12.5, met: false },
    ]);
    expect(systems.newsMemoryChecks([floor, auto(7.9)])[0].met).toBe(true);
  });

  it('gives no check when no child reported', () => {
    expect(systems.newsMemoryChecks([auto()])).toEqual([]);
  });

  it('tables the worker figure beside the first-page figure and the setup between them', () => {
    const both = { ...auto(6.4), pages: 181, childSetupMB: 61.6, childFirstPeakMedianPerInput: 28.3 };
    expect(systems.newsMemoryTable([both])).toEqual([
      '| corpus (pages) | median peak, worker (goal) | median peak, first page of a process | one-time setup of a worker (median) |',
      '| --- | ---: | ---: | ---: |',
      '| en-news-scrapinghub (181) | 6.4× | 28.3× | 62 MB |',
    ]);
    expect(systems.newsMemoryTable([{ ...auto(6.4), pages: 181 }])[2]).toBe('| en-news-scrapinghub (181) | 6.4× | – | – |');
  });

  it('gives no table when no child reported', () => {
    expect(systems.newsMemoryTable([auto()])).toEqual([]);
  });
});
