/**
 * Marking what a member kept: the characters of the page text ({@link AnalyzedDocument.text}) inside
 * the spans of its blocks (`Block.spans`), which every member returns. Nothing is searched for,
 * so a sentence the page repeats is marked where the member took it.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Extraction } from '../types.js';
import { isSpace } from './segments.js';

/**
 * 1 for each code unit of `text` that is not whitespace ({@link isSpace}, as `Segment.chars` counts):
 * built once per page, then copied into the marks range by range.
 * @category Extraction
 */
export function solidMask(text: string): Uint8Array {
  const mask = new Uint8Array(text.length);
  for (let k = 0; k < text.length; k++) if (!isSpace(text.charCodeAt(k))) mask[k] = 1;
  return mask;
}

/**
 * Marks (sets to 1) the non-whitespace characters of the page text that the extraction's blocks span
 * (`solid` is the page's {@link solidMask}). Whitespace is never marked, so a segment's marked count is
 * comparable with its character count. Each range is one native copy of the mask.
 * @category Extraction
 */
export function markExtraction(solid: Uint8Array, extraction: Pick<Extraction, 'blocks'>, marks: Uint8Array): void {
  for (const b of extraction.blocks) {
    const spans = b.spans;
    for (let r = 0; r + 1 < spans.length; r += 2) marks.set(solid.subarray(spans[r], spans[r + 1]), spans[r]);
  }
}
