/**
 * Escaping for the inspect report: everything that comes from a page goes through here, so that a
 * hostile page can neither close an element nor open an attribute in the report.
 * @module
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = Object.freeze({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' });
const HTML_SPECIAL = /[&<>"']/gu;
/**
 * Characters an HTML or XML document may not hold as text (C0 controls but tab/LF/CR, lone surrogates,
 * U+FFFE/U+FFFF): replaced with U+FFFD so that the report stays well formed.
 */
// eslint-disable-next-line no-control-regex
const NOT_DOCUMENT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/**
 * Text made safe for HTML text and for double- or single-quoted attribute values (also in inline SVG).
 * @example escapeHtml('<script>') // '&lt;script&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(NOT_DOCUMENT_TEXT, '\uFFFD').replace(HTML_SPECIAL, (c) => HTML_ESCAPES[c]);
}
