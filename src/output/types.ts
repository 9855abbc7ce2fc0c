/**
 * The types of a page's result that the pipeline builds and the record writer reads: one definition,
 * a floor below both (`src/pipeline.ts` extends it with the stages' full results, `record.ts` reads it).
 * @module
 */
import type { ContentImage } from '../content/render-html.js';
import type { Diagnostic } from '../core/diagnostics.js';
import type { CharsetSource } from '../encoding/types.js';
import type { PageKind } from '../extractors/types.js';
import type { Direction } from '../metadata/language.js';
import type { MatchingFields } from '../moderation/page.js';
import type { PagePost } from '../post-fields.js';

/**
 * Milliseconds spent in each stage of `extract()`.
 * @category Pipeline
 */
export interface StageTimings {
  readonly normalizeMs: number;
  /** Parsing and analysis. */
  readonly analyzeMs: number;
  readonly extractMs: number;
  readonly metadataMs: number;
}

/**
 * The plain fields of a page result: what `extract()` found on one page, and what a record
 * (`toRecord`, `PageResult.toJSON`) is made of. `PageResult` adds the stages' full results.
 * @category Pipeline
 */
export interface PageFields {
  readonly title: string | null;
  /** The article's author, or the opening post's author for a forum thread. */
  readonly author: string | null;
  /** ISO 8601 (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, with the UTC offset (`Z`, `+08:00`) when the page gives one): the article's date or the opening post's. */
  readonly date: string | null;
  /** Primary language subtag, e.g. `ug`. */
  readonly lang: string | null;
  readonly dir: Direction;
  /** Main text, one block per line; for a thread the opening post. */
  readonly body: string;
  /** What the page is: `thread`, `qa`, `comments` (an article with reader comments), `article`, `list` or `other`. */
  readonly kind: PageKind;
  /** Forum posts in page order (opening post first on page 1); empty when the page is not a thread. */
  readonly posts: readonly PagePost[];
  /** Reader comments under an article; empty when there are none. */
  readonly comments: readonly PagePost[];
  /** Links to the thread's numbered pages (resolved against `url` when given); empty when none are shown. */
  readonly pages: readonly string[];
  /** Link to the thread's next page (resolved against `url` when given), or null. */
  readonly nextPage: string | null;
  /** Keywords (meta keywords/news_keywords, article:tag, JSON-LD). */
  readonly keywords: readonly string[];
  readonly description: string | null;
  readonly siteName: string | null;
  readonly canonicalUrl: string | null;
  /** Images of the content region (absolute URLs when the page URL or `<base href>` gives a base). */
  readonly images: readonly ContentImage[];
  /**
   * The main content as minimal, safe HTML (headings, paragraphs, lists, tables, pre/code,
   * blockquote, figure, links and images with resolved URLs; never scripts, styles, event handlers
   * or `javascript:` URLs). For a thread: the opening post's. {@link PageFields.body} is the plain text.
   */
  readonly contentHtml: string;
  /** Where {@link PageFields.date} came from: `post` (the opening post's header) or a metadata source. */
  readonly dateSource: string | null;
  /** WHATWG name of the charset the page was decoded with. */
  readonly encoding: string;
  readonly charsetSource: CharsetSource;
  /** The algorithm that produced {@link PageFields.body}. */
  readonly algorithm: string;
  /** 0..1, the extractor's confidence. */
  readonly confidence: number;
  /** The URL given in the options, or null. */
  readonly url: string | null;
  /** Diagnostics of all stages, in stage order. */
  readonly diagnostics: readonly Diagnostic[];
  readonly timings: StageTimings;
  /** The body's matching form; only with `matching` on (docs/moderation.md). */
  readonly match?: MatchingFields['match'];
  /** Moderation checks on the body (offsets into `body`); only with `matching` on. */
  readonly checks?: MatchingFields['checks'];
}
