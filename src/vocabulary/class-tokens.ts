/**
 * Class/id vocabularies used by the post segmentation. Each vocabulary is one frozen list of whole
 * tokens naming a generic role (signature, quote, edit notice, pager, author), never one engine's
 * or site's own class. An element matches when one of its class or id tokens (split on whitespace) equals an
 * entry, or when the token is a compound of parts joined by `-` or `_` whose **last** part (the head
 * noun: `c-name`, `comment_author`, `post-signature`) equals an entry — never a substring (`sig` does
 * not match `design`, `name` does not match `username-box`).
 * @module
 */
import { attributeOf } from '../analysis/node-data.js';
import { isWhitespaceCode, pushLowerCaseTokens } from '../analysis/text.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { innermostWords, wordAlternation } from './alternation.js';

/** Signatures under a post. */
export const SIGNATURE_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['sign', 'signature', 'signatures', 'sig', 'postsig', 'usersig']),
);

/** Quotes of other posts inside a post. */
export const QUOTE_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['quote', 'quotes', 'quotecontent', 'quoted', 'blockquote']),
);

/** "Last edited by …" notices inside a post. */
export const EDIT_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['edit', 'edited', 'lastedit', 'editnote', 'edit-note', 'modified']),
);

/** Page-number pagers. */
export const PAGER_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['pagination', 'pager', 'pages', 'pagelist', 'paging']),
);

/**
 * Elements naming a post's or comment's author: the role words forum engines, blog comments and news
 * CMSs use (`author`, `username`, `poster`, `commenter`, `nick`, microformat `fn`). Compounds match by
 * their last part, so `c-name`, `author-name`, `display_name` and `comment-author` need no entry of
 * their own. No entry names one engine or site (one engine's own class, e.g. a `bigusername`, is left
 * to the profile-link and repetition cues; docs/algorithms/threads.md).
 */
export const AUTHOR_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set([
    'author', 'postauthor', 'commentauthor', 'name', 'username', 'uname', 'user', 'poster', 'nick',
    'nickname', 'commenter', 'fn', 'byline',
  ]),
);

/** Tokens of a link target (split on non-alphanumerics) that mark a user profile link. */
export const PROFILE_HREF_TOKENS: ReadonlySet<string> = Object.freeze(
  new Set(['uid', 'user', 'users', 'member', 'members', 'profile', 'viewprofile', 'userid', 'u', 'people', 'author']),
);

const HREF_SPLIT = /[^\p{L}\p{N}]+/u;

/**
 * The head of a compound token: what follows its last `-` or `_`, or null when it has none (or it ends with
 * one). A BEM modifier (`--` and what follows it) says what state the element is in or what it holds, not
 * what it is: the head is read before it (`o-section--has-ads` → `section`, `comments--open` → `comments`).
 */
function headPart(token: string): string | null {
  const modifier = token.indexOf('--');
  const name = modifier > 0 ? token.slice(0, modifier) : token;
  const k = Math.max(name.lastIndexOf('-'), name.lastIndexOf('_'));
  if (k >= 0 && k < name.length - 1) return name.slice(k + 1);
  return name !== token ? name : null;
}

/**
 * How a class token matches a vocabulary: `head` — the whole token or its head (last `-`/`_` part) is an
 * entry, the rule of the role vocabularies; `whole` — only the whole token, the rule of the article
 * metadata vocabularies (`metadata-tokens.ts`: a `comment-date` is not the article's date); `holds` —
 * `head`, or the head of a BEM modifier, which says what the element holds (`o-metadata--date` holds a
 * date): for vocabularies of what an element shows, not of what it is.
 */
export type TokenMatch = 'head' | 'whole' | 'holds';

/** The head of a token's BEM modifier (`o-metadata--date` → `date`), or null when it has none. */
function modifierHead(token: string): string | null {
  const modifier = token.lastIndexOf('--');
  if (modifier <= 0 || modifier + 2 >= token.length) return null;
  return headPart(token.slice(modifier + 2)) ?? token.slice(modifier + 2);
}

/**
 * True when `token` is in `vocabulary`, whole or (with `match` `head`, the default) by its head (last `-`/`_` part).
 * This is the one matcher of class tokens against the vocabularies of `src/vocabulary/`.
 * @example isVocabularyToken('c-name', AUTHOR_TOKENS) // true; isVocabularyToken('name-box', AUTHOR_TOKENS) // false
 */
