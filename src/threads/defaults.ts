/**
 * Options of thread detection, with their defaults and why.
 * @module
 */

/**
 * Options of {@link detectThread}.
 * @category Threads
 */
export interface ThreadOptions {
  /**
   * Fewest records that make a thread (an opening post and one reply).
   * @default 2
   */
  minPosts?: number;
  /**
   * Least share of the records that must carry a date (in their text or in a `datetime`, `title`,
   * `data-timestamp` or `content` attribute): posts and comments are dated, menus and teasers mostly not.
   * @default 0.5
   */
  minDatedShare?: number;
  /**
   * Least share of the records that must name an author (a user link or an author-named element
   * outside the post text), unless {@link ThreadOptions.minUnsignedDatedShare} of them are dated:
   * posts and comments are signed or dated one by one, a page's layout sections are neither.
   * @default 0.5
   */
  minAuthoredShare?: number;
  /**
   * Fewest different authors (named in the markup or a byline line) of a run whose records are
   * titled (see {@link ThreadOptions.maxTitledShare}) for it to be a conversation: a blog's front
   * page is titled, dated entries by one author or none.
   * @default 2
   */
  minDistinctAuthors?: number;
  /**
   * Share of records with a heading of their own (a text no other record's heading has) from which
   * a run by fewer than `minDistinctAuthors` people is a list of entries, not posts (replies are
   * untitled or titled "Re: …").
   * @default 0.5
   */
  maxTitledShare?: number;
  /**
   * Share of dated records above which a run needs no authors (comment systems that print the name
   * as plain text, "Posted by: X | date").
   * @default 0.8
   */
  minUnsignedDatedShare?: number;
  /**
   * Longest median post (characters) of an unsigned run: comments are short, while long dated
   * entries that nobody signs are a blog's front page.
   * @default 1000
   */
  maxUnsignedPostChars?: number;
  /**
   * Characters scanned at each end of a record for a text date (headers and footers, not the body).
   * @default 600
   */
  dateScanChars?: number;
  /**
   * Longest sibling period of a record: a post written as two or three sibling elements (a header
   * `div` then a body `div`, as bbPress and table-laid boards do) is one record.
   * @default 3
   */
  maxRecordSiblings?: number;
  /**
   * Longest author name accepted, in characters.
   * @default 60
   */
  maxAuthorLength?: number;
  /**
   * Longest line (in words) at the start or end of a post that is an edit notice when it carries a
   * date with a time ("Last edited by X on …").
   * @default 14
   */
  maxNoticeWords?: number;
  /**
   * Longest quote header ("X wrote:", "Quote from: X on …"), in characters.
   * @default 160
   */
  maxQuoteHeaderChars?: number;
  /**
   * Longest text of a vote box ("▲ 14 ▼", "赞同 356", "Helpful: 5"): one number and a short label
   * that every answer repeats.
   * @default 24
   */
  maxVoteChars?: number;
  /**
   * Least share of the answers that must carry a vote number for a page without schema.org Q&A
   * markup to be read as Q&A.
   * @default 0.6
   */
  minVotedShare?: number;
  /**
   * Longest line that may count the answers or comments ("3 Answers", "4 个回答", "16 comments:").
   * @default 40
   */
  maxCountLineChars?: number;
  /**
   * Levels climbed from the first answer to find the question written above the answer list (the
   * question head is often a sibling of the list, not of the answers).
   * @default 2
   */
  maxQuestionLift?: number;
  /**
   * Least text (characters) of a sibling above the answers for it to be (part of) the question: shorter
   * ones are the answer count or an "Answers" heading.
   * @default 20
   */
  minQuestionChars?: number;
  /**
   * Longest sender, date or attribution line of a mailing-list message page (`readMailMessage`):
   * header lines are short, a sentence that happens to hold an address is not one.
   * @default 200
   */
  maxMailHeaderChars?: number;
  /**
   * Lines between a mail's sender line and its date line at most (a subject or list name may stand between).
   * @default 3
   */
  mailHeaderReach?: number;
}

/** Defaults of {@link ThreadOptions}. @category Threads */
export const DEFAULT_THREAD_OPTIONS: Readonly<Required<ThreadOptions>> = Object.freeze({
  minPosts: 2,
  minDatedShare: 0.5,
  minAuthoredShare: 0.5,
  minUnsignedDatedShare: 0.8,
  maxUnsignedPostChars: 1000,
  minDistinctAuthors: 2,
  maxTitledShare: 0.5,
  dateScanChars: 600,
  maxRecordSiblings: 3,
  maxAuthorLength: 60,
  maxNoticeWords: 14,
  maxQuoteHeaderChars: 160,
  maxVoteChars: 24,
  minVotedShare: 0.6,
  maxCountLineChars: 40,
  maxQuestionLift: 2,
  minQuestionChars: 20,
  maxMailHeaderChars: 200,
  mailHeaderReach: 3,
});

/**
 * Text blocks just before the first answer in which a line counting the answers may stand (the
 * list's heading, its count, a sort menu).
 * @category Threads
 */
export const COUNT_LINE_REACH = 3;

/**
 * Least share of a question's text that the element taken as its body must hold when the question
 * has no element of the answers' body slot.
 * @category Threads
 */
export const QUESTION_BODY_SHARE = 0.5;

/**
 * Longest question, as a multiple of the longest answer, that a text above answers counted by a
 * line ("4 个回答") may be when the question carries no vote: an article above reader comments
 * ranked by likes is many times longer than any of them.
 * @category Threads
 */
export const QUESTION_LENGTH_RATIO = 2;

/**
 * Two-digit years below this are read as 20yy, the others as 19yy ("07.22.12" is 2012, "11/03/98"
 * is 1998), in the comment date lines of {@link findLineDates}.
 * @category Threads
 */
export const TWO_DIGIT_YEAR_PIVOT = 70;

/** Longest line read for a two-digit-year date ("07.22.12 at 20:33"): a header line, never post text. */
export const MAX_SHORT_YEAR_LINE = 80;
