import { describe, expect, it } from 'vitest';
import { cleanHtmlSource, cleanStrings, cleanText, hasUncleanText, type CleanTextCounts } from '../../src/core/clean-text.js';

describe('cleanText', () => {
  it.each([
    ['a\u0000b', 'ab', 1, 0],
    ['a\u0001\u001Fb', 'ab', 2, 0],
    ['tab\there\nline', 'tab\there\nline', 0, 0],
    ['crlf\r\nline', 'crlf\nline', 1, 0],
    ['cr\rline', 'cr\nline', 1, 0],
    ['lone \uD800 high', 'lone \uFFFD high', 0, 1],
    ['lone \uDC00 low', 'lone \uFFFD low', 0, 1],
    ['pair \uD83D\uDE00 ok', 'pair \uD83D\uDE00 ok', 0, 0],
    ['end \uD83D', 'end \uFFFD', 0, 1],
  ])('cleans %j', (input, expected, controls, surrogates) => {
    const counts: CleanTextCounts = { controls: 0, surrogates: 0 };
    expect(cleanText(input, counts)).toBe(expected);
    expect(counts).toEqual({ controls, surrogates });
    expect(hasUncleanText(cleanText(input))).toBe(false);
  });
});

describe('cleanHtmlSource', () => {
  it('keeps the HTML whitespace controls (tab, LF, FF, CR) for the parser', () => {
    expect(cleanHtmlSource('a\t\n\f\r\u0000\u000B\u0007b\uDBFF')).toBe('a\t\n\f\rb\uFFFD');
  });
});

describe('cleanStrings', () => {
  it('returns clean data unchanged (same reference)', () => {
    const data = { a: 'x', b: ['y', { c: 'z' }], n: 3 };
    expect(cleanStrings(data)).toBe(data);
  });

  it('copies data with unclean strings, keeping frozenness and non-plain values', () => {
    const typed = new Uint32Array([1, 2]);
    const data = Object.freeze({ a: 'x\u0000', b: Object.freeze(['y', { c: 'z\uD800' }]), typed, n: 3 });
    const counts: CleanTextCounts = { controls: 0, surrogates: 0 };
    const cleaned = cleanStrings(data, counts);
    expect(cleaned).toEqual({ a: 'x', b: ['y', { c: 'z\uFFFD' }], typed, n: 3 });
    expect(cleaned.typed).toBe(typed);
    expect(Object.isFrozen(cleaned)).toBe(true);
    expect(Object.isFrozen(cleaned.b)).toBe(true);
    expect(data.a).toBe('x\u0000'); // input not mutated
    expect(counts).toEqual({ controls: 1, surrogates: 1 });
  });

  it('walks deeply nested data without recursion', () => {
    let deep: unknown = 'bad\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let cleaned = cleanStrings(deep) as unknown;
    for (let i = 0; i < 100_000; i++) cleaned = (cleaned as unknown[])[0];
    expect(cleaned).toBe('bad');
  });
});
