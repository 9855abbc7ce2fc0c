import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { isMatnError } from '../../../src/core/errors.js';
import {
  DEFAULT_LINE_BLOCK_OPTIONS, blockLengths, chooseRegions, extractLineBlocks, findRegions, lineBlockDistribution, lineBlocksExtractor,
} from '../../../src/extractors/line-blocks/index.js';
import { asNormalized } from '../../helpers/normalized.js';
import { FOOTER, NAV_ITEMS, PARAGRAPHS } from './fixtures.js';

/** A page in the old style: one source line per nav item and per paragraph, tag-only lines between. */
function multiLinePage(paragraphs: readonly string[] = PARAGRAPHS): string {
  return [
    '<html>', '<head>', '<title>新村新貌</title>', '<script>', 'var a = "这一段脚本不是正文，这一段脚本不是正文，这一段脚本不是正文";', '</script>', '</head>', '<body>',
    '<div class="nav">', '<ul>',
    ...NAV_ITEMS.map((w, i) => `<li><a href="/c/${i}">${w}</a></li>`),
    '</ul>', '</div>', '<!-- 广告位 -->', '<div class="ad">', '</div>', '<div>', '</div>',
    '<div class="article">', '<h1>新村新貌</h1>',
    ...paragraphs.map((p) => `<p>${p}</p>`),
    '</div>', '<div>', '</div>', '<div>', '</div>',
    `<div class="footer">${FOOTER}</div>`,
    '</body>', '</html>',
  ].join('\n');
}

const doc = (html: string) => analyze(asNormalized(html));

describe('blockLengths (definitions 1–3)', () => {
  it.each([
    { lines: [1, 2, 3, 4], k: 3, want: [6, 9, 7, 4] },
    { lines: [5, 0, 0, 0, 7], k: 3, want: [5, 0, 7, 7, 7] },
    { lines: [2, 2], k: 1, want: [2, 2] },
    { lines: [], k: 3, want: [] },
  ])('Y for lines $lines with K=$k', ({ lines, k, want }) => {
    expect(Array.from(blockLengths(lines, k))).toEqual(want);
  });
});

describe('findRegions (conditions 1–3)', () => {
  it.each([
    { name: 'rise over the threshold, fall into two zero blocks', y: [0, 5, 100, 120, 90, 40, 0, 0, 3], want: [{ start: 2, end: 6, peak: 120 }] },
    { name: 'a spike followed by a zero block is noise (condition 2)', y: [0, 100, 0, 0, 0, 0], want: [] },
    { name: 'blocks past the last line are not checked', y: [0, 0, 120], want: [{ start: 2, end: 3, peak: 120 }] },
    { name: 'not strictly above the threshold', y: [86, 86, 86, 86, 0, 0], want: [] },
    { name: 'one zero block does not end the region (condition 3 needs two)', y: [100, 90, 80, 70, 0, 95, 10, 0, 0], want: [{ start: 0, end: 7, peak: 100 }] },
    { name: 'two regions', y: [100, 50, 50, 50, 0, 0, 0, 200, 90, 90, 90, 0, 0], want: [{ start: 0, end: 4, peak: 100 }, { start: 7, end: 11, peak: 200 }] },
  ])('$name', ({ y, want }) => {
    expect(findRegions(y, 3, 86)).toEqual(want);
  });

  it('chooseRegions keeps the maximum region (condition 4) and regions with a peak ≥ share of it', () => {
    const regions = [{ start: 0, end: 4, peak: 100 }, { start: 7, end: 11, peak: 200 }, { start: 20, end: 25, peak: 150 }];
    expect(chooseRegions(regions, 1)).toEqual([regions[1]]);
    expect(chooseRegions(regions, 0.7)).toEqual([regions[1], regions[2]]);
    expect(chooseRegions(regions, 0)).toEqual(regions);
    expect(chooseRegions([], 0.5)).toEqual([]);
  });
});

