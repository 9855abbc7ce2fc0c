import { describe, expect, it } from 'vitest';
import { countWords } from '../../src/metadata/language.js';

describe('countWords', () => {
  it('counts like split(/\\s+/u) with every code unit as the separator', () => {
    for (let c = 0; c < 0x10000; c++) {
      const text = `a${String.fromCharCode(c)}b`;
      if (countWords(text) !== text.split(/\s+/u).length) throw new Error(`differs at U+${c.toString(16)}`);
    }
  });

  it.each([
    ['', 1],
    ['one', 1],
    [' leading and trailing ', 5],
    ['a \t\n b\u3000c\u00a0\u2028d', 4],
    ['中文 English ئۇيغۇرچە', 3],
  ])('%j', (text, n) => {
    expect(countWords(text)).toBe(n);
    expect(countWords(text)).toBe(text.split(/\s+/u).length);
  });
});
