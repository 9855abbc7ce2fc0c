/**
 * Options of the content-correlativity extractor and their sources.
 * @see Wang Rui, Zhou Xi, Li Xiao: 基于正文相关度的维吾尔网页正文提取 (Content Extraction of Uighur Web
 * Based on Content Correlativity), Computer Engineering 38(21), 2012, doi:10.3969/j.issn.1000-3428.2012.21.041
 * @module
 */

import type { ThreadOptions } from '../../threads/defaults.js';

/**
 * Options of {@link extractCorrelated}.
 * @category Extraction
 */
export interface CorrelativityOptions {
  /**
   * C: a node whose content correlativity CC = TA / max(LA, 1) is above C is content.
   * @default 29 (paper §3.4, tuned on Uyghur pages)
   */
  threshold?: number;
  /**
   * S: a node under C becomes content when the share CS of its same-layer, same-tag nodes with
   * CC ≥ C is above S (and TD > D).
   * @default 0.57 (paper §3.5, 57%)
   */
  scaleThreshold?: number;
  /**
   * D: a node under C becomes content when its context text density TD = TA(parent) / max(LA, 1) is
   * above D (and CS > S).
   * @default 63 (paper §3.5)
   */
  densityThreshold?: number;
  /**
   * Share of the content characters that the main content region must hold: the region is found by
   * descending from the root into the child holding at least this share of the content text.
   * Content nodes outside the region, on a layer (tag path) absent from it, are demoted (paper §3.5:
   * "nodes that clearly deviate from the structure", e.g. the copyright block).
   * @default 0.5 (a majority; not in the paper, which gives no rule)
   */
  regionShare?: number;
  /**
   * Fewest repeated sibling containers (posts or comments) for a page to count as a thread.
   * @default 2 (an opening post and one reply)
   */
  minPosts?: number;
  /**
   * Share of the repeated containers that must carry a date for them to be posts or comments rather
   * than a list of paragraphs, teasers or links.
   * @default 0.5
   */
  minDatedShare?: number;
  /**
   * Non-link characters of content before the first repeated container from which the page is an
   * article with comments rather than a forum thread (whose opening post is the body).
   * @default 200 (about two sentences; titles and "it is currently" lines stay below)
   */
  minArticleChars?: number;
  /**
   * Options of thread detection (`ThreadOptions`, see docs/algorithms/threads.md), passed to
   * `detectThread`; they win over `minPosts` and `minDatedShare` above.
   * @default {} (the thread defaults, with `minPosts` and `minDatedShare` above)
   */
  thread?: Partial<ThreadOptions>;
}

/**
 * Defaults of {@link CorrelativityOptions}: the paper's constants C, S, D and our structural ones.
 * @category Extraction
 */
export const DEFAULT_CORRELATIVITY_OPTIONS: Readonly<Required<CorrelativityOptions>> = Object.freeze({
  threshold: 29,
  scaleThreshold: 0.57,
  densityThreshold: 63,
  regionShare: 0.5,
  minPosts: 2,
  minDatedShare: 0.5,
  minArticleChars: 200,
  thread: Object.freeze({}),
});
