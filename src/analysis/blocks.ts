/**
 * Boundary blocks: the page text cut at every start and end of a boundary element, with some
 * elements dropped with their content — the "basic text blocks" of Zou & Zhong (§1.2.1): type-I
 * tags removed with their content, type-II tags replaced by a `<textblock>` separator, whitespace
 * deleted, the text between two separators is one block. Empty blocks are kept (the paper's N_min is
 * "the smallest value other than 0", so zero blocks are part of the series). Built from the analysis
 * arrays in one pass over the node ids; the tree is not re-parsed.
 * @see Zou Yongqiang, Zhong Zhinong, 一种高效的新闻网页噪声过滤方法, 微型机与应用 30(16), 2011, §1.2.1
 * @module
 */
import { resolveOptions } from '../core/options.js';
import { VOID_TAGS } from '../dom/tags.js';
import { isWhitespaceCode } from './text.js';
import { NodeKind, type AnalyzedDocument } from './types.js';
import { SpanBuffer, type TextSpans } from './spans.js';
import { SliceJoiner } from './slice-joiner.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../core/scratch.js';

/**
 * Options of {@link listBoundaryBlocks}.
 * @category Analysis
 */
export interface BoundaryBlockOptions {
  /** Elements dropped with their content (type I). @default [] */
  dropTags?: readonly string[];
  /** Elements whose start and end separate blocks (type II). @default [] */
  boundaryTags?: readonly string[];
  /**
   * Elements whose text goes into a block's text but not into its character count (e.g. `a`, so a
   * paragraph keeps its link words while links do not count, and a block of links only counts 0).
   * @default []
   */
  uncountedTags?: readonly string[];
  /**
   * Whether the blocks nothing was appended to (two separators in a row) are listed. A caller that drops
   * them anyway leaves them out here: on a page of short paragraphs they are half the blocks.
   * @default true
   */
  keepEmpty?: boolean;
}

/**
 * Defaults of {@link BoundaryBlockOptions}: nothing dropped, no boundaries (one block).
 * @category Analysis
 */
export const DEFAULT_BOUNDARY_BLOCK_OPTIONS: Readonly<Required<BoundaryBlockOptions>> = Object.freeze({
  dropTags: [],
  boundaryTags: [],
  uncountedTags: [],
  keepEmpty: true,
});

/**
 * One block between two boundaries.
 * @category Analysis
 */
export interface BoundaryBlock {
  /** Text of the block (uncounted text included), whitespace collapsed; '' for an empty block. */
  readonly text: string;
  /** The block's text without the uncounted text, whitespace collapsed. */
  readonly countedText: string;
  /** Counted non-whitespace characters (blocknum of the paper). */
  readonly chars: number;
  /** Non-whitespace characters of the uncounted text (e.g. link text). */
  readonly uncountedChars: number;
  /** Innermost open boundary element when the block's first text appeared (or when it began). */
  readonly node: number;
  /** Highest heading level (1 for h1 … 6 for h6) of the block's text; 0 when none is in a heading. */
  readonly heading: number;
  /** Ranges of {@link AnalyzedDocument.text} that {@link BoundaryBlock.text} is made of (see `spans.ts`). */
  readonly spans: TextSpans;
  /** Ranges of {@link AnalyzedDocument.text} that {@link BoundaryBlock.countedText} is made of. */
  readonly countedSpans: TextSpans;
}

/** `h1`…`h6` (tag names are lower case): the heading's level, else 0. Compared by code unit: no regex run per element. */
function headingLevel(tag: string): number {
  if (tag.length !== 2 || tag.charCodeAt(0) !== 0x68) return 0;
  const digit = tag.charCodeAt(1) - 0x30;
  return digit >= 1 && digit <= 6 ? digit : 0;
}

/**
 * The separator for the gap `text[from, to)` between two pieces of a block: the gap itself when it is
 * only spaces, "\n" when it is spaces and line breaks with a line break, " " when it holds anything
 * else. Scanned without a regex or a slice (gaps are mostly empty or one character).
 */
function separatorOf(text: string, from: number, to: number): string {
  let newline = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a) newline = true;
    else if (c !== 0x20) return ' ';
  }
  if (newline) return '\n';
  return to - from === 1 ? ' ' : text.slice(from, to);
}

