/**
 * Which text blocks of a page an extraction kept: the report highlights them and counts, per block,
 * how many algorithms agreed on it.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import type { TextBlock } from '../analysis/text-blocks.js';
import type { Extraction } from '../extractors/types.js';

/** Minimum characters of a block matched by text (for tag-free extractors, whose blocks have no node). */
const MIN_TEXT_MATCH = 2;

/** 1 for every node inside one of `roots` (their subtrees), else 0. */
function insideRoots(doc: AnalyzedDocument, roots: Iterable<number>): Uint8Array {
  const inside = new Uint8Array(doc.index.size);
  for (const root of roots) if (root >= 0 && root < doc.index.size) inside.fill(1, root, doc.index.subtreeEnd[root]);
  return inside;
}

/**
 * 1 for every text block the extraction's main text covers: the block lies inside one of its blocks'
 * elements, or (tag-free extractors, node −1) its text occurs in the extraction's lines.
 */
export function keptBlocks(doc: AnalyzedDocument, blocks: readonly TextBlock[], extraction: Pick<Extraction, 'blocks'>): Uint8Array {
  const inside = insideRoots(doc, extraction.blocks.filter((b) => b.node >= 0).map((b) => b.node));
  // a line of a tag-free extractor may hold several blocks or part of one: match by containment
  const lines = extraction.blocks.filter((b) => b.node < 0).map((b) => b.text).join('\n');
  return Uint8Array.from(blocks, (b) => {
    if (inside[b.node] === 1) return 1;
    const text = b.text.trim();
    return lines.length > 0 && text.length >= MIN_TEXT_MATCH && lines.includes(text) ? 1 : 0;
  });
}

/** 1 for every text block inside one of the given post records. */
export function postBlocks(doc: AnalyzedDocument, blocks: readonly TextBlock[], posts: readonly { readonly node: number }[]): Uint8Array {
  const inside = insideRoots(doc, posts.map((p) => p.node));
  return Uint8Array.from(blocks, (b) => inside[b.node]);
}
