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
 * Lower-cased class, id and itemprop tokens of every element of a page ({@link nodeTokens}), by node id: an
 * entry per node in a typed array that names its token list (2 bytes a node while the page has fewer than
 * 65,536 lists, 4 past that; not a heap slot of 8: a page of a million nodes, most of them without attributes,
 * held an 8 MB array of references to one empty list), or no array at all on a page without tokens.
 * @category Extraction
 */
export class NodeTokens {
  /**
   * @param listOf - per node, the index in `lists` of its tokens (0: none); null when every node has none
   * @param lists - the token lists, the empty one first
   */
  constructor(private readonly listOf: Uint16Array | Int32Array | null, private readonly lists: readonly (readonly string[])[]) {}

  /** The tokens of node `id` (empty for a node that is no element or has none). */
  at(id: number): readonly string[] {
    return this.lists[this.listOf === null ? 0 : this.listOf[id]];
  }
}

/**
 * Lower-cased class, id and itemprop tokens of every element (empty for other nodes). Elements with only
 * a class share one (read-only) token list per class value: a page repeats a few class values on most of
 * its elements, so most lists are found rather than built (an `id` is unique, so those are built).
 * @category Extraction
 */
export function nodeTokens(doc: AnalyzedDocument): NodeTokens {
  const { size, kind } = doc.index;
  const nameIds = attributeNameIds(doc, TOKEN_ATTRIBUTES);
  const values: (string | undefined)[] = new Array(TOKEN_ATTRIBUTES.length);
  // made at the first element with tokens, 16 bits an entry until a list index needs more
  let listOf: Uint16Array | Int32Array | null = null;
  const lists: (readonly string[])[] = [[]];
  const setList = (i: number, list: number): void => {
    if (list === 0) return;
    listOf ??= new Uint16Array(size);
    if (list > 0xffff && listOf instanceof Uint16Array) listOf = Int32Array.from(listOf);
    listOf[i] = list;
  };
  const byClass = new Map<string, number>();
  for (let i = 0; i < size; i++) {
    if (kind[i] !== NodeKind.Element) continue;
    readAttributes(doc, i, nameIds, values);
    const className = values[0];
    const id = values[1];
    const itemprop = values[2];
    if (!className && !id && !itemprop) continue;
    if (!id && !itemprop) {
      let list = byClass.get(className!);
      if (list === undefined) byClass.set(className!, (list = listIndex(lists, tokensOf(className, undefined, undefined))));
      setList(i, list);
    } else setList(i, listIndex(lists, tokensOf(className, id, itemprop)));
  }
  return new NodeTokens(listOf, lists);
}

/** The index of `tokens` in `lists`, appended when it holds tokens; 0 (the empty list) when it holds none. */
function listIndex(lists: (readonly string[])[], tokens: readonly string[]): number {
  if (tokens.length === 0) return 0;
  lists.push(tokens);
  return lists.length - 1;
}

/** The lower-cased tokens of class, id and itemprop values, in that order. */
function tokensOf(className: string | undefined, id: string | undefined, itemprop: string | undefined): readonly string[] {
  const tokens: string[] = [];
  pushLowerCaseTokens(className, tokens);
  pushLowerCaseTokens(id, tokens);
  pushLowerCaseTokens(itemprop, tokens);
  return tokens;
}
