/**
 * The post's own metadata after its text: a "filed under <tags>" line, an "about the author" box, a
 * "posted by <author>" footer. The page marks them with the HTML link types that name the document's
 * author and tags (`rel=author`, `rel=tag`); the box that opens with such a line after the story is the
 * story's footer, not its text.
 * @module
 */
import { attributeOf } from '../../analysis/node-data.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { isInside } from './cleanup.js';
import { HEADING_TAGS, plainChars, textAt, textCount, type SegmentTable } from './segments.js';
import { FRESH_ARRAYS, type TypedArraySource } from '../../core/scratch.js';

/**
 * HTML link types that say a hyperlink names the current document's own metadata: its author
 * (`rel=author`) and a tag that applies to it (`rel=tag`, HTML's link type and the rel-tag microformat).
 * Link types of the HTML standard, not a site's or a plugin's vocabulary.
 */
const METADATA_LINK_TYPES: ReadonlySet<string> = new Set(['author', 'tag']);

/** Whitespace that separates the tokens of a `rel` value. */
const REL_SEPARATOR = /\s+/u;

/** True when element `id` is a hyperlink whose `rel` names the document's author or a tag of it. */
function isMetadataLink(doc: AnalyzedDocument, id: number): boolean {
  if (doc.index.tagOf(id) !== 'a') return false;
  const rel = attributeOf(doc, id, 'rel');
  return rel !== undefined && rel.toLowerCase().split(REL_SEPARATOR).some((t) => METADATA_LINK_TYPES.has(t));
}

/** True when some text of segment `k` lies inside a metadata link (see {@link isMetadataLink}) below the segment's block. */
export function holdsMetadataLink(doc: AnalyzedDocument, segments: SegmentTable, k: number): boolean {
  const { parent } = doc.index;
  const block = segments.node[k];
  for (let n = 0; n < textCount(segments, k); n++) {
    const t = textAt(segments, k, n);
    for (let i = parent[t]; i >= 0 && i !== block; i = parent[i]) if (isMetadataLink(doc, i)) return true;
  }
  return false;
}

/** True when segment `k` is a heading: a heading over a cut box goes with it. */
function isHeading(doc: AnalyzedDocument, segments: SegmentTable, k: number): boolean {
  return HEADING_TAGS.has(doc.index.tagOf(segments.node[k]));
}

/**
 * The footer box that opens with kept segment `kept[at]`: the largest element holding it that holds no kept
 * segment before it other than headings (an "About the author" heading over the author's line goes with the
 * box). -1 when a kept segment after the box that is not a heading shares the box's parent: a paragraph
 * that links a tag in the middle of the story is prose, not the story's footer.
 */
function footerBox(doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array, at: number): number {
  const { parent, subtreeEnd } = doc.index;
  const prose = (k: number) => !isHeading(doc, segments, k);
  const before = kept.slice(0, at).filter(prose).map((k) => segments.node[k]);
  const holdsBefore = (a: number) => before.some((n) => isInside(doc, n, a));
  let box = segments.node[kept[at]];
  while (parent[box] > 0 && !holdsBefore(parent[box])) box = parent[box];
  const after = kept.slice(at + 1).filter((k) => prose(k) && segments.node[k] >= subtreeEnd[box]);
  return after.some((k) => parent[segments.node[k]] === parent[box]) ? -1 : box;
}

/** `kept` without `cut`, and without the headings just before the cut and at the end: they headed what was cut. */
function withoutCut(doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array, cut: Int32Array): Int32Array {
  const gone = new Set(cut);
  let start = kept.indexOf(cut[0]);
  while (start > 0 && isHeading(doc, segments, kept[start - 1])) gone.add(kept[--start]);
  const out = kept.filter((k) => !gone.has(k));
  let end = out.length;
  while (end > 0 && isHeading(doc, segments, out[end - 1])) end--;
  return out.slice(0, end);
}

/**
 * `kept` (segment indexes, in order) without the post's trailing metadata: the footer box (see
 * {@link footerBox}) of the last kept segment that holds a metadata link (see {@link holdsMetadataLink}),
 * when the box's kept text is less than the kept text before it (a tag line or an author box after the
 * story, never the story after a byline) and no kept segment before the box holds a metadata link (a story
 * whose prose links its tags: its lines are alike, none is a footer); with it go the headings that headed it.
 * Its marks (a byte per kept segment, read by this call only) are taken from `arrays`.
 */
export function trimTrailingMetadata(doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array, arrays: TypedArraySource = FRESH_ARRAYS): Int32Array {
  const mass = (ks: Int32Array) => ks.reduce((n, k) => n + plainChars(segments, k), 0);
  const holds = arrays.uint8(kept.length);
  for (let i = 0; i < kept.length; i++) holds[i] = holdsMetadataLink(doc, segments, kept[i]) ? 1 : 0;
  if (!holds.includes(1)) return kept; // no metadata line: the search from the end below would test every line for nothing
  // a footer box never takes in kept prose before its line (see footerBox), so a metadata line of prose before line j,
  // outside j's own block, is in j's story and j fails: such lines are skipped unread (linear on a page of many tag links)
  const firstProse = kept.findIndex((k, i) => holds[i] === 1 && !isHeading(doc, segments, k));
  const proseNode = firstProse >= 0 ? segments.node[kept[firstProse]] : -1;
  const storyHoldsProse = (j: number) => firstProse >= 0 && firstProse < j && !isInside(doc, proseNode, segments.node[kept[j]]);
  for (let j = kept.length - 1; j > 0; j--) {
    if (holds[j] === 0 || storyHoldsProse(j)) continue;
    const box = footerBox(doc, segments, kept, j);
    if (box < 0) continue;
    const boxed = kept.filter((k) => isInside(doc, segments.node[k], box));
    const storyEnd = kept.indexOf(boxed[0]);
    if (mass(boxed) < mass(kept.slice(0, storyEnd)) && !holds.subarray(0, storyEnd).includes(1)) return withoutCut(doc, segments, kept, boxed);
  }
  return kept;
}
