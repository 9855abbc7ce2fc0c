import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { isMatnError } from '../../../src/core/errors.js';
import {
  DEFAULT_TEXT_BLOCK_OPTIONS, computeThresholds, extractTextBlocks, filterTitle, findRuns, selectMainRuns, smoothBlocks, textBlocksExtractor,
} from '../../../src/extractors/text-blocks/index.js';
import { smoothAndMeasure, smoothSeries } from '../../../src/extractors/text-blocks/score.js';
import { asNormalized } from '../../helpers/normalized.js';
import { FOOTER, NAV_ITEMS, PARAGRAPHS } from '../line-blocks/fixtures.js';

// A four-character subheading between long paragraphs.
const SHORT = '乡村变化';
const NAV = `<div class="nav"><ul>${NAV_ITEMS.map((w, i) => `<li><a href="/c/${i}">${w}频道</a></li>`).join('')}</ul></div>`;
const RELATED = `<div class="related"><ul>${['村里的新图书室开放了', '公路通车仪式举行', '苹果丰收价格上涨'].map((w, i) => `<li><a href="/n/${i}">${w}</a></li>`).join('')}</ul></div>`;

function page(body: string, title = '新村新貌_地方新闻_示例网'): string {
  return `<html><head><title>${title}</title></head><body>${NAV}<div class="main">${body}</div>${RELATED}<div class="footer">${FOOTER}</div></body></html>`;
}

const ARTICLE = `<h1>新村新貌</h1><div class="info">2012年4月13日 来源：示例网</div><div class="content">${
  [PARAGRAPHS[0], PARAGRAPHS[1], SHORT, PARAGRAPHS[2], PARAGRAPHS[3]].map((p) => `<p>${p}</p>`).join('\n')}</div>`;

const doc = (html: string) => analyze(asNormalized(html));

describe('smoothBlocks (¼·[1 2 1])', () => {
  it.each([
    { raw: [0, 4, 0], want: [1, 2, 1] },
    { raw: [200, 6, 200], want: [101.5, 103, 101.5] },
    { raw: [8], want: [4] },
    { raw: [], want: [] },
  ])('$raw → $want', ({ raw, want }) => {
    expect(smoothBlocks(raw, [1, 2, 1])).toEqual(want);
  });
});

describe('computeThresholds (§1.2.2 (2))', () => {
  it("N_min is the smallest non-zero value, N'_min = (2·N_min + N_avg)/3, N_calib = (Σ 9 largest + N_avg)/10", () => {
    const s = [0, 2, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 0];
    const t = computeThresholds(s, 2, 9);
    const avg = 552 / 13;
    expect(t.min).toBe(2);
    expect(t.avg).toBeCloseTo(avg, 10);
    expect(t.low).toBeCloseTo((2 * 2 + avg) / 3, 10);
    expect(t.calib).toBeCloseTo((540 + avg) / 10, 10);
  });

  it('N_calib takes the largest values wherever they lie in the series (ties, repeats, any order)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }).map((n) => n / 4), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (s, count) => {
        const top = [...s].sort((a, b) => b - a).slice(0, count);
        const avg = s.length > 0 ? s.reduce((a, b) => a + b, 0) / s.length : 0;
        expect(computeThresholds(s, 2, count).calib).toBeCloseTo((top.reduce((a, b) => a + b, 0) + avg) / (top.length + 1), 10);
      }),
    );
  });

  it('measured while smoothing, the series and its thresholds are those of smoothing first and measuring after', () => {
    const kernel = fc.array(fc.oneof(fc.integer({ min: 0, max: 4 }), fc.double({ min: 0, max: 3, noNaN: true })), { minLength: 1, maxLength: 3 })
      .map((k) => (k.length % 2 === 0 ? [...k, 1] : k));
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 50 }), kernel, fc.integer({ min: 1, max: 12 }), (raw, k, count) => {
        const out = new Float64Array(raw.length);
        const fused = smoothAndMeasure(raw, k, 2, count, out);
        const smoothed = smoothSeries(raw, k);
        expect(Array.from(out)).toEqual(Array.from(smoothed));
        expect(fused).toEqual(computeThresholds(smoothed, 2, count));
      }),
    );
  });

  it('with fewer blocks than the count, N_calib averages those there are', () => {
    expect(computeThresholds([10, 20], 2, 9).calib).toBeCloseTo((30 + 15) / 3, 10);
  });
});

describe('rules ① and ②', () => {
  const t = { min: 1, avg: 10, low: 5, calib: 50 };
  it.each([
    { name: 'a run needs one block ≥ N_calib', s: [1, 20, 30, 1], want: [] },
    { name: 'one qualified run', s: [1, 20, 60, 30, 1], want: [[1, 4]] },
    { name: 'BSet between two qualified runs is kept (rule ②)', s: [60, 1, 20, 20, 1, 70], want: [[0, 1], [2, 4], [5, 6]] },
    { name: 'a run before the first or after the last qualified run is not', s: [20, 1, 60, 1, 20], want: [[2, 3]] },
  ])('$name', ({ s, want }) => {
    expect(selectMainRuns(findRuns(s, t)).map((r) => [r.start, r.end])).toEqual(want);
  });
});

