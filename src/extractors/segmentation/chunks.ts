/**
 * Text chunks of the main block: runs of consecutive leaves under the same nearest chunk container
 * (table/div), the unit the paper's text-extraction step and the site template count (§3.2).
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { sliceText } from '../../analysis/slices.js';
import { spansBetween } from '../../analysis/spans.js';
import { isWhitespaceCode } from '../../analysis/text.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';
import type { Leaves } from './clusters.js';
import { listNoise } from './blocks.js';

/**
 * One chunk.
 * @category Extraction
 */
export interface TextChunk {
  /** Node id of the nearest chunk container (−1 when none). */
  readonly container: number;
  readonly first: number;
  readonly last: number;
  /** Ln of the chunk's leaves. */
  readonly listNoise: number;
  readonly text: string;
}

/**
 * Nearest chunk-container ancestor of every node (−1 when none), one forward pass over ids, in an array of `arrays`.
 * @category Extraction
 */
export function nearestContainers(doc: AnalyzedDocument, chunkTags: ReadonlySet<string>, arrays: TypedArraySource = FRESH_ARRAYS): Int32Array {
  const { size, parent, tagOf } = doc.index;
  const nearest = arrays.int32(size).fill(-1);
  for (let i = 1; i < size; i++) {
    const p = parent[i];
    nearest[i] = chunkTags.has(tagOf(p)) ? p : nearest[p];
  }
  return nearest;
}

/** Calls `visit(container, start, k)` for each run of leaves `start..k` (within first..last) under one nearest container. */
function eachRun(leaves: Leaves, first: number, last: number, nearest: Int32Array, visit: (container: number, start: number, k: number) => void): void {
  let start = first;
  for (let k = first; k <= last; k++) {
    const here = nearest[leaves.node[k]];
    if (k < last && nearest[leaves.node[k + 1]] === here) continue;
    visit(here, start, k);
    start = k + 1;
  }
}

/**
 * Splits leaves first..last into chunks: a new chunk starts whenever the nearest container changes.
 * @category Extraction
 */
export function listChunks(doc: AnalyzedDocument, leaves: Leaves, first: number, last: number, nearest: Int32Array): TextChunk[] {
  const chunks: TextChunk[] = [];
  const { textStart, textEnd } = doc.stats;
  eachRun(leaves, first, last, nearest, (here, start, k) => {
    const text = sliceText(doc, textStart[leaves.node[start]], textEnd[leaves.node[k]], []);
    if (text) chunks.push({ container: here, first: start, last: k, text, listNoise: listNoise(leaves, start, k) });
  });
  return chunks;
}

/**
 * The spans of the chunks of {@link listChunks} whose Ln `keep` accepts, without their texts: a run is
 * a chunk when its range holds a character that is not whitespace (its text, lines trimmed, is not
 * empty), found without building it.
 * @category Extraction
 */
export function keptChunkSpans(
  doc: AnalyzedDocument, leaves: Leaves, first: number, last: number, nearest: Int32Array, keep: (listNoise: number) => boolean,
): number[][] {
  const spans: number[][] = [];
  const { textStart, textEnd } = doc.stats;
  eachRun(leaves, first, last, nearest, (_, start, k) => {
    const from = textStart[leaves.node[start]];
    const end = textEnd[leaves.node[k]];
    let i = from;
    while (i < end && isWhitespaceCode(doc.text.charCodeAt(i))) i++;
    if (i < end && keep(listNoise(leaves, start, k))) spans.push(spansBetween(doc, from, end, []));
  });
  return spans;
}
