import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listTextBlocks } from '../../src/analysis/text-blocks.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

describe('listTextBlocks', () => {
  it('joins a block\'s own text nodes with the page text\'s own gap when it is spaces and line breaks, else a line break', () => {
    const d = doc('<div>alpha <b>beta</b><p>inner text</p>gamma<br>delta <a href="/x">link</a></div>');
    const blocks = listTextBlocks(d);
    expect(blocks.map((b) => [d.index.tag[b.node], b.text, b.ta, b.la])).toEqual([
      ['div', 'alpha beta\ngamma\ndelta link', 19, 1],
      ['p', 'inner text', 9, 0],
    ]);
    const read = (spans: readonly number[]): string[] => spans.flatMap((s, k) => (k % 2 === 0 ? [d.text.slice(s, spans[k + 1])] : []));
    expect(read(blocks[0].spans)).toEqual(['alpha', 'beta', 'gamma', 'delta', 'link']);
  });

  it('lists blocks in source order of their first text', () => {
    const d = doc('<ul><li>一<ol><li>二</li></ol>三</li></ul><p>四</p>');
    expect(listTextBlocks(d).map((b) => b.text)).toEqual(['一\n三', '二', '四']);
  });
});
