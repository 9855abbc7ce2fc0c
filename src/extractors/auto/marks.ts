/**
 * Marking what a member kept: the characters of the page text ({@link AnalyzedDocument.text}) inside
 * the spans of its blocks ({@link Block.spans}), which every member returns. Nothing is searched for,
 * so a sentence the page repeats is marked where the member took it.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Extraction } from '../types.js';
import { isSpace } from './segments.js';

/**
 * Marks (sets to 1) the non-whitespace characters of the page text that the extraction's blocks span.
 * Whitespace stays 0, so a segment's marked count is comparable with its character count
 * ({@link isSpace}, as `Segment.chars` counts).
 * @category Extraction
 */
export function markExtraction(doc: AnalyzedDocument, extraction: Pick<Extraction, 'blocks'>, marks: Uint8Array): void {
  const text = doc.text;
  for (const b of extraction.blocks) {
    const spans = b.spans;
    for (let r = 0; r + 1 < spans.length; r += 2) {
      for (let c = spans[r], end = spans[r + 1]; c < end; c++) if (!isSpace(text.charCodeAt(c))) marks[c] = 1;
    }
  }
}
