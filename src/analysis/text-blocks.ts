/**
 * Text blocks: block-level elements with text of their own (text not inside a nested block), with
 * their own non-link characters (TA), link nodes (LA) and text. The unit the correlativity rules
 * are applied to once the per-node CC is known.
 *
 * The blocks are a table of typed columns, not an object per block: a tag-dense page has a block per
 * few bytes of HTML, and most readers want only the figures of every block and the text of a few
 * (the kept ones, date and count lines). A block's text is made from its spans when read.
 * @module
 */
import { PAGE_SCRATCH } from '../core/scratch.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import type { AnalyzedDocument } from './types.js';
import { NodeKind } from './types.js';
import { isWhitespaceCode } from './text.js';
import type { TextSpans } from './spans.js';
import { nonLinkCharsOf } from './stats.js';

/** Bytes of page scratch (`core/scratch.ts`) an accumulator (a block with text or links): its seven columns (4 each). */
const SCRATCH_BYTES_PER_BLOCK = 28;

/**
 * One text block, as {@link TextBlockTable.block} gives it (the report lists the blocks so).
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

/** True when `text[from, to)` holds only spaces and line feeds (the separators the visible text is written with). */
function isSeparatorRun(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c !== 0x20 && c !== 0x0a) return false;
  }
  return true;
}

/** True when `text[from, to)` holds a character `trim()` keeps. */
function hasVisibleChar(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isWhitespaceCode(text.charCodeAt(k))) return true;
  return false;
}

/** Spaces before a line break and whatever spaces and breaks follow it: one line break. */
const BREAK_RUN = / *\n[ \n]*/gu;

/**
 * True when a line break of `text` has a space before it or a space or another break after it: where
 * {@link BREAK_RUN} changes something. Most blocks have none (the page text writes one separator between
 * words), and a replace that changes nothing still builds its result piece by piece.
 */
function hasLooseBreak(text: string): boolean {
  for (let k = text.indexOf('\n'); k >= 0; k = text.indexOf('\n', k + 1)) {
    const after = text.charCodeAt(k + 1);
    if ((k > 0 && text.charCodeAt(k - 1) === 0x20) || after === 0x20 || after === 0x0a) return true;
  }
  return false;
}

/**
 * The text of a block from its spans `bounds[from, to)`: a gap of spaces and line breaks between two
 * spans is kept, any other (a nested block's text, a cut) is a line break; then each break with the
 * spaces around it is one "\n", and the ends are trimmed. `piece`, when given, reads one span in
 * place of `text.slice` (the date readers read digits of adjacent elements apart, `threads/glued-digits.ts`).
 */
export function joinSpanText(
  text: string, bounds: ArrayLike<number>, from: number, to: number, piece?: (start: number, end: number) => string,
): string {
  let joined = '';
  if (piece === undefined) {
    // spans whose gaps are only separators are one slice of the page text (most blocks: one slice in all)
    let runStart = bounds[from];
    for (let r = from + 2; r + 1 < to; r += 2) {
      if (isSeparatorRun(text, bounds[r - 1], bounds[r])) continue;
      joined += `${text.slice(runStart, bounds[r - 1])}\n`;
      runStart = bounds[r];
    }
    if (to > from) joined += text.slice(runStart, bounds[to - 1]);
  } else {
    for (let r = from; r + 1 < to; r += 2) {
      if (r > from) joined += isSeparatorRun(text, bounds[r - 1], bounds[r]) ? text.slice(bounds[r - 1], bounds[r]) : '\n';
      joined += piece(bounds[r], bounds[r + 1]);
    }
  }
  return (hasLooseBreak(joined) ? joined.replace(BREAK_RUN, '\n') : joined).trim();
}

/** Where block `k`'s spans start in the flat list of spans, from the column `spanFrom` or, without one, at `2k` (see {@link TextBlockTable}). */
function firstSpanBound(spanFrom: Int32Array | null, k: number): number {
  return spanFrom === null ? 2 * k : spanFrom[k];
}

/** About what a typed array view weighs, in 4-byte entries of the list it views (see {@link TextBlockTable.spansOf}). */
const VIEW_ENTRIES = 32;

/**
 * The page's text blocks in source order of their first text, as columns indexed by block (`k`).
 * @category Extraction
 */
