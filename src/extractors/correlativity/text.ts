/**
 * Text of a subtree with some descendant subtrees cut out, as slices of the page text.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';

const LINE_SPACES = /[ \t]+/gu;

/**
 * Text of node `id` without the text of the subtrees in `cut` (each replaced by a line break),
 * lines trimmed, empty lines dropped.
 * @category Extraction
 */
export function textWithout(doc: AnalyzedDocument, id: number, cut: readonly number[]): string {
  const { textStart, textEnd } = doc.stats;
  let pos = textStart[id];
  const end = textEnd[id];
  const parts: string[] = [];
  const ranges = cut.map((c) => [textStart[c], textEnd[c]] as const).filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  for (const [s, e] of ranges) {
    if (e <= pos) continue;
    if (s > pos) parts.push(doc.text.slice(pos, s));
    parts.push('\n');
    pos = Math.max(pos, e);
  }
  if (pos < end) parts.push(doc.text.slice(pos, end));
  return cleanLines(parts.join(''));
}

/** Trims every line, collapses runs of spaces, drops empty lines. */
export function cleanLines(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(LINE_SPACES, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}
