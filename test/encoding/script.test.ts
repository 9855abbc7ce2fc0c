import { describe, expect, it } from 'vitest';
import { detectScript, isRightToLeftScript } from '../../src/encoding/script.js';

describe('detectScript', () => {
  it.each([
    ['Uyghur page with Latin markup', '<div class="post-content-wrapper"><p>ئۇيغۇر تىلى ناھايىتى گۈزەل</p></div>', 'arabic'],
    ['Chinese page', '<html><head><style>body{font-family:arial}</style></head><body><p>今天天气很好，我们去公园散步。</p></body></html>', 'han'],
    ['English text', 'The quick brown fox', 'latin'],
    ['Russian text', 'Привет, мир', 'cyrillic'],
    ['script content does not count', '<script>var aVeryLongLatinIdentifierName = 1;</script><p>سلام</p>', 'arabic'],
    ['comments do not count', '<!-- a long latin comment here --><p>שלום</p>', 'hebrew'],
    ['named references do not count as Latin', '<p>&nbsp;&nbsp;&nbsp;&nbsp;&raquo;&laquo; ش</p>', 'arabic'],
    ['presentation forms count as Arabic', '\uFEB7\uFEE0\uFBFF abc', 'arabic'],
    ['no letters', '<p>123 !!!</p>', 'none'],
    ['literal < in text', 'a < b and c <3 Привет мир дорогой', 'cyrillic'],
  ])('%s', (_name, html, script) => {
    expect(detectScript(html).script).toBe(script);
  });

  it('counts code points per script and the share of the winner', () => {
    const report = detectScript('abc 中文 ش', { markup: false });
    expect(report.counts).toEqual({ latin: 3, han: 2, arabic: 1 });
    expect(report.letters).toBe(6);
    expect(report.share).toBe(0.5);
  });

  it('with markup: false counts tag names too', () => {
    expect(detectScript('<blockquote>ش</blockquote>', { markup: false }).script).toBe('latin');
  });

  it('is linear on pathological markup (unclosed tags, many <)', () => {
    expect(detectScript('<'.repeat(200_000)).script).toBe('none');
    expect(detectScript(`${'<a '.repeat(100_000)}`).script).toBe('none');
    expect(detectScript(`<script>${'x'.repeat(100_000)}`).script).toBe('none');
  });

  it.each([['arabic', true], ['hebrew', true], ['latin', false], ['han', false]])('isRightToLeftScript(%s) = %s', (s, rtl) => {
    expect(isRightToLeftScript(s)).toBe(rtl);
  });
});