export class TextBlockTable {
  /** Number of blocks. */
  readonly length: number;
  /** Texts read so far (made on first read). */
  private texts: (string | undefined)[] | undefined;

  /**
   * The two columns a page's blocks let be read off the spans are left unmade (`starts`, `spanFrom`: 4 bytes a
   * block each, on a page of 100,000 paragraphs).
   * @param pageText {@link AnalyzedDocument.text}
   * @param node node id of each block element
   * @param ta own non-link characters of each block (TA of its own text)
   * @param la own link nodes of each block (LA of its own text)
   * @param starts offset of each block's first text or link in `pageText`, or null when it is every block's first span's
   *   start (no block opens with a link)
   * @param spanFrom where each block's spans start in `spanBounds` (one more entry: the end), or null when every
   *   block has one span (block `k`'s at `2k`)
   * @param spanBounds the spans of every block, one flat list (see `spans.ts`)
   */
  constructor(
    private readonly pageText: string,
    readonly node: Int32Array,
    readonly ta: Uint32Array,
    readonly la: Uint32Array,
    private readonly starts: Int32Array | null,
    private readonly spanFrom: Int32Array | null,
    readonly spanBounds: Int32Array,
  ) {
    this.length = node.length;
  }

  /** Offset of block `k`'s first text or link in the page text. */
  start(k: number): number {
    return this.starts === null ? this.spanBounds[this.spanStart(k)] : this.starts[k];
  }

  /** Where block `k`'s spans start in {@link spanBounds}; `spanStart(k + 1)` is where they end. */
  spanStart(k: number): number {
    return firstSpanBound(this.spanFrom, k);
  }

  /** Own text of block `k`: whitespace collapsed, "\n" where a line break or a nested block interrupts it. */
  text(k: number): string {
    const texts = (this.texts ??= new Array<string | undefined>(this.length));
    return (texts[k] ??= joinSpanText(this.pageText, this.spanBounds, this.spanStart(k), this.spanStart(k + 1)));
  }

  /** Ranges of the page text block `k`'s own text nodes cover (a new list). */
  spans(k: number): number[] {
    const from = this.spanStart(k);
    const out = new Array<number>(this.spanStart(k + 1) - from); // sized once: a block of a page of `word<br>` has 250,000 offsets
    for (let r = 0; r < out.length; r++) out[r] = this.spanBounds[from + r];
    return out;
  }

  /**
   * The spans of blocks `ks` as lists whose union is theirs: views of the table's own list, one per run of
   * consecutive blocks, when the runs are few enough that their views take less than a copy (a view object
   * weighs about {@link VIEW_ENTRIES} entries); else one list with them all, copied.
   */
  spansOf(ks: readonly number[]): Int32Array[] {
    let length = 0;
    let runs = 0;
    for (let i = 0; i < ks.length; i++) {
      length += this.spanStart(ks[i] + 1) - this.spanStart(ks[i]);
      if (i === 0 || ks[i] !== ks[i - 1] + 1) runs++;
    }
    if (runs * VIEW_ENTRIES <= length) {
      const views: Int32Array[] = [];
      for (let i = 0, j = 1; i < ks.length; i = j++) {
        while (j < ks.length && ks[j] === ks[j - 1] + 1) j++;
        views.push(this.spanBounds.subarray(this.spanStart(ks[i]), this.spanStart(ks[j - 1] + 1)));
      }
      return views;
    }
    const out = new Int32Array(length);
    let at = 0;
    for (const k of ks) for (let r = this.spanStart(k); r < this.spanStart(k + 1); r++) out[at++] = this.spanBounds[r];
    return [out];
  }

  /** Block `k` as one record. */
  block(k: number): TextBlock {
    return { node: this.node[k], ta: this.ta[k], la: this.la[k], text: this.text(k), start: this.start(k), spans: this.spans(k) };
  }
}

/** Indexes of the last `count` blocks (in table order) whose node comes before `node`, ascending. */
export function lastBlocksBefore(blocks: TextBlockTable, node: number, count: number): number[] {
  const out: number[] = [];
  for (let k = blocks.length - 1; k >= 0 && out.length < count; k--) if (blocks.node[k] < node) out.push(k);
  return out.reverse();
}

