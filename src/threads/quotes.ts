/**
 * Quotes inside a post: what the poster quoted goes to `quotes`, never into the post's own text and
 * never nowhere. A quote is a `<blockquote>` or an element named a quote (`quotebox`, `aside.quote`),
 * or a box of the post's markup (a class-less `div` or `table`) whose header holds a quote cue word
 * (`vocabulary/post-cues.ts`); its header ("X wrote:", "Quote from: X on …", "QUOTE (X @ date)", a
 * `cite`, a short first line ending in a colon, or such a line just before it, an element or the run of
 * inline text since the last line break) names the quoted author and is neither quote nor post text.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { cleanLines, sliceText } from '../analysis/slices.js';
import type { Quote } from './types.js';
import { BYLINE_CUE_WORDS, nameAttribute, nameInLine } from './author.js';
import { pageDates } from './page-dates.js';
import { attributeOf } from '../analysis/node-data.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { hasQuoteCue, stripQuoteCues } from '../vocabulary/post-cues.js';
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
/** A text ending a sentence: a full stop, question or exclamation mark of any script, closing quotes and brackets aside. */
const SENTENCE_END = /[.!?…。！？؟۔]["'”’»)\]]*\s*$/u;

/**
 * True when element `i` is a quote: a `<blockquote>` or an element with a quote token, unless it is
 * named a signature (vBulletin sets signatures in `blockquote.signature`).
 */
function isQuoteElement(doc: AnalyzedDocument, i: number): boolean {
  return doc.index.kind[i] === NodeKind.Element && (doc.index.tagOf(i) === 'blockquote' || hasToken(doc, i, QUOTE_TOKENS)) && !hasToken(doc, i, SIGNATURE_TOKENS);
}

const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Characters of `body` that can be post text: all but its headings (a post's title) and its
 * signature- or edit-named subtrees.
 */
function postTextChars(doc: AnalyzedDocument, body: number): number {
  const { subtreeEnd, tagOf } = doc.index;
  let chars = doc.stats.textChars[body];
  for (let i = body + 1; i < subtreeEnd[body]; i++) {
    if (HEADING_TAGS.has(tagOf(i)) || hasToken(doc, i, SIGNATURE_TOKENS) || hasToken(doc, i, EDIT_TOKENS)) {
      chars -= doc.stats.textChars[i];
      i = subtreeEnd[i] - 1;
    }
  }
  return chars;
}

/**
 * Elements a board may set a quote in without naming it one: boxes of the post's markup (phpBB 2's
 * and vBulletin's quote tables, IPB's quote `div`s). Such a box is a quote only under a header with a
 * quote cue word.
 */
const QUOTE_BOXES: ReadonlySet<string> = new Set(['blockquote', 'div', 'table', 'fieldset', 'aside', 'section', 'center', 'dl']);

const SPACES = /\s+/gu;

/** The text of nodes joined, whitespace collapsed, trimmed. */
function joinedText(doc: AnalyzedDocument, nodes: readonly number[]): string {
  return nodes.map((n) => doc.textOf(n)).join(' ').replace(SPACES, ' ').trim();
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

/**
 * Header nodes of quote `q`: its `cite` elements (outside nested quotes), else its first line (see
 * {@link firstLine}) when short and ending in a colon, giving a date, linking to the quoted post or
 * holding a quote cue word; of a box that is not named a quote (`named` false), only a first line
 * holding a quote cue word. Under a header already (`headed`: one stands before the quote), or under
 * the first line, a line holding a byline cue word is a header too ("Originally Posted by X").
 */
function headersInside(doc: AnalyzedDocument, q: number, maxChars: number, named: boolean, headed = false): number[] {
  const { subtreeEnd, tagOf, kind } = doc.index;
  const out: number[] = [];
  for (let i = q + 1; named && i < subtreeEnd[q]; i++) {
    // a nested quote's `cite` is its own: inside it, or just before it
    if (isQuoteElement(doc, i) && doc.stats.textChars[i] < doc.stats.textChars[q]) { i = subtreeEnd[i] - 1; continue; }
    if (tagOf(i) === 'cite') {
      if (!headsNestedQuote(doc, i, maxChars)) out.push(i);
      i = subtreeEnd[i] - 1;
    }
  }
  if (out.length > 0) return out;
  const line = firstLine(doc, q);
  if (line.length === 0 || line.reduce((sum, n) => sum + doc.stats.textChars[n], 0) >= doc.stats.textChars[q] || line.some((n) => holdsQuote(doc, n))) return out;
  const text = joinedText(doc, line);
  if (text.length > maxChars || headsNestedQuote(doc, line[line.length - 1], maxChars)) return out;
  // a header line holds a quote cue word, ends in a colon ("X wrote:"), or names the quoted post by its date or a link to it ("X 发表于 <date>", "Originally Posted by X ↑")
  // (a quote bar's line ending in a colon or linking to the quoted post may hold the thread's title: "@X said in <title>:")
  const marked = named && (COLON_END.test(text) || line.some((n) => holdsLink(doc, n)));
  // under a header already (one before the quote), a line naming the poster is the second ("Originally Posted by X")
  const cued = hasQuoteCue(text) || (headed && hasBylineCue(text));
  const sized = (cued || (named && pageDates(doc)(text).length > 0)) && isHeaderSized(doc, text);
  if (!marked && !sized) return out;
  out.push(...line);
  // a second header line under the first ("Quote:" then, in the box below it, "Originally Posted by X")
  const below = nextBoxAfter(doc, line[line.length - 1]);
  const second = below < 0 ? [] : firstLine(doc, below);
  // one line, not a box of lines (a nested quote's table is no header line)
  if (second.length > 0 && !second.some((n) => holdsQuote(doc, n) || doc.textOf(n).trim().includes('\n'))) {
    const next = joinedText(doc, second);
    if (next.length <= maxChars && hasBylineCue(next) && isHeaderSized(doc, next) && second.reduce((sum, n) => sum + doc.stats.textChars[n], 0) < doc.stats.textChars[below]) out.push(...second);
  }
  return out;
}

/** The element after node `h` among its siblings, when it is the only one with text after `h`; −1 otherwise. */
function nextBoxAfter(doc: AnalyzedDocument, h: number): number {
  const { subtreeEnd, parent, kind } = doc.index;
  let found = -1;
  for (let c = subtreeEnd[h]; c < subtreeEnd[parent[h]]; c = subtreeEnd[c]) {
    if (doc.stats.textChars[c] === 0) continue;
    if (found >= 0 || kind[c] !== NodeKind.Element) return -1;
    found = c;
  }
  return found;
}

/** True when a line holds a word of a quote's or a byline's cue vocabulary ("Originally Posted by"). */
function hasBylineCue(line: string): boolean {
  return hasQuoteCue(line) || line.toLowerCase().split(HEADER_WORDS).some((w) => BYLINE_CUE_WORDS.has(w));
}

/**
 * The first line of `q`'s text, below the wrappers that hold all of it (`div.quote > blockquote`): a
 * block child alone, or the run of text and inline children before the first line break or block
 * ("以下是引用<b>X</b>在…的发言：<br>"). Nodes, in page order; [] when `q` has no text.
 */
function firstLine(doc: AnalyzedDocument, q: number): number[] {
  const { subtreeEnd, kind, tagOf } = doc.index;
  const { textChars } = doc.stats;
  let root = q;
  for (;;) {
    let only = -1;
    let count = 0;
    for (let c = root + 1; c < subtreeEnd[root]; c = subtreeEnd[c]) if (textChars[c] > 0) { only = c; count++; }
    if (count !== 1 || kind[only] !== NodeKind.Element) break;
    root = only;
  }
  const run: number[] = [];
  for (let c = root + 1; c < subtreeEnd[root]; c = subtreeEnd[c]) {
    const isBlock = kind[c] === NodeKind.Element && BLOCK_TAGS.has(tagOf(c));
    const breaks = isBlock || tagOf(c) === 'br';
    if (textChars[c] === 0) {
      if (breaks && run.length > 0) break;
      continue;
    }
    if (isBlock) return run.length === 0 ? [c] : run;
    run.push(c);
  }
  return run;
}

/** True when element `i` is or holds an `<a href>`. */
function holdsLink(doc: AnalyzedDocument, i: number): boolean {
  for (let j = i; j < doc.index.subtreeEnd[i]; j++) if (doc.index.tagOf(j) === 'a' && attributeOf(doc, j, 'href')) return true;
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
  // headers of the quotes being visited: a nested quote's run before it may be its outer quote's `cite`
  const taken = new Set<number>();
  const visit = (root: number, into: number[] | null, ownChars: number): void => {
    for (let i = root + 1; i < subtreeEnd[root]; i++) {
      if (doc.index.kind[i] !== NodeKind.Element || textChars[i] === 0) continue;
      const named = isQuoteElement(doc, i);
      if (!named && !QUOTE_BOXES.has(doc.index.tagOf(i))) continue;
      // inside a quote, the element holding all of its text but the header is that quote (`aside > blockquote`)
      if (into && textChars[i] >= ownChars) continue;
      // a short quote-named line followed by a quote is that quote's header (SMF `quoteheader`)
      const next = nextElementIn(doc, root, i);
      if (named && doc.index.tagOf(i) !== 'blockquote' && textChars[i] <= maxHeaderChars && !hasBlockquoteBelow(doc, i) && next >= 0 && isQuoteElement(doc, next)) {
        i = subtreeEnd[i] - 1;
        continue;
      }
      // the whole body in one blockquote or box (its title and signature aside) is the body (vBulletin's `blockquote.postcontent`)
      if (root === body && textChars[i] >= (bodyChars < 0 ? (bodyChars = postTextChars(doc, body)) : bodyChars)) continue;
      const run = headerBefore(doc, i, maxHeaderChars, named);
      const before = run.some((h) => taken.has(h)) ? NO_HEADER : run;
      const inside = headersInside(doc, i, maxHeaderChars, named, before.length > 0);
      // a box not named a quote is one under a cued header only, and holds more than a date line ("X says:" above the date of a comment)
      if (!named && ((before.length === 0 && inside.length === 0) || isDateOnly(doc, i, inside))) continue;
      const nested: number[] = [];
      quotes.push({ node: i, headers: [...before, ...inside], nested });
      (into ?? cut).push(i, ...before);
      for (const h of inside) taken.add(h);
      visit(i, nested, textChars[i] - inside.reduce((sum, h) => sum + textChars[h], 0));
      for (const h of inside) taken.delete(h);
      i = subtreeEnd[i] - 1;
    }
  };
  visit(body, null, textChars[body]);
  return { quotes, cut };
}

/**
 * The header written just before quote `q` (line breaks between them aside), as nodes to cut: the
 * element before it, or the run of text and inline elements since the last line break or block ("<a>Quote
 * from X</a> on <date>:<br>") and after the last sentence ending inside that run; [] when there is none.
 * It must be short and hold a quote cue word, or, before a quote-named element, be an element holding a
 * quote-named one (a quote bar's header).
 */
function headerBefore(doc: AnalyzedDocument, q: number, maxChars: number, named: boolean): readonly number[] {
  const { parent, subtreeEnd, kind, tagOf } = doc.index;
  const p = parent[q];
  const before: number[] = [];
  for (let c = p + 1; c < q; c = subtreeEnd[c]) before.push(c);
  let k = before.length - 1;
  const isGap = (c: number): boolean => (kind[c] !== NodeKind.Element && doc.stats.textChars[c] === 0) || tagOf(c) === 'br';
  while (k >= 0 && isGap(before[k])) k--;
  if (k < 0) return NO_HEADER;
  const run: number[] = [];
  if (kind[before[k]] === NodeKind.Element && BLOCK_TAGS.has(tagOf(before[k]))) run.push(before[k]);
  else {
    for (; k >= 0 && tagOf(before[k]) !== 'br' && !(kind[before[k]] === NodeKind.Element && BLOCK_TAGS.has(tagOf(before[k]))); k--) run.unshift(before[k]);
    // the poster's own sentence may run on into the header on one line ("… as he said. <b>Quote:</b>"): the header begins after it
    const ended = run.findLastIndex((c, at) => at < run.length - 1 && SENTENCE_END.test(doc.textOf(c)));
    if (ended >= 0) run.splice(0, ended + 1);
  }
  const text = joinedText(doc, run);
  if (!text || text.length > maxChars) return NO_HEADER;
  if (isCuedHeader(doc, text)) return run;
  return named && run.length === 1 && holdsQuote(doc, run[0]) ? run : NO_HEADER;
}

/**
 * True when element `h` is the header written before a quote nested next to it, which has no header
 * of its own inside (then `h` is not its outer quote's header: "<cite>A</cite><blockquote><cite>B</cite>…"
 * is A's quote beginning with B's).
 */
function headsNestedQuote(doc: AnalyzedDocument, h: number, maxChars: number): boolean {
  const { subtreeEnd, parent, kind, tagOf } = doc.index;
  for (let c = subtreeEnd[h]; c < subtreeEnd[parent[h]]; c = subtreeEnd[c]) {
    if (kind[c] !== NodeKind.Element || doc.stats.textChars[c] === 0) continue;
    const named = isQuoteElement(doc, c);
    return (named || QUOTE_BOXES.has(tagOf(c))) && headerBefore(doc, c, maxChars, named).includes(h) && headersInside(doc, c, maxChars, named).length === 0;
  }
  return false;
}

/** Most words, and letters, of a quote header besides its cue words and dates: a name ("Quote from: Jane Doe on …"), not a sentence. */
const MAX_HEADER_WORDS = 4;
const MAX_HEADER_LETTERS = 40;
const HEADER_WORDS = /[\s:：,،()«»"“”|·•@]+/u;
const LETTERS = /[\p{L}\p{M}]/gu;
const HAN_CHARS = /\p{Script=Han}/gu;
/** Letters one Han character weighs in {@link MAX_HEADER_LETTERS}. */
const HAN_WEIGHT = 3;

/**
 * True when a short line is no more than a quote's header: cue words and dates aside, at most
 * {@link MAX_HEADER_WORDS} words with letters and {@link MAX_HEADER_LETTERS} letters, a Han character
 * weighing {@link HAN_WEIGHT} (a name: "Tom
 * wrote:", "QUOTE (Tom @ date)", "اقتباس من: Tom في date", "以下是引用小王在…的发言："), not a sentence
 * of the post that happens to say "said" or to begin with a date.
 */
function isHeaderSized(doc: AnalyzedDocument, text: string): boolean {
  let rest = text;
  const dates = pageDates(doc)(text);
  for (let k = dates.length - 1; k >= 0; k--) rest = `${rest.slice(0, dates[k].index)} ${rest.slice(dates[k].index + dates[k].length)}`;
  let words = 0;
  let letters = 0;
  for (const w of rest.split(HEADER_WORDS)) {
    if (!HAS_LETTER.test(w) || BYLINE_CUE_WORDS.has(w.toLowerCase())) continue;
    words++;
    // a Han character is about a word: it weighs as much as a few letters
    const rest = stripQuoteCues(w);
    letters += (rest.match(LETTERS)?.length ?? 0) + (HAN_WEIGHT - 1) * (rest.match(HAN_CHARS)?.length ?? 0);
  }
  return words <= MAX_HEADER_WORDS && letters <= MAX_HEADER_LETTERS;
}

/** A header line holding a quote cue word that is no more than a header (see {@link isHeaderSized}). */
const isCuedHeader = (doc: AnalyzedDocument, text: string): boolean => hasQuoteCue(text) && isHeaderSized(doc, text);

const HAS_LETTER = /\p{L}/u;

/** True when the text of box `q` without its headers is no more than dates. */
function isDateOnly(doc: AnalyzedDocument, q: number, headers: readonly number[]): boolean {
  const text = sliceText(doc, doc.stats.textStart[q], doc.stats.textEnd[q], headers);
  const dates = pageDates(doc)(text);
  return dates.reduce((sum, d) => sum + d.length, 0) * 2 >= text.replace(SPACES, '').length;
}

/** No header (shared, never written to). */
const NO_HEADER: readonly number[] = Object.freeze([]) as readonly number[];

/** True when a `<blockquote>` lies below `i`. */
function hasBlockquoteBelow(doc: AnalyzedDocument, i: number): boolean {
  for (let j = i + 1; j < doc.index.subtreeEnd[i]; j++) if (doc.index.tagOf(j) === 'blockquote') return true;
  return false;
}

/** The quote's author as its markup or header names it, or null. */
function quoteAuthor(doc: AnalyzedDocument, q: FoundQuote, knownAuthors: readonly string[], cueWords: ReadonlySet<string>, maxAuthor: number): string | null {
  const stated = nameAttribute(doc, q.node) ?? nameAttribute(doc, doc.index.parent[q.node]);
  if (stated) return stated;
  for (const h of q.headers) {
    for (let i = h; i < doc.index.subtreeEnd[h]; i++) {
      if (doc.index.tagOf(i) !== 'a') continue;
      const t = cleanLines(doc.textOf(i)).replace(/^@/u, '');
      if (t && (isProfileLink(doc, i) || knownAuthors.includes(t))) return t;
    }
  }
  const header = q.headers.map((h) => doc.textOf(h)).join(' ');
  if (!header) return null;
  const known = knownAuthors.filter((a) => header.includes(a)).sort((a, b) => b.length - a.length)[0];
  if (known) return known;
  // a byline's "(Guest)" is no name, but a header may hold nothing else: IPB's "QUOTE (X @ date)"
  return nameInLine(header, cueWords, maxAuthor, undefined, pageDates(doc)) ?? nameInLine(header.replace(PARENTHESES, ' '), cueWords, maxAuthor, undefined, pageDates(doc));
}

const PARENTHESES = /[()]/gu;

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
