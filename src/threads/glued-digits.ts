/**
 * Digits of two adjacent inline elements read as two tokens when dates are read: the page text joins
 * the texts of `<span>28.09.19</span><span>12:44</span>` without a separator (the page shows them so,
 * and the body text keeps it), and "28.09.1912:44" reads as 28 September 1912. The date readers of the
 * thread stage read a block's text with a space where one text node ends on a digit and the next one
 * starts on a digit with nothing between them in the page text: a node boundary is a token boundary.
 * @module
 */
import { joinSpanText, type TextBlockTable } from '../analysis/text-blocks.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { firstAtLeast } from '../core/lists.js';

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** {@link gluedDigitOffsets} of the documents asked about, dropped with them. */
const GLUES = new WeakMap<AnalyzedDocument, Int32Array>();

/**
 * Offsets of {@link AnalyzedDocument.text}, ascending, where a text node starts on a digit right where
 * the text node before it ends on a digit. One pass over the nodes per page.
 * @category Threads
 */
export function gluedDigitOffsets(doc: AnalyzedDocument): Int32Array {
  let glues = GLUES.get(doc);
  if (glues === undefined) {
    const { size, kind } = doc.index;
    const { textStart, textEnd } = doc.stats;
    const text = doc.text;
    const out: number[] = [];
    let lastEnd = -1;
    for (let i = 0; i < size; i++) {
      if (kind[i] !== NodeKind.Text || textEnd[i] <= textStart[i]) continue;
      const start = textStart[i];
      if (start === lastEnd && isDigit(text.charCodeAt(start - 1)) && isDigit(text.charCodeAt(start))) out.push(start);
      lastEnd = textEnd[i];
    }
    GLUES.set(doc, (glues = Int32Array.from(out)));
  }
  return glues;
}

/** `doc.text[start, end)` with a space at each glue offset inside it. */
export function slicedApart(doc: AnalyzedDocument, start: number, end: number): string {
  const glues = gluedDigitOffsets(doc);
  let g = firstAtLeast(glues, start + 1);
  if (g < 0 || glues[g] >= end) return doc.text.slice(start, end);
  let out = '';
  let from = start;
  for (; g < glues.length && glues[g] < end; g++) {
    out += `${doc.text.slice(from, glues[g])} `;
    from = glues[g];
  }
  return out + doc.text.slice(from, end);
}

/**
 * A block's text as the date readers read it: {@link TextBlockTable.text} with a space at each glue
 * offset (the block's text itself when it holds none), joined from its spans as the table joins them.
 * @category Threads
 */
export function datingText(doc: AnalyzedDocument, blocks: TextBlockTable, k: number): string {
  const { spanBounds } = blocks;
  const from = blocks.spanStart(k);
  const to = blocks.spanStart(k + 1);
  if (from === to) return blocks.text(k);
  const glues = gluedDigitOffsets(doc);
  const g = firstAtLeast(glues, spanBounds[from] + 1);
  if (g < 0 || glues[g] >= spanBounds[to - 1]) return blocks.text(k);
  return joinSpanText(doc.text, spanBounds, from, to, (start, end) => slicedApart(doc, start, end));
}
