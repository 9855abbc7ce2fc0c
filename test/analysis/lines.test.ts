import { describe, expect, it } from 'vitest';
import { countChars, decodeReferences, splitLines } from '../../src/analysis/lines.js';

describe('splitLines (Ctext)', () => {
  it('strips tags, script, style and comments, keeping every source line', () => {
    const html = '<p>一二</p>\n<script>\nvar x = "三";\n</script>\n<!-- 四\n五 -->\n<style>p{}</style><b>六</b>';
    const lines = splitLines(html);
    expect(lines.map((l) => l.text)).toEqual(['一二', '', '', '', '', '', '六']);
    expect(lines.map((l) => l.sourceLine)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it.each([
    ['a &lt; b &amp; c', 'a < b & c'],
    ['x&nbsp;y', 'x y'],
    ['&#20013;&#x6587;', '中文'],
    ['&unknownentity;z', 'z'],
    ['a < b', 'a < b'],
  ])('decodes references and keeps a bare < in %s', (html, want) => {
    expect(splitLines(html)[0].text).toBe(want);
  });

  it('counts non-whitespace code points (an astral character is one)', () => {
    expect(countChars(' 中 文\tab 😀 ')).toBe(5);
    expect(decodeReferences('no refs')).toBe('no refs');
  });

  it('cuts a long line at block-level tags and <br>, not at inline tags', () => {
    const long = 'あ'.repeat(30);
    const html = `<div><p>${long}</p><p>${long}<b>強</b>${long}</p><br>${long}</div>`;
    const cut = splitLines(html, { longLineChars: 50 });
    expect(cut.map((l) => l.chars)).toEqual([30, 61, 30]);
    expect(cut.every((l) => l.sourceLine === 0)).toBe(true);
    expect(splitLines(html, { longLineChars: 0 }).length).toBe(1);
    expect(splitLines(html, { longLineChars: 500 }).length).toBe(1);
  });

  it('an unterminated comment or script swallows the rest without throwing', () => {
    expect(splitLines('a\n<!-- b\nc').map((l) => l.text)).toEqual(['a', '', '']);
    expect(splitLines('a<script>b\nc').map((l) => l.text)).toEqual(['a', '']);
  });
});