interface Acc {
  readonly parts: SliceJoiner;
  readonly counted: SliceJoiner;
  chars: number;
  uncounted: number;
  node: number;
  heading: number;
  lastEnd: number;
  /** True once an uncounted piece was appended: until then the counted text and spans are the block's own. */
  mixed: boolean;
  readonly spans: SpanBuffer;
  readonly countedSpans: SpanBuffer;
}

function newAcc(text: string, node: number): Acc {
  return { parts: new SliceJoiner(text), counted: new SliceJoiner(text), chars: 0, uncounted: 0, node, heading: 0, lastEnd: -1, mixed: false, spans: new SpanBuffer(), countedSpans: new SpanBuffer() };
}

/**
 * Empties `acc` for the next block, which opens at `node`. One accumulator serves the whole page: most
 * blocks are empty (every boundary element opens and closes one), and a new accumulator with four
 * arrays per block was most of the allocation of a long page. {@link finish} hands a block copies of
 * the span lists, so every list is emptied in place.
 */
function resetAcc(acc: Acc, node: number): void {
  acc.parts.reset();
  acc.counted.reset();
  acc.chars = 0;
  acc.uncounted = 0;
  acc.node = node;
  acc.heading = 0;
  acc.lastEnd = -1;
  acc.mixed = false;
  acc.spans.clear();
  acc.countedSpans.clear();
}

/** Appends one slice of the page text to a block, with a separator derived from the gap before it. */
function append(doc: AnalyzedDocument, acc: Acc, start: number, end: number, node: number, heading: number, counted: boolean): void {
  if (end <= start) return;
  let sep: string | null = null;
  if (acc.parts.isEmpty) acc.node = node;
  else sep = separatorOf(doc.text, acc.lastEnd, start);
  acc.parts.append(sep, acc.lastEnd, start, end);
  acc.spans.push(start, end);
  if (counted) {
    acc.counted.append(sep, acc.lastEnd, start, end);
    acc.countedSpans.push(start, end);
  } else acc.mixed = true;
  acc.lastEnd = end;
  if (heading > 0 && (acc.heading === 0 || heading < acc.heading)) acc.heading = heading;
}

const LINE_BREAKS_RE = / *\n[ \n]*/gu;
const SPACES_RE = / {2,}/gu;

function tidy(parts: SliceJoiner): string {
  const joined = parts.join();
  return isTidy(joined) ? joined : joined.replace(LINE_BREAKS_RE, '\n').replace(SPACES_RE, ' ').trim();
}

/**
 * True when {@link tidy}'s replacements and trim would not change `text`: no space next to a line
 * break, no two line breaks or spaces in a row, no whitespace at either end.
 */
function isTidy(text: string): boolean {
  const n = text.length;
  if (n === 0) return true;
  if (isWhitespaceCode(text.charCodeAt(0)) || isWhitespaceCode(text.charCodeAt(n - 1))) return false;
  for (let k = 1; k < n; k++) {
    const c = text.charCodeAt(k);
    if (c !== 0x20 && c !== 0x0a) continue;
    const before = text.charCodeAt(k - 1);
    if (before === 0x20 || before === 0x0a) return false;
  }
  return true;
}

/**
 * The block `acc` holds when nothing was appended to it since its reset (most blocks: every boundary
 * element opens and closes one), without joining, tidying or copying anything: what {@link finish}
 * gives for it.
 */
function finishEmpty(acc: Acc, none: TextSpans): BoundaryBlock {
  return { text: '', countedText: '', chars: acc.chars, uncountedChars: acc.uncounted, node: acc.node, heading: 0, spans: none, countedSpans: none };
}

/** True when `acc` holds no text and counts no character: an empty block. */
function isBlank(acc: Acc): boolean {
  return acc.parts.isEmpty && acc.chars === 0 && acc.uncounted === 0;
}

/**
 * The block `acc` holds; `none` is the page's one empty span list, shared by the blocks without text.
 * Span lists are copied at their length: a list grown by `push` keeps 16 or more spare slots, which on
 * a page of 100,000 short paragraphs was 20 MB of the peak heap.
 */
function finish(acc: Acc, none: TextSpans): BoundaryBlock {
  if (acc.parts.isEmpty) return finishEmpty(acc, none);
  const text = tidy(acc.parts);
  const spans = acc.spans.length > 0 ? acc.spans.toArray() : none;
  // without an uncounted piece both joiners and span lists received the same appends: one tidy, one copy
  if (!acc.mixed) return { text, countedText: text, chars: acc.chars, uncountedChars: acc.uncounted, node: acc.node, heading: acc.heading, spans, countedSpans: spans };
  return {
    text, countedText: tidy(acc.counted), chars: acc.chars, uncountedChars: acc.uncounted, node: acc.node, heading: acc.heading,
    spans, countedSpans: acc.countedSpans.length > 0 ? acc.countedSpans.toArray() : none,
  };
}

