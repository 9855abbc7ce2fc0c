/**
 * Ctext: the page source with its tags stripped and its line structure kept, the input of the
 * line-block distribution (Chen Xin, 基于行块分布函数的通用网页正文抽取, §5). Works on the normalized
 * HTML string, never on the tree: one linear scan.
 *
 * Script, style and comment contents are dropped first (as the paper's reference code does), then
 * every tag; the newlines inside what was dropped are kept, so line `k` of Ctext is line `k` of the
 * source. Character references left by `normalize` (`&nbsp;`, `&amp;`, `&lt;`, numeric ones) are
 * decoded. Deviation: a source line whose text is longer than `longLineChars` is cut where a
 * block-level tag (or `<br>`) stood, so minified pages and one-line articles get a line structure.
 * @see Chen Xin, 基于行块分布函数的通用网页正文抽取 (cx-extractor), HIT-SCIR, 2009, §5
 * @module
 */
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { isWhitespaceCode } from './text.js';
import type { AnalyzedDocument } from './types.js';
import { mapLinesToText } from './line-spans.js';
import type { TextSpans } from './spans.js';

/**
 * Options of {@link listLines}.
 * @category Analysis
 */
export interface LineOptions {
  /**
   * A source line whose tag-free text has more than this many non-whitespace characters is cut into
   * several lines where block-level tags (`p`, `div`, `li`, `td`, `h1`…, see `BLOCK_TAGS`) or `<br>`
   * stood. 0 disables the cut (the paper's plain behaviour); every line is then a source line.
   * @default 400 (not in the paper; it assumes "every HTML line is one complete semantic unit", §4,
   * which minified pages break)
   */
  longLineChars?: number;
}

/**
 * Defaults of {@link LineOptions}.
 * @category Analysis
 */
export const DEFAULT_LINE_OPTIONS: Readonly<Required<LineOptions>> = Object.freeze({
  longLineChars: 400,
});

/**
 * One line of Ctext.
 * @category Analysis
 */
export interface Line {
  /** The line's text: tags stripped, references decoded, whitespace runs collapsed, trimmed. */
  readonly text: string;
  /** Non-whitespace code points of the line (its contribution to a line block's length). */
  readonly chars: number;
  /** 0-based line number in the source HTML (several lines share it when a long line was cut). */
  readonly sourceLine: number;
  /** Offset in the source HTML where the line's markup begins (a source line's start, or the tag a long line was cut at). */
  readonly sourceStart: number;
  /** Offset in the source HTML where the line's markup ends (exclusive): its newline, or the tag it was cut at. */
  readonly sourceEnd: number;
}

/**
 * A Ctext line of an analyzed page, with where its text lies in {@link AnalyzedDocument.text}.
 * @category Analysis
 */
export interface TextLine extends Line {
  /** Ranges of {@link AnalyzedDocument.text} the line's text is (see `spans.ts` and `line-spans.ts`). */
  readonly spans: TextSpans;
}

/** Elements whose content is dropped with the tag (paper's reference code: script, style). */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style']);
/** A character reference: named (2–31 letters/digits) or numeric. Linear: no nested quantifiers. */
const REFERENCE_RE = /&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,30}));/gu;
/** Named references worth decoding in text; others become a space (the reference code's choice). */
const NAMED: Readonly<Record<string, string>> = Object.freeze({
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ensp: ' ', emsp: ' ', thinsp: ' ',
  middot: '·', hellip: '…', mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  laquo: '«', raquo: '»', copy: '©', reg: '®', times: '×', bull: '•',
});

/** Decodes character references in a text fragment. */
export function decodeReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE_RE, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? ' ';
    const cp = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : ' ';
  });
}

/** Non-whitespace code points of a string. */
export function countChars(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    if (!isWhitespaceCode(c)) n++;
  }
  return n;
}

/** Ctext, the offsets in it where a block-level tag or `<br>` stood, and the source offset of each such tag. */
interface Stripped {
  readonly text: string;
  readonly breaks: readonly number[];
  readonly breakSources: readonly number[];
}

/**
 * Counts the newlines of `html` in [from, to). `next` is the first newline at or after the previous
 * call's `from` (or −1 for none): calls come in source order, so the page is scanned for newlines once
 * in all (searching from each tag alone rescans a long one-line page for every tag: quadratic).
 * Returns the new `next`, with the count in `count.n`.
 */
function countNewlines(html: string, from: number, to: number, next: number, count: { n: number }): number {
  let nl = next;
  if (nl !== -1 && nl < from) nl = html.indexOf('\n', from);
  let n = 0;
  while (nl !== -1 && nl < to) {
    n++;
    nl = html.indexOf('\n', nl + 1);
  }
  count.n = n;
  return nl;
}

/** `n` newlines. */
function newlines(n: number): string {
  return n === 0 ? '' : n === 1 ? '\n' : '\n'.repeat(n);
}

