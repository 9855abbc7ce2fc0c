import { describe, expect, it } from 'vitest';
import { cleanHtmlSource, cleanStrings, cleanText, hasUncleanText, type CleanTextCounts } from '../../src/core/clean-text.js';
import { defineLazyField } from '../../src/core/lazy.js';

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

describe('hasUncleanText', () => {
  // the quick character-class test lets paired surrogates and tab/LF through to the full pattern, or answers alone
  it.each([
    ['plain', false], ['tab\tand\nline', false], ['emoji \uD83D\uDE00 pair', false], ['ئۇيغۇرچە 中文', false],
    ['cr\r', true], ['ff\f', true], ['nul\u0000', true], ['high \uD83D', true], ['low \uDE00', true], ['pair then lone \uD83D\uDE00\uDE00', true],
  ])('%j → %s', (text, unclean) => {
    expect(hasUncleanText(text)).toBe(unclean);
  });
});

describe('cleanHtmlSource', () => {
  it('keeps the HTML whitespace controls (tab, LF, FF, CR) for the parser', () => {
    expect(cleanHtmlSource('a\t\n\f\r\u0000\u000B\u0007b\uDBFF')).toBe('a\t\n\f\rb\uFFFD');
  });

  it.each([
    ['a source with CRLF line ends and a pair', '<p>a\r\n\f\uD83D\uDE00</p>\r\n', '<p>a\r\n\f\uD83D\uDE00</p>\r\n', 0, 0],
    ['a lone surrogate beside CRLF', '<p>\r\n\uDC00</p>', '<p>\r\n\uFFFD</p>', 0, 1],
    ['a high surrogate at the end', '<p>x</p>\uD83D', '<p>x</p>\uFFFD', 0, 1],
    ['a vertical tab', '<p>\u000Bx</p>', '<p>x</p>', 1, 0],
  ])('cleans %s', (_, input, expected, controls, surrogates) => {
    const counts: CleanTextCounts = { controls: 0, surrogates: 0 };
    expect(cleanHtmlSource(input, counts)).toBe(expected);
    expect(counts).toEqual({ controls, surrogates });
  });
});

describe('cleanStrings', () => {
  it('returns clean data unchanged (same reference)', () => {
    const data = { a: 'x', b: ['y', { c: 'z' }], n: 3 };
    expect(cleanStrings(data)).toBe(data);
  });

  it('finds an unclean string in a flat array held by many blocks, and ends on data with cycles', () => {
    const spans = [1, 2, 'x\u0000'];
    const blocks = Array.from({ length: 3 }, (_, node) => ({ node, spans }));
    expect(cleanStrings({ blocks }).blocks[2].spans).toEqual([1, 2, 'x']);
    const loop: { name: string; next: unknown[] } = { name: 'a', next: [] };
    loop.next.push(loop, [3, 4]);
    expect(cleanStrings(loop)).toBe(loop);
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

  it('neither reads nor cleans a field computed on first read, and cleans the other fields beside it', () => {
    let reads = 0;
    const post = defineLazyField({ text: 'a\u0001', author: 'b' }, 'contentHtml', () => { reads++; return 'x\u0000'; });
    const clean = cleanStrings({ posts: [post] });
    expect(reads).toBe(0);
    expect(clean.posts[0].text).toBe('a');
    expect(clean.posts[0].author).toBe('b');
    expect(Object.getOwnPropertyDescriptor(clean.posts[0], 'contentHtml')?.get).toBeTypeOf('function');
    const untouched = defineLazyField({ text: 'fine' }, 'contentHtml', () => { reads++; return '\u0000'; });
    expect(cleanStrings(untouched)).toBe(untouched);
    expect(reads).toBe(0);
  });

  it('cleans a lazy field once it was read (it is plain data then)', () => {
    const post = defineLazyField({ text: 'ok' }, 'contentHtml', () => 'x\u0000');
    expect(post.contentHtml).toBe('x\u0000');
    expect(cleanStrings(post).contentHtml).toBe('x');
  });

  it('walks deeply nested data without recursion', () => {
    let deep: unknown = 'bad\u0001';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let cleaned = cleanStrings(deep) as unknown;
    for (let i = 0; i < 100_000; i++) cleaned = (cleaned as unknown[])[0];
    expect(cleaned).toBe('bad');
  });
});
