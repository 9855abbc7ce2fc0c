import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseMeasured, countPunctuation, createTextMeasure, measureText } from '../../src/analysis/text.js';

// measureText/collapseMeasured use one class table lookup per code unit and collapse without a regex
// (perf work for issue 3); they must equal the plain definitions.

const PIECES = [' ', '  ', '\n', '\t', '\u00A0', '\u3000', '\uFEFF', '\u200B', 'a', 'ش', '中', '。', '،', '!', '😀', '\uD83D', '\uDE00', '‼', '𝄞', '\u{1F600}', '\u{11047}'];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(''));

function naive(data: string): { chars: number; punctuation: number; collapsed: string } {
  let chars = 0;
  let punctuation = 0;
  for (const ch of data) {
    if (/^\s$/.test(ch)) continue;
    chars++;
    if (/^\p{P}$/u.test(ch)) punctuation++;
  }
  return { chars, punctuation, collapsed: data.replace(/\s+/g, ' ').trim() };
}

describe('measureText and collapseMeasured', () => {
  it.each([
    ['  two  words \n', 8, 'two words'],
    ['\u3000中文。\n', 3, '中文。'],
    ['a\u200Bb', 3, 'a\u200Bb'],
  ])('%j', (data, chars, collapsed) => {
    const m = measureText(data, createTextMeasure());
    expect(m.chars).toBe(chars);
    expect(collapseMeasured(data, m)).toBe(collapsed);
  });

  it('equal the plain definitions on random text', () => {
    fc.assert(
      fc.property(text, (data) => {
        const m = measureText(data, createTextMeasure());
        const expected = naive(data);
        expect(m.chars).toBe(expected.chars);
        expect(countPunctuation(data, 0, data.length)).toBe(expected.punctuation);
        expect(collapseMeasured(data, m)).toBe(expected.collapsed);
      }),
      { numRuns: 1000 },
    );
  });
});