/**
 * What the walk of {@link walkBoundaryBlocks} hands its caller: each piece of a block's text, and each
 * cut between two blocks.
 */
interface BlockSink {
  /** `text[start, end)` (with `chars` non-whitespace characters) joins the open block; `node` is the innermost open boundary element. */
  piece(start: number, end: number, chars: number, counted: boolean, node: number, heading: number): void;
  /** The open block ends; the next opens at `next`. */
  cut(next: number): void;
  /** The open block begins at boundary element `node`. */
  opened(node: number): void;
}

/** The walk shared by {@link listBoundaryBlocks} and {@link listBoundaryRanges}: one pass over the node ids. O(nodes). */
function walkBoundaryBlocks(doc: AnalyzedDocument, o: Readonly<Required<BoundaryBlockOptions>>, sink: BlockSink): void {
  const drop = new Set(o.dropTags);
  const boundary = new Set(o.boundaryTags);
  const uncounted = new Set(o.uncountedTags);
  const { size, kind, tagOf, excluded, subtreeEnd } = doc.index;
  const { textStart, textEnd, textChars } = doc.stats;
  const open: number[] = [];
  const headings: { end: number; level: number }[] = [];
  const inner = (): number => (open.length > 0 ? open[open.length - 1] : 0);
  const level = (): number => (headings.length > 0 ? headings[headings.length - 1].level : 0);
  let id = 0;
  while (id < size) {
    while (open.length > 0 && id >= subtreeEnd[open[open.length - 1]]) {
      open.pop();
      sink.cut(inner());
    }
    while (headings.length > 0 && id >= headings[headings.length - 1].end) headings.pop();
    const k = kind[id];
    if (excluded[id] && id > 0) {
      id = subtreeEnd[id];
    } else if (k === NodeKind.Text) {
      sink.piece(textStart[id], textEnd[id], textChars[id], true, inner(), level());
      id++;
    } else if (k === NodeKind.Element && drop.has(tagOf(id))) {
      id = subtreeEnd[id];
    } else if (k === NodeKind.Element && uncounted.has(tagOf(id))) {
      sink.piece(textStart[id], textEnd[id], textChars[id], false, inner(), level());
      id = subtreeEnd[id];
    } else {
      if (k === NodeKind.Element) {
        const h = headingLevel(tagOf(id));
        if (h > 0) headings.push({ end: subtreeEnd[id], level: Math.min(h, level() || 6) });
        if (boundary.has(tagOf(id))) {
          sink.cut(inner());
          // A void element (<br>, <hr>) is one tag, hence one separator; others open and close.
          if (!VOID_TAGS.has(tagOf(id))) {
            open.push(id);
            sink.opened(id);
          }
        }
      }
      id++;
    }
  }
  while (open.length > 0) {
    open.pop();
    sink.cut(inner());
  }
}

/**
 * Cuts the page into boundary blocks (see the module comment), in source order. O(nodes).
 * @example listBoundaryBlocks(doc, { dropTags: ['a'], boundaryTags: ['p', 'div'] }).map((b) => b.chars);
 * @category Analysis
 */
export function listBoundaryBlocks(doc: AnalyzedDocument, options?: BoundaryBlockOptions): BoundaryBlock[] {
  const o = resolveOptions(DEFAULT_BOUNDARY_BLOCK_OPTIONS, options, 'listBoundaryBlocks');
  const blocks: BoundaryBlock[] = [];
  const acc = newAcc(doc.text, 0);
  const none: TextSpans = [];
  walkBoundaryBlocks(doc, o, {
    piece: (start, end, chars, counted, node, heading) => {
      if (counted) acc.chars += chars;
      else acc.uncounted += chars;
      append(doc, acc, start, end, node, heading, counted);
    },
    cut: (next) => {
      if (o.keepEmpty || !isBlank(acc)) blocks.push(finish(acc, none));
      resetAcc(acc, next);
    },
    opened: (node) => {
      acc.node = node;
    },
  });
  if (o.keepEmpty || !isBlank(acc)) blocks.push(finish(acc, none));
  return blocks;
}

