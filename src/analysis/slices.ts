/**
 * Text of a subtree with some descendant subtrees cut out, as slices of {@link AnalyzedDocument.text}
 * (no re-walk of the tree, no string building per node). Shared by the extractors that remove noise
 * inside a chosen region (`density`, `segmentation`).
 * @module
 */
import { isWhitespaceCode } from './text.js';
import type { AnalyzedDocument } from './types.js';
import { spansBetween } from './spans.js';


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
  // the ranges left between the cut subtrees, one line break where each cut was (cleanLines drops the empty lines)
  const spans = spansBetween(doc, start, end, cut);
  const parts: string[] = [];
  for (let r = 0; r + 1 < spans.length; r += 2) parts.push(doc.text.slice(spans[r], spans[r + 1]));
  return cleanLines(parts.join('\n'));
}

/**
 * Trims every line, collapses runs of spaces and tabs to one space, drops empty lines: exactly
 * `text.split('\n').map((l) => l.replace(/[ \t]+/gu, ' ').trim()).filter((l) => l).join('\n')`, in one
 * scan that returns `text` itself when it is already clean (slices of the analysis text mostly are).
 * @category Analysis
 */
export function cleanLines(text: string): string {
  const lines: string[] = [];
  let changed = false;
  for (let start = 0; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const line = cleanLine(text, start, end);
    if (line === null) lines.push(text.slice(start, end));
    else {
      changed = true;
      if (line !== '') lines.push(line);
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  return changed ? lines.join('\n') : text;
}

/**
 * One line of {@link cleanLines}: `text[start, end)` trimmed, its runs of spaces and tabs made one
 * space ('' when nothing is left); null when the line is clean as it is.
 */
function cleanLine(text: string, start: number, end: number): string | null {
  let s = start;
  let e = end;
  while (s < e && isWhitespaceCode(text.charCodeAt(s))) s++;
  while (e > s && isWhitespaceCode(text.charCodeAt(e - 1))) e--;
  if (s === e) return '';
  let out = '';
  let from = s;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) continue;
    let j = i + 1;
    while (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09) j++; // stops before `e`: text[e - 1] is not whitespace
    if (c === 0x09 || j > i + 1) {
      out += text.slice(from, i) + ' ';
      from = j;
    }
    i = j - 1;
  }
  if (from !== s) return out + text.slice(from, e);
  return s === start && e === end ? null : text.slice(s, e);
}
