/**
 * `auto`'s body: the text of the kept segments, and its result blocks (one per kept segment) made on
 * first read. On a page of short paragraphs `auto` keeps 136,000 segments, and block objects with their
 * texts and span lists held about 160 bytes each at the call's peak; `extract()` reads only their nodes
 * (`blockNodes` of `lazy-text.ts`), so it builds none.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { hasUncleanText } from '../../core/clean-text.js';
import { defineBlocksOnRead } from '../lazy-text.js';
import type { Block, Extraction } from '../types.js';
import { SliceJoiner } from '../../analysis/slice-joiner.js';
import { firstText, isTextAsWritten, segmentSpans, segmentText, type SegmentTable, type SegmentTexts } from './segments.js';

/**
 * The text of the segments at `kept` (indexes into `segments`, in order), joined by "\n": the blocks' texts joined.
 * A segment whose text is its page text as written is joined as that range of the page text, and a run of such
 * ranges that the page text itself separates by "\n" as one slice (see `SliceJoiner`): a page of 100,000
 * paragraphs held a string per segment and the list of them until the join.
 */
export function keptText(doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array): string {
  const { textStart, textEnd } = doc.stats;
  const joiner = new SliceJoiner(doc.text);
  let end = -1;
  for (let n = 0; n < kept.length; n++) {
    const separator = n > 0 ? '\n' : null;
    const first = firstText(segments, kept[n]);
    const start = textStart[first];
    if (isTextAsWritten(doc, segments, kept[n])) {
      // the usual segment (one text node of plain text): its range, with no string made for it
      joiner.append(separator, end, start, (end = textEnd[first]));
      continue;
    }
    const text = segmentText(doc, segments, kept[n]);
    if (doc.text.startsWith(text, start)) {
      joiner.append(separator, end, start, (end = start + text.length));
    } else {
      joiner.appendString(separator, text);
      end = -1;
    }
  }
  return joiner.join();
}

/** The block of kept segment `k`: its node, text and spans, and its vote as score. */
function blockOf(doc: AnalyzedDocument, node: number, segments: SegmentTexts, k: number, score: number): Block {
  return { node, text: segmentText(doc, segments, k), spans: segmentSpans(doc, segments, k), score };
}

/**
 * `extraction` (its `text` the {@link keptText} of `kept`, `blocks` a placeholder) with one block per
 * kept segment, in order, scored by `vote`. Made on first read from what locates each segment's text (its
 * node id, and the table's text node columns), not from the whole segment table, whose other columns are
 * let go. Made at once when `text` is unclean: `cleanStrings` must then clean the blocks' texts too.
 */
export function withKeptBlocks<E extends Extraction>(extraction: E, doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array, vote: Float64Array): E {
  if (hasUncleanText(extraction.text)) {
    return { ...extraction, blocks: Array.from(kept, (k) => blockOf(doc, segments.node[k], segments, k, vote[k])) };
  }
  const nodes = new Int32Array(kept.length);
  for (let n = 0; n < kept.length; n++) nodes[n] = segments.node[kept[n]];
  const texts: SegmentTexts = { texts: segments.texts, textFrom: segments.textFrom };
  return defineBlocksOnRead(extraction, nodes, (n) => blockOf(doc, nodes[n], texts, kept[n], vote[kept[n]]));
}
