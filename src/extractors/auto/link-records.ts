/**
 * Records that are no messages: `correlated`'s "posts" on a page whose repeated dated blocks are layout
 * slices (a navigation bar, a footer of link columns) or an article's own dated paragraphs (a list of
 * events, one paragraph per date). A forum post or reader comment is written text by someone; a slice of
 * the page's navigation is mostly link text, and an article's paragraph names no author.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Post } from '../types.js';

/**
 * Share of link characters in the posts' own text (each post's body node, else its record node), all
 * posts pooled so that one long post is not out-voted by short ones. 0 when they hold no text.
 */
export function postsLinkShare(doc: AnalyzedDocument, posts: readonly Post[]): number {
  const { textChars, linkChars } = doc.stats;
  let text = 0;
  let links = 0;
  for (const p of posts) {
    const node = p.content?.body ?? p.node;
    text += textChars[node];
    links += linkChars[node];
  }
  return text > 0 ? links / text : 0;
}

/** True when the posts are link text more than they are written text: at least `maxLinkShare` of their characters are links. */
export function areLinkRecords(doc: AnalyzedDocument, posts: readonly Post[], maxLinkShare: number): boolean {
  return posts.length > 0 && postsLinkShare(doc, posts) >= maxLinkShare;
}

/**
 * True when the posts are an article's paragraphs: every record is a `<p>` and none names an author (a
 * programme of dated events in one article). A forum's posts and a blog's comments are boxes (`div`, `li`,
 * `tr`, a `dt`/`dd` pair) or, when they are paragraphs, each carries its author's name.
 */
export function areAuthorlessParagraphs(doc: AnalyzedDocument, posts: readonly Post[]): boolean {
  return posts.length > 0 && posts.every((p) => doc.index.tagOf(p.node) === 'p' && p.author === null);
}
