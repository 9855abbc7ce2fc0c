/**
 * Alignment of an extractor's output with the page text: every block text is located in the
 * whitespace-free page text (in source order, then anywhere, then line by line) and the characters it
 * covers are marked. Works for node-based and tag-free (line) extractors alike.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Extraction } from '../types.js';
import { isSpace } from './segments.js';

/**
 * The page text without whitespace, with the offset in {@link AnalyzedDocument.text} of each of its
 * code units.
 * @category Extraction
 */
export interface CompactText {
  readonly text: string;
  readonly offsets: Int32Array;
}

/** The five references that stay escaped in the normalized HTML (line-based extractors see them). */
const ESCAPED = /&(?:amp|lt|gt|quot|apos|#39|#34);/gu;
const UNESCAPE: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&#39;': "'", '&#34;': '"' };

/**
 * Builds the whitespace-free page text.
 * @category Extraction
 */
export function compactText(doc: AnalyzedDocument): CompactText {
  const src = doc.text;
  const offsets = new Int32Array(src.length);
  const parts: string[] = [];
  let n = 0;
  let runStart = -1;
  for (let k = 0; k <= src.length; k++) {
    const space = k === src.length || isSpace(src.charCodeAt(k));
    if (space) {
      if (runStart >= 0) parts.push(src.slice(runStart, k));
      runStart = -1;
      continue;
    }
    if (runStart < 0) runStart = k;
    offsets[n++] = k;
  }
  return { text: parts.join(''), offsets: offsets.subarray(0, n) };
}

/** `text` without whitespace: its runs of non-space code units joined (no string built per character). */
function strip(text: string): string {
  let parts: string[] | null = null;
  let runStart = -1;
  for (let k = 0; k <= text.length; k++) {
    if (k < text.length && !isSpace(text.charCodeAt(k))) {
      if (runStart < 0) runStart = k;
      continue;
    }
    if (runStart < 0) continue;
    if (runStart === 0 && k === text.length) return text;
    (parts ??= []).push(text.slice(runStart, k));
    runStart = -1;
  }
  return parts === null ? '' : parts.length === 1 ? parts[0] : parts.join('');
}

/**
 * Marks (sets to 1) the characters of the page text that the extraction's blocks cover.
 * Returns how many non-whitespace characters of the output could not be located.
 * @category Extraction
 */
export function markExtraction(compact: CompactText, extraction: Pick<Extraction, 'blocks'>, marks: Uint8Array): number {
  let cursor = 0;
  let missed = 0;
  const mark = (at: number, len: number): void => {
    for (let k = at; k < at + len; k++) marks[compact.offsets[k]] = 1;
  };
  const locate = (key: string): number => {
    if (key === '') return -1;
    const at = compact.text.indexOf(key, cursor);
    return at >= 0 ? at : compact.text.indexOf(key);
  };
  for (const b of extraction.blocks) {
    const raw = b.node < 0 ? b.text.replace(ESCAPED, (m) => UNESCAPE[m] ?? m) : b.text;
    const key = strip(raw);
    const at = locate(key);
    if (at >= 0) {
      mark(at, key.length);
      cursor = at + key.length;
      continue;
    }
    for (const line of raw.split('\n')) {
      const k = strip(line);
      const p = locate(k);
      if (p >= 0) {
        mark(p, k.length);
        cursor = p + k.length;
      } else missed += k.length;
    }
  }
  return missed;
}
