/**
 * Data smoothing (paper §3.5): rescue short content under C on a content layer, and demote content
 * above C that sits off the layer structure of the content (the copyright/footer block).
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { TextBlockTable } from '../../analysis/text-blocks.js';
import { blockCcAt, blockCorrelativity, contentScale, contextDensity } from './score.js';

/** The smoothing thresholds. */
export interface SmoothingThresholds {
  readonly threshold: number;
  readonly scaleThreshold: number;
  readonly densityThreshold: number;
}

/**
 * The smoothed CC of the blocks (paper §3.5): a block's CC read from its own figures (`blockCcAt`), or C
 * for a block the smoothing raised. Smoothing only ever raises a block to C, so it is kept as one flag a
 * block, not as a double a block next to a second double a block for the CC before it; the two series
 * are made as arrays only when a caller reads them ({@link ccValues}, {@link smoothedValues}).
 */
export class SmoothedBlocks {
  /**
   * @param blocks TA and LA of every block
   * @param raised 1 for a block the smoothing raised to C
   * @param threshold C
   */
  constructor(
    private readonly blocks: Pick<TextBlockTable, 'length' | 'ta' | 'la'>,
    private readonly raised: Uint8Array,
    private readonly threshold: number,
  ) {}

  /** Smoothed CC of block `k`. */
  at(k: number): number {
    return this.raised[k] === 1 ? this.threshold : blockCcAt(this.blocks, k);
  }

  /** True when block `k` counts as content after smoothing (CC ≥ C). */
  isContent(k: number): boolean {
    return this.at(k) >= this.threshold;
  }

  /** The CC of every block before smoothing. */
  ccValues(): Float64Array {
    return blockCorrelativity(this.blocks);
  }

  /** The smoothed CC of every block. */
  smoothedValues(): Float64Array {
    const out = new Float64Array(this.blocks.length);
    for (let k = 0; k < out.length; k++) out[k] = this.at(k);
    return out;
  }
}

/**
 * Smoothed CC of every block: blocks above C keep their CC; a block under C whose CS > S and TD > D is
 * raised to C (paper: "该节点正文相关度值更改为阈值C").
 */
export function smoothBlocks(doc: AnalyzedDocument, blocks: TextBlockTable, t: SmoothingThresholds): SmoothedBlocks {
  // each threshold read once: an option's double is boxed anew at each read in the interpreter, which runs this
  // once-per-page loop until it is compiled (a read a block was 1.6 MB of garbage on a page of 100,000 paragraphs)
  const { threshold, scaleThreshold, densityThreshold } = t;
  const cs = contentScale(doc, blocks, threshold);
  const raised = new Uint8Array(blocks.length);
  for (let k = 0; k < blocks.length; k++) {
    if (blockCcAt(blocks, k) >= threshold || blocks.ta[k] === 0) continue;
    if (cs(k) > scaleThreshold && contextDensity(doc, blocks, k) > densityThreshold) raised[k] = 1;
  }
  // only the figures the smoothed values are read from are held, not the table (texts, spans)
  return new SmoothedBlocks({ length: blocks.length, ta: blocks.ta, la: blocks.la }, raised, threshold);
}

/**
 * The main content region: from the root, descend into the child element holding at least `share`
 * of the content characters until no child does. Content blocks are given by index into `blocks`.
 * @category Extraction
 */
export function findRegion(doc: AnalyzedDocument, blocks: TextBlockTable, contentIdx: readonly number[], share: number): number {
  const { subtreeEnd } = doc.index;
  let region = 0;
  // in node order, so that the children (disjoint, ascending id ranges) are swept in one pass per level
  let members = [...contentIdx].sort((a, b) => blocks.node[a] - blocks.node[b]);
  for (;;) {
    const total = members.reduce((s, k) => s + blocks.ta[k], 0);
    if (total === 0) return region;
    let next = -1;
    let nextMembers: number[] = [];
    let cursor = 0;
    for (const child of doc.index.childElements(region)) {
      while (cursor < members.length && blocks.node[members[cursor]] < child) cursor++;
      const from = cursor;
      let sum = 0;
      while (cursor < members.length && blocks.node[members[cursor]] < subtreeEnd[child]) sum += blocks.ta[members[cursor++]];
      if (sum >= share * total && sum > 0) {
        next = child;
        nextMembers = members.slice(from, cursor);
        break;
      }
    }
    if (next < 0) return region;
    // stop at a single block: the region is the element that holds several of them
    if (nextMembers.length === 1 && blocks.node[nextMembers[0]] === next) return region;
    region = next;
    members = nextMembers;
  }
}

/**
 * Demotes content off the content layer (paper §3.5, the copyright case): a content block outside the
 * region is kept only when its tag path also occurs among the content blocks inside the region.
 * Returns the indexes of the kept blocks in source order.
 * @category Extraction
 */
export function keepOnLayer(doc: AnalyzedDocument, blocks: TextBlockTable, contentIdx: readonly number[], region: number): number[] {
  const end = doc.index.subtreeEnd[region];
  const inRegion = (k: number): boolean => blocks.node[k] >= region && blocks.node[k] < end;
  const layers = new Set(contentIdx.filter(inRegion).map((k) => doc.index.tagPathId[blocks.node[k]]));
  return contentIdx.filter((k) => inRegion(k) || layers.has(doc.index.tagPathId[blocks.node[k]]));
}
