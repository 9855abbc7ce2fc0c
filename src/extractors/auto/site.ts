/**
 * Per-site configuration of `auto`'s vocabularies. The defaults ({@link BODY_TOKENS},
 * {@link FURNITURE_TOKENS}, {@link COMMENT_TOKENS}) hold generic role words only; the class or id of
 * one plugin, theme or site (`sharedaddy`, `td-post-content`, `disqus_thread`) is the user's to add
 * for the sites they read. See docs/algorithms/auto.md, "Site tokens".
 * @module
 */
import type { AutoOptions } from './defaults.js';
import { BODY_TOKENS, COMMENT_TOKENS, FURNITURE_TOKENS } from '../../vocabulary/page-tokens.js';

/**
 * Class / id / itemprop tokens of one site or family of sites (a CMS theme, a plugin), added to the
 * defaults. Lower-case them as the page writes them; each list is optional.
 * @category Extraction
 */
export interface SiteTokens {
  /** Tokens naming the article body (like `bodyTokens`). @default [] */
  readonly bodyTokens?: readonly string[];
  /** Tokens of furniture (like `furnitureTokens`; matched whole or by head word). @default [] */
  readonly furnitureTokens?: readonly string[];
  /** Tokens of reader-comment containers (like `commentTokens`). @default [] */
  readonly commentTokens?: readonly string[];
}

/** `base` followed by the entries of `extra` it lacks, lower-cased (class tokens are matched lower-cased). */
function union(base: readonly string[], extra: readonly string[] | undefined): readonly string[] {
  if (extra === undefined || extra.length === 0) return base;
  const seen = new Set(base);
  return [...base, ...extra.map((t) => t.toLowerCase()).filter((t) => !seen.has(t) && (seen.add(t), true))];
}

/**
 * `auto` options whose vocabularies are `options`' (or the defaults) plus the site's tokens; every
 * other option of `options` is passed through.
 * @example
 * // a WordPress blog with Jetpack sharing and AddToAny buttons
 * extract(html, { extractor: withSiteTokens({ furnitureTokens: ['sharedaddy', 'addtoany_share_save_container'] }) });
 * @category Extraction
 */
export function withSiteTokens(site: SiteTokens, options: Partial<AutoOptions> = {}): Partial<AutoOptions> {
  return {
    ...options,
    bodyTokens: union(options.bodyTokens ?? BODY_TOKENS, site.bodyTokens),
    furnitureTokens: union(options.furnitureTokens ?? FURNITURE_TOKENS, site.furnitureTokens),
    commentTokens: union(options.commentTokens ?? COMMENT_TOKENS, site.commentTokens),
  };
}
