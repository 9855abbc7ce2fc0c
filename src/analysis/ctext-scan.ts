/**
 * The Ctext tokenizer (see `lines.ts`): where a markup piece of the normalized HTML ends (tag, comment,
 * directive, or a script/style element with its content), which character references a text piece holds,
 * and the two per-line text helpers. Shared by the line scan (`line-table.ts`), which only counts, and by
 * the text of a line, which is stripped on demand from the line's source range.
 * @see Chen Xin, 基于行块分布函数的通用网页正文抽取 (cx-extractor), HIT-SCIR, 2009, §5
 * @module
 */
import { BLOCK_TAGS } from '../dom/tags.js';
import { isWhitespaceCode } from './text.js';

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
  return text.replace(REFERENCE_RE, (_m, hex: string | undefined, dec: string | undefined, name: string | undefined) => decodeMatch(hex, dec, name));
}

/** Non-whitespace code points of a string. */
export function countChars(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (countsAsChar(text.charCodeAt(i))) n++;
  return n;
}

/** True for a Ctext code unit that adds a character to a count: not whitespace, not a low surrogate (a pair counts once). */
export function countsAsChar(c: number): boolean {
  return (c < 0xdc00 || c > 0xdfff) && !isWhitespaceCode(c);
}

/** Longest prefix of a tag (from its `<`) in which {@link tagNameAt} looks for the name. */
const TAG_NAME_WINDOW = 40;

/** True for the code units of a tag name after its first letter (`[A-Za-z0-9-]`). */
function isNameCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45;
}

/** The tag names the reading acts on: block-level tags and `<br>` (line cuts), script and style (content dropped). */
const ACTED_ON: readonly string[] = [...BLOCK_TAGS, 'br', ...RAW_TEXT_TAGS];

/** Shape key of a lower-case name: its length and first code unit. */
function shapeKey(length: number, first: number): number {
  return (length << 7) | (first & 0x7f);
}

/**
 * {@link ACTED_ON} by shape key: a tag name in the source is compared in place (`startsWith`) with the few
 * names of its length and first letter, so no string is cut out and hashed for each of a page's tags.
 */
const ACTED_ON_BY_SHAPE: ReadonlyMap<number, readonly string[]> = (() => {
  const byShape = new Map<number, string[]>();
  for (const name of ACTED_ON) {
    const key = shapeKey(name.length, name.charCodeAt(0));
    const list = byShape.get(key);
    if (list === undefined) byShape.set(key, [name]);
    else list.push(name);
  }
  return byShape;
})();

/** The name of {@link ACTED_ON} that `html[from, to)` is (already lower-case), or ''. */
function actedOnAt(html: string, from: number, to: number): string {
  const list = ACTED_ON_BY_SHAPE.get(shapeKey(to - from, html.charCodeAt(from)));
  if (list === undefined) return '';
  // an index loop: a for-of made an iterator per tag of the page until the scan was optimized
  for (let k = 0; k < list.length; k++) if (html.startsWith(list[k], from)) return list[k];
  return '';
}

/**
 * The lower-cased tag name right after `<` or `</` of the markup at `lt` (`/^<\/?([A-Za-z][A-Za-z0-9-]*)/`
 * over its first {@link TAG_NAME_WINDOW} characters before `end`: ASCII letter first, as the HTML
 * tokenizer requires) when it is one the reading acts on ({@link ACTED_ON}), else '' (also for no name:
 * the reading treats every other tag alike). No regex, and no slice unless the name has upper case.
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
  if (!upper) return actedOnAt(html, from, to);
  const name = html.slice(from, to).toLowerCase();
  return actedOnAt(name, 0, name.length);
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

/** End (exclusive) of a markup piece and its lower-case tag name when the reading acts on it ({@link ACTED_ON}; '' for any other tag, comments, directives, end tags without a name). */
export interface Markup {
  end: number;
  name: string;
}

/**
 * End (exclusive) of the markup starting at `lt` (a `<`), written into `out` with the tag name;
 * false when the `<` starts no markup. `lower` is the lower-cased page when the ASCII-only close
 * search cannot be used (see {@link indexOfClose}), else null.
 */