/** 1 for the tag ids (`tree.tagId`) of block-level elements: a flag per distinct tag of the page, not a set lookup per node. */
export function blockTagFlags(doc: AnalyzedDocument): Uint8Array {
  const { tagNames } = doc.index.tree;
  const flags = new Uint8Array(tagNames.length); // a plain loop: `Uint8Array.from` with a mapper iterates through an iterator
  for (let t = 0; t < tagNames.length; t++) if (BLOCK_TAGS.has(tagNames[t])) flags[t] = 1;
  return flags;
}

/**
 * The most accumulators {@link listTextBlocks} fills: one per block-level element plus one (the page itself,
 * the block above the first), and no more than the text nodes and links that open them (a block gets its
 * accumulator at its first text or link). Both bounds matter: a page of 300,000 nested `<div>`s around one
 * word has one block with text, a page of `<p>` with a word each has a block per text node.
 */
function accumulatorCount(doc: AnalyzedDocument, isBlockTag: Uint8Array): number {
  const { size, kind, tagId, tagNames } = doc.index.tree;
  const anchor = tagNames.indexOf('a');
  let blocks = 1;
  let pieces = 0;
  for (let i = 0; i < size; i++) {
    if (kind[i] === NodeKind.Text) pieces++;
    else if (kind[i] === NodeKind.Element) {
      if (isBlockTag[tagId[i]] === 1) blocks++;
      else if (tagId[i] === anchor) pieces++;
    }
  }
  return Math.min(blocks, pieces);
}

/** A node id no page reaches (a small integer, as the ids are). */
const PAST_EVERY_NODE = 0x7fffffff;

/**
 * The block-level elements open at a node of a walk in node order (a node's subtree is the ids up to its
 * `subtreeEnd`), innermost last, each with its accumulator (−1 before its first text or link); the page
 * node is the block below them all. It stands for a nearest-block and an accumulator column a node (9
 * bytes a node of scratch): it holds the open blocks only, at most the page's depth.
 */
class OpenBlocks {
  private readonly nodes: number[] = [0];
  private readonly slots: number[] = [-1];
  /** Where the innermost open block's subtree ends (the page's: past every node id); read for every node, the stack only when it is reached. */
  private end = PAST_EVERY_NODE;

  constructor(private readonly subtreeEnd: Int32Array) {}

  /** Closes the blocks whose subtree ends at or before node `i`, then opens `i` when it is a block element. */
  enter(i: number, isBlock: boolean): void {
    if (i >= this.end) this.close(i);
    if (isBlock) {
      this.nodes.push(i);
      this.slots.push(-1);
      this.end = this.subtreeEnd[i];
    }
  }

  /** The innermost open block: the nearest block-level ancestor-or-self of the node entered last, else the page (0). */
  owner(): number {
    return this.nodes[this.nodes.length - 1];
  }

  /** The accumulator of {@link owner}; `next` when it had none yet (it is then given `next`). */
  slot(next: number): number {
    const top = this.slots.length - 1;
    if (this.slots[top] < 0) this.slots[top] = next;
    return this.slots[top];
  }

  /** Closes the open blocks whose subtree ends at or before node `i`. */
  private close(i: number): void {
    const { nodes, slots, subtreeEnd } = this;
    while (nodes.length > 1 && subtreeEnd[nodes[nodes.length - 1]] <= i) {
      nodes.pop();
      slots.pop();
    }
    this.end = nodes.length > 1 ? subtreeEnd[nodes[nodes.length - 1]] : PAST_EVERY_NODE;
  }
}

/** What {@link walkBlockPieces} hands on: node `i`, a text node or a link, the accumulator `k` of its block, and that block's node. */
type PieceVisitor = (i: number, k: number, isLink: boolean, owner: number) => void;

/**
 * Visits every text node with visible text and every outermost link (a link inside a link counts once,
 * at the outer one), not excluded, in node order, with the accumulator of its nearest block. The
 * accumulators are numbered in the order the blocks get their first text or link: every walk numbers
 * them alike, so a second walk finds the first one's accumulators without a column a node.
 */
