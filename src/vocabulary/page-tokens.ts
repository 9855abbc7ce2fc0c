/**
 * Class / id / itemprop vocabularies `auto` reads (lower-cased tokens; never substrings). Every entry
 * names a generic role (body, share, related, comments, …), never one plugin, theme or site: those
 * belong in per-site configuration ({@link withSiteTokens} in `site.ts`, docs/algorithms/auto.md
 * "Site tokens").
 * @module
 */
import { attributeNameIds, readAttributes } from '../analysis/node-data.js';
import { pushLowerCaseTokens } from '../analysis/text.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';

/**
 * Tokens that name the container of an article's body (schema.org `articleBody`, and the class names
 * of the common CMS templates: WordPress `entry-content`, `post-content`, news `story-body`, …).
 * @category Extraction
 */
export const BODY_TOKENS: readonly string[] = Object.freeze([
  'articlebody', 'article-body', 'article__body', 'article_body', 'articlecontent', 'article-content', 'article__content',
  'article_content', 'article-text', 'article__text', 'articletext', 'entry-content', 'entry_content', 'entrycontent',
  'post-content', 'post_content', 'postcontent', 'post-body', 'postbody', 'post-entry', 'story-body', 'storybody',
  'story-content', 'story__body', 'story-text', 'body-text', 'bodytext', 'news-content', 'newscontent', 'news-text',
  'news_content', 'content-body', 'main-text', 'article-main', 'single-content', 'rich-text',
  'text_content', 'article-entry', 'blog-content', 'blogpost-content', 'page-content',
]);

/**
 * Tokens of elements that hold page furniture, not the article (sharing, related links, comments,
 * newsletter boxes, navigation, advertising). Matched whole or as the head word of a compound
 * (`hasRoleToken` of `class-tokens.ts`): `related` covers `yarpp-related` and `crp_related`, `tags` covers `post-tags`.
 * @category Extraction
 */
export const FURNITURE_TOKENS: readonly string[] = Object.freeze([
  'share', 'sharing', 'share-buttons', 'sharebar', 'social', 'social-links', 'related', 'related-posts', 'related-articles',
  'relatedposts', 'recommended', 'more-stories', 'read-more', 'readmore', 'comments', 'comment', 'comment-list',
  'commentlist', 'comments-area', 'newsletter', 'subscribe', 'subscription', 'signup', 'nav', 'navigation', 'navbar',
  'menu', 'breadcrumb', 'breadcrumbs', 'sidebar', 'widget', 'footer', 'advertisement', 'advert', 'ad', 'ads',
  'ad-container', 'promo', 'sponsored', 'tags', 'tag-list', 'byline', 'author-bio', 'author-box', 'meta', 'pagination',
  'pager', 'print', 'toolbar', 'popup', 'modal', 'cookie', 'caption',
]);

/**
 * Tokens of the containers of reader comments (a subset of {@link FURNITURE_TOKENS}): text inside
 * them is never the article, and an algorithm that selected mostly such text abstains from the vote.
 * @category Extraction
 */
export const COMMENT_TOKENS: readonly string[] = Object.freeze([
  'comments', 'comment', 'comment-list', 'commentlist', 'comments-area',
]);

/**
 * Class/id tokens of noise the `density` extractor cuts (matched whole, its paper's rule): GeneralNewsExtractor's `USELESS_ATTR` (share, contribution, copyright,
 * copy-right, disclaimer, recommend, related, footer, comment, social, submeta, report-infor) and
 * the common names of the same roles.
 * @category Extraction
 */
export const DENSITY_NOISE_TOKENS: readonly string[] = Object.freeze([
  'share', 'sharing', 'social', 'contribution', 'copyright', 'copy-right', 'disclaimer', 'recommend',
  'recommended', 'related', 'related-posts', 'footer', 'comment', 'comments', 'submeta', 'report-infor',
  'advertisement', 'ad', 'ads', 'advert', 'sidebar', 'breadcrumb', 'breadcrumbs', 'nav', 'navbar',
  'navigation', 'menu', 'subscribe', 'newsletter', 'promo', 'sponsor', 'sponsored', 'tags', 'tag-list', 'pagination',
]);

/** Elements that are furniture by their tag. */
export const FURNITURE_TAGS: readonly string[] = Object.freeze(['nav', 'aside', 'footer', 'form', 'button', 'figcaption']);


/** The attributes {@link nodeTokens} reads, by position. */
const TOKEN_ATTRIBUTES = ['class', 'id', 'itemprop'] as const;

/**
 * Lower-cased class, id and itemprop tokens of every element (empty for other nodes). Elements with only
 * a class share one (read-only) token array per class value: a page repeats a few class values on most of
 * its elements, so most arrays are found rather than built (an `id` is unique, so those are built).
 * @category Extraction
 */
export function nodeTokens(doc: AnalyzedDocument): readonly (readonly string[])[] {
  const { size, kind } = doc.index;
  const nameIds = attributeNameIds(doc, TOKEN_ATTRIBUTES);
  const values: (string | undefined)[] = new Array(TOKEN_ATTRIBUTES.length);
  const out: (readonly string[])[] = new Array(size);
  const none: readonly string[] = [];
  const byClass = new Map<string, readonly string[]>();
  for (let i = 0; i < size; i++) {
    if (kind[i] !== NodeKind.Element) {
      out[i] = none;
      continue;
    }
    readAttributes(doc, i, nameIds, values);
    const className = values[0];
    const id = values[1];
    const itemprop = values[2];
    if (!className && !id && !itemprop) {
      out[i] = none;
      continue;
    }
    if (!id && !itemprop) {
      let tokens = byClass.get(className!);
      if (tokens === undefined) byClass.set(className!, (tokens = tokensOf(className, undefined, undefined, none)));
      out[i] = tokens;
    } else out[i] = tokensOf(className, id, itemprop, none);
  }
  return out;
}

/** The lower-cased tokens of class, id and itemprop values, in that order (`none` when there are none). */
function tokensOf(className: string | undefined, id: string | undefined, itemprop: string | undefined, none: readonly string[]): readonly string[] {
  const tokens: string[] = [];
  pushLowerCaseTokens(className, tokens);
  pushLowerCaseTokens(id, tokens);
  pushLowerCaseTokens(itemprop, tokens);
  return tokens.length > 0 ? tokens : none;
}
