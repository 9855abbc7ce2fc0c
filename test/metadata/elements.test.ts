import { describe, expect, it } from 'vitest';
import { collapseWhitespace } from '../../src/metadata/elements.js';

describe('collapseWhitespace', () => {
  it.each([
    ['Jane Roe', 'Jane Roe'],
    ['  Jane \n\t Roe  ', 'Jane Roe'],
    ['Jane  Roe', 'Jane Roe'],
    ['Jane\u00a0Roe', 'Jane Roe'],
    ['王丽\u3000张强', '王丽 张强'],
    [' Jane', 'Jane'],
    ['Jane ', 'Jane'],
    ['\nJane', 'Jane'],
    ['Jane\n', 'Jane'],
    ['Jane\u200cRoe', 'Jane\u200cRoe'], // a zero-width non-joiner is no whitespace
    [' ', ''],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(collapseWhitespace(text)).toBe(expected);
  });

  it('gives what replacing every whitespace run by a space and trimming gives, on mixed texts', () => {
    const pieces = ['a', 'ب', '王', ' ', '  ', '\n', '\t', '\u00a0', '\u2028', '\ufeff', '\u3000', '\u200c', '.'];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let k = 0; k < 2000; k++) {
      const text = Array.from({ length: next() % 9 }, () => pieces[next() % pieces.length]).join('');
      expect(collapseWhitespace(text)).toBe(text.replace(/\s+/gu, ' ').trim());
    }
  });
});