function walkBlockPieces(doc: AnalyzedDocument, isBlockTag: Uint8Array, visit: PieceVisitor): void {
  const { size, kind, tagId, tagNames, subtreeEnd } = doc.index.tree;
  const { excluded } = doc.index;
  const { linkCount, textStart, textEnd } = doc.stats;
  const anchor = tagNames.indexOf('a');
  const open = new OpenBlocks(subtreeEnd);
  let accumulators = 0;
  // the nodes before `anchorEnd` lie inside the outermost open link
  let anchorEnd = 0;
  for (let i = 0; i < size; i++) {
    const isElement = kind[i] === NodeKind.Element;
    open.enter(i, isElement && isBlockTag[tagId[i]] === 1);
    const isAnchor = isElement && tagId[i] === anchor;
    const inAnchor = i < anchorEnd;
    if (isAnchor && !inAnchor) anchorEnd = subtreeEnd[i];
    const isText = isTextNode(excluded, kind, textStart, textEnd, i);
    const isLink = !isText && isAnchor && !excluded[i] && linkCount[i] > 0 && !inAnchor;
    if (!isText && !isLink) continue;
    const k = open.slot(accumulators);
    if (k === accumulators) accumulators++;
    visit(i, k, isLink, open.owner());
  }
}

/**
 * What the blocks gather, one entry per block in order of its first text or link, as views of the
 * scratch buffer: node, TA, LA, start, and the end of its last span and its span offsets count (a
 * text node that starts where the last one ended extends that span, as `pushSpan` merges them).
 */
class BlockAccumulators {
  count = 0;
  readonly node: Int32Array;
  readonly ta: Uint32Array;
  readonly la: Uint32Array;
  readonly start: Int32Array;
  /** End of the last span; once gathered, the blocks kept in output order (see {@link orderKept}). */
  readonly lastEnd: Int32Array;
  /** Number of span offsets; once ordered, where the next span goes in the table's flat list. */
  readonly bounds: Int32Array;
  /** 1 when the text holds a character `trim()` keeps; once ordered, the block's row in the table (−1 dropped). */
  readonly row: Int32Array;

  constructor(buffer: ArrayBuffer, byteOffset: number, capacity: number) {
    const column = (n: number): Int32Array => new Int32Array(buffer, byteOffset + 4 * n * capacity, capacity);
    [this.node, this.start, this.lastEnd, this.bounds, this.row] = [column(0), column(1), column(2), column(3), column(4)];
    this.ta = new Uint32Array(buffer, byteOffset + 4 * 5 * capacity, capacity);
    this.la = new Uint32Array(buffer, byteOffset + 4 * 6 * capacity, capacity);
  }

  add(node: number, start: number): number {
    const k = this.count++;
    this.node[k] = node;
    this.start[k] = start;
    this.ta[k] = this.la[k] = this.bounds[k] = this.row[k] = 0;
    return k;
  }

  /** Adds text node `text[start, end)` to block `k`. */
  addText(k: number, text: string, start: number, end: number): void {
    if (this.bounds[k] > 0 && this.lastEnd[k] >= start) this.lastEnd[k] = Math.max(this.lastEnd[k], end);
    else {
      this.bounds[k] += 2;
      this.lastEnd[k] = end;
    }
    if (this.row[k] === 0 && hasVisibleChar(text, start, end)) this.row[k] = 1;
  }
}

/** True for node `i` when it is a text node with visible text, not excluded (the columns of the page's index and stats). */
function isTextNode(excluded: Uint8Array, kind: Uint8Array, textStart: Uint32Array, textEnd: Uint32Array, i: number): boolean {
  return !excluded[i] && kind[i] === NodeKind.Text && textEnd[i] > textStart[i];
}

/** Gathers each text node and outermost link into its nearest block's accumulator. */
function gatherBlocks(doc: AnalyzedDocument, isBlockTag: Uint8Array, acc: BlockAccumulators): void {
  const { textStart, textEnd } = doc.stats;
  walkBlockPieces(doc, isBlockTag, (i, k, isLink, owner) => {
    if (k === acc.count) acc.add(owner, textStart[i]);
    if (isLink) acc.la[k] += 1;
    else {
      acc.addText(k, doc.text, textStart[i], textEnd[i]);
      acc.ta[k] += nonLinkCharsOf(doc.stats, i);
    }
  });
}

