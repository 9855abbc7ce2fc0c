/**
 * Thread detection as a stage of its own, used by `correlated` and `auto`: whether a page holds a
 * thread (forum posts, answers, reader comments) and its posts with author, date, own text, quotes,
 * id and permalink, found from the page's structure (repeated records, dates that run forward, text
 * that is not repeated) rather than from an engine's class names.
 * @module
 */
import { assertAnalyzedDocument } from '../analysis/guards.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { listTextBlocks, type TextBlockTable } from '../analysis/text-blocks.js';
import { resolveOptions } from '../core/options.js';
import { listAttributeDates } from './attribute-dates.js';
import { DEFAULT_THREAD_OPTIONS, type ThreadOptions } from './defaults.js';
import { isLaterPage, type Pager, readThreadPager } from './pager.js';
import { buildPosts } from './posts.js';
import { readQa } from './qa.js';
import { forgetRecordKinds, makeRecordKinds } from './records.js';
import { ScratchArrays, scratchBytes, type TypedArraySource } from '../core/scratch.js';
import { pageFacts, slotOf } from './slots.js';
import { findThread, type Thread } from './thread.js';
import type { Post } from './types.js';

export { DEFAULT_THREAD_OPTIONS, type ThreadOptions } from './defaults.js';
export type { Thread } from './thread.js';
export type { Post, Quote, ThreadKind } from './types.js';
export { resolveRelativeDate } from '../vocabulary/relative-dates.js';
export { isLaterPage, type Pager, readThreadPager } from './pager.js';
export { type MailOptions, readMailMessage } from './mail.js';
export { isCalendarWord } from './author.js';

/**
 * A thread found on a page.
 * @category Threads
 */
export interface ThreadDetection {
  /** The records and their bodies. */
  readonly thread: Thread;
  /** The posts in page order. */
  readonly posts: readonly Post[];
  /** The page's current date that relative dates were read against, or null when it shows none. */
  readonly reference: string | null;
  /** The thread's pager: this page's number and the links to the others. */
  readonly pager: Pager;
  /** False on page 2+ of a thread: the first post here is a reply, not the opening post. */
  readonly openingPostOnPage: boolean;
  /**
   * `qa` when the records are a question and its answers (the question is then the first post, and
   * the comments under the question and the answers are posts too); `thread` otherwise (a forum
   * thread, or reader comments: the caller tells these apart from what stands above the records).
   */
  readonly kind: 'thread' | 'qa';
  /**
   * True when the first post's body is built apart from the others' (not of their body slot: an
   * article above comments, read as the first record by its place in the same list).
   */
  readonly openingApart: boolean;
}

/**
 * Finds the thread of a page and reads its posts; null when the page has none.
 * @param blocks the page's text blocks when the caller has them already (`listTextBlocks(doc)`)
 * @example
 * ```ts
 * const found = detectThread(analyze(normalize(bytes)));
 * found?.posts.map((p) => [p.author, p.date, p.quotes.length]);
 * ```
 * @category Threads
 */
export function detectThread(doc: AnalyzedDocument, options?: Partial<ThreadOptions>, blocks?: TextBlockTable): ThreadDetection | null {
  assertAnalyzedDocument(doc, 'detectThread');
  const o = resolveOptions(DEFAULT_THREAD_OPTIONS, options, 'detectThread');
  const textBlocks = blocks ?? listTextBlocks(doc);
  // the call's columns (the record kinds and the noise memo, a node each; the block keys, text weights and date memos, a block each) are
  // page scratch (`core/scratch.ts`): taken after the text blocks are listed (their own scratch is given back
  // by then), read by this stage only, and nothing returned is a view of them
  const size = doc.index.size;
  const count = textBlocks.length;
  const arrays = new ScratchArrays(scratchBytes([size, 4], [size, 4], [count, 4], [count + 1, 8], [count, 1], [count, 1], [count, 1]));
  makeRecordKinds(doc, arrays);
  try {
    return findPosts(doc, o, textBlocks, arrays);
  } finally {
    forgetRecordKinds(doc);
    arrays.release();
  }
}

/** {@link detectThread} with its options resolved and the page's text blocks. */
function findPosts(doc: AnalyzedDocument, o: Readonly<Required<ThreadOptions>>, textBlocks: TextBlockTable, arrays: TypedArraySource): ThreadDetection | null {
  const facts = pageFacts(doc, textBlocks, arrays);
  const attrDates = listAttributeDates(doc);
  const found = findThread(doc, textBlocks, facts, attrDates, o, arrays);
  if (!found) return null;
  const qa = readQa(doc, textBlocks, attrDates, found, o);
  const thread = qa ?? found;
  const { posts, reference } = buildPosts(doc, textBlocks, facts, attrDates, thread, o);
  // rows of a table as posts name their author or show their date: rows most of which do neither are a
  // table's content (a shop's rows of products, dated in a long details line), not a thread
  if (doc.index.tagOf(thread.items[0]) === 'tr' && 2 * posts.filter((p) => p.author !== null || p.date !== null).length <= posts.length) return null;
  const pager = readThreadPager(doc, thread.items.map((it, n) => [it, thread.ends[n]] as const));
  const slots = new Set(thread.bodySlot.split('|'));
  const openingApart = thread.bodies[0] >= 0 && !slots.has(slotOf(doc, thread.bodies[0]));
  return { thread, posts, reference, pager, openingPostOnPage: !isLaterPage(pager), kind: qa ? 'qa' : 'thread', openingApart };
}
