import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import type { AnalyzedDocument } from '../../../src/analysis/types.js';
import { isMatnError } from '../../../src/core/errors.js';
import { clusterByPath, listLeaves } from '../../../src/extractors/segmentation/clusters.js';
import {
  extractSegmented, extractWithTemplate, intervalStats, listNoise, splitCluster, trainSiteTemplate, twoMeansThreshold,
  type SiteTemplate,
} from '../../../src/extractors/segmentation/index.js';
import { asNormalized } from '../../helpers/normalized.js';

const SITE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/site');
const page = (k: number): AnalyzedDocument => analyze(asNormalized(readFileSync(path.join(SITE, `page-${k}.html`), 'utf8')));
const expected = (k: number): string => readFileSync(path.join(SITE, `page-${k}.expected.txt`), 'utf8').trim();
const run = (html: string): AnalyzedDocument => analyze(asNormalized(html));
const RULES = { ratioMin: 0.5, ratioMax: 2, maxVariation: 1 };
const PROMO = '关注示例日报微信公众号，每天推送本地新闻。';

describe('twoMeansThreshold (paper eq. 6/8, clusterNum = 2)', () => {
  it.each<[string, number[], number]>([
    ['two clear groups: midpoint of the centroids 2 and 100', [1, 2, 3, 99, 100, 101], 51],
    ['one outlier', [0, 0, 0, 0, 40], 20],
    ['all equal: the value', [7, 7, 7], 7],
    ['empty: 0', [], 0],
  ])('%s', (_, values, want) => {
    expect(twoMeansThreshold(values)).toBeCloseTo(want, 9);
  });
});

describe('intervals, period and variance (paper eq. 2–4)', () => {
  it.each<[number[], number, number]>([
    [[3, 4, 5, 6], 1, 0],
    [[0, 2, 6], 3, 1],
    [[5], 0, 0],
  ])('%j → μ %d, σ² %d', (numbers, mean, variance) => {
    expect(intervalStats(numbers)).toEqual({ mean, variance });
  });
});

describe('splitCluster (paper eq. 5 and rule 1)', () => {
  it.each<[string, number[], number[][]]>([
    ['a far leaf is cut off at the big interval', [10, 11, 12, 13, 14, 60, 61], [[10, 11, 12, 13, 14], [60, 61]]],
    ['two dense runs far apart', [1, 2, 3, 4, 40, 41, 42, 43], [[1, 2, 3, 4], [40, 41, 42, 43]]],
    ['regular intervals stay whole', [1, 3, 5, 7, 9], [[1, 3, 5, 7, 9]]],
    ['intervals that vary less than their mean (σ ≤ μ) stay whole, though r leaves [0.5, 2]', [1, 2, 5, 6, 9, 10], [[1, 2, 5, 6, 9, 10]]],
  ])('%s', (_, numbers, runs) => {
    const got = splitCluster(numbers, RULES).map(([a, b]) => numbers.slice(a, b));
    expect(got).toEqual(runs);
  });

  /** The plain algorithm the indexed one must match: every run's statistics and split point by a scan of the run. */
  function scannedSplit(numbers: number[], rules: typeof RULES): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    const stack: Array<[number, number]> = [[0, numbers.length]];
    while (stack.length > 0) {
      const [from, to] = stack.pop()!;
      const { mean, variance } = intervalStats(numbers, from, to);
      let j = -1;
      if (to - from >= 3 && Math.sqrt(variance) > rules.maxVariation * mean) {
        let bestGap = 0;
        for (let k = from; k < to - 1; k++) {
          const d = numbers[k + 1] - numbers[k];
          const before = k > from ? numbers[k] - numbers[k - 1] : 0;
          const after = k + 2 < to ? numbers[k + 2] - numbers[k + 1] : 0;
          const out = (before > 0 && (d / before > rules.ratioMax || d / before < rules.ratioMin)) || (after > 0 && (after / d > rules.ratioMax || after / d < rules.ratioMin));
          if (out && d > bestGap && d > before && d > after) [j, bestGap] = [k, d];
        }
      }
      if (j < 0) out.push([from, to]);
      else stack.push([j + 1, to], [from, j + 1]);
    }
    return out.sort((a, b) => numbers[a[0]] - numbers[b[0]]);
  }

  /** Sorted leaf numbers of a page whose body repeats `copies` times, each copy's intervals drawn from `pattern`, with a seeded jitter. */
  function repeated(pattern: number[], copies: number, seed: number): number[] {
    let x = seed;
    const numbers = [0];
    for (let c = 0; c < copies; c++) {
      for (const d of pattern) {
        x = (x * 1103515245 + 12345) % 2147483648;
        numbers.push(numbers[numbers.length - 1] + d + (x % 3 === 0 ? (x >> 8) % 4 : 0));
      }
    }
    return numbers;
  }

  it.each<[string, number[], number]>([
    ['a heading and three paragraphs per copy', [1, 1, 1, 40], 300],
    ['equal big gaps (ties go to the first)', [2, 2, 30], 500],
    ['a links list between articles', [1, 1, 1, 1, 1, 1, 90, 3, 3], 120],
    ['irregular runs and a far gap', [5, 1, 9, 2, 2, 70, 1], 200],
  ])('cuts a long repeated cluster where the plain scan cuts it: %s', (_, pattern, copies) => {
    for (const seed of [1, 7, 42]) {
      const numbers = repeated(pattern, copies, seed);
      const runs = splitCluster(numbers, RULES);
      expect(runs.length).toBeGreaterThan(1);
      expect(runs).toEqual(scannedSplit(numbers, RULES));
    }
  });

  it('a wider ratio range splits less', () => {
    const numbers = [10, 11, 12, 13, 14, 60, 61];
    expect(splitCluster(numbers, { ...RULES, ratioMax: 100, ratioMin: 0.01 })).toHaveLength(1);
  });
});

