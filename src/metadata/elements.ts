import type { AnyNode, Element } from 'domhandler';
import { pushLowerCaseTokens } from '../analysis/text.js';
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';

const WHITESPACE_RUN_RE = /\s+/g;

/** Collapses runs of whitespace (NBSP and U+3000 included) to one space and trims. @category Metadata */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN_RE, ' ').trim();
}

/** The value of an element's attribute, or undefined. @category Metadata */
export function attributeOf(doc: AnalyzedDocument, id: number, name: string): string | undefined {
  if (doc.index.kind[id] !== NodeKind.Element) return undefined;
  return (doc.index.nodes[id] as Element).attribs[name];
}

/**
 * All text of an element's subtree, hidden or not (for `<title>`, which is never visible text),
 * whitespace collapsed.
 * @category Metadata
 */
export function rawTextOf(doc: AnalyzedDocument, id: number): string {
  const { kind, nodes, subtreeEnd } = doc.index;
  const end = subtreeEnd[id];
  let text = '';
  for (let i = id + 1; i < end; i++) {
    if (kind[i] === NodeKind.Text) text += (nodes[i] as AnyNode & { data: string }).data;
  }
  return collapseWhitespace(text);
}

/** Whitespace-separated class tokens of an element, lower-cased. @category Metadata */
export function classTokensOf(doc: AnalyzedDocument, id: number): string[] {
  // the tokens of `value.toLowerCase().split(/\s+/)` without empty strings, by one scan (no regex
  // split: every element of the page is asked, by the author and the date searches)
  const out: string[] = [];
  pushLowerCaseTokens(attributeOf(doc, id, 'class'), out);
  return out;
}
