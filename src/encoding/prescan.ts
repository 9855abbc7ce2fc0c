/**
 * The WHATWG "prescan a byte stream to determine its encoding" algorithm (the `<meta>` scan of the
 * first 1024 bytes), run to a configurable end so that later declarations can be kept as weaker
 * evidence, and a reader of the XML declaration `<?xml … encoding="…"?>`.
 * Works on bytes, so it only finds declarations written in an ASCII-compatible encoding.
 * @see https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding
 * @module
 */
import { Buffer } from 'node:buffer';
import { resolveCharsetLabel } from './labels.js';

/** A charset declaration found in the bytes. */
export interface CharsetDeclaration {
  /** `meta` for `<meta charset>` / `<meta http-equiv content>`, `xml` for the XML declaration. */
  readonly source: 'meta' | 'xml';
  /** The label as written (trimmed). */
  readonly label: string;
  /** Encoding name ({@link resolveCharsetLabel}), or null when the label is unknown. */
  readonly charset: string | null;
  /** Byte offset of the `<meta` or `<?xml` that holds it. */
  readonly offset: number;
}

/** Options of {@link prescanMeta}. */
export interface PrescanOptions {
  /**
   * Tokens starting at or after this byte offset are not examined (a tag starting before it is read to its end).
   * The WHATWG prescan uses 1024.
   * @default 1024
   */
  readonly end?: number;
}

/** Defaults of {@link PrescanOptions}. */
export const DEFAULT_PRESCAN_OPTIONS: Readonly<Required<PrescanOptions>> = Object.freeze({ end: 1024 });

const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, EQ = 0x3d, DQ = 0x22, SQ = 0x27, BANG = 0x21, DASH = 0x2d, QM = 0x3f;

