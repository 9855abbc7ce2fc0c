/**
 * The author of a record: the user link or name in its header, not a rank, a label or a date.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { cleanLines } from '../analysis/slices.js';
import { findDates } from '../metadata/dates.js';
import { AUTHOR_TOKENS, elementOf, hasToken, isProfileLink } from './vocabulary.js';

/** Attributes in which the markup states a user's name (NodeBB, Discourse, XenForo). */
export const NAME_ATTRIBUTES: readonly string[] = ['data-username', 'data-author', 'data-user'];

/** The user name an element's attributes state, or null. */
export function nameAttribute(doc: AnalyzedDocument, id: number): string | null {
  const attrs = elementOf(doc, id)?.attribs;
  if (!attrs) return null;
  for (const name of NAME_ATTRIBUTES) {
    const v = attrs[name]?.trim();
    if (v) return v;
  }
  return null;
}

/** A node-id range `[start, end)`. */
export type Range = readonly [number, number];

const HAS_LETTER = /\p{L}/u;
const CJK = /[\u3040-\u9fff\uac00-\ud7af]/u;

/**
 * The author of record `[start, end)`, looking outside its body and its nested replies: the
 * innermost author-named element (its first usable link, else its text — `b.fn` inside
 * `div.comment-author`, not "Name says:"), else a profile link.
 */
export function findAuthor(doc: AnalyzedDocument, start: number, end: number, skip: readonly Range[], maxLength: number): string | null {
  const { subtreeEnd, kind, tag } = doc.index;
  const usable = (id: number): string | null => {
    const t = cleanLines(doc.textOf(id)).replace(/\n/gu, ' ');
    // one Latin/Arabic letter is an avatar's initial, not a name
    return t && t.length <= maxLength && (t.length > 1 || CJK.test(t)) && HAS_LETTER.test(t) && findDates(t).length === 0 ? t : null;
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
  const walk = (visit: (i: number) => string | null): string | null => {
    for (let i = start; i < end; i++) {
      const hole = skip.find(([s]) => s === i);
      if (hole) { i = hole[1] - 1; continue; }
      const found = visit(i);
      if (found) return found;
    }
    return null;
  };
  return (
    walk((i) => nameAttribute(doc, i)) ??
    walk((i) => (isAuthorElement(i) ? firstLinkIn(i) ?? (hasAuthorInside(i) ? null : usable(i)) : null)) ??
    walk((i) => (tag[i] === 'a' && isProfileLink(doc, i) ? usable(i) : null))
  );
}

