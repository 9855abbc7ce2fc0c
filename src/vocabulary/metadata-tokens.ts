/**
 * Class / id / itemprop vocabularies the metadata stage reads: the elements that hold an article's
 * byline, its publication date and a headline set outside `<h1>`–`<h6>`. Lower-cased whole tokens,
 * never substrings; unlike the thread and `auto` vocabularies they are matched whole only (no
 * head-of-compound rule), since `comment-author` or `comment-date` is not the article's.
 * @module
 */

/** Class/itemprop tokens of elements holding the article's author (whole tokens, never substrings). */
export const BYLINE_TOKENS: ReadonlySet<string> = new Set([
  'author', 'byline', 'by-line', 'writer', 'reporter', 'post-author', 'entry-author', 'article-author', 'author-name', 'vcard',
  'authors', 'byline-name', 'article-byline', 'p-author', 'writtenby',
]);

/** Class/itemprop tokens of elements holding the publication date (whole tokens). */
export const DATELINE_TOKENS: ReadonlySet<string> = new Set([
  'date', 'time', 'pubdate', 'published', 'post-date', 'entry-date', 'publish-date', 'article-date', 'timestamp', 'dateline',
  'publishtime', 'pub-time', 'pubtime', 'post-time', 'article-time', 'info-time', 'datepublished', 'meta-date',
]);

/** Class / id tokens of a headline set in a paragraph or a div (whole tokens, lower-cased). */
export const HEADLINE_TOKENS: ReadonlySet<string> = new Set([
  'title', 'headline', 'heading', 'entry-title', 'post-title', 'article-title', 'story-title', 'page-title', 'news-title',
  'titulo', 'titre', 'titel', 'biaoti',
]);

/**
 * Keys of the data a page's scripts render (framework state, shop product JSON) that hold the item's
 * publication or creation time (`published_at`, `publishedAt`, `datePublished`, `createdAt`). Matched
 * whole, case-insensitively; read only when nothing else dates the page.
 */
export const PUBLISHED_DATA_KEYS: readonly string[] = [
  'datePublished', 'published_at', 'publishedAt', 'publish_date', 'publishDate', 'publication_date', 'publicationDate',
  'first_published_at', 'firstPublishedAt', 'created_at', 'createdAt', 'dateCreated',
];
