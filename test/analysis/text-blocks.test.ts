import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { joinSpanText, lastBlocksBefore, listTextBlocks, type TextBlock, type TextBlockTable } from '../../src/analysis/text-blocks.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));
const rows = (table: TextBlockTable): TextBlock[] => Array.from({ length: table.length }, (_, k) => table.block(k));

describe('listTextBlocks', () => {
  it('joins a block\'s own text nodes with the page text\'s own gap when it is spaces and line breaks, else a line break', () => {
    const d = doc('<div>alpha <b>beta</b><p>inner text</p>gamma<br>delta <a href="/x">link</a></div>');
    const blocks = rows(listTextBlocks(d));
    expect(blocks.map((b) => [d.index.tag[b.node], b.text, b.ta, b.la])).toEqual([
      ['div', 'alpha beta\ngamma\ndelta link', 19, 1],
      ['p', 'inner text', 9, 0],
    ]);
    const read = (spans: readonly number[]): string[] => spans.flatMap((s, k) => (k % 2 === 0 ? [d.text.slice(s, spans[k + 1])] : []));
    expect(read(blocks[0].spans)).toEqual(['alpha', 'beta', 'gamma', 'delta', 'link']);
  });

  it('lists blocks in source order of their first text', () => {
    const d = doc('<ul><li>一<ol><li>二</li></ol>三</li></ul><p>四</p>');
    expect(rows(listTextBlocks(d)).map((b) => b.text)).toEqual(['一\n三', '二', '四']);
  });

  it('leaves out a block whose own text is only whitespace, links and all', () => {
    const d = doc('<div>\u00a0 <a href="/x"> </a><p>kept</p>\u3000</div><p>last</p>');
    expect(rows(listTextBlocks(d)).map((b) => b.text)).toEqual(['kept', 'last']);
  });

  it('gives the last blocks before a node, in table order', () => {
    const d = doc('<h2>one</h2><p>two</p><p>three</p><ul><li>four</li></ul>');
    const blocks = listTextBlocks(d);
    const ul = blocks.node[3] - 1;
    expect(lastBlocksBefore(blocks, ul, 2).map((k) => blocks.text(k))).toEqual(['two', 'three']);
    expect(lastBlocksBefore(blocks, blocks.node[0], 2)).toEqual([]);
  });
});

describe('joinSpanText', () => {
  const upper = (text: string) => (start: number, end: number): string => text.slice(start, end).toUpperCase();
  it.each<[string, string, number[], ((text: string) => (start: number, end: number) => string) | undefined, string]>([
    ['one slice when the gaps are separators', 'ab cd\nef', [0, 2, 3, 5, 6, 8], undefined, 'ab cd\nef'],
    ['a line break for any other gap', 'abXcdYef', [0, 2, 3, 5, 6, 8], undefined, 'ab\ncd\nef'],
    ['spaces around a break and a run of breaks make one break', 'ab \n\n cd', [0, 2, 6, 8], undefined, 'ab\ncd'],
    ['a break with a space before it, in a gap of separators', 'ab \ncd', [0, 2, 4, 6], undefined, 'ab\ncd'],
    ['ends trimmed', ' ab\n', [0, 4], undefined, 'ab'],
    ['pieces read apart, gaps kept', 'ab cdXef', [0, 2, 3, 5, 6, 8], upper, 'AB CD\nEF'],
  ])('%s', (_name, text, bounds, piece, expected) => {
    expect(joinSpanText(text, bounds, 0, bounds.length, piece?.(text))).toBe(expected);
  });

  it('rewrites the breaks as the break-run replace does, on random texts', () => {
    const alphabet = ['a', 'b', ' ', '\n', 'X'];
    let seed = 11;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    for (let round = 0; round < 300; round++) {
      const text = Array.from({ length: 1 + random(12) }, () => alphabet[random(alphabet.length)]).join('');
      expect(joinSpanText(text, [0, text.length], 0, 2)).toBe(text.replace(/ *\n[ \n]*/gu, '\n').trim());
    }
  });
});

