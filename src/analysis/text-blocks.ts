/**
 * Text blocks: block-level elements with text of their own (text not inside a nested block), with
 * their own non-link characters (TA), link nodes (LA) and text. The unit the correlativity rules
 * are applied to once the per-node CC is known.
 * @module
 */
import { BufferPool } from '../core/buffer-pool.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import type { AnalyzedDocument } from './types.js';
import { NodeKind } from './types.js';
import { pushSpan, type TextSpans } from './spans.js';

/** Scratch of {@link listTextBlocks} (9 bytes a node), reused by the next page; nothing it returns is a view of it (`core/buffer-pool.ts`). */
const SCRATCH = new BufferPool(32 * 1024 * 1024);

/**
 * One text block.
 * @category Extraction
 */
export interface TextBlock {
  /** Node id of the block element. */
  readonly node: number;
  /** Own non-link characters (TA of the block's own text). */
  readonly ta: number;
  /** Own link nodes (LA of the block's own text). */
  readonly la: number;
  /** Own text, whitespace collapsed, "\n" where a line break or a nested block interrupts it. */
  readonly text: string;
  /** Offset of the block's first text in {@link AnalyzedDocument.text}. */
  readonly start: number;
  /** Ranges of {@link AnalyzedDocument.text} the block's own text nodes cover (see `spans.ts`). */
  readonly spans: TextSpans;
}

/** Nearest block-level ancestor-or-self of every node (−1 above the first block), written into `nearest` (every entry). One forward pass. */
export function nearestBlocks(doc: AnalyzedDocument, nearest = new Int32Array(doc.index.size)): Int32Array {
  const { size, parent, kind, tag } = doc.index;
  for (let i = 0; i < size; i++) {
    const isBlock = kind[i] === NodeKind.Element && BLOCK_TAGS.has(tag[i]);
    nearest[i] = isBlock ? i : parent[i] >= 0 ? nearest[parent[i]] : -1;
  }
  return nearest;
}

/** True when `text[from, to)` holds only spaces and line feeds (the separators the visible text is written with). */
function isSeparatorRun(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 0x20 && c !== 0x0a) return false;
  }
  return true;
}

/** Spaces before a line break and whatever spaces and breaks follow it: one line break. */
const BREAK_RUN = / *\n[ \n]*/gu;

/**
 * What the blocks gather, one entry per block in order of its first text or link (typed columns, no object
 * per block until the block is output): the block's own text is the open run `text[runStart, runEnd)`,
 * after the pieces in `parts` (kept only for the few blocks whose text a nested block interrupts).
 */
class BlockAccumulators {
  count = 0;
  readonly node: Int32Array;
  readonly ta: Float64Array;
  readonly la: Int32Array;
  readonly start: Int32Array;
  readonly runStart: Int32Array;
  readonly runEnd: Int32Array;
  readonly spans: (number[] | undefined)[] = [];
  readonly parts = new Map<number, string[]>();

  constructor(capacity: number) {
    this.node = new Int32Array(capacity);
    this.ta = new Float64Array(capacity);
    this.la = new Int32Array(capacity);
    this.start = new Int32Array(capacity);
    this.runStart = new Int32Array(capacity).fill(-1);
    this.runEnd = new Int32Array(capacity);
  }

  add(node: number, start: number): number {
    const k = this.count++;
    this.node[k] = node;
    this.start[k] = start;
    this.runEnd[k] = start;
    return k;
  }

  /** Appends text node `text[start, end)` to block `k`, after a separator: the gap itself when it is only separators, else a line break. */
  appendText(k: number, text: string, start: number, end: number): void {
    const runStart = this.runStart[k];
    const gapFrom = this.runEnd[k];
    if (runStart < 0) this.runStart[k] = start;
    else if (isSeparatorRun(text, gapFrom, start)) {
      // the run grows over the page's own separators (its pieces follow each other in the text)
    } else {
      let parts = this.parts.get(k);
      if (parts === undefined) this.parts.set(k, (parts = []));
      parts.push(text.slice(runStart, gapFrom), '\n');
      this.runStart[k] = start;
    }
    this.runEnd[k] = end;
    const spans = this.spans[k];
    // a block's first range makes a list of its length (one grown by push keeps 16 or more spare slots,
    // and most blocks hold one text node)
    if (spans === undefined) this.spans[k] = end > start ? [start, end] : [];
    else pushSpan(spans, start, end);
  }

  /** The joined text of block `k`. */
  joined(k: number, text: string): string {
    const run = this.runStart[k] < 0 ? '' : text.slice(this.runStart[k], this.runEnd[k]);
    const parts = this.parts.get(k);
    return parts === undefined ? run : parts.join('') + run;
  }
}

/** The number of block-level elements of the page plus one (the page itself as the block above the first). */
function blockCount(nearest: Int32Array): number {
  let count = 1;
  for (let i = 0; i < nearest.length; i++) if (nearest[i] === i) count++;
  return count;
}

/**
 * Lists the page's text blocks in source order of their first text. One pass over the nodes: each text
 * node and outermost link goes to its nearest block (a slot per block node, no map), and a block's text is
 * one range of the visible text while its pieces follow each other with only separators between them.
 * @category Extraction
 */
export function listTextBlocks(doc: AnalyzedDocument): TextBlock[] {
  const { size, kind, excluded, tag, parent } = doc.index;
  const { nonLinkChars, linkCount, textStart, textEnd } = doc.stats;
  const scratch = SCRATCH.take(9 * size);
  const nearest = nearestBlocks(doc, new Int32Array(scratch, 0, size));
  // the accumulator of each block node, −1 before its first text or link
  const slot = new Int32Array(scratch, 4 * size, size).fill(-1);
  // 1 for a node inside an `<a>` (a link inside a link counts once, at the outer one)
  const inAnchor = new Uint8Array(scratch, 8 * size, size);
  const acc = new BlockAccumulators(blockCount(nearest));
  const text = doc.text;
  for (let i = 0; i < size; i++) {
    const p = parent[i];
    inAnchor[i] = p >= 0 && (inAnchor[p] === 1 || tag[p] === 'a') ? 1 : 0;
    if (excluded[i]) continue;
    const isText = kind[i] === NodeKind.Text && textEnd[i] > textStart[i];
    const isLink = !isText && kind[i] === NodeKind.Element && tag[i] === 'a' && linkCount[i] > 0 && inAnchor[i] === 0;
    if (!isText && !isLink) continue;
    const owner = nearest[i] >= 0 ? nearest[i] : 0;
    let k = slot[owner];
    if (k < 0) k = slot[owner] = acc.add(owner, textStart[i]);
    if (isLink) acc.la[k] += 1;
    else {
      acc.appendText(k, text, textStart[i], textEnd[i]);
      acc.ta[k] += nonLinkChars[i];
    }
  }
  SCRATCH.give(scratch);
  const blocks: TextBlock[] = [];
  for (let k = 0; k < acc.count; k++) {
    const joined = acc.joined(k, text);
    const tidy = (joined.includes('\n') ? joined.replace(BREAK_RUN, '\n') : joined).trim();
    if (tidy) blocks.push({ node: acc.node[k], ta: acc.ta[k], la: acc.la[k], text: tidy, start: acc.start[k], spans: acc.spans[k] ?? [] });
  }
  blocks.sort((x, y) => x.start - y.start);
  return blocks;
}
