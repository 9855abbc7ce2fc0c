/**
 * Quotes inside a post: what the poster quoted goes to `quotes`, never into the post's own text and
 * never nowhere. A quote is a `<blockquote>` or an element named a quote (`quotebox`, `aside.quote`);
 * its header ("X wrote:", "Quote from: X on …", a `cite`, a short first line ending in a colon, or a
 * quote-named line just before it) names the quoted author and is neither quote nor post text.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { cleanLines, sliceText } from '../analysis/slices.js';
import type { Quote } from './types.js';
import { nameAttribute, nameInLine } from './author.js';
import { pageDates } from './page-dates.js';
import { attributeOf } from '../analysis/node-data.js';
import { EDIT_TOKENS, hasToken, isProfileLink, QUOTE_TOKENS, SIGNATURE_TOKENS } from '../vocabulary/class-tokens.js';

/** A quote found in a post body. */
export interface FoundQuote {
  /** The quote element. */
  readonly node: number;
  /** Header elements (named author line), cut from both the quote and the post. */
  readonly headers: readonly number[];
  /** Nested quote elements directly inside this one. */
  readonly nested: readonly number[];
}

const COLON_END = /[:：]\s*$/u;

/**
 * True when element `i` is a quote: a `<blockquote>` or an element with a quote token, unless it is
 * named a signature (vBulletin sets signatures in `blockquote.signature`).
 */
function isQuoteElement(doc: AnalyzedDocument, i: number): boolean {
  return doc.index.kind[i] === NodeKind.Element && (doc.index.tag[i] === 'blockquote' || hasToken(doc, i, QUOTE_TOKENS)) && !hasToken(doc, i, SIGNATURE_TOKENS);
}

