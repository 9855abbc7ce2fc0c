/**
 * One memo of `findDates` (default options) per analyzed page, shared by every part of the thread
 * stage: candidate groups, authors, bylines, notices, quotes and Q&A cues read the same short lines
 * (a comment's "March 3, 2010 at 5:12 pm" link is read by the header test, the author search of
 * each candidate and again when the posts are built). The memo lives as long as the page's analysis
 * (a `WeakMap` keyed by the document) and holds only texts that may hold a date (`mayHoldDate`).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { type DateMatch, memoizedFindDates } from '../vocabulary/dates.js';
import { pageDayFirst } from './day-order.js';

/** A reader of the dates of a text (`findDates` with default options, or a memo of it). Its answers are shared: never change them. */
export type DatesOf = (text: string) => readonly DateMatch[];

const MEMOS = new WeakMap<AnalyzedDocument, DatesOf>();

/**
 * `findDates(text)` for texts of `doc`, memoized for the page (same answers; shared, so read-only); a
 * text whose numeric date could be read day-first or month-first is read in the page's order (see
 * `day-order.ts`), day-first when the page does not tell.
 * @category Threads
 */
export function pageDates(doc: AnalyzedDocument): DatesOf {
  let memo = MEMOS.get(doc);
  if (memo === undefined) {
    const dayFirst = memoizedFindDates();
    const monthFirst = memoizedFindDates({ dayFirst: false });
    memo = (text) => {
      const found = dayFirst(text);
      return found.some((d) => d.orderGuessed) && pageDayFirst(doc) === false ? monthFirst(text) : found;
    };
    MEMOS.set(doc, memo);
  }
  return memo;
}
