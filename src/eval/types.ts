/**
 * Records of a labeled corpus (`truth.jsonl`) and of a prediction file, as score.py reads them.
 * @module
 */

/** A quotation inside a post: whom it quotes and the quoted text. @category Evaluation */
export interface QuoteRecord {
  readonly author?: string | null;
  readonly text?: string | null;
}

/** A post or comment in the truth or in a prediction. @category Evaluation */
export interface PostRecord {
  readonly author?: string | null;
  /** Any date text; compared by calendar day (see `pyDay`). */
  readonly date?: string | null;
  readonly text?: string | null;
  /** Quotations of other posts inside this one (scored by `posts.quotes_*`). */
  readonly quotes?: readonly (QuoteRecord | null)[] | null;
}

/**
 * One line of `truth.jsonl` (see docs/corpus-format.md). Only the fields a page has truth for
 * are scored; other fields (`kind`, `url`, …) are carried along and ignored.
 * @category Evaluation
 */
export interface TruthRecord {
  readonly id: string | number;
  /** Page path relative to the corpus directory, e.g. `pages/<id>.html`. */
  readonly file?: string;
  readonly title?: string | null;
  readonly author?: string | null;
  readonly date?: string | null;
  /** Main text, paragraphs separated by `\n`. */
  readonly body?: string | null;
  readonly posts?: readonly PostRecord[] | null;
  readonly comments?: readonly PostRecord[] | null;
  /** Snippets the body must contain. */
  readonly with?: readonly string[] | null;
  /** Snippets the body must not contain. */
  readonly without?: readonly string[] | null;
  /** The charset that really decodes the page. */
  readonly encoding?: string | null;
  /** The page's language (BCP 47; only the primary subtag is compared). */
  readonly lang?: string | null;
  readonly [field: string]: unknown;
}

/**
 * One line of a prediction file (what `matn extract` prints, plus `error` for a failed page).
 * A page without a prediction line is scored as an empty prediction.
 * @category Evaluation
 */
export interface PredictionRecord {
  readonly id: string | number;
  readonly title?: string | null;
  readonly author?: string | null;
  readonly date?: string | null;
  readonly body?: string | null;
  readonly posts?: readonly (PostRecord | null)[] | null;
  readonly comments?: readonly (PostRecord | null)[] | null;
  readonly encoding?: string | null;
  /** Language tag; its primary subtag is compared with the truth's (`lang.acc`). */
  readonly lang?: string | null;
  /** Present (truthy) when the page failed. */
  readonly error?: unknown;
  readonly [field: string]: unknown;
}
