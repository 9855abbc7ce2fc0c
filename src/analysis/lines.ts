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
}

/** Elements whose content is dropped with the tag (paper's reference code: script, style). */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style']);
/** Tag name right after `<` or `</`; ASCII letters first as the HTML tokenizer requires. */
const TAG_NAME_RE = /^<\/?([A-Za-z][A-Za-z0-9-]*)/u;
/** A character reference: named (2–31 letters/digits) or numeric. Linear: no nested quantifiers. */
const REFERENCE_RE = /&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,30}));/gu;
const WHITESPACE_RUN_RE = /\s+/gu;
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

/** Ctext and the offsets in it where a block-level tag or `<br>` stood. */
interface Stripped {
  readonly text: string;
  readonly breaks: readonly number[];
}

/** Only the newlines of a dropped stretch of source (so line numbers survive). */
function newlinesOf(html: string, from: number, to: number): string {
  let out = '';
  for (let i = html.indexOf('\n', from); i !== -1 && i < to; i = html.indexOf('\n', i + 1)) out += '\n';
  return out;
}

/** End (exclusive) of the markup starting at `lt` (a `<`), and the tag name when it is a tag. */
function markupEnd(html: string, lt: number, lower: string): { end: number; name: string } | null {
  if (html.startsWith('<!--', lt)) {
    const close = html.indexOf('-->', lt + 4);
    return { end: close === -1 ? html.length : close + 3, name: '' };
  }
  const next = html.charCodeAt(lt + 1);
  const isName = (next >= 65 && next <= 90) || (next >= 97 && next <= 122);
  if (!isName && next !== 47 /* / */ && next !== 33 /* ! */ && next !== 63 /* ? */) return null;
  const gt = html.indexOf('>', lt + 1);
  const end = gt === -1 ? html.length : gt + 1;
  const m = TAG_NAME_RE.exec(html.slice(lt, Math.min(lt + 40, end)));
  const name = m ? m[1].toLowerCase() : '';
  if (name && RAW_TEXT_TAGS.has(name) && html.charCodeAt(lt + 1) !== 47 && html.charCodeAt(end - 2) !== 47) {
    const close = lower.indexOf(`</${name}`, end);
    if (close === -1) return { end: html.length, name };
    const closeGt = html.indexOf('>', close);
    return { end: closeGt === -1 ? html.length : closeGt + 1, name };
  }
  return { end, name };
}

/** Strips comments, script/style with their content, and tags; keeps every newline. O(N). */
function stripTags(html: string): Stripped {
  const lower = html.toLowerCase();
  const parts: string[] = [];
  const breaks: number[] = [];
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
    let markup: { end: number; name: string } | null = null;
    while (lt !== -1 && (markup = markupEnd(html, lt, lower)) === null) lt = html.indexOf('<', lt + 1);
    if (lt === -1 || markup === null) {
      push(decodeReferences(html.slice(pos)));
      break;
    }
    push(decodeReferences(html.slice(pos, lt)));
    if (markup.name === 'br' || BLOCK_TAGS.has(markup.name)) breaks.push(length);
    push(newlinesOf(html, lt, markup.end));
    pos = markup.end;
  }
  return { text: parts.join(''), breaks };
}

/** A line from a raw piece of Ctext. */
function makeLine(raw: string, sourceLine: number): Line {
  const text = raw.replace(WHITESPACE_RUN_RE, ' ').trim();
  return { text, chars: countChars(text), sourceLine };
}

/** Cuts one long raw line at the block-tag offsets inside it (merging cuts with no text between). */
function cutLine(raw: string, offset: number, breaks: readonly number[], first: number, sourceLine: number, out: Line[]): number {
  let b = first;
  let from = 0;
  let pushed = 0;
  while (b < breaks.length && breaks[b] <= offset + raw.length) {
    const at = breaks[b] - offset;
    if (at > from) {
      const piece = makeLine(raw.slice(from, at), sourceLine);
      if (piece.chars > 0) {
        out.push(piece);
        pushed++;
        from = at;
      }
    }
    b++;
  }
  const rest = makeLine(raw.slice(from), sourceLine);
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
  const { text, breaks } = stripTags(html);
  const lines: Line[] = [];
  let offset = 0;
  let b = 0;
  let sourceLine = 0;
  while (offset <= text.length) {
    const nl = text.indexOf('\n', offset);
    const end = nl === -1 ? text.length : nl;
    const raw = text.slice(offset, end);
    while (b < breaks.length && breaks[b] < offset) b++;
    const line = makeLine(raw, sourceLine);
    if (o.longLineChars > 0 && line.chars > o.longLineChars) b = cutLine(raw, offset, breaks, b, sourceLine, lines);
    else lines.push(line);
    if (nl === -1) break;
    offset = nl + 1;
    sourceLine++;
  }
  return lines;
}

/**
 * Ctext lines of an analyzed page (from `doc.source.html`; the tree is not used).
 * @category Analysis
 */
export function listLines(doc: AnalyzedDocument, options?: LineOptions): Line[] {
  return splitLines(doc.source.html, options);
}
