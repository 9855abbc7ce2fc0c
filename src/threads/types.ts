/**
 * What thread detection returns: the records of a thread (forum posts, answers, reader comments)
 * with their fields. Lower than the extractors: `correlated` and `auto` both read it.
 * @module
 */

/**
 * What kind of page a thread makes.
 * - `thread`: a forum thread (the opening post is the page's body).
 * - `qa`: a question with answers.
 * - `comments`: reader comments under an article.
 * @category Threads
 */
export type ThreadKind = 'thread' | 'qa' | 'comments';

/**
 * Text that a post quotes from another post: kept apart from what the poster wrote.
 * @category Threads
 */
export interface Quote {
  /** The quoted author when the quote names one ("X wrote:", `cite`, `data-username`), else null. */
  readonly author: string | null;
  readonly text: string;
}

/**
 * A forum post or a reader comment.
 * @category Threads
 */
export interface Post {
  readonly author: string | null;
  /** ISO 8601 date (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, with the UTC offset (`Z`, `+08:00`) when the page gives one), or null. */
  readonly date: string | null;
  /** The poster's own words (quotes, signatures, user panels and buttons left out), paragraphs joined by "\n". */
  readonly text: string;
  /** What the post quotes, outer quote first (a nested quote is its own entry after its outer one). */
  readonly quotes: readonly Quote[];
  /** Node id of the post record (its first element when a record spans several siblings). */
  readonly node: number;
  /**
   * End (exclusive node id) of the post record: past its last sibling when the record spans several
   * (a comment's body and the "Posted by … at …" line the template sets after it), else the end of
   * `node`'s subtree. Absent on posts that were not read from repeated records (a mail message).
   */
  readonly recordEnd?: number;
  /** The post's own id on the page (`p252717`, `post-12`, `comment-7`), or null. */
  readonly id: string | null;
  /** Link to the post (resolved against the page URL when one is known), or null. */
  readonly permalink: string | null;
  /** The date as the page shows it when it is relative and could not be resolved ("3 hours ago"), else absent. */
  readonly dateText?: string;
  /**
   * Where {@link Post.text} comes from: the record's body node and the subtrees left out of it
   * (signatures, edit notices, quotes). Node ids only mean something inside one analysis; the
   * structured content (`contentHtml`) is rendered from them.
   */
  readonly content?: PostContentNodes;
}

/**
 * Node ids of a post's own text: its body and the subtrees cut out of it.
 * @category Threads
 */
export interface PostContentNodes {
  readonly body: number;
  readonly cut: readonly number[];
  /**
   * Where {@link Post.text} lies in the page text: the body less the cut subtrees and the notice lines
   * left out (flat `[start, end)` pairs of `AnalyzedDocument.text` offsets, see `analysis/spans.ts`).
   */
  readonly spans: readonly number[];
}

/**
 * The pages of a thread, as the page's pager shows them.
 * @category Threads
 */
export interface ThreadPages {
  /** This page's number (1 for the first), or null when no pager shows it. */
  readonly page: number | null;
  /** Links to the thread's numbered pages, in order, as written in the page. */
  readonly pages: readonly string[];
  /** Link to the next page, or null. */
  readonly nextPage: string | null;
  /** False on page 2+ of a thread: its first post is a reply, not the opening post. */
  readonly openingPostOnPage: boolean;
}
