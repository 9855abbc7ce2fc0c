import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SliceJoiner } from '../../src/analysis/slice-joiner.js';

/** What the joiner replaces: every separator and slice as its own string, joined at the end. */
function naiveJoin(text: string, pieces: readonly { sep: string | null; gapFrom: number; start: number; end: number }[]): string {
  const parts: string[] = [];
  for (const p of pieces) {
    if (p.sep !== null) parts.push(p.sep);
    parts.push(text.slice(p.start, p.end));
  }
  return parts.join('');
}

describe('SliceJoiner', () => {
  it('joins contiguous pieces whose separator is the gap itself as one run', () => {
    const text = 'bir\nikki\nüch';
    const joiner = new SliceJoiner(text);
    joiner.append(null, 0, 0, 3);
    joiner.append('\n', 3, 4, 8);
    joiner.append('\n', 8, 9, 12);
    expect(joiner.join()).toBe('bir\nikki\nüch');
  });

  it('writes a separator that differs from the gap, and a piece that does not follow the run', () => {
    const text = 'alma  \t nak  erik';
    const joiner = new SliceJoiner(text);
    joiner.append(null, 0, 0, 4);
    joiner.append(' ', 4, 8, 11);
    // the separator equals text[12, 13), but the run ends at 11 (a piece in between was left out)
    joiner.append(' ', 12, 13, 17);
    expect(joiner.join()).toBe('alma nak erik');
  });

  it('starts with a separator when the first piece has one, and is empty again after reset', () => {
    const joiner = new SliceJoiner('x y');
    expect(joiner.isEmpty).toBe(true);
    joiner.append(' ', 1, 2, 3);
    expect(joiner.isEmpty).toBe(false);
    expect(joiner.join()).toBe(' y');
    joiner.reset();
    expect(joiner.isEmpty).toBe(true);
    expect(joiner.join()).toBe('');
  });

  it('gives the same string as joining every piece, for any pieces in order', () => {
    const pieceList = fc.array(
      fc.record({ gap: fc.nat(3), len: fc.nat(4), sep: fc.constantFrom(null, '', ' ', '\n', 'GAP', ' \n') }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', ' ', '\n', 'ش'), maxLength: 200 }), pieceList, (text, list) => {
        const pieces: { sep: string | null; gapFrom: number; start: number; end: number }[] = [];
        let at = 0;
        for (const { gap, len, sep } of list) {
          const start = Math.min(at + gap, text.length);
          const end = Math.min(start + len, text.length);
          pieces.push({ sep: pieces.length === 0 ? null : sep === 'GAP' ? text.slice(at, start) : sep, gapFrom: at, start, end });
          at = end;
        }
        const joiner = new SliceJoiner(text);
        for (const p of pieces) joiner.append(p.sep, p.gapFrom, p.start, p.end);
        expect(joiner.join()).toBe(naiveJoin(text, pieces));
      }),
      { numRuns: 300, seed: 1916 },
    );
  });
});
