import { describe, expect, it } from 'vitest';
import { findLyingCharset } from '../../src/encoding/mojibake.js';
import iconv from 'iconv-lite';
import { encodeSingleByte, page, utf8, ARABIC_TEXT, FRENCH_TEXT } from './charset-fixtures.js';

const CHINESE_TEXT = '今天天气很好，我们在公园里散步，孩子们在草地上玩耍，老人们在树下下棋聊天，大家都很开心。';
const gbk = (s: string): Uint8Array => Uint8Array.from(iconv.encode(s, 'gbk'));

describe('findLyingCharset', () => {
  it.each([
    ['UTF-8 bytes declared windows-1252', utf8(page('', FRENCH_TEXT)), 'windows-1252', 'utf-8', 'single-byte-declared-but-utf8'],
    ['UTF-8 bytes declared windows-1256', utf8(page('', ARABIC_TEXT)), 'windows-1256', 'utf-8', 'single-byte-declared-but-utf8'],
    ['a page of UTF-8 Chinese declared gbk', utf8(page('', CHINESE_TEXT)), 'gbk', 'utf-8', 'multi-byte-declared-but-utf8'],
    ['a page of UTF-8 Chinese declared big5', utf8(page('', CHINESE_TEXT)), 'big5', 'utf-8', 'multi-byte-declared-but-utf8'],
  ])('%s', (_, bytes, declared, to, reason) => {
    expect(findLyingCharset(bytes, declared)).toMatchObject({ from: declared, to, reason });
  });

  it.each([
    ['French in windows-1252', encodeSingleByte(page('', FRENCH_TEXT), 'windows-1252'), 'windows-1252'],
    ['ASCII with references declared windows-1252', utf8(page('', '&#1588;&#1609;&#1739;')), 'windows-1252'],
    ['Arabic in windows-1256 declared windows-1256', encodeSingleByte(page('', ARABIC_TEXT), 'windows-1256'), 'windows-1256'],
    ['Arabic windows-1256 declared windows-1251 (not UTF-8: left to the candidate ranking)', encodeSingleByte(page('', ARABIC_TEXT), 'windows-1256'), 'windows-1251'],
    ['UTF-8 declared utf-8', utf8(page('', ARABIC_TEXT)), 'utf-8'],
    ['GBK declared gbk', Uint8Array.from([0xd6, 0xd0, 0xce, 0xc4]), 'gbk'],
    ['a page of GBK Chinese declared gbk', gbk(page('', CHINESE_TEXT)), 'gbk'],
    ['a few UTF-8 Chinese characters declared gbk (too few to call it a lie)', utf8(page('', '今天天气很好')), 'gbk'],
    ['one UTF-8 sequence declared windows-1252', utf8(page('', 'café')), 'windows-1252'],
  ])('keeps %s', (_, bytes, declared) => {
    expect(findLyingCharset(bytes, declared)).toBeNull();
  });
});