export function isVocabularyToken(token: string, vocabulary: ReadonlySet<string>, match: TokenMatch = 'head'): boolean {
  if (vocabulary.has(token)) return true;
  if (match === 'whole') return false;
  const head = headPart(token);
  if (head !== null && vocabulary.has(head)) return true;
  if (match !== 'holds') return false;
  const held = modifierHead(token);
  return held !== null && vocabulary.has(held);
}

/**
 * True when one of an element's tokens names a role of `vocabulary`: the whole token, or its head noun
 * (the last part of a compound joined by `-` or `_`: `yarpp-related`, `site-footer`), the rule of the
 * thread vocabularies (`isVocabularyToken`). One generic role word then covers every plugin's or
 * theme's prefixed spelling of it, so the defaults need no plugin's own token. `match` `whole` asks
 * for the whole token only (see {@link TokenMatch}).
 * @category Extraction
 */
export function hasRoleToken(tokens: readonly string[], vocabulary: ReadonlySet<string>, match: TokenMatch = 'head'): boolean {
  return tokens.some((t) => isVocabularyToken(t, vocabulary, match));
}

const ASCII_RE = /^[\u0000-\u007f]*$/u;

/**
 * A quick test of an attribute value (`class`) for {@link hasRoleToken} over `vocabularies`, by any
 * match rule: false when no token of the value can be an entry, true when one may be. A token that
 * matches, its head or its modifier's head, lower-cased, is an entry, so the value holds an entry in
 * some case: one regex search for the entries that hold no other ({@link innermostWords}: `author`
 * for `post-author`), case-insensitive, answers for most values (`container`, `row`) without splitting
 * them into tokens. Only for vocabularies of ASCII words (for those, `toLowerCase` makes no letter of
 * a word that the `iu` flags do not fold to it); any other vocabulary gets a test that always says true.
 * @category Extraction
 */
export function mayHoldRoleToken(vocabularies: readonly ReadonlySet<string>[]): (value: string) => boolean {
  const words = vocabularies.flatMap((v) => [...v]);
  if (words.length === 0 || !words.every((w) => ASCII_RE.test(w))) return () => true;
  const re = new RegExp(wordAlternation(innermostWords(words)), 'iu');
  return (value) => re.test(value);
}

/**
 * {@link hasRoleToken} over one vocabulary, with each distinct token looked up once for the life of the returned test: a page
 * repeats a few class names on thousands of elements, and each lookup of a compound slices its head.
 * @category Extraction
 */
export function roleTokenTest(vocabulary: ReadonlySet<string>, match: TokenMatch = 'head'): (tokens: readonly string[]) => boolean {
  const known = new Map<string, boolean>();
  return (tokens) => {
    for (let t = 0; t < tokens.length; t++) {
      let role = known.get(tokens[t]);
      if (role === undefined) known.set(tokens[t], (role = isVocabularyToken(tokens[t], vocabulary, match)));
      if (role) return true;
    }
    return false;
  };
}

/** The lower-cased whitespace-separated tokens of an attribute value. */
function tokensOf(value: string): string[] {
  const out: string[] = [];
  pushLowerCaseTokens(value, out);
  return out;
}

/** True when a token of `value` is in one of the vocabularies (see {@link isVocabularyToken}). */
function valueHasToken(value: string, vocabularies: readonly ReadonlySet<string>[]): boolean {
  const tokens = tokensOf(value);
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t];
    for (let v = 0; v < vocabularies.length; v++) if (vocabularies[v].has(token)) return true;
    const head = headPart(token);
    if (head !== null) for (let v = 0; v < vocabularies.length; v++) if (vocabularies[v].has(head)) return true;
  }
  return false;
}

/**
 * Most attribute values remembered per vocabulary list by {@link memoizedValueHasToken} (the memo is
 * emptied when full): enough for the distinct class/id values of several pages.
 */
const MAX_REMEMBERED_VALUES = 8192;
/** Answers of {@link valueHasToken} by attribute value, per vocabulary list (the same frozen list or set object). */
const VALUE_MEMOS = new WeakMap<object, Map<string, boolean>>();

