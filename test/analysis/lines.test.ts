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

describe('splitLines fast paths (same result as the regex/lower-case reference)', () => {
  it.each([
    ['upper-case raw-text tags', '<SCRIPT>x\ny</Script>\n<p>一</p>', ['', '', '一']],
    ['a close tag spelled in mixed case', '<style>a{}\n</STYLE >b', ['', 'b']],
    ['U+0130 before a script (lower-casing lengthens it)', 'İ<script>a\n</script>b', ['İ', 'b']],
    ['the Kelvin sign inside a script', '<script>\u212a\n</script>c', ['', 'c']],
    ['a script whose close tag is missing', '<script>a\nb', ['', '']],
    ['a self-closed script', '<script/>a\nb', ['a', 'b']],
    ['a tag name longer than the 40-character window', `<${'d'.repeat(50)}>x</${'d'.repeat(50)}>`, ['x']],
    ['tabs, NBSP and runs of spaces', ' a\t\tb\u00a0 c  d e ', ['a b c d e']],
    ['a line of whitespace only', '\t \u3000\n<b>x</b>', ['', 'x']],
  ])('%s', (_name, html, want) => {
    expect(splitLines(html).map((l) => l.text)).toEqual(want);
  });

  it('keeps every newline inside tags of a one-line page with many tags', () => {
    const html = `${'<span>a</span>'.repeat(2000)}<div\n\n>b</div>`;
    const lines = splitLines(html, { longLineChars: 0 });
    expect(lines.map((l) => l.sourceLine)).toEqual([0, 1, 2]);
    expect(lines.map((l) => l.chars)).toEqual([2000, 0, 1]);
  });
});
