/**
 * Segments: the visible text grouped by nearest block-level element (a paragraph, a list item, a
 * heading, a cell). The unit `auto` votes on. Built from the analysis arrays in one forward pass.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { BLOCK_TAGS } from '../../dom/tags.js';

/**
 * One segment: the text nodes whose nearest block-level ancestor is `node`.
 * @category Extraction
 */
export interface Segment {
  /** Node id of the block element (0 when the text sits above every block). */
  readonly node: number;
  /** Ids of the segment's text nodes, in source order. */
  readonly texts: readonly number[];
  /** Non-whitespace characters. */
  readonly chars: number;
  /** Non-whitespace characters inside `<a>` elements. */
  readonly linkChars: number;
}

/** Code units that score.py (Python `\s`) and the analysis treat as whitespace. */
export function isSpace(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
    || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0x85;
}

/** Non-whitespace code units of `text` between two offsets. */
export function countChars(text: string, start: number, end: number): number {
  let n = 0;
  for (let k = start; k < end; k++) if (!isSpace(text.charCodeAt(k))) n++;
  return n;
}

/**
 * Lists the page's segments in source order of their first text.
 * @category Extraction
 */
export function listSegments(doc: AnalyzedDocument): Segment[] {
  const { size, parent, kind, tag, excluded } = doc.index;
  const { textStart, textEnd } = doc.stats;
  const nearest = new Int32Array(size);
  const inLink = new Uint8Array(size);
  const order: number[] = [];
  const acc = new Map<number, { texts: number[]; chars: number; linkChars: number }>();
  for (let i = 0; i < size; i++) {
    const p = parent[i];
    const isBlock = kind[i] === NodeKind.Element && BLOCK_TAGS.has(tag[i]);
    nearest[i] = isBlock || p < 0 ? i : nearest[p];
    inLink[i] = tag[i] === 'a' || (p >= 0 && inLink[p] === 1) ? 1 : 0;
    if (kind[i] !== NodeKind.Text || excluded[i] || textEnd[i] <= textStart[i]) continue;
    const chars = countChars(doc.text, textStart[i], textEnd[i]);
    if (chars === 0) continue;
    const owner = nearest[i];
    let a = acc.get(owner);
    if (!a) {
      a = { texts: [], chars: 0, linkChars: 0 };
      acc.set(owner, a);
      order.push(owner);
    }
    a.texts.push(i);
    a.chars += chars;
    if (inLink[i]) a.linkChars += chars;
  }
  return order.map((node) => ({ node, ...acc.get(node)! }));
}

/**
 * Text of a segment: its text nodes' slices, a line break where a nested block interrupted it.
 * @category Extraction
 */
export function segmentText(doc: AnalyzedDocument, s: Segment): string {
  const { textStart, textEnd } = doc.stats;
  let out = '';
  let last = -1;
  for (const t of s.texts) {
    if (last >= 0) {
      const gap = doc.text.slice(last, textStart[t]);
      out += gap.includes('\n') || gap.length > 1 ? (gap.trim() === '' ? gap : '\n') : gap;
    }
    out += doc.text.slice(textStart[t], textEnd[t]);
    last = textEnd[t];
  }
  return out.replace(/[ \t]*\n[ \t\n]*/gu, '\n').replace(/[ \t]{2,}/gu, ' ').trim();
}
