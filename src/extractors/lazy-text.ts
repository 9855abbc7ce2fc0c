/**
 * Block lists made on first read. `auto` reads a member's blocks only for their spans and asks of its
 * text only whether it is empty, so a member whose block texts are costly (the `line-blocks` lines, each
 * stripped from its own source range) hands out `blocks` and `text` as getters, built once when read (a
 * caller of the member itself, JSON output, a spread), and records the spans apart for `auto`
 * ({@link blockSpans}, {@link hasNoText}). The two properties stay own and enumerable, in their place,
 * so a result reads, serializes and copies as a plain one. One getter pair per result, not per block:
 * an accessor defined on each block cost about as much as the text it put off.
 * @module
 */
import { defineLazyField } from '../core/lazy.js';
import type { Block, Extraction } from './types.js';

/** What {@link defineLazyBlocks} recorded of a result: its block count, span lists whose union is its blocks' spans, the text of one block, and whether none is empty. */
interface LazyBlocks {
  readonly count: number;
  readonly spans: readonly ArrayLike<number>[];
  readonly textOf: (n: number) => string;
  readonly everyBlockHasText: boolean;
}

/** Results whose `blocks` and `text` are getters (see {@link defineLazyBlocks}). */
const LAZY = new WeakMap<object, LazyBlocks>();

/** Replaces the data property `key` of `target` by an enumerable getter that computes its value once. */
function defineLazy<T>(target: object, key: string, compute: () => T): void {
  let value: T | undefined;
  let done = false;
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  });
}

/**
 * Gives `extraction` (built with placeholders for `blocks` and `text`) its `count` blocks, block `n` made by
 * `blockOf(n)` with the text `textOf(n)`, and the text of its blocks joined by "\n", each computed on first
 * read. `spans` are span lists whose union is what the blocks span: one per block, or lists that each cover
 * several (`correlated` gives views of its block table's list: a page of 625,000 one-word lines kept in one
 * block made a list of 1.25 million numbers that `auto` read once). `everyBlockHasText` is the caller's word that no
 * `textOf(n)` is empty (its counts say so), so {@link hasNoText} need not make one.
 * @category Extraction
 */
export function defineLazyBlocks<E extends Extraction>(
  extraction: E, count: number, spans: readonly ArrayLike<number>[], textOf: (n: number) => string, blockOf: (n: number, text: string) => Block,
  everyBlockHasText = false,
): E {
  defineLazy(extraction, 'blocks', () => Array.from({ length: count }, (_, n) => blockOf(n, textOf(n))));
  defineLazy(extraction, 'text', () => extraction.blocks.map((b) => b.text).join('\n'));
  LAZY.set(extraction, { count, spans, textOf, everyBlockHasText });
  return extraction;
}

/**
 * Span lists whose union is what the blocks of `extraction` span (see {@link defineLazyBlocks}; one per block
 * for plain blocks), without building lazy blocks.
 * @category Extraction
 */
export function blockSpans(extraction: Pick<Extraction, 'blocks'>): readonly ArrayLike<number>[] {
  return LAZY.get(extraction)?.spans ?? extraction.blocks.map((b) => b.spans);
}

/**
 * True when `extraction.text` is empty. For lazy blocks ({@link defineLazyBlocks}) that is no block, or
 * one block with an empty text (two or more join with "\n"): answered without building the text, and
 * without making the one block's text when every block has text (that text was a whole page of one
 * source line: 4 MB of strings on a page of 100,000 links, for a yes or no).
 * @category Extraction
 */
export function hasNoText(extraction: Extraction): boolean {
  const lazy = LAZY.get(extraction);
  if (lazy === undefined) return extraction.text === '';
  return lazy.count === 0 || (lazy.count === 1 && !lazy.everyBlockHasText && lazy.textOf(0) === '');
}

/**
 * What `auto` reads of a member's result: the spans of its blocks (lists in any order, see `keptRanges`
 * of `auto/marks.ts`) and whether its text is empty. A member may compute it without building its
 * result (`MEMBER_SPANS` of `members.ts`).
 */
export interface MemberSpans {
  /** Span lists (see `TextSpans`); a member computing them on its own may give typed arrays. */
  readonly spans: readonly ArrayLike<number>[];
  readonly empty: boolean;
}

/** The {@link MemberSpans} of a result, without building lazy blocks or text. */
export function memberSpansOf(extraction: Extraction): MemberSpans {
  return { spans: blockSpans(extraction), empty: hasNoText(extraction) };
}

/** Node ids of the blocks of results whose `blocks` alone are built on first read (see {@link defineBlocksOnRead}). */
const BLOCK_NODES = new WeakMap<object, ArrayLike<number>>();

/**
 * Gives `extraction` (built with a placeholder for `blocks`, its `text` built already) blocks made on
 * first read, block `n` by `blockOf(n)` and at node `nodes[n]` (one per entry of `nodes`), and records
 * `nodes` apart for {@link blockNodes}. `auto` keeps one block per kept segment (136,000 on a page of
 * short paragraphs) that `extract()` reads only for their nodes: their texts and span lists are made when
 * read. A field of `core/lazy.ts`, so that `cleanStrings` carries it over unread (the caller keeps
 * `blocks` eager when `text` is unclean: it joins the blocks' texts, so clean `text` means clean blocks).
 * @category Extraction
 */
export function defineBlocksOnRead<E extends Extraction>(extraction: E, nodes: ArrayLike<number>, blockOf: (n: number) => Block): E {
  BLOCK_NODES.set(extraction, nodes);
  return defineLazyField(extraction, 'blocks', () => Array.from({ length: nodes.length }, (_, n) => blockOf(n)));
}

/**
 * The node id of each block of `extraction`, in block order, without building blocks made on first
 * read ({@link defineBlocksOnRead}).
 * @category Extraction
 */
export function blockNodes(extraction: Pick<Extraction, 'blocks'>): ArrayLike<number> {
  return BLOCK_NODES.get(extraction) ?? extraction.blocks.map((b) => b.node);
}
