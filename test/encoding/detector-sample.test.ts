import { describe, expect, it } from 'vitest';
import { isMatnError } from '../../src/core/errors.js';
import { sampleForDetector } from '../../src/encoding/detector-sample.js';
import { countReplacementsUpTo, decodeBytes } from '../../src/encoding/iconv.js';

const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
const text = (b: Uint8Array): string => String.fromCharCode(...b);

describe('sampleForDetector', () => {
  it.each([
    // [page (one char per byte), sample]
    ['<p>caf\xe9</p><p>plain</p><b>\xe0 la</b>', 'caf\xe9\n\xe0 la\n'],
    // non-ASCII only inside tags: the runs between any < and >, never the declaration around them
    ['<meta charset="utf-8"><a title="\xe9">ascii only</a>', 'a title="\xe9"\n'],
    ['<meta charset="utf-8"><title><![CDATA[\xf9\xe9\xf4]]></title>', '![CDATA[\xf9\xe9\xf4]]\n'],
    ['no markup \xd6\xd0\xce\xc4 at all', 'no markup \xd6\xd0\xce\xc4 at all'], // a text file is its own sample
    ['<p>\x1b$B$3\x1b(B</p>', '<p>\x1b$B$3\x1b(B</p>'], // ISO-2022: no high byte, the detector sees it all
    ['<p>\xb0\x40\xa4\x5c</p>', '\xb0\x40\xa4\x5c\n'], // Big5 trail bytes in the ASCII range stay with their lead
    ['<p>tail \xe9', 'tail \xe9\n'], // an unclosed last run is kept
    ['<p>\xe9</p><unclosed \xe9', '\xe9\n'], // an unclosed tag is not text
  ])('%j', (page, expected) => {
    expect(text(sampleForDetector(latin1(page)))).toBe(expected);
  });

  it.each([
    // [page, maxBytes, sample]: the run that does not fit ends after its last byte below 0x30, or goes
    ['<p>\xe9\xe9\xe9\xe9</p><p>\xe8\xe8 \xe8\xe8</p><p>\xe7</p>', 8, '\xe9\xe9\xe9\xe9\n\xe8\xe8 '],
    ['<p>\xe9\xe9\xe9\xe9</p><p>\xe8\xe8\xe8\xe8</p><p>\xe7</p>', 8, '\xe9\xe9\xe9\xe9\n'],
    // GB18030 four-byte characters hold digits: a digit is no cut point (\x81\x30\x81\x30 is one character)
    ['<p>\x81\x30\x81\x30\x81\x30\x81\x30</p>', 6, '<p>\x81\x30\x81\x30\x81\x30\x81\x30</p>'],
    ['<p>\xd6\xd0,\x81\x30\x81\x30</p>', 6, '\xd6\xd0,\n'],
  ])('%j with maxBytes %i: never cut inside a character', (page, maxBytes, expected) => {
    expect(text(sampleForDetector(latin1(page), { maxBytes }))).toBe(expected);
  });

  it('does not modify its input', () => {
    const page = latin1('<p>caf\xe9</p>');
    const copy = page.slice();
    sampleForDetector(page);
    expect(page).toEqual(copy);
  });

  it('rejects unknown options', () => {
    expect(() => sampleForDetector(latin1('x'), { max: 1 } as never)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('countReplacementsUpTo', () => {
  // GBK 中文 ×3000, then 20 bytes that are not GBK
  const gbk = new Uint8Array([...Array.from({ length: 3000 }, () => [0xd6, 0xd0, 0xce, 0xc4]).flat(), ...Array<number>(20).fill(0xff)]);

  it.each(['gbk', 'big5', 'shift_jis', 'euc-kr', 'euc-jp', 'windows-1252', 'iso-2022-jp'])('%s: equals decodeBytes when within the limit', (charset) => {
    const exact = decodeBytes(gbk, charset).replacements;
    expect(countReplacementsUpTo(gbk, charset, exact)).toBe(exact);
    expect(countReplacementsUpTo(gbk, charset, exact + 5)).toBe(exact);
  });

  it.each(['gbk', 'big5', 'shift_jis', 'euc-kr', 'euc-jp'])('%s: says limit + 1 above the limit', (charset) => {
    const exact = decodeBytes(gbk, charset).replacements;
    expect(exact).toBeGreaterThan(0);
    expect(countReplacementsUpTo(gbk, charset, exact - 1)).toBe(exact);
    expect(countReplacementsUpTo(gbk, charset, 0)).toBe(1);
  });

  it('throws on an unsupported charset', () => {
    let error: unknown;
    try {
      countReplacementsUpTo(gbk, 'johab', 3);
    } catch (e) {
      error = e;
    }
    expect(isMatnError(error) && error.code).toBe('unsupported-encoding');
  });
});
