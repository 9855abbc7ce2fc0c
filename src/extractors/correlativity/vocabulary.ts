/**
 * Class/id vocabularies used by the post segmentation. Each vocabulary is one frozen list of whole
 * tokens: an element matches when one of its class or id tokens (split on whitespace) equals an
 * entry — never a substring (`sig` does not match `design`).
 * @module
 */
import type { Element } from 'domhandler';
import type { AnalyzedDocument } from '../../analysis/types.js';

/** Signatures under a post. */
export const SIGNATURE_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['sign', 'signature', 'signatures', 'sig', 'postsig', 'usersig', 'user-signature', 'post-signature']),
);

/** Quotes of other posts inside a post. */
export const QUOTE_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['quote', 'quotes', 'quotecontent', 'quoted', 'bbcode_quote', 'post-quote', 'reply-quote']),
);

/** "Last edited by …" notices inside a post. */
export const EDIT_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['pstatus', 'edit', 'edited', 'lastedit', 'last-edit', 'editnote', 'edit-note', 'notice-edit', 'modified']),
);

/** Page-number pagers. */
export const PAGER_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['pagination', 'pager', 'pages', 'pagelist', 'page-numbers', 'paging']),
);

/** Elements naming a post's author. */
export const AUTHOR_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set([
    'author', 'username', 'user-name', 'user_name', 'poster', 'postauthor', 'post-author', 'nickname',
    'nick', 'uname', 'commenter', 'comment-author', 'fn', 'byline',
  ]),
);

/** Tokens of a link target (split on non-alphanumerics) that mark a user profile link. */
export const PROFILE_HREF_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['uid', 'user', 'users', 'member', 'members', 'memberlist', 'profile', 'viewprofile', 'userid', 'space', 'u', 'people', 'author']),
);

const WHITESPACE = /\s+/u;
const HREF_SPLIT = /[^\p{L}\p{N}]+/u;

/** The element of a node id, or null for non-elements. */
export function elementOf(doc: AnalyzedDocument, id: number): Element | null {
  return doc.index.kind[id] === 1 ? (doc.index.nodes[id] as Element) : null;
}

/** True when one of the element's class or id tokens is in `vocabulary`. */
export function hasToken(doc: AnalyzedDocument, id: number, vocabulary: ReadonlySet<string>): boolean {
  const el = elementOf(doc, id);
  if (!el) return false;
  const attrs = el.attribs;
  for (const value of [attrs.class, attrs.id]) {
    if (!value) continue;
    for (const token of value.toLowerCase().split(WHITESPACE)) if (token && vocabulary.has(token)) return true;
  }
  return false;
}

/** The first class token of an element ('' when none), used to tell repeated containers apart. */
export function firstClass(doc: AnalyzedDocument, id: number): string {
  const cls = elementOf(doc, id)?.attribs.class;
  return cls ? (cls.trim().toLowerCase().split(WHITESPACE)[0] ?? '') : '';
}

/** True when an `<a>` element's href has a token of {@link PROFILE_HREF_TOKENS}. */
export function isProfileLink(doc: AnalyzedDocument, id: number): boolean {
  const href = elementOf(doc, id)?.attribs.href;
  if (!href) return false;
  return href.toLowerCase().split(HREF_SPLIT).some((t) => PROFILE_HREF_TOKENS.has(t));
}
