import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze } from '../../../src/analysis/analyze.js';
import { FRESH_ARRAYS, PAGE_SCRATCH, ScratchArrays } from '../../../src/core/scratch.js';
import { memberSpansOf } from '../../../src/extractors/lazy-text.js';
import { listBlocks } from '../../../src/extractors/segmentation/blocks.js';
import { nearestContainers } from '../../../src/extractors/segmentation/chunks.js';
import { clusterByPath, listLeaves, splitCluster } from '../../../src/extractors/segmentation/clusters.js';
import { DEFAULT_SEGMENTATION_OPTIONS, segmentationExtractor, segmentationSpans } from '../../../src/extractors/segmentation/index.js';
import { arbitraryPage } from '../../helpers/arbitrary-page.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));
const RULES = DEFAULT_SEGMENTATION_OPTIONS;
/** A member's spans as one flat list (lists may be cut differently) and its emptiness. */
const flat = (m: { spans: readonly ArrayLike<number>[]; empty: boolean }) => ({ empty: m.empty, ranges: m.spans.flatMap((s) => Array.from(s)) });
/** Paragraphs of a page with a few paths and uneven gaps, so clusters are split. */
const page = (html: string) => `<body><div>${html}</div><ul>${'<li><a href="/x">链接</a></li>'.repeat(3)}</ul><div><p>一段正文。</p>${html}</div></body>`;

/** Leaves the page scratch's spare buffer (and the next one taken) full of 0xA5 bytes: what a dirty pool hands out. */
function dirtyPool(bytes: number): void {
  const buffer = PAGE_SCRATCH.take(bytes);
  new Uint8Array(buffer).fill(0xa5);
  PAGE_SCRATCH.give(buffer);
}

describe('segmentation on page scratch', () => {
  it('FRESH_ARRAYS hands out new zeroed arrays of each kind', () => {
    for (const a of [FRESH_ARRAYS.int32(3), FRESH_ARRAYS.uint32(3), FRESH_ARRAYS.float64(3)]) expect([...a]).toEqual([0, 0, 0]);
    expect(FRESH_ARRAYS.int32(2).buffer).not.toBe(FRESH_ARRAYS.int32(2).buffer);
  });

  it('leaves, clusters, split runs and nearest containers carved from dirty scratch equal fresh ones', () => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const d = doc(page(html));
        dirtyPool(1 << 16);
        const arrays = new ScratchArrays(1 << 16);
        const leaves = listLeaves(d, arrays);
        expect(leaves).toEqual(listLeaves(d));
        expect(clusterByPath(leaves, arrays)).toEqual(clusterByPath(leaves));
        expect(listBlocks(leaves, RULES, undefined, arrays)).toEqual(listBlocks(leaves, RULES));
        expect(nearestContainers(d, new Set(['div', 'td']), arrays)).toEqual(nearestContainers(d, new Set(['div', 'td'])));
        arrays.release();
      }),
      { numRuns: 100 },
    );
  });

  it('splits a cluster the same way in dirty scratch (its prefix sums and tree start from nothing)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 3, maxLength: 60 }), (steps) => {
        const numbers = Int32Array.from(steps, (_, k) => steps.slice(0, k + 1).reduce((a, b) => a + b, 0));
        dirtyPool(1 << 14);
        const arrays = new ScratchArrays(1 << 14);
        expect(splitCluster(numbers, RULES, arrays)).toEqual(splitCluster(numbers, RULES));
        arrays.release();
      }),
      { numRuns: 200 },
    );
  });

  it('segmentationSpans on a dirty pool reads what the full result reads', () => {
    fc.assert(
      fc.property(arbitraryPage, (html) => {
        const d = doc(page(html));
        dirtyPool(1 << 20);
        expect(flat(segmentationSpans(d))).toEqual(flat(memberSpansOf(segmentationExtractor.extract(d))));
      }),
      { numRuns: 100 },
    );
  });
});
