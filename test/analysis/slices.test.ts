import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanLines } from '../../src/analysis/slices.js';

/** The definition cleanLines implements in one scan. */
function reference(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/[ \t]+/gu, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}

describe('cleanLines', () => {
  it.each([
    ['', ''],
    ['a b\nc', 'a b\nc'],
    ['  a \t b  \n\n\tc\t', 'a b\nc'],
    ['\u00a0x\u00a0 y \u3000\n', 'x\u00a0 y'],
    ['a\r\nb', 'a\nb'],
    ['\n\n', ''],
    ['ئا  ب\t\tت', 'ئا ب ت'],
  ])('%j → %j', (text, want) => {
    expect(cleanLines(text)).toBe(want);
  });

  it('returns the same string when the text is already clean', () => {
    const clean = 'one line\nanother line';
    expect(cleanLines(clean)).toBe(clean);
  });

  it('equals the split/replace/trim definition on random text', () => {
    const alphabet = fc.constantFrom('a', 'ب', ' ', '\t', '\n', '\r', '\u00a0', '\u3000', '\u2028', 'x');
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 40 }).map((cs) => cs.join('')), (text) => {
      expect(cleanLines(text)).toBe(reference(text));
    }), { numRuns: 2000 });
  });
});
