import { describe, expect, it } from 'vitest';
import type { AnalyzedDocument } from '../../../src/analysis/types.js';
import { compactText } from '../../../src/extractors/auto/align.js';
import { isSpace } from '../../../src/extractors/auto/segments.js';

const docOf = (text: string): AnalyzedDocument => ({ text }) as AnalyzedDocument;

describe('compactText', () => {
  it('drops exactly the code units isSpace accepts, over all of them (lone surrogates kept)', () => {
    const all = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).join('');
    const compact = compactText(docOf(all));
    const kept = Array.from({ length: 0x10000 }, (_, c) => c).filter((c) => !isSpace(c));
    expect(compact.text.length).toBe(kept.length);
    expect(Array.from(compact.offsets)).toEqual(kept);
    expect(Array.from({ length: compact.text.length }, (_, i) => compact.text.charCodeAt(i))).toEqual(kept);
  });

  it.each([
    ['', '', []],
    ['abc', 'abc', [0, 1, 2]],
    [' a \n\u3000b\u00a0 c ', 'abc', [1, 5, 8]],
    ['\u2028\u2029\u202f\u205f\u0085', '', []],
  ])('%j', (text, expected, offsets) => {
    const compact = compactText(docOf(text));
    expect(compact.text).toBe(expected);
    expect(Array.from(compact.offsets)).toEqual(offsets);
  });
});