export function markupEnd(html: string, lt: number, lower: string | null, out: Markup): boolean {
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

/**
 * True when `html` holds a character whose lower case is longer or ASCII (U+0130, U+212A): with them,
 * offsets in `html.toLowerCase()` differ from offsets in `html`. Two native `indexOf`s, not a regex: a
 * `u`-flag character class walked the whole page code point by code point (15 % of `line-blocks` on
 * en-news), and a page stored one byte per character cannot hold either, so the search returns at once.
 */
export function hasCaseHazard(html: string): boolean {
  return html.indexOf('\u0130') !== -1 || html.indexOf('\u212a') !== -1;
}

/**
 * `raw` with every whitespace run made one space and the ends trimmed: exactly
 * `raw.replace(/\s+/gu, ' ').trim()`, without a regex and without copying text that needs no change.
 */
export function collapseLine(raw: string): string {
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


/** What {@link readReferenceAt} found: where the reference ends and the text it decodes to. */
export interface ReferenceRead {
  end: number;
  text: string;
}

/** The value of an ASCII digit of `base` (10 or 16), or −1. */
function digitValue(c: number, base: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (base === 16) {
    const lower = c | 0x20;
    if (lower >= 97 && lower <= 102) return lower - 87;
  }
  return -1;
}

/** True for an ASCII letter or digit. */
function isAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/**
 * Reads the reference starting at `html[at]` (a `&`) as {@link decodeReferences} decodes it: false when
 * none starts there (the `&` is then one character of text). Any match of the global pattern starts at a
 * `&`, so trying each `&` in order finds the matches `decodeReferences` replaces. Read by hand (what
 * {@link REFERENCE_RE} matches at `at`: `&#x` and 1–6 hex digits, `&#` and 1–7 digits, or `&`, a letter and
 * 1–30 letters or digits, then `;`), so no match array is made per reference.
 */
export function readReferenceAt(html: string, at: number, out: ReferenceRead): boolean {
  let i = at + 1;
  if (html.charCodeAt(i) === 35 /* # */) {
    i++;
    let base = 10;
    let max = 7;
    if ((html.charCodeAt(i) | 0x20) === 120 /* x */) {
      base = 16;
      max = 6;
      i++;
    }
    let cp = 0;
    let digits = 0;
    for (let d = digitValue(html.charCodeAt(i), base); d >= 0 && digits < max; d = digitValue(html.charCodeAt(i), base)) {
      cp = cp * base + d;
      digits++;
      i++;
    }
    if (digits === 0 || html.charCodeAt(i) !== 59 /* ; */) return false;
    out.end = i + 1;
    out.text = decodeCodePoint(cp);
    return true;
  }
  const first = html.charCodeAt(i) | 0x20;
  if (first < 97 || first > 122) return false;
  let upper = html.charCodeAt(i) !== first;
  let j = i + 1;
  while (j - i < 31 && isAlphanumeric(html.charCodeAt(j))) {
    if (html.charCodeAt(j) >= 65 && html.charCodeAt(j) <= 90) upper = true;
    j++;
  }
  if (j - i < 2 || html.charCodeAt(j) !== 59 /* ; */) return false;
  const name = html.slice(i, j);
  out.end = j + 1;
  out.text = NAMED[upper ? name.toLowerCase() : name] ?? ' ';
  return true;
}

/** The text one reference match decodes to (named: the table or a space; numeric: the code point or a space). */
function decodeMatch(hex: string | undefined, dec: string | undefined, name: string | undefined): string {
  if (name !== undefined) return NAMED[name.toLowerCase()] ?? ' ';
  return decodeCodePoint(hex !== undefined ? parseInt(hex, 16) : Number(dec));
}

/** The text of a numeric reference to `cp`: the code point, or a space for 0, a surrogate or past U+10FFFF. */
function decodeCodePoint(cp: number): string {
  return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : ' ';
}

/**
 * The Ctext of `html[from, to)`: text pieces with their references decoded, markup dropped. `from` must
 * not lie inside markup and no markup piece may start before `to` and end after it (a line's or a cut
 * piece's source range, as `line-table.ts` records them): the pieces are then the ones the scan of the
 * whole page found. `lower` as in {@link markupEnd}.
 */
export function stripRange(html: string, from: number, to: number, lower: string | null): string {
  const markup: Markup = { end: 0, name: '' };
  let out = '';
  let pos = from;
  while (pos < to) {
    let lt = html.indexOf('<', pos);
    while (lt !== -1 && lt < to && !markupEnd(html, lt, lower, markup)) lt = html.indexOf('<', lt + 1);
    if (lt === -1 || lt >= to) {
      out += decodeReferences(html.slice(pos, to));
      break;
    }
    out += decodeReferences(html.slice(pos, lt));
    pos = markup.end;
  }
  return out;
}