/** Longest prefix of a tag (from its `<`) in which {@link tagNameAt} looks for the name. */
const TAG_NAME_WINDOW = 40;

/** True for the code units of a tag name after its first letter (`[A-Za-z0-9-]`). */
function isNameCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45;
}

/**
 * The lower-cased tag name right after `<` or `</` of the markup at `lt` (`/^<\/?([A-Za-z][A-Za-z0-9-]*)/`
 * over its first {@link TAG_NAME_WINDOW} characters before `end`: ASCII letter first, as the HTML
 * tokenizer requires), '' when it has none. No regex and no slice of the whole tag.
 */
function tagNameAt(html: string, lt: number, end: number): string {
  const limit = Math.min(lt + TAG_NAME_WINDOW, end);
  let from = lt + 1;
  if (html.charCodeAt(from) === 47 /* / */) from++;
  if (from >= limit) return '';
  const first = html.charCodeAt(from);
  if (!((first >= 97 && first <= 122) || (first >= 65 && first <= 90))) return '';
  let to = from + 1;
  let upper = first <= 90;
  while (to < limit) {
    const c = html.charCodeAt(to);
    if (!isNameCode(c)) break;
    if (c >= 65 && c <= 90) upper = true;
    to++;
  }
  const name = html.slice(from, to);
  return upper ? name.toLowerCase() : name;
}

/**
 * Finds the closing `</name` of a raw-text element from `from` on, ASCII case-insensitively (`name`
 * is lower-case ASCII). Equal to `html.toLowerCase().indexOf('</' + name, from)` when `html` holds no
 * character whose lower case changes its length or is ASCII (U+0130, U+212A): the caller checks that.
 */
function indexOfClose(html: string, name: string, from: number): number {
  for (let at = html.indexOf('</', from); at !== -1; at = html.indexOf('</', at + 1)) {
    let k = 0;
    while (k < name.length && (html.charCodeAt(at + 2 + k) | 0x20) === name.charCodeAt(k)) k++;
    if (k === name.length) return at;
  }
  return -1;
}

/** End (exclusive) of a markup piece and its lower-case tag name ('' for comments, directives, end tags without a name). */
interface Markup {
  end: number;
  name: string;
}

/**
 * End (exclusive) of the markup starting at `lt` (a `<`), written into `out` with the tag name;
 * false when the `<` starts no markup. `lower` is the lower-cased page when the ASCII-only close
 * search cannot be used (see {@link indexOfClose}), else null.
 */
function markupEnd(html: string, lt: number, lower: string | null, out: Markup): boolean {
  if (html.startsWith('<!--', lt)) {
    const close = html.indexOf('-->', lt + 4);
    out.end = close === -1 ? html.length : close + 3;
    out.name = '';
    return true;
  }
  const next = html.charCodeAt(lt + 1);
  const isName = (next >= 65 && next <= 90) || (next >= 97 && next <= 122);
  if (!isName && next !== 47 /* / */ && next !== 33 /* ! */ && next !== 63 /* ? */) return false;
  const gt = html.indexOf('>', lt + 1);
  const end = gt === -1 ? html.length : gt + 1;
  const name = tagNameAt(html, lt, end);
  out.end = end;
  out.name = name;
  if (name && RAW_TEXT_TAGS.has(name) && next !== 47 && html.charCodeAt(end - 2) !== 47) {
    const close = lower === null ? indexOfClose(html, name, end) : lower.indexOf(`</${name}`, end);
    if (close === -1) {
      out.end = html.length;
      return true;
    }
    const closeGt = html.indexOf('>', close);
    out.end = closeGt === -1 ? html.length : closeGt + 1;
  }
  return true;
}

/** Characters whose lower case is longer or ASCII: with them, offsets in `html.toLowerCase()` differ. */
const CASE_HAZARD_RE = /[\u0130\u212a]/u;

/** Strips comments, script/style with their content, and tags; keeps every newline. O(N). */
function stripTags(html: string): Stripped {
  const lower = CASE_HAZARD_RE.test(html) ? html.toLowerCase() : null;
  const parts: string[] = [];
  const breaks: number[] = [];
  const breakSources: number[] = [];
  const markup: Markup = { end: 0, name: '' };
  const count = { n: 0 };
  let nextNewline = html.indexOf('\n');
  let length = 0;
  let pos = 0;
  const push = (s: string): void => {
    if (s) {
      parts.push(s);
      length += s.length;
    }
  };
  while (pos < html.length) {
    let lt = html.indexOf('<', pos);
    while (lt !== -1 && !markupEnd(html, lt, lower, markup)) lt = html.indexOf('<', lt + 1);
    if (lt === -1) {
      push(decodeReferences(html.slice(pos)));
      break;
    }
    push(decodeReferences(html.slice(pos, lt)));
    if (markup.name === 'br' || BLOCK_TAGS.has(markup.name)) {
      breaks.push(length);
      breakSources.push(lt);
    }
    nextNewline = countNewlines(html, lt, markup.end, nextNewline, count);
    push(newlines(count.n));
    pos = markup.end;
  }
  return { text: parts.join(''), breaks, breakSources };
}

