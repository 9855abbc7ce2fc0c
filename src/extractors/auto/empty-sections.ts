/**
 * Headings whose section kept nothing. A box of related links, a sharing bar, a newsletter sign-up or a
 * teaser list opens with a heading ("Related stories", "Share this article", "More on this topic");
 * cleanup drops the box's links and forms, and the heading, voted with the text around it, is left
 * over, heading nothing.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { firstText, HEADING_TAGS, lastText, type SegmentTable } from './segments.js';
import { markedOf } from './index-lists.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';

/** True when segment `k` is a heading (h1–h6). */
function isHeading(doc: AnalyzedDocument, segments: SegmentTable, k: number): boolean {
  return HEADING_TAGS.has(doc.index.tagOf(segments.node[k]));
}

/**
 * The box a heading opens: the largest element holding segment `k` in which no segment comes before it
 * (climbing stops below `<body>`, which every segment shares).
 */
function openedBox(doc: AnalyzedDocument, segments: SegmentTable, k: number): number {
  const { parent, subtreeEnd, tagOf } = doc.index;
  // the previous segment's last text node: a block of loose text may start before the box and end inside it
  const previous = k > 0 ? lastText(segments, k - 1) : -1;
  let box = segments.node[k];
  for (let p = parent[box]; p > 0 && tagOf(p) !== 'body' && !(previous >= p && previous < subtreeEnd[p]); p = parent[p]) box = p;
  return box;
}

/**
 * `kept` (segment indexes, in order) without the headings whose section kept nothing, after kept text that
 * is no heading (the story they would follow): the box the heading opens (see {@link openedBox}) holds other
 * segments and none of them is kept, or it holds the heading alone and no kept segment follows it. Read from
 * the last heading back, so that a heading over boxes whose own headings went goes too. A page kept as
 * headings only (a gallery's captions in `<h2>`) keeps them. A segment `isLeadIn` says is a box's opening
 * line set as no heading (a bold paragraph "More on this topic") goes when no kept text follows it and the
 * box it opens holds other segments, none of them kept.
 */
export function dropEmptySections(
  doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array, isLeadIn: (k: number) => boolean = () => false,
  arrays: TypedArraySource = FRESH_ARRAYS,
): Int32Array {
  const { subtreeEnd } = doc.index;
  // by segment index (a set of 100,000 kept paragraphs cost more than the walk), from `arrays`: read by this call only
  const isKept = arrays.uint8(segments.length).fill(0);
  for (let i = 0; i < kept.length; i++) isKept[kept[i]] = 1;
  const firstStory = kept.findIndex((k) => !isHeading(doc, segments, k));
  if (firstStory < 0) return kept;
  let after = false; // whether a kept segment that is no heading follows
  for (let i = kept.length - 1; i > firstStory; i--) {
    const k = kept[i];
    const heading = isHeading(doc, segments, k);
    if (!heading && (after || !isLeadIn(k))) {
      after = true;
      continue;
    }
    const end = subtreeEnd[openedBox(doc, segments, k)];
    let others = false;
    let keptOther = false;
    for (let j = k + 1; j < segments.length && firstText(segments, j) < end && !keptOther; j++) {
      others = true;
      keptOther = isKept[j] === 1;
    }
    if (heading ? (others ? !keptOther : !after) : others && !keptOther) isKept[k] = 0;
    else after = true;
  }
  return markedOf(kept, isKept);
}
