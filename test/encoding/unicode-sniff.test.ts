import { describe, expect, it } from 'vitest';
import { scanUtf8, sniffUtf16Or32 } from '../../src/encoding/unicode-sniff.js';
import { encodeSingleByte, utf16, utf32, utf8, ARABIC_TEXT } from './charset-fixtures.js';

describe('scanUtf8', () => {
  it.each([
    ['ascii', [0x3c, 0x70, 0x3e], { ascii: true, multibyte: 0, invalid: 0 }],
    ['two-byte', [...utf8('شى')], { ascii: false, multibyte: 2, invalid: 0 }],
    ['four-byte', [...utf8('😀')], { ascii: false, multibyte: 1, invalid: 0 }],
    ['overlong', [0xc0, 0xaf], { ascii: false, multibyte: 0, invalid: 2 }],
    ['surrogate', [0xed, 0xa0, 0x80], { ascii: false, multibyte: 0, invalid: 3 }],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], { ascii: false, multibyte: 0, invalid: 4 }],
    ['truncated at end', [0x61, 0xe4, 0xb8], { ascii: false, multibyte: 0, invalid: 1 }],
    ['lone continuation', [0x80], { ascii: false, multibyte: 0, invalid: 1 }],
  ])('%s', (_, bytes, expected) => {
    expect(scanUtf8(Uint8Array.from(bytes))).toEqual(expected);
  });

  it('finds windows-1256 Arabic invalid', () => {
    expect(scanUtf8(encodeSingleByte(ARABIC_TEXT, 'windows-1256')).invalid).toBeGreaterThan(10);
  });
});

describe('sniffUtf16Or32', () => {
  const html = '<html><body><p>Hello, world. Merhaba.</p></body></html>';
  it.each([
    ['utf-16le', utf16(html, false)],
    ['utf-16be', utf16(html, true)],
    ['utf-32le', utf32(html, false)],
    ['utf-32be', utf32(html, true)],
  ])('%s', (charset, bytes) => {
    expect(sniffUtf16Or32(bytes)).toBe(charset);
  });

  it.each([
    ['utf-8', utf8(html + 'شى')],
    ['windows-1256', encodeSingleByte(ARABIC_TEXT, 'windows-1256')],
    ['too short', Uint8Array.from([0x3c, 0])],
  ])('none for %s', (_, bytes) => {
    expect(sniffUtf16Or32(bytes)).toBeNull();
  });
});