/**
 * `raw` with every whitespace run made one space and the ends trimmed: exactly
 * `raw.replace(/\s+/gu, ' ').trim()`, without a regex and without copying text that needs no change.
 */
function collapseLine(raw: string): string {
  const n = raw.length;
  let start = 0;
  while (start < n && isWhitespaceCode(raw.charCodeAt(start))) start++;
  if (start === n) return '';
  let end = n;
  while (isWhitespaceCode(raw.charCodeAt(end - 1))) end--;
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = raw.charCodeAt(i);
    if (!isWhitespaceCode(c)) continue;
    let j = i + 1;
    while (isWhitespaceCode(raw.charCodeAt(j))) j++; // stops before `end`: raw[end - 1] is not whitespace
    if (c !== 0x20 || j > i + 1) {
      out += raw.slice(from, i) + ' ';
      from = j;
    }
    i = j - 1;
  }
  if (from === start) return start === 0 && end === n ? raw : raw.slice(start, end);
  return out + raw.slice(from, end);
}

/** Where a raw piece of Ctext came from: its source line and the source offsets around it. */
interface LineSource {
  readonly line: number;
  readonly start: number;
  readonly end: number;
}

/** A line from a raw piece of Ctext. */
function makeLine(raw: string, source: LineSource): Line {
  const text = collapseLine(raw);
  return { text, chars: countChars(text), sourceLine: source.line, sourceStart: source.start, sourceEnd: source.end };
}

/** Cuts one long raw line at the block-tag offsets inside it (merging cuts with no text between). */
function cutLine(raw: string, offset: number, stripped: Stripped, first: number, source: LineSource, out: Line[]): number {
  const { breaks, breakSources } = stripped;
  let b = first;
  let from = 0;
  let fromSource = source.start;
  let pushed = 0;
  while (b < breaks.length && breaks[b] <= offset + raw.length) {
    const at = breaks[b] - offset;
    if (at > from) {
      const piece = makeLine(raw.slice(from, at), { line: source.line, start: fromSource, end: breakSources[b] });
      if (piece.chars > 0) {
        out.push(piece);
        pushed++;
        from = at;
        fromSource = breakSources[b];
      }
    }
    b++;
  }
  const rest = makeLine(raw.slice(from), { line: source.line, start: fromSource, end: source.end });
  if (rest.chars > 0 || pushed === 0) out.push(rest);
  return b;
}

/**
 * Splits normalized HTML into Ctext lines (see the module comment). O(N) in the HTML length.
 * @example splitLines('<p>一</p>\n<script>x\ny</script>\n<p>二</p>').map((l) => l.text); // ['一', '', '', '二']
 * @category Analysis
 */
export function splitLines(html: string, options?: LineOptions): Line[] {
  if (typeof html !== 'string') throw new MatnError('invalid-argument', 'splitLines: html must be a string');
  const o = resolveOptions(DEFAULT_LINE_OPTIONS, options, 'splitLines');
  const stripped = stripTags(html);
  const { text, breaks } = stripped;
  const lines: Line[] = [];
  let offset = 0;
  let b = 0;
  let sourceLine = 0;
  // Ctext keeps every source newline, so Ctext line k is source line k: its source range follows the newlines of `html`
  let sourceOffset = 0;
  while (offset <= text.length) {
    const nl = text.indexOf('\n', offset);
    const end = nl === -1 ? text.length : nl;
    const raw = text.slice(offset, end);
    const sourceNl = html.indexOf('\n', sourceOffset);
    const source = { line: sourceLine, start: sourceOffset, end: sourceNl === -1 ? html.length : sourceNl };
    while (b < breaks.length && breaks[b] < offset) b++;
    const line = makeLine(raw, source);
    if (o.longLineChars > 0 && line.chars > o.longLineChars) b = cutLine(raw, offset, stripped, b, source, lines);
    else lines.push(line);
    if (nl === -1) break;
    offset = nl + 1;
    sourceOffset = sourceNl === -1 ? html.length : sourceNl + 1;
    sourceLine++;
  }
  return lines;
}

/**
 * Ctext lines of an analyzed page (from `doc.source.html`), each with the ranges of the page's visible
 * text ({@link AnalyzedDocument.text}) it is: mapped once here, through the source offsets of the lines
 * and of the text nodes (see `line-spans.ts`), so that a consumer never searches for a line's text.
 * @category Analysis
 */
export function listLines(doc: AnalyzedDocument, options?: LineOptions): TextLine[] {
  const lines = splitLines(doc.source.html, options);
  const spans = mapLinesToText(doc, lines);
  return lines.map((l, k) => ({ ...l, spans: spans[k] }));
}
