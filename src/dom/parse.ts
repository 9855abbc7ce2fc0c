import { parseDocument } from 'htmlparser2';
import type { Document } from 'domhandler';

/**
 * The htmlparser2 options matn parses with: HTML semantics (`<br/>` and `<div/>` are start tags),
 * entities decoded, tag and attribute names lower-cased.
 * @category DOM
 */
export const PARSE_OPTIONS = Object.freeze({
  xmlMode: false,
  decodeEntities: true,
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  recognizeSelfClosing: false,
  recognizeCDATA: false,
} as const);

/**
 * Parses an HTML string into a domhandler {@link Document}. This is the only module that imports
 * htmlparser2; the tree it returns is never mutated by matn afterwards.
 * @category DOM
 * @example
 * ```ts
 * const root = parseHtml('<p>Salam <b>dunya</b></p>');
 * ```
 */
export function parseHtml(html: string): Document {
  return parseDocument(html, PARSE_OPTIONS);
}
