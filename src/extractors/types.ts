import type { Diagnostic } from '../core/diagnostics.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import type { TextSpans } from '../analysis/spans.js';

/**
 * One piece of content chosen by an extractor.
 * @category Extraction
 */
export interface Block {
  /** Node id in the {@link AnalyzedDocument}, or -1 for tag-free extractors. */
  readonly node: number;
  readonly text: string;
  /**
   * Where the block's text lies in {@link AnalyzedDocument.text}: flat `[start, end)` offset pairs in
   * ascending order (see `analysis/spans.ts`). Node-based extractors give their node's range (less what
   * they cut out), line-based ones the ranges their lines map to (`analysis/line-spans.ts`). `auto`
   * counts these characters for its vote; it never searches for {@link Block.text} (which `line-blocks`
   * builds only when read, `extractors/lazy-text.ts`).
   */
  readonly spans: TextSpans;
  /** The extractor's score for the block (e.g. CC for correlativity). */
  readonly score: number;
}

export type { Post, Quote, ThreadKind, ThreadPages } from '../threads/types.js';
import type { Post, ThreadKind, ThreadPages } from '../threads/types.js';

/**
 * What a page is: a forum `thread`, a `qa` page, an article with reader `comments`, an `article`,
 * a `list` of links (home, section, search pages), or `other`.
 * @category Extraction
 */
export type PageKind = ThreadKind | 'article' | 'list' | 'other';

/**
 * What an extractor returns.
 * @category Extraction
 */
export interface Extraction<O = unknown> {
  /** Extractor id, e.g. `correlated`. */
  readonly extractor: string;
  /** The resolved options used. */
  readonly options: Readonly<O>;
  /** Main text: block texts joined by "\n". For a thread: the opening post. */
  readonly text: string;
  readonly blocks: readonly Block[];
  /** Forum thread posts in page order (opening post included), when the page is a thread. */
  readonly posts?: readonly Post[];
  /** Comments under a news article. */
  readonly comments?: readonly Post[];
  /** What the page is, when the extractor decides it. */
  readonly kind?: PageKind;
  /** The thread's pages, when the page is a thread. */
  readonly thread?: ThreadPages;
  /** 0..1: how much to trust this result. */
  readonly confidence: number;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Metadata the algorithm found on its own (e.g. the title and report date of Zou & Zhong, located
   * around the main blocks), offered to the metadata layer as candidates. `date` is ISO 8601.
   */
  readonly candidates?: { readonly title?: string; readonly date?: string };
  /** Per-node or per-block series for plots and debugging (e.g. `cc`). */
  readonly series?: Readonly<Record<string, ArrayLike<number>>>;
  /** Where the extractor drew its lines over {@link Extraction.series} (read by `matn inspect`). */
  readonly trace?: ExtractionTrace;
}

/**
 * A threshold an extractor compared one of its series against (e.g. N_calib over `smoothed`).
 * @category Extraction
 */
export interface TraceThreshold {
  /** Key in {@link Extraction.series}. */
  readonly series: string;
  /** The paper's name for it (`threshold`, `N'_min`, `C`). */
  readonly name: string;
  readonly value: number;
}

/**
 * A range [start, end) of a series' indexes the extractor found (a region, a run, kept blocks).
 * @category Extraction
 */
export interface TraceRange {
  readonly series: string;
  readonly start: number;
  /** One past the last index. */
  readonly end: number;
  /** True when the range makes the result (a kept region), false when it was found and left out. */
  readonly kept: boolean;
}

/**
 * The decisions behind an extraction, in terms of its series: the data the plots of `matn inspect`
 * draw, exposed by the extractor itself so that nothing is recomputed outside it.
 * @category Extraction
 */
export interface ExtractionTrace {
  readonly thresholds: readonly TraceThreshold[];
  readonly ranges: readonly TraceRange[];
}

/**
 * An algorithm: a pure function of an analyzed document and options.
 * @category Extraction
 */
export interface Extractor<O extends object> {
  readonly id: string;
  /** The paper it implements. */
  readonly reference: string;
  readonly defaults: Readonly<Required<O>>;
  extract(doc: AnalyzedDocument, options?: Partial<O>): Extraction<Required<O>>;
}