describe('TextBlockTable spans', () => {
  const paragraphs = Array.from({ length: 6 }, (_, n) => `<p>line ${n} of text</p>`).join('');
  const lines = Array.from({ length: 6 }, (_, n) => `line ${n} of text`);
  // a block of three text nodes (three spans) and one whose nested block cuts it (two)
  const inline = '<p>one <i>in</i> three</p>';
  const cut = '<div>before<p>inside</p>after</div>';
  const read = (d: ReturnType<typeof doc>, spans: readonly number[]): string => spans.flatMap((s, k) => (k % 2 === 0 ? [d.text.slice(s, spans[k + 1])] : [])).join(' ');

  it.each([
    ['one span a block', paragraphs, lines],
    ['blocks of more spans first', `${inline}${cut}${paragraphs}`, ['one in three', 'before\nafter', 'inside', ...lines]],
    ['blocks of more spans last', `${paragraphs}${cut}${inline}`, [...lines, 'before\nafter', 'inside', 'one in three']],
  ])('reads each block\'s spans where they start: %s', (_name, html, texts) => {
    const d = doc(html);
    const table = listTextBlocks(d);
    const all = Array.from({ length: table.length }, (_, k) => k);
    expect(all.map((k) => table.text(k))).toEqual(texts);
    expect(all.map((k) => read(d, table.spans(k)))).toEqual(texts.map((t) => t.replace('\n', ' ')));
    expect(table.spansOf(all).flatMap((l) => Array.from(l))).toEqual(all.flatMap((k) => table.spans(k)));
  });

  it('makes no column of where the spans start when every block has one span', () => {
    // the column is 4 bytes a block: on a page of 100,000 paragraphs, 0.4 MB that `2k` gives
    expect(Reflect.get(listTextBlocks(doc(paragraphs)), 'spanFrom')).toBeNull();
    expect(Reflect.get(listTextBlocks(doc(`${paragraphs}${inline}`)), 'spanFrom')).toBeInstanceOf(Int32Array);
  });

  // a block that opens with a link of no text (an avatar's image link) starts where the link stands, before its first span
  it.each([
    // (after a block of whitespace only, gathered and left out: the table's order is not the gathering's)
    ['second', `<h2>Thread</h2><div>\u00a0<a href="/x"> </a></div><p><a href="/u"><img src="avatar.png"></a> wrote this first</p>${paragraphs}`, 1],
    ['last', `${paragraphs}<p><a href="/u"><img src="avatar.png"></a> wrote this first</p>`, 6],
  ])('starts a block that opens with a link at the link: a block %s', (_name, html, at) => {
    const d = doc(html);
    const table = listTextBlocks(d);
    const link = d.index.tag.indexOf('a');
    expect(table.start(at)).toBe(d.stats.textStart[link]);
    expect(table.spanBounds[table.spanStart(at)]).toBe(d.text.indexOf('wrote'));
    expect(table.start(at)).toBeLessThan(d.text.indexOf('wrote'));
    expect(table.block(at).start).toBe(table.start(at));
    // the other blocks start where their text does
    const others = Array.from({ length: table.length }, (_, k) => k).filter((k) => k !== at);
    expect(others.map((k) => table.start(k))).toEqual(others.map((k) => d.text.indexOf(table.text(k))));
    expect(Reflect.get(table, 'starts')).toBeInstanceOf(Int32Array);
  });

  it('makes no column of the blocks\' starts when each is where its first span starts', () => {
    const d = doc(`<p><a href="/u">aygul</a> wrote this first</p>${paragraphs}`);
    const table = listTextBlocks(d);
    expect(Reflect.get(table, 'starts')).toBeNull();
    expect(table.start(0)).toBe(d.text.indexOf('aygul'));
    expect(lines.map((line, k) => table.start(k + 1))).toEqual(lines.map((line) => d.text.indexOf(line)));
  });
});

describe('TextBlockTable.spansOf', () => {
  const table = listTextBlocks(analyze(asNormalized(`<body>${Array.from({ length: 40 }, (_, n) => `<p>word ${n} <b>bold</b> tail</p>`).join('')}</body>`)));
  const concat = (ks: number[]) => ks.flatMap((k) => table.spans(k));

  it('gives views of the table\'s own list for runs of consecutive blocks, when they weigh less than a copy', () => {
    const all = Array.from({ length: table.length }, (_, k) => k);
    const lists = table.spansOf(all);
    expect(lists.length).toBe(1);
    expect(lists[0].buffer).toBe(table.spanBounds.buffer); // a view, not a copy
    expect(Array.from(lists[0])).toEqual(concat(all));
  });

  it('copies into one list when the runs are many (every other block)', () => {
    const every = Array.from({ length: table.length }, (_, k) => k).filter((k) => k % 2 === 0);
    const lists = table.spansOf(every);
    expect(lists.length).toBe(1);
    expect(lists[0].buffer).not.toBe(table.spanBounds.buffer);
    expect(Array.from(lists[0])).toEqual(concat(every));
    expect(table.spansOf([]).flatMap((l) => Array.from(l))).toEqual([]);
  });
});