describe('extractTextBlocks', () => {
  it('keeps the article, bridges the short paragraph between long ones, leaves the link lists out', () => {
    const r = extractTextBlocks(doc(page(ARTICLE)));
    for (const p of PARAGRAPHS) expect(r.text).toContain(p);
    expect(r.text).toContain(SHORT);
    for (const w of ['财经频道', '公路通车仪式举行', '版权所有']) expect(r.text).not.toContain(w);
    expect(r.confidence).toBeGreaterThan(0.5);
    const raw = r.series!.raw as number[];
    const smoothed = r.series!.smoothed as number[];
    expect(Array.from(smoothed)).toEqual(smoothBlocks(raw, [1, 2, 1]));
    const short = raw.indexOf(SHORT.length);
    expect(smoothed[short]).toBeGreaterThan(raw[short]);
  });

  it('with the zero blocks of the literal split kept, the short paragraph falls out of the body', () => {
    const r = extractTextBlocks(doc(page(ARTICLE)), { emptyBlocks: 'keep' });
    expect(r.text).toContain(PARAGRAPHS[3]);
    expect(r.text.split('\n')).not.toContain(SHORT);
  });

  it('returns the highest heading near the first main block and the report date as candidates', () => {
    const r = extractTextBlocks(doc(page(ARTICLE)));
    expect(r.candidates).toEqual({ title: '新村新貌', date: '2012-04-13' });
  });

  it('gives candidates without the controls a numeric reference in the heading decodes to (a fuzz counterexample)', () => {
    const r = extractTextBlocks(doc(page(ARTICLE.replace('<h1>新村新貌', '<h1>新村&#1;新貌&#8;'))));
    expect(r.candidates?.title).toBe('新村新貌');
    // the page alone, as the fuzz test found it: `extract()` cleans every other string of its result
    expect(extractTextBlocks(doc('<h1>&#1;</h1>')).candidates?.title ?? '').not.toMatch(/[\x00-\x08\x0B\x0E-\x1F]/);
  });

  it('without a heading near the body, the title is <title> with stop-word segments filtered out', () => {
    const body = `<div class="content">${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</div><p>发布时间：2011-05-31</p>`;
    const r = extractTextBlocks(doc(page(body)));
    expect(r.candidates?.title).toBe('新村新貌');
    expect(r.candidates?.date).toBe('2011-05-31');
  });

  it.each([
    ['新村新貌_地方新闻_示例网', '新村新貌'],
    ['首页 | 新村新貌', '新村新貌'],
    ['Village News - Home', 'Village News'],
    ['新闻', '新闻'],
  ])('filterTitle(%s) = %s', (title, want) => {
    expect(filterTitle(title, DEFAULT_TEXT_BLOCK_OPTIONS.titleStopWords)).toBe(want);
  });

  it("linkText 'drop' removes inline link words; 'keep' keeps them in the text only", () => {
    const body = `<div class="content"><p>${PARAGRAPHS[0]}<a href="/x">示例链接词</a>${PARAGRAPHS[1]}</p><p>${PARAGRAPHS[2]}</p></div>`;
    expect(extractTextBlocks(doc(page(body))).text).toContain('示例链接词');
    expect(extractTextBlocks(doc(page(body)), { linkText: 'drop' }).text).not.toContain('示例链接词');
    const kept = extractTextBlocks(doc(page(body))).series!.raw as number[];
    const dropped = extractTextBlocks(doc(page(body)), { linkText: 'drop' }).series!.raw as number[];
    expect(kept).toEqual(dropped);
  });

  it.each([
    ['an empty page', '<html><body></body></html>'],
    ['only links', `<html><body>${NAV}</body></html>`],
  ])('reports no-main-content for %s', (_n, html) => {
    const r = extractTextBlocks(doc(html));
    expect(r.text).toBe('');
    expect(r.confidence).toBe(0);
    expect(r.candidates).toBeUndefined();
    expect(r.diagnostics.map((d) => d.code)).toContain('no-main-content');
  });

  it('echoes options and rejects bad ones', () => {
    expect(extractTextBlocks(doc('<p>x</p>')).options).toEqual(DEFAULT_TEXT_BLOCK_OPTIONS);
    for (const bad of [{ kernel: [1, 2] }, { calibrationCount: 0 }, { nmin: 1 } as never]) {
      try {
        extractTextBlocks(doc('<p>x</p>'), bad);
        expect.unreachable();
      } catch (e) {
        expect(isMatnError(e)).toBe(true);
      }
    }
  });

  it('is registered under its id', () => {
    expect(textBlocksExtractor.id).toBe('text-blocks');
    expect(textBlocksExtractor.reference).toContain('噪声过滤');
  });
});
