/**
 * Whether a page `correlated` reads as a thread is an article above its comments after all: the
 * records are then the comments (or a link box), and the article is what an article reading keeps
 * above them. See docs/algorithms/auto.md ("Thread or article").
 * @module
 */
import type { Post } from '../types.js';
import type { AutoOptions } from './defaults.js';
import { linkDensity } from './cleanup.js';
import type { SegmentTable } from './segments.js';
import { allIndexes, indexesWhere } from './index-lists.js';

/** Whitespace, which segment counts leave out. */
const WHITESPACE = /\s/gu;

/** Characters of `text` counted as segments are: without whitespace. */
function segmentLength(text: string): number {
  return text.replace(WHITESPACE, '').length;
}

/** Characters of the records' own text, counted as segments are. */
export function recordChars(records: readonly Pick<Post, 'text'>[]): number {
  return records.reduce((sum, r) => sum + segmentLength(r.text), 0);
}

/** The options {@link keepableSegments} reads: the votes and the link limit of `auto`'s cleanup. */
export type KeepableOptions = Pick<Required<AutoOptions>, 'keepVote' | 'regionVote' | 'strongVote' | 'siblingLeadVote' | 'maxLinkDensity'>;

/**
 * Indexes of the segments an article reading of the page can keep, whatever the members vote: a
 * superset of its kept segments, computed without running the members. `silenced` marks the nodes
 * whose segments the reading gives vote 0 for certain (inside the records read as comments, inside a
 * small form): it may mark fewer nodes than the reading does (comment-token elements), never more.
 *
 * Why it is a superset (`cleanSegments` in index.ts): a segment is kept only (a) with link density under
 * `maxLinkDensity`, when it lies between the first and last segments of the kept range or has a vote of at
 * least `strongVote`, or (b) as a linked list item or section heading rescued inside that range with a vote
 * of at least `keepVote`. The ends of the range are segments with link density under `maxLinkDensity` and
 * a vote of at least the least of `keepVote`, `regionVote` and `siblingLeadVote` (the region bound, the
 * markup extension, the lead moved back). With all those votes above 0, every end and every segment kept
 * by its own vote has a vote above 0, so it is not silenced: the range lies within the first and last
 * segments that are neither silenced nor link-dense, and outside that span nothing is kept. When a vote
 * option is 0 or less, every segment is returned. `extendToRegionEdges` is off in the readings this serves
 * (`readThreadAsArticle` in index.ts).
 *
 * One exception makes this a pre-check, not a proof: `extendToSiblingSections` (sections.ts) takes a
 * sibling section of the region whole, so the range can also end on the first or last segment of such a
 * section, which may be silenced (a small form, a record) or link-dense; light silenced segments between
 * that edge and the span are then kept and not counted here. The sound bound (every segment that is
 * light or not silenced, wherever it lies) runs the four members on 1 more forum-engines-dev and 7 more
 * ug-forum-dev thread pages (cost5, 2026-11-27), none of which reads as an article; this one can only
 * miss a page whose article reading keeps, above the records, text that starts in a silenced segment at
 * a sibling section's edge.
 */
export function keepableSegments(segments: SegmentTable, silenced: Uint8Array, o: Readonly<KeepableOptions>): Int32Array {
  if (Math.min(o.keepVote, o.regionVote, o.strongVote, o.siblingLeadVote) <= 0) return allIndexes(segments.length);
  const open = (k: number): boolean => silenced[segments.anchor[k]] === 0;
  const light = (k: number): boolean => linkDensity(segments, k) < o.maxLinkDensity;
  let from = 0;
  while (from < segments.length && !(open(from) && light(from))) from++;
  if (from === segments.length) return new Int32Array(0);
  let to = segments.length - 1;
  while (!(open(to) && light(to))) to--;
  // inside the span: a light segment can be kept by the range; a link-dense one only by a rescue, which needs a vote
  return indexesWhere(segments.length, (k) => k >= from && k <= to && (light(k) || open(k)));
}

/**
 * Characters of the kept segments that stand above the first record (preorder id below `firstRecord`):
 * a comment list follows its article, while a forum's footer or sidebar after the posts is no article.
 */
