import { attributeOf } from '../analysis/node-data.js';
import { pushLowerCaseTokens } from '../analysis/text.js';
import { subtreeText } from '../analysis/tree.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { hasRoleToken, mayHoldRoleToken, type TokenMatch } from '../vocabulary/class-tokens.js';

const WHITESPACE_RUN_RE = /\s+/g;
/** Whitespace that collapsing changes inside a text: any but a single space. */
const UNCOLLAPSED_RE = /[^\S ]| {2}/u;
const SPACE = 0x20;

/** Collapses runs of whitespace (NBSP and U+3000 included) to one space and trims. @category Metadata */
export function collapseWhitespace(text: string): string {
  // most texts asked about (headings, names, metas) are collapsed already: they are tested, not copied
  if (text === '' || (text.charCodeAt(0) !== SPACE && text.charCodeAt(text.length - 1) !== SPACE && !UNCOLLAPSED_RE.test(text))) return text;
  return text.replace(WHITESPACE_RUN_RE, ' ').trim();
}

// the one attribute reader (analysis/node-data.ts), re-exported for the metadata readers that import it from here
export { attributeOf };

/**
 * All text of an element's subtree, hidden or not (for `<title>`, which is never visible text),
 * whitespace collapsed.
 * @category Metadata
 */
export function rawTextOf(doc: AnalyzedDocument, id: number): string {
  return collapseWhitespace(subtreeText(doc, id));
}

/** Whitespace-separated class tokens of an element, lower-cased. @category Metadata */
export function classTokensOf(doc: AnalyzedDocument, id: number): string[] {
  // the tokens of `value.toLowerCase().split(/\s+/)` without empty strings, by one scan (no regex
  // split: every element of the page is asked, by the author and the date searches)
  const out: string[] = [];
  pushLowerCaseTokens(attributeOf(doc, id, 'class'), out);
  return out;
}

/**
 * Most class values remembered per vocabulary and match by {@link hasClassRoleToken} (the memo is
 * emptied when full): enough for the distinct class values of several pages. `element-roles.ts`' memo
 * of both metadata vocabularies has the same bound.
 * @internal
 */
export const MAX_REMEMBERED_CLASSES = 8192;
/** Answers of {@link hasClassRoleToken} by class value, per vocabulary, one map per match rule. */
const CLASS_ROLE_MEMOS: Readonly<Record<TokenMatch, WeakMap<ReadonlySet<string>, Map<string, boolean>>>> = { head: new WeakMap(), whole: new WeakMap(), holds: new WeakMap() };

/** The quick test of {@link mayHoldRoleToken} per vocabulary: most class values hold no word of it, and skip the memo. */
const MAY_HOLD_TESTS = new WeakMap<ReadonlySet<string>, (value: string) => boolean>();

function mayHoldWordOf(vocabulary: ReadonlySet<string>): (value: string) => boolean {
  let test = MAY_HOLD_TESTS.get(vocabulary);
  if (test === undefined) MAY_HOLD_TESTS.set(vocabulary, (test = mayHoldRoleToken([vocabulary])));
  return test;
}

/**
 * `hasRoleToken(classTokensOf(doc, id), vocabulary, match)`, remembered by class value: the author and
 * date searches ask every element of the page, and a page repeats a few class values on most of them
 * (no token array is built for a value asked before).
 * @category Metadata
 */
export function hasClassRoleToken(doc: AnalyzedDocument, id: number, vocabulary: ReadonlySet<string>, match: TokenMatch): boolean {
  const value = attributeOf(doc, id, 'class');
  return value ? classValueHasRoleToken(value, vocabulary, match) : false;
}

/**
 * {@link hasClassRoleToken} for an element whose `class` value is `value` (false for ''), from the same memo.
 * @category Metadata
 */
export function classValueHasRoleToken(value: string, vocabulary: ReadonlySet<string>, match: TokenMatch): boolean {
  if (value === '' || !mayHoldWordOf(vocabulary)(value)) return false;
  const memos = CLASS_ROLE_MEMOS[match];
  let memo = memos.get(vocabulary);
  if (memo === undefined) memos.set(vocabulary, (memo = new Map()));
  let answer = memo.get(value);
  if (answer === undefined) {
    if (memo.size >= MAX_REMEMBERED_CLASSES) memo.clear();
    const tokens: string[] = [];
    pushLowerCaseTokens(value, tokens);
    memo.set(value, (answer = hasRoleToken(tokens, vocabulary, match)));
  }
  return answer;
}
