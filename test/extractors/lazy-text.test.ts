import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze } from '../../src/analysis/analyze.js';
import { lineText, scanLines } from '../../src/analysis/line-table.js';
import { blockSpans, defineLazyBlocks, hasNoText } from '../../src/extractors/lazy-text.js';
import { extractLineBlocks } from '../../src/extractors/line-blocks/index.js';
import type { Block, Extraction } from '../../src/extractors/types.js';
import { arbitraryPage } from '../helpers/arbitrary-page.js';
import { asNormalized } from '../helpers/normalized.js';

const plain = (blocks: Block[], text: string): Extraction => ({ extractor: 'x', options: {}, text, blocks, confidence: 0, diagnostics: [] });
/** A result with lazy blocks of the texts `texts`, block n spanning [n, n + 1), counting the texts made. */
const lazy = (texts: string[], everyBlockHasText = false): { e: Extraction; made: () => number } => {
  let made = 0;
  const spans = texts.map((_, n) => [n, n + 1]);
  const e = defineLazyBlocks({ extractor: 'x', options: {}, text: '', blocks: [] as Block[], confidence: 0, diagnostics: [] }, spans.length, spans,
    (n) => (made++, texts[n]), (n, text) => ({ node: -1, text, spans: spans[n], score: n }), everyBlockHasText);
  return { e, made: () => made };
};

describe('lazy blocks', () => {
  it('read, serialize and spread like plain ones, in their keys\' places, made once on first read', () => {
    const { e, made } = lazy(['один', 'два']);
    expect(blockSpans(e)).toEqual([[0, 1], [1, 2]]);
    expect(made()).toBe(0);
    const want = plain([{ node: -1, text: 'один', spans: [0, 1], score: 0 }, { node: -1, text: 'два', spans: [1, 2], score: 1 }], 'один\nдва');
    expect(JSON.stringify(e)).toBe(JSON.stringify(want));
    expect({ ...e }).toEqual(want);
    expect(Object.keys(e)).toEqual(['extractor', 'options', 'text', 'blocks', 'confidence', 'diagnostics']);
    expect(e.blocks).toBe(e.blocks);
    expect(made()).toBe(2);
  });

  it('hasNoText answers text === \'\' for lazy and plain results alike', () => {
    for (const texts of [[], [''], ['x'], ['', ''], ['x', 'y']]) {
      const { e } = lazy(texts);
      expect(hasNoText(e)).toBe(texts.join('\n') === '');
      expect(hasNoText(e)).toBe(e.text === '');
    }
    expect(hasNoText(plain([{ node: -1, text: 'x', spans: [], score: 0 }], ''))).toBe(true); // a plain text is read as it is
    expect(hasNoText(plain([], 'y'))).toBe(false);
    expect(blockSpans(plain([{ node: -1, text: 'x', spans: [3, 4], score: 0 }], 'x'))).toEqual([[3, 4]]);
  });

  it('hasNoText makes no text when the caller says every block has one', () => {
    for (const texts of [[], ['x'], ['x', 'y']]) {
      const { e, made } = lazy(texts, true);
      expect(hasNoText(e)).toBe(texts.length === 0);
      expect(made()).toBe(0);
      expect(hasNoText(e)).toBe(e.text === '');
    }
  });

  it('line-blocks: every kept line has text, so its word that every block has one holds', () => {
    let kept = 0;
    fc.assert(
      fc.property(arbitraryPage, fc.constantFrom(0, 3, 400), (html, longLineChars) => {
        const r = extractLineBlocks(analyze(asNormalized(`<body>${html}</body>`)), { threshold: 1, longLineChars });
        const empty = hasNoText(r);
        kept += r.blocks.length;
        expect(r.blocks.filter((b) => b.text === '')).toEqual([]);
        expect(empty).toBe(r.text === '');
      }),
      { numRuns: 300 },
    );
    expect(kept).toBeGreaterThan(100); // the pages gave the property lines to check
  });

  it('line-blocks: the blocks are the kept lines, their text the line\'s text, the result\'s text their join', () => {
    const para = (n: number) => `<p>${'句子很长很长的正文内容。'.repeat(8)} ${n}</p>`;
    const html = `<html><body><div>nav &amp; menu</div>\n${[1, 2, 3, 4, 5, 6].map(para).join('\n')}\n<div>footer</div></body></html>`;
    const r = extractLineBlocks(analyze(asNormalized(html)), { threshold: 20 });
    const table = scanLines(html);
    const lines = Array.from({ length: table.length }, (_, k) => lineText(table, k));
    expect(r.blocks.map((b) => b.text)).toEqual(lines.filter((t) => t !== '')); // every line with text is in the one region
    expect(r.text).toBe(r.blocks.map((b) => b.text).join('\n'));
    expect(blockSpans(r)).toEqual(r.blocks.map((b) => b.spans));
    expect(hasNoText(r)).toBe(false);
    expect(JSON.parse(JSON.stringify(r)).blocks.length).toBe(8);
  });
});