const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Characters of `body` that can be post text: all but its headings (a post's title) and its
 * signature- or edit-named subtrees.
 */
function postTextChars(doc: AnalyzedDocument, body: number): number {
  const { subtreeEnd, tag } = doc.index;
  let chars = doc.stats.textChars[body];
  for (let i = body + 1; i < subtreeEnd[body]; i++) {
    if (HEADING_TAGS.has(tag[i]) || hasToken(doc, i, SIGNATURE_TOKENS) || hasToken(doc, i, EDIT_TOKENS)) {
      chars -= doc.stats.textChars[i];
      i = subtreeEnd[i] - 1;
    }
  }
  return chars;
}

/** True when `i` holds a quote element (itself included). */
function holdsQuote(doc: AnalyzedDocument, i: number): boolean {
  for (let j = i; j < doc.index.subtreeEnd[i]; j++) if (isQuoteElement(doc, j)) return true;
  return false;
}

/** The next element after the subtree of `i` that is inside `root`, or −1. */
function nextElementIn(doc: AnalyzedDocument, root: number, i: number): number {
  const { subtreeEnd, kind } = doc.index;
  for (let j = subtreeEnd[i]; j < subtreeEnd[root]; j++) if (kind[j] === NodeKind.Element && doc.stats.textChars[j] > 0) return j;
  return -1;
}

/** Header elements of quote `q`: its `cite` elements (outside nested quotes), else a short first child ending in a colon. */
function headersInside(doc: AnalyzedDocument, q: number, maxChars: number): number[] {
  const { subtreeEnd, tag, kind } = doc.index;
  const out: number[] = [];
  for (let i = q + 1; i < subtreeEnd[q]; i++) {
    if (isQuoteElement(doc, i) && doc.stats.textChars[i] > maxChars) { i = subtreeEnd[i] - 1; continue; }
    if (tag[i] === 'cite') { out.push(i); i = subtreeEnd[i] - 1; }
  }
  if (out.length > 0) return out;
  // the first element with text, below wrappers that hold all of the quote's text (`div.quote > blockquote`)
  const firstWithText = (root: number): number | undefined => doc.index.childElements(root).find((c) => kind[c] === NodeKind.Element && doc.stats.textChars[c] > 0);
  let first = firstWithText(q);
  while (first !== undefined && doc.stats.textChars[first] >= doc.stats.textChars[q]) first = firstWithText(first);
  if (first === undefined || doc.stats.textChars[first] >= doc.stats.textChars[q] || holdsQuote(doc, first)) return out;
  const text = doc.textOf(first);
  // a header line ends in a colon ("X wrote:"), or names the quoted post by its date or a link to it ("X 发表于 <date>", "Originally Posted by X ↑")
  if (text.length <= maxChars && (COLON_END.test(text) || pageDates(doc)(text).length > 0 || holdsLink(doc, first))) out.push(first);
  return out;
}

/** True when element `i` is or holds an `<a href>`. */
function holdsLink(doc: AnalyzedDocument, i: number): boolean {
  for (let j = i; j < doc.index.subtreeEnd[i]; j++) if (doc.index.tag[j] === 'a' && attributeOf(doc, j, 'href')) return true;
  return false;
}

/**
 * The quotes of a post body, outermost first, with their headers; `cut` lists every subtree that is
 * not the poster's own text (quotes and their headers).
 * @category Threads
 */
export function findQuotes(doc: AnalyzedDocument, body: number, maxHeaderChars: number): { quotes: FoundQuote[]; cut: number[] } {
  const { subtreeEnd } = doc.index;
  const { textChars } = doc.stats;
  const quotes: FoundQuote[] = [];
  const cut: number[] = [];
  let bodyChars = -1; // postTextChars(body), counted when a quote candidate stands directly in the body
  const visit = (root: number, into: number[] | null, ownChars: number): void => {
    for (let i = root + 1; i < subtreeEnd[root]; i++) {
      if (!isQuoteElement(doc, i) || textChars[i] === 0) continue;
      // inside a quote, the element holding all of its text but the header is that quote (`aside > blockquote`)
      if (into && textChars[i] >= ownChars) continue;
      // a short quote-named line followed by a quote is that quote's header (SMF `quoteheader`)
      const next = nextElementIn(doc, root, i);
      if (doc.index.tag[i] !== 'blockquote' && textChars[i] <= maxHeaderChars && !hasBlockquoteBelow(doc, i) && next >= 0 && isQuoteElement(doc, next)) {
        i = subtreeEnd[i] - 1;
        continue;
      }
      // the whole body in one blockquote (its title and signature aside) is the body (vBulletin's `blockquote.postcontent`)
      if (root === body && textChars[i] >= (bodyChars < 0 ? (bodyChars = postTextChars(doc, body)) : bodyChars)) continue;
      const headers = headersInside(doc, i, maxHeaderChars);
      const before = previousQuoteHeader(doc, i, maxHeaderChars);
      if (before >= 0) headers.unshift(before);
      const nested: number[] = [];
      const entry: FoundQuote = { node: i, headers, nested };
      quotes.push(entry);
      (into ?? cut).push(i, ...(before >= 0 ? [before] : []));
      visit(i, nested, textChars[i] - headers.reduce((sum, h) => sum + (h > i ? textChars[h] : 0), 0));
      i = subtreeEnd[i] - 1;
    }
  };
  visit(body, null, textChars[body]);
  return { quotes, cut };
}

/** The element just before quote `q` among its siblings when it is short and holds a quote-named element (its header), or −1. */
function previousQuoteHeader(doc: AnalyzedDocument, q: number, maxChars: number): number {
  const siblings = doc.index.childElements(doc.index.parent[q]);
  let prev = -1;
  for (const c of siblings) {
    if (c === q) break;
    if (doc.stats.textChars[c] > 0) prev = c;
  }
  return prev >= 0 && doc.stats.textChars[prev] <= maxChars && holdsQuote(doc, prev) ? prev : -1;
}

/** True when a `<blockquote>` lies below `i`. */
function hasBlockquoteBelow(doc: AnalyzedDocument, i: number): boolean {
  for (let j = i + 1; j < doc.index.subtreeEnd[i]; j++) if (doc.index.tag[j] === 'blockquote') return true;
  return false;
}

/** The quote's author as its markup or header names it, or null. */
function quoteAuthor(doc: AnalyzedDocument, q: FoundQuote, knownAuthors: readonly string[], cueWords: ReadonlySet<string>, maxAuthor: number): string | null {
  const stated = nameAttribute(doc, q.node) ?? nameAttribute(doc, doc.index.parent[q.node]);
  if (stated) return stated;
  for (const h of q.headers) {
    for (let i = h; i < doc.index.subtreeEnd[h]; i++) {
      if (doc.index.tag[i] !== 'a') continue;
      const t = cleanLines(doc.textOf(i)).replace(/^@/u, '');
      if (t && (isProfileLink(doc, i) || knownAuthors.includes(t))) return t;
    }
  }
  const header = q.headers.map((h) => doc.textOf(h)).join(' ');
  if (!header) return null;
  const known = knownAuthors.filter((a) => header.includes(a)).sort((a, b) => b.length - a.length)[0];
  return known ?? nameInLine(header, cueWords, maxAuthor, undefined, pageDates(doc));
}

/**
 * The {@link Quote}s of a post from what {@link findQuotes} found: outer quote first, each nested
 * quote after its outer one; a quote's text leaves out its headers and nested quotes.
 * @category Threads
 */
export function readQuotes(
  doc: AnalyzedDocument, found: readonly FoundQuote[], knownAuthors: readonly string[], cueWords: ReadonlySet<string>, maxAuthor: number,
): Quote[] {
  const out: Quote[] = [];
  for (const q of found) {
    const text = sliceText(doc, doc.stats.textStart[q.node], doc.stats.textEnd[q.node], [...q.headers, ...q.nested]);
    if (text) out.push({ author: quoteAuthor(doc, q, knownAuthors, cueWords, maxAuthor), text });
  }
  return out;
}
