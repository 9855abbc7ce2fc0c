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

  it('records the block element and the heading level', () => {
    const d = doc('<body><h1><a href="/">标题</a></h1><p>正文</p></body>');
    const blocks = listBoundaryBlocks(d, OPTS).filter((b) => b.text !== '');
    expect(blocks.map((b) => [b.text, b.heading, d.index.tag[b.node]])).toEqual([['标题', 1, 'h1'], ['正文', 0, 'p']]);
  });

  it('with no options the page is one block', () => {
    expect(listBoundaryBlocks(doc('<div><p>一</p><p>二</p></div>')).length).toBe(1);
  });
});
