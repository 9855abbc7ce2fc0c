/**
 * The paper's measures: content correlativity CC (Definition 1), context text density TD
 * (Definition 2) and content scale CS (Definition 3).
 * @see Wang, Zhou, Li 2012, §3.3 and §3.5
 * @module
 */
import { nonLinkCharsOf } from '../../analysis/stats.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import type { TextBlockTable } from '../../analysis/text-blocks.js';

/**
 * CC_i = TA_i / max(LA_i, 1) for every node (0 for excluded and non-element nodes): non-link
 * characters of the subtree over its link nodes (paper eq. 1, LA set to 1 when 0).
 * @category Extraction
 */
export function computeCorrelativity(doc: AnalyzedDocument): Float64Array {
  const cc = new Float64Array(doc.index.size);
  for (let i = 0; i < cc.length; i++) cc[i] = nodeCorrelativity(doc, i);
  return cc;
}

/** CC of node `id`, as {@link computeCorrelativity} gives it. */
export function nodeCorrelativity(doc: AnalyzedDocument, id: number): number {
  const { kind, excluded } = doc.index;
  if (excluded[id] || (kind[id] !== NodeKind.Element && kind[id] !== NodeKind.Document)) return 0;
  return nonLinkCharsOf(doc.stats, id) / Math.max(doc.stats.linkCount[id], 1);
}

/** CC of text block `k` from its own figures: TA / max(LA, 1). */
export function blockCcAt(blocks: Pick<TextBlockTable, 'ta' | 'la'>, k: number): number {
  return blocks.ta[k] / Math.max(blocks.la[k], 1);
}

/** CC of every text block from its own figures: TA / max(LA, 1). */
export function blockCorrelativity(blocks: Pick<TextBlockTable, 'length' | 'ta' | 'la'>): Float64Array {
  const cc = new Float64Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) cc[k] = blockCcAt(blocks, k);
  return cc;
}

/**
 * TD of a block (paper eq. 2): TA of its context over its own LA. The context is the nearest
 * ancestor that holds more non-link text than the block's element — the paper's parent p_i, skipping
 * pure wrappers (a `tr` around a single `td` adds no context). TA(p) is set to 1 when 0.
 * @category Extraction
 */
export function contextDensity(doc: AnalyzedDocument, blocks: TextBlockTable, k: number): number {
  const { parent } = doc.index;
  const own = nonLinkCharsOf(doc.stats, blocks.node[k]);
  let p = parent[blocks.node[k]];
  while (p > 0 && nonLinkCharsOf(doc.stats, p) <= own) p = parent[p];
  const context = p >= 0 ? nonLinkCharsOf(doc.stats, p) : own;
  return Math.max(context, 1) / Math.max(blocks.la[k], 1);
}

/**
 * CS of every block (paper eq. 3): among the blocks on the same layer with the same tag — here the
 * same tag path, which fixes both — the share whose CC is at least C. Given as the CS of block `k`, read
 * from two counts per tag path: no per-block array (a page of short paragraphs has a block per 10 bytes).
 */
export function contentScale(doc: AnalyzedDocument, blocks: TextBlockTable, threshold: number): (k: number) => number {
  // counts by tag path id + 1 (the page node, owner of the text above every block, has none: −1)
  const { tagPathId } = doc.index;
  const total = new Int32Array(doc.index.tagPaths.length + 1);
  const above = new Int32Array(total.length);
  for (let k = 0; k < blocks.length; k++) {
    const key = tagPathId[blocks.node[k]] + 1;
    total[key]++;
    if (blockCcAt(blocks, k) >= threshold) above[key]++;
  }
  return (k) => {
    const key = tagPathId[blocks.node[k]] + 1;
    return above[key] / total[key];
  };
}
