/**
 * The web-page segmentation extractor (`segmentation`): leaves clustered by tag path, clusters split
 * at interval discontinuities, the first block satisfying the length / list-noise / node-count rules
 * is the main block; plus per-site template training.
 * @see Hou Mingyan, Yang Tianqi, 基于网页分割的 Web 信息提取算法, 电子技术应用, 2011
 * @module
 */
import { assertAnalyzedDocument } from '../../analysis/guards.js';
import type { Diagnostic } from '../../core/diagnostics.js';
import { resolveOptions } from '../../core/options.js';
import { ScratchArrays, scratchBytes } from '../../core/scratch.js';
import { countTextNodes } from '../../analysis/blocks.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Extraction, Extractor } from '../types.js';
import { listBlocks } from './blocks.js';
import { listLeaves } from './clusters.js';
import { buildExtraction, mainChunkSpans, pageThresholds, validateOptions } from './core.js';
import type { MemberSpans } from '../lazy-text.js';
import { DEFAULT_SEGMENTATION_OPTIONS, type SegmentationOptions } from './defaults.js';

export { DEFAULT_SEGMENTATION_OPTIONS } from './defaults.js';
export type { SegmentationOptions } from './defaults.js';
export { twoMeansThreshold } from './kmeans.js';
export { listNoise, type SegmentBlock } from './blocks.js';
export { splitCluster, intervalStats } from './clusters.js';
export { trainSiteTemplate, extractWithTemplate, type SiteTemplate } from './template.js';

/** Paper reference of the extractor. */
export const SEGMENTATION_REFERENCE =
  'Hou Mingyan, Yang Tianqi. 基于网页分割的Web信息提取算法 (Web information extraction algorithm based on web page segmentation). 电子技术应用 (Application of Electronic Technique), 2011';

/**
 * Extracts the main text of one page by segmentation, with thresholds learned from the page itself
 * (2-means over its blocks, paper §3.3 eq. 6 and 8) unless the options fix them.
 * `series` holds per-block `length`, `listNoise`, `period` (μ) and `variance` (σ²).
 * @example
 * ```ts
 * const result = extractSegmented(analyze(normalize(bytes)));
 * result.text; result.series?.listNoise;
 * ```
 * @category Extraction
 */
export function extractSegmented(doc: AnalyzedDocument, options?: Partial<SegmentationOptions>): Extraction<Required<SegmentationOptions>> {
  assertAnalyzedDocument(doc, 'extractSegmented');
  const o = resolveOptions(DEFAULT_SEGMENTATION_OPTIONS, options, 'extractSegmented');
  validateOptions(o, 'extractSegmented');
  const leaves = listLeaves(doc);
  const blocks = listBlocks(leaves, o);
  const diagnostics: Diagnostic[] = [];
  return buildExtraction({ doc, leaves, blocks, thresholds: pageThresholds(blocks, o), options: o, diagnostics });
}

/**
 * The page scratch {@link segmentationSpans} carves: the leaves' five columns (a leaf is a text node), the
 * clusters' two tables by Tpath and their member list, the split indexes (prefix sums, gaps and segment
 * tree of the clusters split, together at most those of one list of every leaf, the tree at most four
 * entries per leaf) and the nearest containers. Bounds, not sizes: what is not carved stays unused.
 */
function spanScratchBytes(doc: AnalyzedDocument): number {
  const leaves = countTextNodes(doc);
  const paths = doc.index.tagPaths.length;
  return scratchBytes(
    [leaves, 4], [leaves, 4], [leaves + 1, 4], [leaves + 1, 4], [leaves + 1, 4],
    [paths + 1, 4], [paths + 1, 4], [paths, 4], [paths + 1, 4], [paths, 4], [leaves, 4],
    [leaves, 8], [leaves, 8], [leaves, 8], [4 * leaves, 4],
    [doc.index.size, 4],
  );
}

/**
 * What `auto` reads of {@link extractSegmented}'s result (see `mainChunkSpans`): the same main block and
 * chunks, without their texts.
 */
export function segmentationSpans(doc: AnalyzedDocument, options?: Partial<SegmentationOptions>): MemberSpans {
  assertAnalyzedDocument(doc, 'extractSegmented');
  const o = resolveOptions(DEFAULT_SEGMENTATION_OPTIONS, options, 'extractSegmented');
  validateOptions(o, 'extractSegmented');
  // the leaves, clusters, split indexes and nearest containers are page scratch (`core/scratch.ts`): only spans leave
  const arrays = new ScratchArrays(spanScratchBytes(doc));
  const leaves = listLeaves(doc, arrays);
  const blocks = listBlocks(leaves, o, undefined, arrays);
  const spans = mainChunkSpans({ doc, leaves, blocks, thresholds: pageThresholds(blocks, o), options: o, arrays });
  arrays.release();
  return spans;
}

/**
 * The `segmentation` extractor.
 * @category Extraction
 */
export const segmentationExtractor: Extractor<SegmentationOptions> = Object.freeze({
  id: 'segmentation',
  reference: SEGMENTATION_REFERENCE,
  defaults: DEFAULT_SEGMENTATION_OPTIONS,
  extract: extractSegmented,
});
