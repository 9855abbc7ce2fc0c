import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { hasUncleanText } from '../../../src/core/clean-text.js';
import { keptText, withKeptBlocks } from '../../../src/extractors/auto/kept-blocks.js';
import { listSegments, segmentSpans, segmentText, textCount } from '../../../src/extractors/auto/segments.js';
import { blockNodes } from '../../../src/extractors/lazy-text.js';
import type { Block, Extraction } from '../../../src/extractors/types.js';
import { extractMetadata } from '../../../src/metadata/page.js';
import { extractAnalyzed } from '../../../src/pipeline.js';
import { asNormalized } from '../../helpers/normalized.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';

// segments of one text node, and one of three (inline markup, and a line break where a nested block cut it)
const PAGE = '<html><body><h1>Ишчилар йىغىنى</h1><p>Бу يىل йىغىن шەھەر مەركىزىدە ئۆتكۈزۈلدى.</p>'
  + '<p>Сөزلىگۈچى <b>ئۈچ</b> تېمىنى ئوتتۇرىغا قويدى <div>ئايرىم</div> ۋە ئاخىرى.</p><p>Последний абзац статьи.</p></body></html>';

/** A result of `auto`'s shape with `text` set and `blocks` a placeholder. */
const shell = (text: string): Extraction => ({ extractor: 'auto', options: {}, kind: 'article', text, blocks: [], confidence: 0.5, diagnostics: [] });

describe('auto: kept blocks', () => {
  const doc = analyze(asNormalized(PAGE));
  const segments = listSegments(doc);
  const kept = allIndexes(segments.length).filter((k) => k !== 1); // a gap: block n is not segment n
  const vote = Float64Array.from(segments.node, (_, k) => k / 10);
  const eager: Block[] = Array.from(kept, (k) => ({ node: segments.node[k], text: segmentText(doc, segments, k), spans: segmentSpans(doc, segments, k), score: vote[k] }));

  it('are the kept segments\' node, text, spans and vote, made on first read, in the place of `blocks`', () => {
    expect(allIndexes(segments.length).some((k) => textCount(segments, k) > 1)).toBe(true);
    const text = keptText(doc, segments, kept);
    expect(text).toBe(eager.map((b) => b.text).join('\n'));
    const e = withKeptBlocks(shell(text), doc, segments, kept, vote);
    expect(typeof Object.getOwnPropertyDescriptor(e, 'blocks')?.get).toBe('function');
    expect(Array.from(blockNodes(e))).toEqual(eager.map((b) => b.node));
    expect(typeof Object.getOwnPropertyDescriptor(e, 'blocks')?.get).toBe('function'); // blockNodes built none
    expect(Object.keys(e)).toEqual(['extractor', 'options', 'kind', 'text', 'blocks', 'confidence', 'diagnostics']);
    expect(JSON.parse(JSON.stringify(e))).toEqual({ ...shell(text), blocks: eager });
    expect(e.blocks).toEqual(eager);
    expect(e.blocks).toBe(e.blocks);
  });

  it('are made at once when the text is unclean (cleanStrings must clean them too)', () => {
    const e = withKeptBlocks(shell('a\u0001'), doc, segments, kept, vote);
    expect(Object.getOwnPropertyDescriptor(e, 'blocks')?.value).toEqual(eager);
  });

  it('extract() reads only their nodes: the metadata of the public call, the blocks unmade until read', () => {
    const { page, doc: analyzed } = extractAnalyzed(PAGE, { algorithm: 'auto' });
    expect(typeof Object.getOwnPropertyDescriptor(page.extraction, 'blocks')?.get).toBe('function');
    expect(page.extraction.blocks.length).toBeGreaterThan(1);
    expect(page.extraction.blocks.map((b) => b.text).join('\n')).toBe(page.extraction.text);
    expect(page.metadata).toEqual(extractMetadata(analyzed, {}, page.extraction));
  });

  it('extract() of a page whose text holds a control character: the blocks are cleaned like the text', () => {
    const { page } = extractAnalyzed(PAGE.replace('Последний', 'Последний&#1;'), { algorithm: 'auto' });
    expect(page.extraction.text).toContain('Последний абзац');
    expect(page.extraction.blocks.some((b) => hasUncleanText(b.text))).toBe(false);
    expect(page.extraction.blocks.map((b) => b.text).join('\n')).toBe(page.extraction.text);
  });
});