describe('clusterByPath (paper §3.1)', () => {
  it('groups leaf numbers by Tpath in order of each cluster\'s first leaf, as a map of growing lists does', () => {
    const leaves = listLeaves(run('<body>a<p>b</p><div><p>c</p>d</div><p>e<b>f</b></p><div><p>g</p></div>h</body>'));
    const lists = new Map<number, number[]>();
    leaves.path.forEach((p, k) => lists.set(p, [...(lists.get(p) ?? []), k]));
    const clusters = clusterByPath(leaves);
    const got = [...clusters.path].map((p, c) => [p, [...clusters.leaves.subarray(clusters.start[c], clusters.start[c + 1])]]);
    expect(got).toEqual([...lists]);
    expect(got.length).toBe(5);
  });
});

describe('listNoise (paper eq. 1)', () => {
  it.each<[string, string, number]>([
    ['a links list is 0', '<ul><li><a href="/1">one</a></li><li><a href="/2">two</a></li></ul>', 0],
    ['plain prose is 100', '<p>Plain text.</p><p>More text.</p>', 100],
    // T_n/(T_n+T_l) = 8/12, N_nohref/N = 1/2 → 33.3
    ['half the leaves linked, a third of the characters', '<p>abcdefgh</p><p><a href="/x">link</a></p>', (8 / 12) * (1 / 2) * 100],
  ])('%s', (_, html, want) => {
    const leaves = listLeaves(run(`<body>${html}</body>`));
    expect(listNoise(leaves, 0, leaves.node.length - 1)).toBeCloseTo(want, 6);
  });
});

describe('extractSegmented', () => {
  const paragraphs = ['First paragraph of the story, with a comma.', 'Second paragraph of the story, a bit longer than the first.', 'Third paragraph, and the last one of the story.'];
  const html = `<body><ul>${Array.from({ length: 6 }, (_, i) => `<li><a href="/s/${i}">Section ${i}</a></li>`).join('')}</ul>
    <div class="story">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>
    <div class="links"><p><a href="/a">Another story</a></p><p><a href="/b">More news</a></p></div>
    <p>Copyright notice.</p></body>`;

  it('takes the paragraphs cluster as the main block, not the menu or the footer', () => {
    const result = extractSegmented(run(html));
    expect(result.text).toBe(paragraphs.join('\n'));
    expect(result.extractor).toBe('segmentation');
    expect(result.diagnostics.find((d) => d.code === 'main-block')?.details?.path).toBe('body>div>p');
    expect(result.confidence).toBeGreaterThan(0);
  });

  it('series hold one value per block', () => {
    const result = extractSegmented(run(html));
    const n = result.series?.length?.length ?? 0;
    expect(n).toBeGreaterThan(2);
    for (const key of ['listNoise', 'period', 'variance']) expect(result.series?.[key]?.length).toBe(n);
  });

  it('reports no-main-content on a page of links only', () => {
    const result = extractSegmented(run('<body><ul><li><a href="/1">a</a></li><li><a href="/2">b</a></li></ul></body>'));
    expect(result.text).toBe('');
    expect(result.diagnostics.map((d) => d.code)).toContain('no-main-content');
  });

  it('a fixed length threshold above every block leaves nothing', () => {
    expect(extractSegmented(run(html), { lengthThreshold: 10_000 }).text).toBe('');
  });

  it.each<[string, Record<string, unknown>]>([
    ['unknown option', { treshold: 1 }],
    ['ratioMin above 1', { ratioMin: 3 }],
  ])('rejects %s', (_, options) => {
    expect(() => extractSegmented(run(html), options)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('site template: train on 3 pages of one site, extract the 4th', () => {
  const template = trainSiteTemplate([1, 2, 3].map(page));

  it('learns the main block path, thresholds and the recurring promo chunk', () => {
    expect(template.pages).toBe(3);
    expect(template.paths[0]).toEqual({ path: 'html>body>div>div>div>p', pages: 3 });
    expect(template.frequencyThreshold).toBeGreaterThanOrEqual(2);
    expect(template.lengthThreshold).toBeGreaterThan(0);
    expect(new Map(template.chunks).get(PROMO)).toBe(3);
  });

  it('is plain JSON data (a round trip changes nothing)', () => {
    const back = JSON.parse(JSON.stringify(template)) as SiteTemplate;
    expect(back).toEqual(template);
    expect(extractWithTemplate(page(4), back).text).toBe(extractWithTemplate(page(4), template).text);
  });

  it('extracts exactly the new article, the site-wide promo dropped', () => {
    const result = extractWithTemplate(page(4), template);
    expect(result.text).toBe(expected(4));
    expect(result.diagnostics.map((d) => d.code)).toContain('template-chunks-dropped');
  });

  it('without the template the promo inside the article stays (what the template adds)', () => {
    expect(extractSegmented(page(4)).text).toContain(PROMO);
  });

  it('falls back to all paths when the learned path is absent (template-miss)', () => {
    const other = run(`<body><section><p>${expected(4).split('\n').join('</p><p>')}</p></section></body>`);
    const result = extractWithTemplate(other, template);
    expect(result.diagnostics.map((d) => d.code)).toContain('template-miss');
    expect(result.text).toBe(expected(4));
  });

  it.each<[string, () => unknown]>([
    ['no pages', () => trainSiteTemplate([])],
    ['not a template', () => extractWithTemplate(page(4), { version: 2 } as unknown as SiteTemplate)],
  ])('rejects %s', (_, call) => {
    let error: unknown;
    try { call(); } catch (e) { error = e; }
    expect(isMatnError(error, 'invalid-argument')).toBe(true);
  });
});
