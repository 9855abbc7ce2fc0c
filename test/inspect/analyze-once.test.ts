/**
 * `inspect` parses and analyzes a page once: it reads extract()'s own analysis (through the internal
 * `extractAnalyzed`) instead of analyzing the normalized HTML a second time.
 */
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ analyze: 0 }));
vi.mock('../../src/analysis/analyze.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/analysis/analyze.js')>();
  return {
    ...original,
    analyze: (...args: Parameters<typeof original.analyze>) => {
      calls.analyze++;
      return original.analyze(...args);
    },
  };
});

const { inspect } = await import('../../src/inspect/model.js');
const { extract, extractAnalyzed } = await import('../../src/pipeline.js');

const PAGE = `<!doctype html><html lang="ug"><head><meta charset="utf-8"><title>سىناق بېتى</title></head><body>
<nav><a href="/">باش بەت</a> <a href="/a">خەۋەرلەر</a></nav>
<article><h1>سىناق بېتى</h1>
<p>بۇ بەت تەھلىلنىڭ بىر قېتىملا ئېلىپ بېرىلىدىغانلىقىنى سىنايدۇ، شۇڭا ئۇنىڭدا بىر قانچە ئۇزۇن جۈملە بار.</p>
<p>ئىككىنچى ئابزاستىمۇ يېتەرلىك تېكىست بار، ئالگورىزىملار ئۇنى ئاساسلىق مەزمۇن دەپ تاللىشى كېرەك.</p>
</article><footer>© 2024</footer></body></html>`;

describe('inspect reuses the one analysis of extract()', () => {
  it('analyzes the page once, and its members run on that document', () => {
    calls.analyze = 0;
    const report = inspect(PAGE);
    expect(calls.analyze).toBe(1);
    expect(report.members.length).toBeGreaterThan(1);
    expect(report.doc.text).toContain('ئىككىنچى ئابزاستىمۇ');
  });

  it('extractAnalyzed returns the page extract() returns and the document it read', () => {
    const { page, doc } = extractAnalyzed(PAGE);
    const withoutTimings = (r: Record<string, unknown>) => ({ ...r, timings: undefined });
    expect(withoutTimings(page.toJSON())).toEqual(withoutTimings(extract(PAGE).toJSON()));
    expect(doc.text).toContain(page.body.split('\n')[0]);
  });
});