/**
 * The boundary blocks of {@link listBoundaryBlocks} as counts and ranges only, for a caller that reads
 * no block text (`auto`'s run of `text-blocks`): block `k` counts `chars[k]` and `uncountedChars[k]`,
 * and its ranges ({@link BoundaryBlock.spans}, or {@link BoundaryBlock.countedSpans} when `counted`)
 * are `ranges[from[k] .. from[k + 1])`. No text is joined and no per-block object is made.
 * @category Analysis
 */
export interface BoundaryRanges {
  readonly chars: Int32Array;
  readonly uncountedChars: Int32Array;
  /** Flat `[start, end)` pairs of every block, block after block. */
  readonly ranges: Int32Array;
  /** Offset in `ranges` of each block's first pair, and one past the last block's. */
  readonly from: Int32Array;
}

/**
 * A list of 32-bit integers in a typed array (on a page of 100,000 short paragraphs, growing four plain
 * lists a push at a time was most of the time of {@link listBoundaryRanges}), `data` at first, doubled
 * when outgrown. The lists of {@link listBoundaryRanges} start at a bound of their final length.
 */
class IntList {
  length = 0;

  constructor(private data: Int32Array) {}

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(2 * this.length);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  last(): number {
    return this.data[this.length - 1];
  }

  setLast(value: number): void {
    this.data[this.length - 1] = value;
  }

  /** The values: a view of the list's first `length` slots, not a copy. */
  values(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * The text nodes of a page: a bound of the blocks that have text and of the ranges of all blocks (a
 * range is the text of one text node, or of an uncounted element holding at least one).
 * @category Analysis
 */
export function countTextNodes(doc: AnalyzedDocument): number {
  const { size, kind } = doc.index;
  let count = 0;
  for (let id = 0; id < size; id++) if (kind[id] === NodeKind.Text) count++;
  return count;
}

/** The lengths {@link listBoundaryRanges} gives its lists first (chars, uncounted chars, ranges, from), on a page of `textNodes` text nodes. */
export function boundaryRangeLengths(textNodes: number): readonly [number, number, number, number] {
  return [textNodes + 1, textNodes + 1, Math.max(2 * textNodes, 16), textNodes + 2];
}

/**
 * {@link listBoundaryBlocks} as {@link BoundaryRanges}: the same blocks (same options), each block's
 * spans or, when `counted`, its counted spans. The lists are taken from `arrays` (from page scratch: views
 * valid until it is released, see `core/scratch.ts`).
 * @category Analysis
 */
export function listBoundaryRanges(doc: AnalyzedDocument, options: BoundaryBlockOptions | undefined, counted: boolean, arrays: TypedArraySource = FRESH_ARRAYS): BoundaryRanges {
  const o = resolveOptions(DEFAULT_BOUNDARY_BLOCK_OPTIONS, options, 'listBoundaryRanges');
  // sized from the text nodes: on a page of 187,000 paragraphs, lists doubled from 256 slots left as much
  // again as garbage and were copied at the end. Only empty blocks (`keepEmpty`) can outgrow the bound.
  const [chars, uncountedChars, ranges, from] = boundaryRangeLengths(countTextNodes(doc)).map((length) => new IntList(arrays.int32(length)));
  from.push(0);
  let c = 0;
  let u = 0;
  let hasText = false; // a piece of text was appended (listBoundaryBlocks' `!acc.parts.isEmpty`)
  const cut = (): void => {
    if (o.keepEmpty || hasText || c !== 0 || u !== 0) {
      chars.push(c);
      uncountedChars.push(u);
      from.push(ranges.length);
    }
    c = 0;
    u = 0;
    hasText = false;
  };
  walkBoundaryBlocks(doc, o, {
    piece: (start, end, solid, isCounted) => {
      if (isCounted) c += solid;
      else u += solid;
      if (end <= start) return;
      hasText = true;
      if (!isCounted && counted) return;
      // merged with the block's last range as `SpanBuffer.push` merges, so the ranges are the block's spans
      if (ranges.length > from.last() && ranges.last() >= start) ranges.setLast(Math.max(ranges.last(), end));
      else {
        ranges.push(start);
        ranges.push(end);
      }
    },
    cut,
    opened: () => undefined,
  });
  cut();
  return { chars: chars.values(), uncountedChars: uncountedChars.values(), ranges: ranges.values(), from: from.values() };
}
