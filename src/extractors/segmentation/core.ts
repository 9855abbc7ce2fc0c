/**
 * The steps shared by the one-page extractor and the template extractor: thresholds, main block,
 * chunk filtering, the Extraction.
 * @module
 */
import { diagnostic, type Diagnostic } from '../../core/diagnostics.js';
import { MatnError } from '../../core/errors.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { TypedArraySource } from '../../core/scratch.js';
import { spansBetween } from '../../analysis/spans.js';
import type { Block, Extraction } from '../types.js';
import { blockPath, type BlockThresholds, chooseMainBlock, type SegmentBlock } from './blocks.js';
import { keptChunkSpans, listChunks, nearestContainers, type TextChunk } from './chunks.js';
import type { MemberSpans } from '../lazy-text.js';
import type { Leaves } from './clusters.js';
import type { SegmentationOptions } from './defaults.js';
import { twoMeansThreshold } from './kmeans.js';

/** Resolved options. */
export type ResolvedSegmentationOptions = Readonly<Required<SegmentationOptions>>;

/** Rejects option values the rules cannot work with. */
export function validateOptions(o: ResolvedSegmentationOptions, what: string): void {
  if (!(o.ratioMin > 0 && o.ratioMin <= 1 && o.ratioMax >= 1)) {
    throw new MatnError('invalid-argument', `${what}: need 0 < ratioMin ≤ 1 ≤ ratioMax`, { ratioMin: o.ratioMin, ratioMax: o.ratioMax });
  }
  if (!(o.maxVariation >= 0) || !(o.minNodes >= 0)) {
    throw new MatnError('invalid-argument', `${what}: maxVariation and minNodes must be ≥ 0`, { maxVariation: o.maxVariation, minNodes: o.minNodes });
  }
}

/**
 * Thresholds of one page (paper §3.3 eq. 6 and 8 on a single sample): 2-means over the blocks'
 * lengths and list-noise coefficients, unless the options fix them.
 * @category Extraction
 */
export function pageThresholds(blocks: readonly SegmentBlock[], o: ResolvedSegmentationOptions): BlockThresholds {
  return {
    length: o.lengthThreshold ?? twoMeansThreshold(blocks.map((b) => b.length)),
    listNoise: o.listNoiseThreshold ?? twoMeansThreshold(blocks.map((b) => b.listNoise)),
    minNodes: o.minNodes,
  };
}

/** Inputs of {@link buildExtraction}. */
export interface ExtractionInput {
  readonly doc: AnalyzedDocument;
  readonly leaves: Leaves;
  readonly blocks: readonly SegmentBlock[];
  readonly thresholds: BlockThresholds;
  readonly options: ResolvedSegmentationOptions;
  /** Training frequency of a chunk text (site template), and the threshold at which it is dropped. */
  readonly frequency?: { readonly of: (text: string) => number; readonly threshold: number };
  readonly diagnostics: Diagnostic[];
}

/** Chunks of the main block that survive the list-noise and frequency filters. */
function keepChunks(input: ExtractionInput, main: SegmentBlock): TextChunk[] {
  const { doc, leaves, thresholds, options: o, frequency } = input;
  const nearest = nearestContainers(doc, new Set(o.chunkTags.map((t) => t.toLowerCase())));
  const all = listChunks(doc, leaves, main.first, main.last, nearest);
  let listDropped = 0;
  let frequent = 0;
  const kept = all.filter((c) => {
    if (frequency && frequency.of(c.text) >= frequency.threshold) return (frequent++, false);
    if (o.dropListChunks && c.listNoise <= thresholds.listNoise) return (listDropped++, false);
    return true;
  });
  if (listDropped > 0) input.diagnostics.push(diagnostic('list-chunks-dropped', `${listDropped} links-list chunk(s) dropped from the main block`, 'info', { chunks: listDropped }));
  if (frequent > 0) input.diagnostics.push(diagnostic('template-chunks-dropped', `${frequent} chunk(s) frequent across the site's pages dropped`, 'info', { chunks: frequent }));
  return kept;
}

/**
 * Chooses the main block among `blocks` and builds the Extraction: text = the kept chunks of the
 * block's span, `series` = per-block length, Ln, μ, σ² (in the order of `blocks`).
 * @category Extraction
 */
export function buildExtraction(input: ExtractionInput, mainIndex = chooseMainBlock(input.blocks, input.thresholds)): Extraction<Required<SegmentationOptions>> {
  const { doc, blocks, thresholds, options: o, diagnostics } = input;
  const series = {
    length: Float64Array.from(blocks, (b) => b.length),
    listNoise: Float64Array.from(blocks, (b) => b.listNoise),
    period: Float64Array.from(blocks, (b) => b.period),
    variance: Float64Array.from(blocks, (b) => b.variance),
  };
  const base = { extractor: 'segmentation', options: o, series };
  if (mainIndex < 0) {
    diagnostics.push(diagnostic('no-main-content', 'no block satisfies the length, list-noise and node-count rules', 'warning', { ...thresholds, blocks: blocks.length }));
    return { ...base, text: '', blocks: [], confidence: 0, diagnostics };
  }
  const main = blocks[mainIndex];
  const chunks = keepChunks(input, main);
  const { textStart, textEnd } = doc.stats;
  const out: Block[] = chunks.map((c) => ({
    node: c.container >= 0 ? c.container : input.leaves.node[c.first], text: c.text,
    spans: spansBetween(doc, textStart[input.leaves.node[c.first]], textEnd[input.leaves.node[c.last]], []), score: c.listNoise,
  }));
  const text = out.map((b) => b.text).join('\n');
  diagnostics.push(diagnostic('main-block', `main block: ${blockPath(doc, main)} (${main.leafCount} leaves)`, 'info', {
    path: blockPath(doc, main), leaves: main.leafCount, length: main.length, listNoise: main.listNoise, thresholds,
  }));
  if (!text) diagnostics.push(diagnostic('no-main-content', 'every chunk of the main block was dropped', 'warning'));
  const total = blocks.reduce((s, b) => s + b.length, 0);
  const share = total > 0 ? main.length / total : 0;
  const confidence = text ? Math.min(1, (0.3 + 0.7 * Math.min(1, share * 2)) * Math.min(1, text.length / 300)) : 0;
  return { ...base, text, blocks: out, confidence, diagnostics };
}

/**
 * What `auto` reads of {@link buildExtraction}'s result without a site template (no `frequency`): the
 * spans of the main block's kept chunks and whether its text is empty, without the chunks' texts.
 * The same chunks as the full result: a chunk is listed when its text would not be empty, so the text
 * is empty when no chunk is kept. The nearest containers are an array of `input.arrays` (fresh when not given).
 * @category Extraction
 */
export function mainChunkSpans(
  input: Omit<ExtractionInput, 'frequency' | 'diagnostics'> & { readonly arrays?: TypedArraySource }, mainIndex = chooseMainBlock(input.blocks, input.thresholds),
): MemberSpans {
  if (mainIndex < 0) return { spans: [], empty: true };
  const { doc, leaves, thresholds, options: o } = input;
  const main = input.blocks[mainIndex];
  const nearest = nearestContainers(doc, new Set(o.chunkTags.map((t) => t.toLowerCase())), input.arrays);
  const spans = keptChunkSpans(doc, leaves, main.first, main.last, nearest, (listNoise) => !(o.dropListChunks && listNoise <= thresholds.listNoise));
  return { spans, empty: spans.length === 0 };
}
