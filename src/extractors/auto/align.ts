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
  let n = 0;
  for (let k = 0; k < src.length; k++) if (!isSpace(src.charCodeAt(k))) offsets[n++] = k;
  return { text: strip(src), offsets: offsets.subarray(0, n) };
}

/**
 * Runs of the code units {@link isSpace} accepts (the same set, as a character class: a test checks every
 * code unit). One native replace is several times faster than joining the runs between them.
 */
const SPACE_RUN_RE = /[\0-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

/** `text` without whitespace. */
function strip(text: string): string {
  return text.replace(SPACE_RUN_RE, '');
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
