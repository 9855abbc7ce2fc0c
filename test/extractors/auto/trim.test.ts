import { describe, expect, it } from 'vitest';
import { dropIslands, extendRange } from '../../../src/extractors/auto/trim.js';
import type { Segment } from '../../../src/extractors/auto/segments.js';

/** Segments with the given sizes; `parents[k]` is the parent of segment k's block node (node = k + 1). */
function fixture(sizes: readonly number[], parents: readonly number[]): { segments: Segment[]; parent: Int32Array } {
  const segments = sizes.map((chars, k) => ({ node: k + 1, anchor: k + 1, texts: [], chars, linkChars: 0 }));
  const parent = new Int32Array(sizes.length + 1).fill(-1);
  parents.forEach((p, k) => { parent[k + 1] = p; });
  return { segments, parent };
}

describe('dropIslands', () => {
  // 0-3: article paragraphs under container 100; 4-8: rejected sidebar; 9: a voted teaser elsewhere
  const sizes = [300, 250, 280, 260, 60, 60, 60, 60, 60, 70];
  const voted = [0, 1, 2, 3, 9];

  it('drops a light voted paragraph beyond a long rejected stretch in another container', () => {
    const { segments, parent } = fixture(sizes, [100, 100, 100, 100, 200, 200, 200, 200, 200, 300]);
    expect(dropIslands(segments, voted, 150, parent)).toEqual([0, 1, 2, 3]);
  });

  it('keeps it when it is a sibling of the article paragraphs (an article split by a table)', () => {
    const { segments, parent } = fixture(sizes, [100, 100, 100, 100, 200, 200, 200, 200, 200, 100]);
    expect(dropIslands(segments, voted, 150, parent)).toEqual(voted);
  });

  it.each([
    ['the gap is short', 400, [0, 1, 2, 3, 9]],
    ['the gap is long', 150, [0, 1, 2, 3]],
  ])('cuts clusters only where %s', (_, maxGap, expected) => {
    const { segments, parent } = fixture(sizes, [100, 100, 100, 100, 200, 200, 200, 200, 200, 300]);
    expect(dropIslands(segments, voted, maxGap, parent)).toEqual(expected);
  });

  it('keeps a far cluster that outweighs the gap', () => {
    const heavy = [...sizes.slice(0, 9), 900];
    const { segments, parent } = fixture(heavy, [100, 100, 100, 100, 200, 200, 200, 200, 200, 300]);
    expect(dropIslands(segments, voted, 150, parent)).toEqual(voted);
  });
});

describe('extendRange', () => {
  // 0: byline; 1-2: lead paragraphs; 3-6: the kept text; 7: copyright line; 8: footer link list
  const sizes = [40, 300, 250, 400, 380, 420, 350, 50, 90];
  const { segments } = fixture(sizes, sizes.map(() => 100));

  it.each([
    ['over the lead on both sides, each side on its own mass', new Set([1, 2, 7]), 120, [1, 6]],
    ['not over a lone short line (a copyright line after the text)', new Set([7]), 120, [3, 6]],
    ['over a short line when it is heavy enough for minChars', new Set([7]), 40, [3, 7]],
    ['only over a contiguous run: a refused segment stops it', new Set([0, 2]), 120, [2, 6]],
    ['by nothing when no segment joins', new Set<number>(), 0, [3, 6]],
  ])('extends %s', (_, joining, minChars, expected) => {
    expect(extendRange(segments, 3, 6, (k) => joining.has(k), minChars)).toEqual(expected);
  });

  it('stops at the first and the last segment of the page', () => {
    expect(extendRange(segments, 3, 6, () => true, 0)).toEqual([0, 8]);
  });
});
