/**
 * Records made of links: `correlated`'s "posts" on a page whose repeated dated blocks are layout
 * slices (a navigation bar, a footer of link columns) rather than messages. A forum post or reader
 * comment is written text; a slice of the page's navigation is mostly link text.
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
