import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listTextBlocks } from '../../src/analysis/text-blocks.js';
import { extractCorrelated } from '../../src/extractors/correlativity/index.js';
import { extractLineBlocks } from '../../src/extractors/line-blocks/index.js';
import { extractTextBlocks } from '../../src/extractors/text-blocks/index.js';
import { asNormalized } from '../helpers/normalized.js';
import { FOOTER, NAV_ITEMS, PARAGRAPHS } from './line-blocks/fixtures.js';

// Navigation, an article of four paragraphs, a footer: one region, one run, one content area.
const NAV = `<ul>${NAV_ITEMS.map((w, i) => `<li><a href="/c/${i}">${w}</a></li>`).join('\n')}</ul>`;
const HTML = `<html><body>\n${NAV}\n<div class="main">\n${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}\n</div>\n<div>${FOOTER}</div>\n</body></html>`;
const doc = () => analyze(asNormalized(HTML));

describe('extraction traces (the data `matn inspect` plots)', () => {
  it('line-blocks: the threshold it used and its regions, the kept ones holding the result lines', () => {
    const r = extractLineBlocks(doc(), { threshold: 50 });
    expect(r.trace?.thresholds).toEqual([{ series: 'distribution', name: 'threshold', value: 50 }]);
    const kept = r.trace!.ranges.filter((g) => g.kept);
    expect(kept.length).toBeGreaterThan(0);
    const y = r.series!.distribution as number[];
    for (const g of kept) expect(Math.max(...y.slice(g.start, g.end))).toBeGreaterThan(50);
  });

  it("text-blocks: N'_min ≤ N_calib over the smoothed series, the kept runs covering the kept blocks", () => {
    const r = extractTextBlocks(doc());
    const [low, calib] = r.trace!.thresholds;
    expect([low.name, calib.name]).toEqual(["N'_min", 'N_calib']);
    expect(low.value).toBeLessThanOrEqual(calib.value);
    const smoothed = r.series!.smoothed as number[];
    const kept = r.trace!.ranges.filter((g) => g.kept);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.some((g) => smoothed.slice(g.start, g.end).some((v) => v >= calib.value))).toBe(true);
  });

  it('correlated: per-block CC before and after smoothing, and the kept blocks as runs over them', () => {
    const r = extractCorrelated(doc());
    const nodes = r.series!.blockNode;
    expect(r.series!.blockCc.length).toBe(nodes.length);
    expect(r.series!.blockSmoothed.length).toBe(nodes.length);
    // smoothing only raises a block to C, never lowers it
    for (let k = 0; k < nodes.length; k++) expect(r.series!.blockSmoothed[k]).toBeGreaterThanOrEqual(r.series!.blockCc[k]);
    const keptNodes = r.trace!.ranges.flatMap((g) => Array.from({ length: g.end - g.start }, (_, i) => nodes[g.start + i]));
    expect(keptNodes).toEqual(r.blocks.map((b) => b.node));
  });

  it('correlated on a thread: the shaded ranges are the blocks inside the post records', () => {
    const who = ['alim', 'gulnar', 'erkin', 'mahire'];
    const posts = who.map((name, n) => `<div class="post" id="post-${n}"><div class="author"><a href="/u/${n}">${name}</a></div>
<div class="date">2024-03-0${n + 1} 10:1${n}</div><div class="message">Reply ${n + 1} by ${name}: ${PARAGRAPHS[n]}</div></div>`).join('\n');
    const d = analyze(asNormalized(`<html><body>${NAV}<div class="thread">${posts}</div><div>${FOOTER}</div></body></html>`));
    const r = extractCorrelated(d);
    expect(r.posts?.length).toBe(4);
    const blocks = listTextBlocks(d);
    expect(Array.from(r.series!.blockNode)).toEqual(Array.from(blocks.node));
    const shaded = r.trace!.ranges.flatMap((g) => Array.from({ length: g.end - g.start }, (_, k) => blocks.text(g.start + k)));
    for (const [n, name] of who.entries()) expect(shaded).toContain(`Reply ${n + 1} by ${name}: ${PARAGRAPHS[n]}`);
    expect(shaded.some((t) => t.includes(NAV_ITEMS[0]) || t.includes(FOOTER))).toBe(false);
  });
});
