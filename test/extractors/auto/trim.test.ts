import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { dropIslands as islandRange, extendAcrossGaps, extendRange, extendToRegionSiblings } from '../../../src/extractors/auto/trim.js';
import { listSegments, type SegmentTable } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { tableOf, textsOf } from './segment-rows.js';

/** Segments with the given sizes; `parents[k]` is the parent of segment k's block node (node = k + 1). */
function fixture(sizes: readonly number[], parents: readonly number[]): { segments: SegmentTable; parent: Int32Array } {
  const segments = tableOf(sizes.map((chars, k) => ({ node: k + 1, anchor: k + 1, chars, linkChars: 0 })));
  const parent = new Int32Array(sizes.length + 1).fill(-1);
  parents.forEach((p, k) => { parent[k + 1] = p; });
  return { segments, parent };
}

/** The voted segments `dropIslands` leaves (it returns their range in `voted`). */
function dropIslands(...args: Parameters<typeof islandRange>): number[] {
  return Array.from(args[1]).slice(...islandRange(...args));
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

  it('drops the lighter end when both ends are islands, unless only it holds the headline\'s text', () => {
    // 0: a one-line post under its headline; 1-4 rejected sidebar; 5: a longer footer line elsewhere
    const { segments, parent } = fixture([60, 100, 100, 100, 100, 130], [100, 200, 200, 200, 200, 300]);
    expect(dropIslands(segments, [0, 5], 150, parent)).toEqual([5]);
    expect(dropIslands(segments, [0, 5], 150, parent, new Set([0]))).toEqual([0]);
    // both ends under a headline: the weight decides again
    expect(dropIslands(segments, [0, 5], 150, parent, new Set([0, 5]))).toEqual([5]);
  });

  it('does not keep a headline island that is the only island', () => {
    const { segments, parent } = fixture([60, 100, 100, 100, 100, 900], [100, 200, 200, 200, 200, 300]);
    expect(dropIslands(segments, [0, 5], 150, parent, new Set([0]))).toEqual([5]);
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

describe('extendAcrossGaps', () => {
  // kept range [3, 4]; 0-2 before it, 5-9 after it; `ok` marks the segments that may join
  const sizes = [200, 40, 200, 300, 300, 150, 30, 150, 400, 150];
  const { segments } = fixture(sizes, sizes.map(() => 100));
  const joinsOf = (ok: readonly number[]) => (k: number) => ok.includes(k);

  it.each([
    ['joins contiguous segments on both sides', [1, 2, 5], 150, 100, [1, 5]],
    ['steps over a short gap of other text', [0, 2, 5, 7], 50, 100, [0, 7]],
    ['stops at a gap longer than maxGapChars, at the last joined segment', [0, 2, 5, 9], 150, 100, [0, 5]],
    ['takes a side only when its joined segments hold minChars', [1, 5, 7], 150, 250, [3, 7]],
    ['changes nothing when nothing joins', [], 150, 100, [3, 4]],
  ] as const)('%s', (_, ok, maxGap, minChars, expected) => {
    expect(extendAcrossGaps(segments, 3, 4, joinsOf(ok), maxGap, minChars)).toEqual(expected);
  });
});

describe('extendToRegionSiblings', () => {
  const sentence = (what: string) => `${what}: the paragraph tells the reader what the list below is about and why the blog is moving to a new home.`;
  const html = `<div id="c"><p>${sentence('intro one')}</p><p>${sentence('intro two')}</p><ul id="r">${[1, 2, 3].map((n) => `<li>${sentence(`item ${n}`)}</li>`).join('')}</ul>`
    + `<p>${sentence('outro one')}</p><p>Posted at noon</p><p>${sentence('outro two')}</p><p><a href="/x">${sentence('a linked line')}</a></p>`
    + `<div class="box"><p>${sentence('in a box')}</p></div></div>`;
  const d = analyze(asNormalized(html));
  const segments = listSegments(d);
  const texts = textsOf(d, segments);
  const at = (start: string) => texts.findIndex((t) => t.startsWith(start));
  const region = d.index.parent[segments.node[at('item 1')]];
  const vote = Float64Array.from(texts, (t) => (t.startsWith('item') ? 1 : t.startsWith('Posted') ? 0.1 : 0.4));
  const options = { regionVote: 0.35, maxLinkDensity: 0.5, maxGapChars: 150, extendMinChars: 120 };
  const none = new Uint8Array(d.index.size);

  it('takes in the minority-voted paragraphs beside the region, over a short unvoted line, up to a link-dense one', () => {
    expect(extendToRegionSiblings(d, segments, vote, region, none, at('item 1'), at('item 3'), options)).toEqual([at('intro one'), at('outro two')]);
  });

  it.each([
    ['the paragraphs are voted below regionVote', { ...options, regionVote: 0.5 }, none],
    ['the paragraphs lie in furniture', options, new Uint8Array(d.index.size).fill(1)],
  ])('changes nothing when %s', (_, o, furniture) => {
    expect(extendToRegionSiblings(d, segments, vote, region, furniture, at('item 1'), at('item 3'), o)).toEqual([at('item 1'), at('item 3')]);
  });

  it('never takes in a paragraph of another container (the box)', () => {
    const boxed = Float64Array.from(vote, (v, k) => (k > at('outro two') && !texts[k].startsWith('in a box') ? 0 : v));
    expect(extendToRegionSiblings(d, segments, boxed, region, none, at('item 1'), at('item 3'), options)[1]).toBe(at('outro two'));
  });
});
