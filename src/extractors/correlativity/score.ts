/**
 * The paper's measures: content correlativity CC (Definition 1), context text density TD
 * (Definition 2) and content scale CS (Definition 3).
 * @see Wang, Zhou, Li 2012, §3.3 and §3.5
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import type { TextBlock } from '../../analysis/text-blocks.js';
import { fillFrom } from '../../core/typed-arrays.js';

/**
 * CC_i = TA_i / max(LA_i, 1) for every node (0 for excluded and non-element nodes): non-link
 * characters of the subtree over its link nodes (paper eq. 1, LA set to 1 when 0).
 * @category Extraction
 */
export function computeCorrelativity(doc: AnalyzedDocument): Float64Array {
  const { size, kind, excluded } = doc.index;
  const { nonLinkChars, linkCount } = doc.stats;
  const cc = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    if (excluded[i] || (kind[i] !== NodeKind.Element && kind[i] !== NodeKind.Document)) continue;
    cc[i] = nonLinkChars[i] / Math.max(linkCount[i], 1);
  }
  return cc;
}

/** CC of a text block from its own figures: TA / max(LA, 1). */
export function blockCorrelativity(block: TextBlock): number {
  return block.ta / Math.max(block.la, 1);
}

/**
 * TD of a block (paper eq. 2): TA of its context over its own LA. The context is the nearest
 * ancestor that holds more non-link text than the block's element — the paper's parent p_i, skipping
 * pure wrappers (a `tr` around a single `td` adds no context). TA(p) is set to 1 when 0.
 * @category Extraction
 */
export function contextDensity(doc: AnalyzedDocument, block: TextBlock): number {
  const { parent } = doc.index;
  const { nonLinkChars } = doc.stats;
  const own = nonLinkChars[block.node];
  let p = parent[block.node];
  while (p > 0 && nonLinkChars[p] <= own) p = parent[p];
  const context = p >= 0 ? nonLinkChars[p] : own;
  return Math.max(context, 1) / Math.max(block.la, 1);
}

/**
 * CS of every block (paper eq. 3): among the blocks on the same layer with the same tag — here the
 * same tag path, which fixes both — the share whose CC is at least C.
 * @category Extraction
 */
export function contentScale(doc: AnalyzedDocument, blocks: readonly TextBlock[], cc: ArrayLike<number>, threshold: number): Float64Array {
  const total = new Map<number, number>();
  const above = new Map<number, number>();
  blocks.forEach((b, k) => {
    const key = doc.index.tagPathId[b.node];
    total.set(key, (total.get(key) ?? 0) + 1);
    if (cc[k] >= threshold) above.set(key, (above.get(key) ?? 0) + 1);
  });
  return fillFrom(new Float64Array(blocks.length), blocks, (b) => {
    const key = doc.index.tagPathId[b.node];
    return (above.get(key) ?? 0) / (total.get(key) ?? 1);
  });
}
