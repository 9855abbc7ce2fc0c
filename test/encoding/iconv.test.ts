import { describe, expect, it } from 'vitest';
import { isMatnError } from '../../src/core/errors.js';
import { decodeBytes, decodesAsciiAsAscii, isSupportedCharset } from '../../src/encoding/iconv.js';
import { WHATWG_ENCODING_NAMES } from '../../src/encoding/whatwg-labels.js';
import { encodeSingleByte, utf16, utf32, utf8, ARABIC_TEXT } from './charset-fixtures.js';

describe('decodeBytes', () => {
  it.each([
    ['windows-1256', [0xc7, 0xe1, 0xda, 0xd1, 0xc8, 0xed, 0xc9], 'العربية'],
    ['iso-8859-6', [0xc7, 0xe4, 0xd9, 0xd1, 0xc8, 0xea, 0xc9], 'العربية'],
    ['windows-1252', [0x80, 0xe9], '€é'],
    ['iso-8859-1', [0x80], '€'],
    ['gbk', [0xd6, 0xd0, 0xce, 0xc4], '中文'],
    // iconv-lite maps A3A0 to U+3000 (ideographic space); the WHATWG gb18030 index gives U+E5E5.
    ['gb2312', [0xa3, 0xa0], '\u3000'],
    ['shift_jis', [0x93, 0xfa, 0x96, 0x7b], '日本'],
    ['euc-kr', [0xc7, 0xd1], '한'],
    ['big5', [0xa4, 0xa4], '中'],
    ['x-mac-cyrillic', [0x80], 'А'],
    ['ibm855', [0x80], 'ђ'],
    ['x-user-defined', [0x41, 0x80], 'A\uF780'],
  ])('%s %j', (charset, bytes, text) => {
    expect(decodeBytes(Uint8Array.from(bytes), charset)).toEqual({ text, replacements: 0 });
  });

  it('decodes UTF-16/32 in both byte orders', () => {
    expect(decodeBytes(utf16('<p>ش</p>', true), 'utf-16be').text).toBe('<p>ش</p>');
    expect(decodeBytes(utf16('<p>ش</p>', false), 'utf-16le').text).toBe('<p>ش</p>');
    expect(decodeBytes(utf32('a😀', false), 'utf-32le').text).toBe('a😀');
    expect(decodeBytes(utf32('a😀', true), 'utf-32be').text).toBe('a😀');
  });

  it('round-trips Arabic text through windows-1256', () => {
    expect(decodeBytes(encodeSingleByte(ARABIC_TEXT, 'windows-1256'), 'windows-1256').text).toBe(ARABIC_TEXT);
  });

  it('counts U+FFFD from invalid sequences but not literal ones', () => {
    expect(decodeBytes(Uint8Array.from([0x61, 0xff, 0x62, 0xc3]), 'utf-8')).toEqual({ text: 'a\uFFFDb\uFFFD', replacements: 2 });
    expect(decodeBytes(utf8('a\uFFFDb'), 'utf-8')).toEqual({ text: 'a\uFFFDb', replacements: 0 });
    expect(decodeBytes(Uint8Array.from([0xd6, 0xd0, 0xff]), 'gbk').replacements).toBe(1);
  });

  it('throws unsupported-encoding for encodings it cannot decode', () => {
    for (const cs of ['johab', 'euc-tw', 'iso-2022-kr', 'replacement', 'nonsense']) {
      expect(isSupportedCharset(cs)).toBe(false);
      try {
        decodeBytes(Uint8Array.from([0x41]), cs);
        expect.unreachable();
      } catch (error) {
        expect(isMatnError(error, 'unsupported-encoding')).toBe(true);
      }
    }
  });

  it.each([['utf-8'], ['UTF8'], ['gb18030'], ['windows-874'], ['iso-8859-8-i'], ['koi8-u'], ['macintosh'], ['utf-32be'], ['latin1']])('supports %s', (cs) => {
    expect(isSupportedCharset(cs)).toBe(true);
  });
});

describe('decodesAsciiAsAscii', () => {
  const ascii = Uint8Array.from({ length: 0x80 }, (_, i) => i);
  const asText = String.fromCharCode(...ascii);

  it.each([...WHATWG_ENCODING_NAMES, 'ibm855'].filter((name) => decodesAsciiAsAscii(name)))('%s decodes every ASCII byte to itself', (name) => {
    expect(decodeBytes(ascii, name, { stripBom: false }).text).toBe(asText);
  });

  it('leaves out the charsets that read ASCII bytes otherwise, and answers for labels too', () => {
    for (const name of ['utf-16le', 'utf-16be', 'iso-2022-jp', 'replacement', 'x-user-defined']) expect(decodesAsciiAsAscii(name)).toBe(false);
    expect(decodeBytes(Uint8Array.from([0x1b, 0x24, 0x42, 0x30, 0x21, 0x1b, 0x28, 0x42]), 'iso-2022-jp').text).not.toMatch(/^[\x00-\x7F]*$/);
    expect(decodesAsciiAsAscii('latin1')).toBe(true);
    expect(decodesAsciiAsAscii('x-sjis')).toBe(true);
    expect([...WHATWG_ENCODING_NAMES].filter((name) => decodesAsciiAsAscii(name))).toHaveLength(WHATWG_ENCODING_NAMES.length - 5);
  });
});
