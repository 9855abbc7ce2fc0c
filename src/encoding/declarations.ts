/**
 * The charset declarations of a page, in precedence order: the HTTP `Content-Type` (transport), then the
 * XML declaration or the `<meta>` of the first 1024 bytes (the XML declaration wins unless the page has
 * an `<html` tag), then the other of the two, then a `<meta>` found later (many pages declare after a
 * long head). Each is only a claim: `detectCharset` checks every one against the bytes.
 * @module
 */
import { resolveCharsetLabel } from './labels.js';
import { findXmlDeclaration, prescanMeta, type CharsetDeclaration } from './prescan.js';
import type { DeclarationSource } from './types.js';

/** One declaration found for a page. */
export interface Declaration {
  readonly source: Exclude<DeclarationSource, 'bom'>;
  /** The label as written. */
  readonly label: string;
  /** The encoding it names (a UTF-16/32 label in the bytes means UTF-8, as WHATWG has it), or null for an unknown label. */
  readonly charset: string | null;
  readonly offset?: number;
  /** Found after the prescan window (weaker: a page may quote a declaration in its text). */
  readonly late: boolean;
}

/** `charset=` parameter of a Content-Type value. */
const CONTENT_TYPE_CHARSET = /;[\t ]*charset[\t ]*=[\t ]*(?:"([^"]*)"|([^\t ;"]+))/i;
/** An `<html` start tag: the document is HTML, so its `<meta>` outranks an XML declaration. */
const HTML_TAG = /<html[\s>]/i;

function latin1Head(bytes: Uint8Array, n: number): string {
  let s = '';
  for (let i = 0; i < Math.min(n, bytes.length); i++) s += String.fromCharCode(bytes[i]);
  return s;
}

/** Declarations are read from ASCII bytes, so a UTF-16 label there means UTF-8 (WHATWG). */
function asciiCompatible(charset: string | null): string | null {
  return charset === 'utf-16le' || charset === 'utf-16be' || charset === 'utf-32le' || charset === 'utf-32be' ? 'utf-8' : charset;
}

function fromBytes(d: CharsetDeclaration, late: boolean): Declaration {
  return { source: d.source, label: d.label, charset: asciiCompatible(d.charset), offset: d.offset, late };
}

/**
 * Every declaration of the page, strongest first (see the module comment). Unknown labels are kept
 * (charset null) so that they are reported.
 * @param prescanBytes end of the WHATWG prescan window (1024).
 * @param latePrescanBytes end of the scan for later `<meta>` declarations.
 */
export function listDeclarations(bytes: Uint8Array, contentType: string, prescanBytes: number, latePrescanBytes: number): Declaration[] {
  const out: Declaration[] = [];
  const m = CONTENT_TYPE_CHARSET.exec(contentType);
  if (m !== null) {
    const label = (m[1] ?? m[2]).trim();
    out.push({ source: 'transport', label, charset: resolveCharsetLabel(label), late: false });
  }
  const metas = prescanMeta(bytes, { end: latePrescanBytes });
  const early = metas.filter((d) => d.offset < prescanBytes);
  const xml = findXmlDeclaration(bytes);
  const inDocument = [...early.map((d) => fromBytes(d, false))];
  if (xml !== null) {
    const xmlFirst = xml.charset !== null && (!early.some((d) => d.charset !== null) || !HTML_TAG.test(latin1Head(bytes, prescanBytes)));
    if (xmlFirst) inDocument.unshift(fromBytes(xml, false));
    else inDocument.push(fromBytes(xml, false));
  }
  out.push(...inDocument, ...metas.filter((d) => d.offset >= prescanBytes).map((d) => fromBytes(d, true)));
  return out;
}
