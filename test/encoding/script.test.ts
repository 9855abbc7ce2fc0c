import fc from 'fast-check';
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

describe('detectScript counts (fast path) match a per-letter Map count', () => {
  /** The per-letter definition: every letter's script counted in a Map, in order of first appearance. */
  function reference(text: string): Record<string, number> {
    const counts = new Map<string, number>();
    for (const ch of text) {
      if (!/^\p{L}$/u.test(ch)) continue;
      const name = /^\p{Script=Latin}$/u.test(ch) ? 'latin' : /^\p{Script=Arabic}$/u.test(ch) ? 'arabic'
        : /^\p{Script=Han}$/u.test(ch) ? 'han' : /^[\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(ch) ? 'kana'
          : /^\p{Script=Cyrillic}$/u.test(ch) ? 'cyrillic' : 'other';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return Object.fromEntries(counts);
  }

  it('gives the same counts in the same key order on random mixed text', () => {
    const alphabet = fc.constantFrom('a', 'Z', 'é', 'ئ', 'ۇ', '中', 'カ', 'ひ', 'Ж', '1', ' ', '،', '😀', 'ᚠ', '𠀀', '𐌰');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 30 }).map((cs) => cs.join('')), (text) => {
      const report = detectScript(text, { markup: false });
      const want = reference(text);
      expect(Object.entries(report.counts)).toEqual(Object.entries(want));
    }), { numRuns: 1000 });
  });
});

describe('detectScript counts by range', () => {
  const NAMES: ReadonlyArray<readonly [string, RegExp]> = [
    ['arabic', /^\p{Script=Arabic}$/u], ['han', /^\p{Script=Han}$/u], ['hangul', /^\p{Script=Hangul}$/u], ['latin', /^\p{Script=Latin}$/u],
  ];
  const naive = (text: string): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const ch of text) {
      if (!/^\p{L}$/u.test(ch)) continue;
      const name = NAMES.find(([, re]) => re.test(ch))?.[0] ?? 'other';
      out[name] = (out[name] ?? 0) + 1;
    }
    return out;
  };
  const range = (from: number, to: number): string => Array.from({ length: to - from + 1 }, (_, k) => String.fromCodePoint(from + k)).join('');

  it.each([
    ['Arabic block and around', 0x0600, 0x0700],
    ['CJK Extension A and around', 0x33f0, 0x4e10],
    ['CJK ideographs and around', 0x4df0, 0xa010],
    ['Hangul syllables and around', 0xabf0, 0xd7b0],
  ])('%s: every letter counted under its Unicode script', (_name, from, to) => {
    const text = range(from, to);
    expect(detectScript(text, { markup: false }).counts).toEqual(naive(text));
  });
});
