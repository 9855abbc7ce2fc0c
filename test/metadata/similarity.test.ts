import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparable, comparableSimilarity, normalizeForComparison, textSimilarity } from '../../src/metadata/similarity.js';

/** The definition: Dice coefficient of string bigrams of the code points, whitespace removed. */
function reference(a: string, b: string): number {
  const grams = (text: string): Map<string, number> => {
    const chars = Array.from(normalizeForComparison(text).replace(/\s+/g, ''));
    const out = new Map<string, number>();
    for (let i = 0; i + 1 < chars.length; i++) out.set(chars[i] + chars[i + 1], (out.get(chars[i] + chars[i + 1]) ?? 0) + 1);
    if (chars.length === 1) out.set(chars[0], 1);
    return out;
  };
  const x = grams(a);
  const y = grams(b);
  let total = 0;
  let shared = 0;
  for (const n of x.values()) total += n;
  for (const [k, n] of y) {
    total += n;
    shared += Math.min(n, x.get(k) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

describe('textSimilarity', () => {
  it.each([
    ['same', 'Local library opens', 'Local library opens', 1],
    ['empty', '', '', 0],
    ['one empty', 'abc', '', 0],
    ['one letter each', 'a', 'a', 1],
    ['one letter vs two', 'a', 'ab', 0],
    ['case and punctuation ignored', 'Hello, World!', 'hello world', 1],
    ['Chinese', '本市新建三座社区图书馆', '本市新建三座图书馆', 2 * 7 / 18],
    ['Uyghur', 'ئۇيغۇر تىلى', 'ئۇيغۇر تىلى', 1],
    ['astral', '𝒜𝒝𝒞', '𝒜𝒝', 2 / 3],
  ])('%s', (_name, a, b, expected) => {
    expect(textSimilarity(a, b)).toBeCloseTo(expected, 12);
    expect(textSimilarity(a, b)).toBe(reference(a, b));
  });

  it.each([
    ['lone surrogates joined by removing the space between them', '\uD835 \uDC9C x', '\uD835\uDC9Cx'],
    ['a lone high surrogate at the end', 'ab\uD835', 'ab'],
    ['a single astral code point', '𝒜', '𝒜'],
  ])('%s', (_name, a, b) => {
    expect(textSimilarity(a, b)).toBe(reference(a, b));
  });

  it('equals the string-bigram definition on random texts', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', ' ', '\n', '中', '文', 'ئ', 'ۇ', '𝒜', '\uD835', '\uDC9C', ',', '-');
    const text = fc.array(alphabet, { maxLength: 12 }).map((cs) => cs.join(''));
    fc.assert(fc.property(text, text, (a, b) => textSimilarity(a, b) === reference(a, b)), { numRuns: 2000 });
  });

  it('equals the definition on texts prepared once (comparable), whichever side is prepared first', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', ' ', '\n', '中', '文', 'ئ', 'ۇ', '𝒜', '\uD835', '\uDC9C', ',', '-');
    const text = fc.array(alphabet, { maxLength: 12 }).map((cs) => cs.join(''));
    fc.assert(fc.property(text, text, (a, b) => {
      const [x, y] = [comparable(a), comparable(b)];
      return x.normalized === normalizeForComparison(a) && comparableSimilarity(x, y) === reference(a, b) && comparableSimilarity(y, x) === reference(b, a);
    }), { numRuns: 2000 });
  });
});
