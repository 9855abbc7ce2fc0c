/**
 * Text of a subtree with some descendant subtrees cut out, as slices of {@link AnalyzedDocument.text}
 * (no re-walk of the tree, no string building per node). Shared by the extractors that remove noise
 * inside a chosen region (`density`, `segmentation`).
 * @module
 */
import type { AnalyzedDocument } from './types.js';

/** A run of spaces or tabs inside a line. */
const LINE_SPACES = /[ \t]+/gu;

/**
 * Text of node `id` without the text of the subtrees in `cut` (each replaced by a line break),
 * lines trimmed, empty lines dropped. `cut` may be in any order and may nest.
 * @category Analysis
 */
export function textWithout(doc: AnalyzedDocument, id: number, cut: readonly number[]): string {
  const { textStart, textEnd } = doc.stats;
  return sliceText(doc, textStart[id], textEnd[id], cut);
}

/**
 * Text between two offsets of {@link AnalyzedDocument.text} without the text of the subtrees in `cut`,
 * lines trimmed, empty lines dropped.
 * @category Analysis
 */
export function sliceText(doc: AnalyzedDocument, start: number, end: number, cut: readonly number[]): string {
  const { textStart, textEnd } = doc.stats;
  const ranges = cut
    .map((c) => [textStart[c], textEnd[c]] as const)
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let pos = start;
  for (const [s, e] of ranges) {
    if (e <= pos) continue;
    if (s >= end) break;
    if (s > pos) parts.push(doc.text.slice(pos, s));
    parts.push('\n');
    pos = e;
  }
  if (pos < end) parts.push(doc.text.slice(pos, end));
  return cleanLines(parts.join(''));
}

/**
 * Trims every line, collapses runs of spaces, drops empty lines.
 * @category Analysis
 */
export function cleanLines(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(LINE_SPACES, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}