export function charsAbove(segments: SegmentTable, kept: ArrayLike<number>, firstRecord: number): number {
  return charsWithin(segments, kept, 0, firstRecord);
}

/**
 * True when the text an article reading keeps above the records (`articleChars`) outweighs the opening
 * post: more than `articleOverPost` times its characters and at least `minArticleChars`. A forum thread
 * keeps little above its first post (a breadcrumb, the thread's title); a blog post above its comments
 * keeps the post, which is longer than the first comment.
 */
export function outweighsOpeningPost(
  articleChars: number, opening: Pick<Post, 'text'> | undefined, o: Readonly<Pick<Required<AutoOptions>, 'minArticleChars' | 'articleOverPost'>>,
): boolean {
  const post = opening ? segmentLength(opening.text) : 0;
  return articleChars >= o.minArticleChars && articleChars > o.articleOverPost * post;
}

/**
 * True when the text an article reading keeps outside the records (`articleChars`) is at least
 * `minArticleChars` and more than `articleOverThread` times the records' own text: the records are a
 * minor box of the page (dated teasers of a "related" box above the story), not its content. A forum
 * thread's posts hold most of its text; signatures and headers outside them stay well under the factor
 * (at most 1.58 times the posts' text on forum-engines-dev, 0.52 on ug-forum-dev).
 */
export function outweighsRecords(
  articleChars: number, records: readonly Pick<Post, 'text'>[], o: Readonly<Pick<Required<AutoOptions>, 'minArticleChars' | 'articleOverThread'>>,
): boolean {
  return articleChars >= o.minArticleChars && articleChars > o.articleOverThread * recordChars(records);
}

/** Characters of the kept segments anchored inside the subtree of `node` (preorder ids `node` … `end` − 1). */
export function charsWithin(segments: SegmentTable, kept: ArrayLike<number>, node: number, end: number): number {
  let chars = 0;
  for (let i = 0; i < kept.length; i++) {
    const k = kept[i];
    if (segments.anchor[k] >= node && segments.anchor[k] < end) chars += segments.chars[k];
  }
  return chars;
}

/**
 * True when the opening record holds an article whose text the record finder cut short: the text an
 * article reading keeps inside the record's element (`insideChars`, the other records silenced as
 * comments) is at least `minArticleChars` and more than `openingRecordOverPost` times the opening post's
 * own text and quotes (a blog post's heading or byline read as its "post", the post itself beside it).
 * A forum's opening post keeps about its own text there; its user panel and signature are short lines
 * the article reading drops, and what it quotes from a named poster is the post's (the first post of a
 * page 2+ often quotes more than it says). An unattributed quote is not counted: a blog post made
 * mostly of quoted news is an article.
 */
export function holdsArticle(
  insideChars: number, opening: Pick<Post, 'text'> & Partial<Pick<Post, 'quotes'>>, o: Readonly<Pick<Required<AutoOptions>, 'minArticleChars' | 'openingRecordOverPost'>>,
): boolean {
  const post = (opening.quotes ?? []).reduce((sum, q) => sum + (q.author === null ? 0 : segmentLength(q.text)), segmentLength(opening.text));
  return insideChars >= o.minArticleChars && insideChars > o.openingRecordOverPost * post;
}

/**
 * -1, 0 or 1 as ISO date `a` is earlier than, the same as, or later than `b`, compared on the precision
 * both have (a day against a minute compares the day).
 */
function compareDates(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  const x = a.slice(0, n);
  const y = b.slice(0, n);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * True when the records' dates run newest first: more consecutive pairs of dated records go back in
 * time than forward. A conversation is printed in the order it was written (forum-engines-dev and
 * ug-forum-dev have no thread that runs backwards); entries newest first are a blog's front page or an
 * archive, whose entries are the page's content, not posts of a thread.
 */
export function isNewestFirst(records: readonly Pick<Post, 'date'>[]): boolean {
  const dates = records.map((r) => r.date).filter((d): d is string => d !== null);
  let back = 0;
  let forward = 0;
  for (let i = 1; i < dates.length; i++) {
    const order = compareDates(dates[i], dates[i - 1]);
    if (order < 0) back++;
    else if (order > 0) forward++;
  }
  return back > forward;
}
