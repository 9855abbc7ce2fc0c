import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listBoundaryBlocks } from '../../src/analysis/blocks.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));
const OPTS = { dropTags: ['script', 'form'], boundaryTags: ['body', 'div', 'p', 'br', 'h1'], uncountedTags: ['a'] };

describe('listBoundaryBlocks', () => {
  it.each([
    { name: 'each start and end of a boundary separates blocks; empty blocks stay', html: '<body><p>一二</p><p>三</p></body>', want: [['', 0], ['', 0], ['一二', 2], ['', 0], ['三', 1], ['', 0], ['', 0]] },
    { name: 'a void boundary (<br>) is one separator', html: '<body>一<br>二</body>', want: [['', 0], ['一', 1], ['二', 1], ['', 0]] },
    { name: 'type I content is dropped', html: '<body>甲<form>乙丙</form>丁<script>x</script></body>', want: [['', 0], ['甲 丁', 2], ['', 0]] },
    { name: 'uncounted text is in the text, not the count', html: '<body>甲<a href="#">乙丙</a>丁</body>', want: [['', 0], ['甲乙丙丁', 2], ['', 0]] },
    { name: 'inline elements do not separate', html: '<body><p>甲<b>乙</b>丙</p></body>', want: [['', 0], ['', 0], ['甲乙丙', 3], ['', 0], ['', 0]] },
  ])('$name', ({ html, want }) => {
    expect(listBoundaryBlocks(doc(html), OPTS).map((b) => [b.text, b.chars])).toEqual(want);
  });

  it('keepEmpty: false lists the same blocks without the empty ones', () => {
    const d = doc('<body><p>一二</p><p> </p><p>三<a href="#">四</a></p><div><p></p></div></body>');
    const all = listBoundaryBlocks(d, OPTS);
    const lean = listBoundaryBlocks(d, { ...OPTS, keepEmpty: false });
    expect(lean).toEqual(all.filter((b) => b.text !== '' || b.chars > 0 || b.uncountedChars > 0 || b.spans.length > 0));
    expect(lean.map((b) => b.text)).toEqual(['一二', '三四']);
  });

  it('records the block element and the heading level', () => {
    const d = doc('<body><h1><a href="/">标题</a></h1><p>正文</p></body>');
    const blocks = listBoundaryBlocks(d, OPTS).filter((b) => b.text !== '');
    expect(blocks.map((b) => [b.text, b.heading, d.index.tag[b.node]])).toEqual([['标题', 1, 'h1'], ['正文', 0, 'p']]);
  });

  it('a block with uncounted text keeps its own counted text and spans; a block without has both equal', () => {
    const d = doc('<body><p>甲 <a href="#">乙</a>\n丁</p><p>戊 己</p></body>');
    const blocks = listBoundaryBlocks(d, OPTS).filter((b) => b.text !== '');
    const read = (spans: readonly number[]): string[] => spans.flatMap((s, k) => (k % 2 === 0 ? [d.text.slice(s, spans[k + 1])] : []));
    expect(blocks.map((b) => [b.text, b.countedText, b.chars, b.uncountedChars])).toEqual([['甲 乙 丁', '甲 丁', 2, 1], ['戊 己', '戊 己', 2, 0]]);
    expect(blocks.map((b) => [read(b.spans).join('|'), read(b.countedSpans).join('|')])).toEqual([['甲|乙|丁', '甲|丁'], ['戊 己', '戊 己']]);
  });

  it('empty blocks carry the boundary element that opens them and no text', () => {
    const d = doc('<body><div><p></p></div></body>');
    const blocks = listBoundaryBlocks(d, OPTS);
    expect(blocks.map((b) => [d.index.tag[b.node], b.text, b.countedText, b.chars, b.heading, b.spans.length, b.countedSpans.length])).toEqual([
      ['', '', '', 0, 0, 0, 0], ['body', '', '', 0, 0, 0, 0], ['div', '', '', 0, 0, 0, 0], ['p', '', '', 0, 0, 0, 0], ['div', '', '', 0, 0, 0, 0], ['body', '', '', 0, 0, 0, 0], ['', '', '', 0, 0, 0, 0],
    ]);
  });

  it('reads heading levels h1 to h6 only, the highest one of a block winning', () => {
    const d = doc('<body><h6>六</h6><h3>三</h3><h7>七</h7><hr><h1>一<h2>二</h2></h1></body>');
    const blocks = listBoundaryBlocks(d, { boundaryTags: ['body', 'hr'] }).filter((b) => b.text !== '');
    expect(blocks.map((b) => [b.text, b.heading])).toEqual([['六\n三\n七', 3], ['一\n二', 1]]);
  });

  it('with no options the page is one block', () => {
    expect(listBoundaryBlocks(doc('<div><p>一</p><p>二</p></div>')).length).toBe(1);
  });
});