function isSpace(b: number): boolean {
  return b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
}
function isAsciiLetter(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
}
function lower(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}
function startsWithCi(bytes: Uint8Array, pos: number, ascii: string): boolean {
  if (pos + ascii.length > bytes.length) return false;
  for (let i = 0; i < ascii.length; i++) if (lower(bytes[pos + i]) !== ascii.charCodeAt(i)) return false;
  return true;
}
function indexOfSeq(bytes: Uint8Array, seq: readonly number[], from: number): number {
  const last = bytes.length - seq.length;
  outer: for (let i = from; i <= last; i++) {
    for (let j = 0; j < seq.length; j++) if (bytes[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
}
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

interface Attribute { name: string; value: string; next: number }

/** WHATWG "get an attribute": the attribute at `pos`, or null (with the position after `>` or the end). */
function readAttribute(bytes: Uint8Array, start: number): Attribute | { name: null; next: number } {
  const n = bytes.length;
  let pos = start;
  while (pos < n && (isSpace(bytes[pos]) || bytes[pos] === SLASH)) pos++;
  if (pos >= n || bytes[pos] === GT) return { name: null, next: pos };
  let name = '';
  for (; pos < n; pos++) {
    const b = bytes[pos];
    if (b === EQ && name !== '') break;
    if (isSpace(b)) break;
    if (b === SLASH || b === GT) return { name, value: '', next: pos };
    name += String.fromCharCode(lower(b));
  }
  while (pos < n && isSpace(bytes[pos])) pos++;
  if (pos >= n || bytes[pos] !== EQ) return { name, value: '', next: pos };
  pos++;
  while (pos < n && isSpace(bytes[pos])) pos++;
  if (pos >= n) return { name, value: '', next: pos };
  const q = bytes[pos];
  if (q === DQ || q === SQ) {
    const close = bytes.indexOf(q, pos + 1);
    const endQ = close < 0 ? n : close;
    return { name, value: latin1(bytes, pos + 1, endQ).toLowerCase(), next: Math.min(n, endQ + 1) };
  }
  const vStart = pos;
  while (pos < n && !isSpace(bytes[pos]) && bytes[pos] !== GT) pos++;
  return { name, value: latin1(bytes, vStart, pos).toLowerCase(), next: pos };
}

/** `charset=` inside a `content` attribute, after `=` and whitespace; quoted or up to `;`/whitespace. */
const META_CONTENT_CHARSET = /charset[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r ;"']+))/i;

/**
 * WHATWG "extract a character encoding from a meta element" on a `content` value.
 * @returns the label, or null.
 * @category Encoding
 */
export function extractCharsetFromContent(content: string): string | null {
  const m = META_CONTENT_CHARSET.exec(content);
  if (m === null) return null;
  const label = m[1] ?? m[2] ?? m[3];
  return label === undefined || label.trim() === '' ? null : label.trim();
}

/** Examines one `<meta` tag; returns a declaration (known or unknown label) or null, and the position after it. */
function readMeta(bytes: Uint8Array, tagStart: number): { decl: CharsetDeclaration | null; next: number } {
  const seen = new Set<string>();
  let gotPragma = false;
  let needPragma: boolean | null = null;
  let label: string | null = null;
  let pos = tagStart + 5;
  for (;;) {
    const attr = readAttribute(bytes, pos);
    pos = attr.next > pos ? attr.next : pos + 1;
    if (attr.name === null) break;
    if (seen.has(attr.name)) continue;
    seen.add(attr.name);
    if (attr.name === 'http-equiv' && attr.value === 'content-type') gotPragma = true;
    else if (attr.name === 'content' && label === null) {
      const found = extractCharsetFromContent(attr.value);
      if (found !== null) { label = found; needPragma = true; }
    } else if (attr.name === 'charset') { label = attr.value.trim(); needPragma = false; }
    if (pos >= bytes.length) break;
  }
  if (needPragma === null || label === null || (needPragma && !gotPragma)) return { decl: null, next: pos };
  let charset = resolveCharsetLabel(label);
  // WHATWG: a UTF-16 label found by a byte prescan means UTF-8; x-user-defined means windows-1252.
  if (charset === 'utf-16le' || charset === 'utf-16be') charset = 'utf-8';
  else if (charset === 'x-user-defined') charset = 'windows-1252';
  return { decl: { source: 'meta', label, charset, offset: tagStart }, next: pos };
}

/**
 * {@link readAttribute} without building the name and value: the position after the attribute at
 * `start`, or `-1 - next` when there is none (`next` being the position of the `>` or the end).
 */
function skipAttribute(bytes: Uint8Array, start: number): number {
  const n = bytes.length;
  let pos = start;
  while (pos < n && (isSpace(bytes[pos]) || bytes[pos] === SLASH)) pos++;
  if (pos >= n || bytes[pos] === GT) return -1 - pos;
  const nameStart = pos;
  for (; pos < n; pos++) {
    const b = bytes[pos];
    if (b === EQ && pos > nameStart) break;
    if (isSpace(b)) break;
    if (b === SLASH || b === GT) return pos;
  }
  while (pos < n && isSpace(bytes[pos])) pos++;
  if (pos >= n || bytes[pos] !== EQ) return pos;
  pos++;
  while (pos < n && isSpace(bytes[pos])) pos++;
  if (pos >= n) return pos;
  const q = bytes[pos];
  if (q === DQ || q === SQ) {
    const close = bytes.indexOf(q, pos + 1);
    return close < 0 ? n : Math.min(n, close + 1);
  }
  while (pos < n && !isSpace(bytes[pos]) && bytes[pos] !== GT) pos++;
  return pos;
}

/** Skips a tag's name and attributes (WHATWG prescan for `<x` and `</x`). */
function skipTag(bytes: Uint8Array, pos: number): number {
  while (pos < bytes.length && !isSpace(bytes[pos]) && bytes[pos] !== GT) pos++;
  for (;;) {
    const next = skipAttribute(bytes, pos);
    if (next < 0) return -next; // (-1 - gt) → gt + 1
    pos = next > pos ? next : pos + 1;
    if (pos >= bytes.length) return pos;
  }
}

/**
 * Offset of the last `<meta` followed by whitespace or `/` (ASCII case-insensitive, as the prescan
 * recognizes it) that starts before `limit`, or -1. Jumps from `<` to `<` with the native `Buffer#indexOf`.
 */
function findLastMetaStart(bytes: Uint8Array, limit: number): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let last = -1;
  for (let i = buf.indexOf(LT); i >= 0 && i < limit; i = buf.indexOf(LT, i + 1)) {
    if ((buf[i + 1] | 0x20) === 0x6d && (buf[i + 2] | 0x20) === 0x65 && (buf[i + 3] | 0x20) === 0x74 && (buf[i + 4] | 0x20) === 0x61) {
      const next = buf[i + 5];
      if (next !== undefined && (isSpace(next) || next === SLASH)) last = i;
    }
  }
  return last;
}

/**
 * Runs the WHATWG `<meta>` prescan up to `options.end` and returns every declaration it examined, in
 * order, up to and including the first whose label resolves (earlier ones have `charset: null`, an
 * unknown label). Linear in the scanned bytes; never throws on content.
 * @example prescanMeta(bytes).at(-1)?.charset // 'windows-1256'
 * @category Encoding
 */
export function prescanMeta(bytes: Uint8Array, options?: PrescanOptions): CharsetDeclaration[] {
  const limit = Math.min(bytes.length, options?.end ?? DEFAULT_PRESCAN_OPTIONS.end);
  // Only a `<meta` token can declare: past the last `<meta` there is nothing to find, so stop there.
  const end = Math.min(limit, findLastMetaStart(bytes, limit) + 1);
  const found: CharsetDeclaration[] = [];
  let pos = 0;
  while (pos < end) {
    if (bytes[pos] !== LT) {
      const lt = bytes.indexOf(LT, pos);
      if (lt < 0) break;
      pos = lt;
      continue;
    }
    if (bytes[pos + 1] === BANG && bytes[pos + 2] === DASH && bytes[pos + 3] === DASH) {
      const close = indexOfSeq(bytes, [DASH, DASH, GT], pos + 2);
      pos = close < 0 ? bytes.length : close + 3;
    } else if (startsWithCi(bytes, pos, '<meta') && (isSpace(bytes[pos + 5] ?? 0) || bytes[pos + 5] === SLASH)) {
      const { decl, next } = readMeta(bytes, pos);
      if (decl !== null) {
        found.push(decl);
        if (decl.charset !== null) return found;
      }
      pos = next;
    } else if (isAsciiLetter(bytes[pos + 1] ?? 0) || (bytes[pos + 1] === SLASH && isAsciiLetter(bytes[pos + 2] ?? 0))) {
      pos = skipTag(bytes, pos + 1);
    } else if (bytes[pos + 1] === BANG || bytes[pos + 1] === SLASH || bytes[pos + 1] === QM) {
      const close = bytes.indexOf(GT, pos + 1);
      pos = close < 0 ? bytes.length : close + 1;
    } else pos++;
  }
  return found;
}

/** `encoding="…"` pseudo-attribute of an XML declaration. */
const XML_ENCODING = /[\t\n\r ]encoding[\t\n\r ]*=[\t\n\r ]*(?:"([^"]*)"|'([^']*)')/;

/**
 * Reads the `encoding` of an XML declaration `<?xml … ?>` at the start of the bytes (after optional
 * ASCII whitespace). HTML parsers ignore it; for XML documents (feeds) it is the declaration.
 * @returns the declaration, or null when there is none or it has no encoding.
 * @category Encoding
 */
export function findXmlDeclaration(bytes: Uint8Array): CharsetDeclaration | null {
  let pos = 0;
  while (pos < bytes.length && pos < 64 && isSpace(bytes[pos])) pos++;
  if (!startsWithCi(bytes, pos, '<?xml') || !isSpace(bytes[pos + 5] ?? 0)) return null;
  const close = indexOfSeq(bytes, [QM, GT], pos + 5);
  if (close < 0 || close - pos > 512) return null;
  const m = XML_ENCODING.exec(latin1(bytes, pos + 5, close));
  const label = (m?.[1] ?? m?.[2])?.trim();
  if (label === undefined || label === '') return null;
  return { source: 'xml', label, charset: resolveCharsetLabel(label), offset: pos };
}
