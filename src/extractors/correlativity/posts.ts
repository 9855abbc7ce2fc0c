/**
 * Posts of a detected thread: for each container its author (the user link or name in its header),
 * its date (the date nearest before the body, so join dates in user cards and "it is currently"
 * lines lose) and its body text without signatures, quotes, edit notices and pagers.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { findDates } from '../../metadata/dates.js';
import type { Post } from '../types.js';
import { cleanLines, textWithout } from '../../analysis/slices.js';
import type { Thread } from './thread.js';
import { AUTHOR_TOKENS, hasNoiseToken, hasToken, isProfileLink } from './vocabulary.js';

/** Longest author name accepted, in characters. */
const MAX_AUTHOR_LENGTH = 60;
/** Longest line (in words) that may be an edit notice when it carries a date and time. */
const MAX_NOTICE_WORDS = 14;
const HAS_LETTER = /\p{L}/u;
const WORD_SPLIT = /\s+/u;

/**
 * Subtrees inside `root` that are not post text: signatures, quotes, edit notices, pagers, and
 * `<blockquote>`s beside other text (a `<blockquote>` holding all of the body's text is the body:
 * vBulletin's `blockquote.postcontent`).
 */
function noiseSubtrees(doc: AnalyzedDocument, root: number): number[] {
  const out: number[] = [];
  const { subtreeEnd, tag } = doc.index;
  const { textChars } = doc.stats;
  const end = subtreeEnd[root];
  for (let i = root + 1; i < end; i++) {
    if (hasNoiseToken(doc, i) || (tag[i] === 'blockquote' && textChars[i] < textChars[root])) {
      out.push(i);
      i = subtreeEnd[i] - 1;
    }
  }
  return out;
}

/** Drops a first or last line that is a short notice carrying a date with a time ("last edited … at …"). */
function dropNoticeLines(text: string): string {
  const lines = text.split('\n');
  const isNotice = (l: string): boolean =>
    lines.length > 1 && l.split(WORD_SPLIT).length <= MAX_NOTICE_WORDS && findDates(l).some((d) => d.hasTime);
  while (lines.length > 1 && isNotice(lines[0])) lines.shift();
  while (lines.length > 1 && isNotice(lines[lines.length - 1])) lines.pop();
  return lines.join('\n');
}

/**
 * The author of a container, looking outside its body: the innermost author-named element (its
 * first usable link, else its text — `b.fn` inside `div.comment-author`, not "Name says:"), else a
 * profile link.
 */
export function findAuthor(doc: AnalyzedDocument, item: number, body: number): string | null {
  const { subtreeEnd, kind, tag } = doc.index;
  const end = subtreeEnd[item];
  const bodyEnd = subtreeEnd[body];
  const usable = (id: number): string | null => {
    const t = cleanLines(doc.textOf(id)).replace(/\n/gu, ' ');
    return t && t.length <= MAX_AUTHOR_LENGTH && HAS_LETTER.test(t) && findDates(t).length === 0 ? t : null;
  };
  const firstLinkIn = (root: number): string | null => {
    for (let i = root + 1; i < subtreeEnd[root]; i++) if (tag[i] === 'a') { const t = usable(i); if (t) return t; }
    return null;
  };
  const isAuthorElement = (i: number): boolean => kind[i] === NodeKind.Element && hasToken(doc, i, AUTHOR_TOKENS);
  const hasAuthorInside = (root: number): boolean => {
    for (let i = root + 1; i < subtreeEnd[root]; i++) if (isAuthorElement(i)) return true;
    return false;
  };
  for (let i = item + 1; i < end; i++) {
    if (i === body) { i = bodyEnd - 1; continue; }
    if (isAuthorElement(i)) {
      const name = firstLinkIn(i) ?? (hasAuthorInside(i) ? null : usable(i));
      if (name) return name;
    }
  }
  for (let i = item + 1; i < end; i++) {
    if (i === body) { i = bodyEnd - 1; continue; }
    if (tag[i] === 'a' && isProfileLink(doc, i)) {
      const name = usable(i);
      if (name) return name;
    }
  }
  return null;
}

/** The date of a container: the last date before its body, else the first one after it. */
export function findPostDate(doc: AnalyzedDocument, item: number, body: number): string | null {
  const { textStart, textEnd } = doc.stats;
  const before = findDates(doc.text.slice(textStart[item], textStart[body]));
  if (before.length > 0) return before[before.length - 1].iso;
  return findDates(doc.text.slice(textEnd[body], textEnd[item]))[0]?.iso ?? null;
}

/**
 * Builds the posts of a thread in page order (empty bodies skipped).
 * @category Extraction
 */
export function buildPosts(doc: AnalyzedDocument, thread: Thread): Post[] {
  const posts: Post[] = [];
  thread.items.forEach((item, n) => {
    const body = thread.bodies[n];
    if (body < 0) return;
    const text = dropNoticeLines(textWithout(doc, body, noiseSubtrees(doc, body)));
    if (!text) return;
    posts.push({ author: findAuthor(doc, item, body), date: findPostDate(doc, item, body), text, node: item });
  });
  return posts;
}