describe('extractLineBlocks', () => {
  it('finds the article between the nav above and the footer below', () => {
    const r = extractLineBlocks(doc(multiLinePage()));
    for (const p of PARAGRAPHS) expect(r.text).toContain(p);
    for (const w of ['财经', '科技', '旅游']) expect(r.text).not.toContain(w);
    expect(r.text).not.toContain('版权所有');
    expect(r.text).not.toContain('脚本');
    expect(r.blocks.every((b) => b.node === -1)).toBe(true);
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(r.diagnostics.filter((d) => d.code === 'no-main-content')).toEqual([]);
  });

  it('keeps source line numbers: script and comment lines stay as empty lines', () => {
    const html = multiLinePage();
    const r = extractLineBlocks(doc(html));
    const y = r.series!.distribution as number[];
    expect(y.length).toBe(html.split('\n').length);
    const firstParagraphLine = html.split('\n').findIndex((l) => l.includes(PARAGRAPHS[0]));
    const peak = y.indexOf(Math.max(...y));
    expect(Math.abs(peak - firstParagraphLine)).toBeLessThanOrEqual(PARAGRAPHS.length);
  });

  it('exports the distribution function itself, equal to series.distribution', () => {
    const html = multiLinePage();
    expect(lineBlockDistribution(html)).toEqual([...(extractLineBlocks(doc(html)).series!.distribution as number[])]);
    expect(lineBlockDistribution(html, { blockThickness: 1 })).toEqual([...(extractLineBlocks(doc(html)).series!.lineChars as number[])]);
  });

  it('a minified page (one line) is cut at block tags, so the nav stays out (deviation)', () => {
    const html = multiLinePage([...PARAGRAPHS, ...PARAGRAPHS]).replace(/\n/g, '');
    const cut = extractLineBlocks(doc(html));
    for (const p of PARAGRAPHS) expect(cut.text).toContain(p);
    expect(cut.text).not.toContain('财经');
    expect(cut.diagnostics.some((d) => d.code === 'long-lines-cut')).toBe(true);
    const plain = extractLineBlocks(doc(html), { longLineChars: 0 });
    expect(plain.text).toContain('财经');
    expect(plain.blocks.length).toBe(1);
  });

  it('keeps a second region when its peak is at least minRegionShare of the maximum', () => {
    // Condition 2 needs K non-zero blocks after the rise, so a region has at least K + 1 lines: four here.
    const second = PARAGRAPHS.map((p) => `<p>${p.slice(0, 40)}</p>`).join('\n');
    const html = `${multiLinePage()}\n<div>\n</div>\n<div>\n</div>\n<div class="more">\n${second}\n</div>`;
    const only = extractLineBlocks(doc(html), { minRegionShare: 1 });
    const both = extractLineBlocks(doc(html), { minRegionShare: 0.5 });
    expect(only.text).toContain(PARAGRAPHS[3]);
    expect(only.text).not.toContain(PARAGRAPHS[1].slice(0, 40) + '\n');
    expect(both.blocks.length).toBe(only.blocks.length + 4);
    expect(extractLineBlocks(doc(html), { minRegionShare: 0.9 }).blocks.length).toBe(only.blocks.length);
  });

  it('minLineChars drops short lines of the region', () => {
    const r = extractLineBlocks(doc(multiLinePage()), { minLineChars: 5 });
    expect(r.text).not.toContain('新村新貌');
    expect(extractLineBlocks(doc(multiLinePage())).text).toContain('新村新貌');
  });

  it.each([
    ['an empty page', '<html><body></body></html>'],
    ['only a link list', `<ul>\n${NAV_ITEMS.map((w) => `<li><a href="#">${w}</a></li>`).join('\n')}\n</ul>`],
  ])('reports no-main-content for %s', (_name, html) => {
    const r = extractLineBlocks(doc(html));
    expect(r.text).toBe('');
    expect(r.confidence).toBe(0);
    expect(r.diagnostics.map((d) => d.code)).toContain('no-main-content');
  });

  it('echoes the options and rejects bad ones', () => {
    expect(extractLineBlocks(doc('<p>x</p>')).options).toEqual(DEFAULT_LINE_BLOCK_OPTIONS);
    expect(extractLineBlocks(doc('<p>x</p>'), { threshold: 5 }).options.threshold).toBe(5);
    for (const bad of [{ blockThickness: 0 }, { treshold: 3 } as never]) {
      try {
        extractLineBlocks(doc('<p>x</p>'), bad);
        expect.unreachable();
      } catch (e) {
        expect(isMatnError(e)).toBe(true);
      }
    }
  });

  it('is registered under its id with the paper reference', () => {
    expect(lineBlocksExtractor.id).toBe('line-blocks');
    expect(lineBlocksExtractor.reference).toContain('行块分布函数');
    expect(lineBlocksExtractor.extract(doc(multiLinePage())).extractor).toBe('line-blocks');
  });
});