/**
 * Orders the blocks with visible text by start, ties in gathering order (which is almost always that
 * order already: then nothing is sorted), written into `acc.lastEnd`, and gives each its row. Returns
 * the number kept.
 */
function orderKept(acc: BlockAccumulators): number {
  const order = acc.lastEnd;
  let kept = 0;
  let sorted = true;
  for (let k = 0; k < acc.count; k++) {
    if (acc.row[k] === 0) continue;
    if (kept > 0 && acc.start[k] < acc.start[order[kept - 1]]) sorted = false;
    order[kept++] = k;
  }
  if (!sorted) order.set(Array.from(order.subarray(0, kept)).sort((x, y) => acc.start[x] - acc.start[y]));
  acc.row.fill(-1, 0, acc.count);
  for (let j = 0; j < kept; j++) acc.row[order[j]] = j;
  return kept;
}

/**
 * The table of the kept blocks: their columns copied out in order, then their spans written in a second walk over the
 * text nodes. Where the spans start is a column only when some block has more than one span, the blocks' starts only
 * when some block opens with a link (see {@link TextBlockTable}).
 */
function buildTable(doc: AnalyzedDocument, isBlockTag: Uint8Array, acc: BlockAccumulators, kept: number): TextBlockTable {
  const order = acc.lastEnd;
  let oneSpanEach = true;
  for (let j = 0; j < kept && oneSpanEach; j++) if (acc.bounds[order[j]] !== 2) oneSpanEach = false;
  const spanFrom = oneSpanEach ? null : new Int32Array(kept + 1);
  const node = new Int32Array(kept);
  const [ta, la] = [new Uint32Array(kept), new Uint32Array(kept)];
  let spanCount = 0;
  for (let j = 0; j < kept; j++) {
    const k = order[j];
    node[j] = acc.node[k];
    ta[j] = acc.ta[k];
    la[j] = acc.la[k];
    const count = acc.bounds[k];
    acc.bounds[k] = spanCount; // where the walk below writes the block's spans
    spanCount += count;
    if (spanFrom !== null) spanFrom[j + 1] = spanCount;
  }
  const spanBounds = new Int32Array(spanCount);
  const { textStart, textEnd } = doc.stats;
  walkBlockPieces(doc, isBlockTag, (i, k, isLink) => {
    const j = acc.row[k];
    if (isLink || j < 0) return;
    const at = acc.bounds[k];
    if (at > firstSpanBound(spanFrom, j) && spanBounds[at - 1] >= textStart[i]) spanBounds[at - 1] = Math.max(spanBounds[at - 1], textEnd[i]);
    else {
      spanBounds[at] = textStart[i];
      spanBounds[at + 1] = textEnd[i];
      acc.bounds[k] = at + 2;
    }
  });
  return new TextBlockTable(doc.text, node, ta, la, blockStarts(acc, kept, spanFrom, spanBounds), spanFrom, spanBounds);
}

/** The start of each kept block in table order (`acc.start`), or null when each is where its first span starts. */
function blockStarts(acc: BlockAccumulators, kept: number, spanFrom: Int32Array | null, spanBounds: Int32Array): Int32Array | null {
  const order = acc.lastEnd;
  let j = 0;
  while (j < kept && acc.start[order[j]] === spanBounds[firstSpanBound(spanFrom, j)]) j++;
  if (j === kept) return null;
  const starts = new Int32Array(kept);
  for (j = 0; j < kept; j++) starts[j] = acc.start[order[j]];
  return starts;
}

/**
 * Lists the page's text blocks in source order of their first text. A block's text is the text of its
 * own text nodes (see {@link joinSpanText}); blocks whose text is only whitespace are left out.
 * @category Extraction
 */
export function listTextBlocks(doc: AnalyzedDocument): TextBlockTable {
  const isBlockTag = blockTagFlags(doc);
  const accumulators = accumulatorCount(doc, isBlockTag);
  const scratch = PAGE_SCRATCH.take(SCRATCH_BYTES_PER_BLOCK * accumulators);
  const acc = new BlockAccumulators(scratch, 0, accumulators);
  gatherBlocks(doc, isBlockTag, acc);
  const table = buildTable(doc, isBlockTag, acc, orderKept(acc));
  PAGE_SCRATCH.give(scratch); // nothing returned is a view of it (`core/scratch.ts`)
  return table;
}