/**
 * {@link valueHasToken}, remembered by value: a page repeats the same few class values on every
 * record ("post", "postbody", "signature"), and thread detection asks about them many times. `owner`
 * is the object the vocabularies belong to (the memo's key).
 */
function memoizedValueHasToken(value: string | undefined, vocabularies: readonly ReadonlySet<string>[], owner: object): boolean {
  if (!value) return false;
  let memo = VALUE_MEMOS.get(owner);
  if (memo === undefined) VALUE_MEMOS.set(owner, (memo = new Map()));
  let answer = memo.get(value);
  if (answer === undefined) {
    if (memo.size >= MAX_REMEMBERED_VALUES) memo.clear();
    memo.set(value, (answer = valueHasToken(value, vocabularies)));
  }
  return answer;
}

/** True when one of the element's class or id tokens is in one of the vocabularies (`owner`: see {@link memoizedValueHasToken}). */
function hasAnyToken(doc: AnalyzedDocument, id: number, vocabularies: readonly ReadonlySet<string>[], owner: object): boolean {
  return memoizedValueHasToken(attributeOf(doc, id, 'class'), vocabularies, owner) || memoizedValueHasToken(attributeOf(doc, id, 'id'), vocabularies, owner);
}

/** True when one of the element's class or id tokens is in `vocabulary` (see {@link isVocabularyToken}). */
export function hasToken(doc: AnalyzedDocument, id: number, vocabulary: ReadonlySet<string>): boolean {
  return hasAnyToken(doc, id, [vocabulary], vocabulary);
}

/** The vocabularies of {@link hasNoiseToken}. */
const NOISE_VOCABULARIES: readonly ReadonlySet<string>[] = Object.freeze([SIGNATURE_TOKENS, QUOTE_TOKENS, EDIT_TOKENS, PAGER_TOKENS]);

/** True when an element has a token of the signature, quote, edit-notice or pager vocabularies. */
export function hasNoiseToken(doc: AnalyzedDocument, id: number): boolean {
  return hasAnyToken(doc, id, NOISE_VOCABULARIES, NOISE_VOCABULARIES);
}

/** The first class token of an element ('' when none), used to tell repeated containers apart. */
export function firstClass(doc: AnalyzedDocument, id: number): string {
  return firstClassOf(attributeOf(doc, id, 'class'));
}

/** The first token of a class attribute's value, lower-cased ('' when none): {@link firstClass} of an element with that value. */
export function firstClassOf(cls: string | undefined): string {
  if (!cls) return '';
  let start = 0;
  while (start < cls.length && isWhitespaceCode(cls.charCodeAt(start))) start++;
  let end = start;
  while (end < cls.length && !isWhitespaceCode(cls.charCodeAt(end))) end++;
  return cls.slice(start, end).toLowerCase();
}

/** True when an `<a>` element's href has a token of {@link PROFILE_HREF_TOKENS}. */
export function isProfileLink(doc: AnalyzedDocument, id: number): boolean {
  const href = attributeOf(doc, id, 'href');
  if (!href) return false;
  return hasHrefToken(href.toLowerCase(), PROFILE_HREF_TOKENS);
}

/**
 * True when a token of `href` (its runs of letters and digits, as `href.split(HREF_SPLIT)` gives them)
 * is in `vocabulary`: the runs are found by one scan, without the split's array and strings (every
 * link of every post is asked about). ASCII is classified by its code, other characters by
 * {@link HREF_SPLIT} itself, code point by code point.
 */
function hasHrefToken(href: string, vocabulary: ReadonlySet<string>): boolean {
  let start = 0;
  for (let k = 0; k <= href.length; ) {
    const cp = k < href.length ? href.codePointAt(k)! : -1;
    const width = cp > 0xffff ? 2 : 1;
    if (cp < 0 || !isLetterOrDigit(cp)) {
      if (k > start && vocabulary.has(href.slice(start, k))) return true;
      start = k + width;
    }
    k += width;
  }
  return false;
}

/** True when a code point is a letter or a number (`\p{L}` or `\p{N}`: not a separator of {@link HREF_SPLIT}). */
function isLetterOrDigit(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a);
  return !HREF_SPLIT.test(String.fromCodePoint(cp));
}
