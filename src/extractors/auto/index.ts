/**
 * The `auto` extractor: decides the page kind and combines the other algorithms by a weighted
 * per-segment vote followed by a node-level cleanup.
 *
 * The one allowed exception to "extractors never import each other": `auto` is a combinator and
 * imports the public `index.ts` of the other extractors (never their internals). See
 * docs/algorithms/auto.md.
 * @module
 */
import { assertAnalyzedDocument } from '../../analysis/guards.js';
import { diagnostic, type Diagnostic } from '../../core/diagnostics.js';
import { MatnError } from '../../core/errors.js';
import { derivedOptions, resolveOptions } from '../../core/options.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import { isMemberName, type MemberName, MEMBER_SPANS, MEMBERS } from '../members.js';
import type { Extraction, Extractor, Post } from '../types.js';
import { KeptCounter, keptRanges, keptRangesBytes } from './marks.js';
import { ScratchArrays, scratchBytes, type TypedArraySource } from '../../core/scratch.js';
import { allIndexes, indexesWhere, markedIndexes } from './index-lists.js';
import { memberSpansOf, type MemberSpans } from '../lazy-text.js';
import { type AutoOptions, DEFAULT_AUTO_OPTIONS } from './defaults.js';
import { findMarkupBody, isInside, isInsideAny, linkDensity, markFurniture, markupParts, overruleFurniture, regionOfSums, sumSubtrees } from './cleanup.js';
import { measureConfidence } from './confidence.js';
import { commonAncestor } from '../../analysis/tree.js';
import { listSegments, PARAGRAPH_TAGS, plainChars, segmentText, textsFrom, type SegmentTable } from './segments.js';
import { keptText, withKeptBlocks } from './kept-blocks.js';
import { headlineRegion, onlyHeadings, segmentsUnderHeadings, textUnderHeadline, titleHeadings } from './headline.js';
import { areAuthorlessParagraphs, areLinkRecords } from './link-records.js';
import { dropIslands, extendBackOver, extendRange, extendToRegionSiblings } from './trim.js';
import { extendToSiblingSections } from './sections.js';
import { headlineAbove, standfirstSegments } from './standfirst.js';
import { findEntries } from './entries.js';
import { extendToRegionEdge } from './region-edges.js';
import { findRepeatedRuns, keepOneCopy } from './repeats.js';
import { trimTrailingMetadata } from './post-meta.js';
import { dropEmptySections } from './empty-sections.js';
import { boundVotes, reachableSegments } from './vote-bound.js';
import { nodeTokens, type NodeTokens } from '../../vocabulary/page-tokens.js';
import { charsAbove, charsWithin, holdsArticle, isNewestFirst, keepableSegments, outweighsOpeningPost, outweighsRecords, recordChars } from './thread-or-article.js';
import { type AutoModel, checkModel, keepProbability, segmentFeatures, type SegmentEvidence } from './model.js';

export { DEFAULT_AUTO_OPTIONS } from './defaults.js';
export type { AutoOptions } from './defaults.js';
export { AUTO_MODEL } from './model-weights.js';
export { SEGMENT_FEATURES } from './model.js';
export type { AutoModel, AutoTree } from './model.js';


/**
 * A text that ends like a sentence: a sentence terminator of any script (`.`, `!`, `?`, `。`, `؟`, `۔`, …,
 * Unicode's Sentence_Terminal), then only closing quotes or brackets.
 */
const SENTENCE_END = /\p{Sentence_Terminal}[\p{Pf}\p{Pe}"']*$/u;

/** True when `text` ends like a sentence (see {@link SENTENCE_END}). */
function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text.trimEnd());
}

/** Section headings below the headline. */
const SECTION_HEADING_TAGS: ReadonlySet<string> = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** List items (as segment indexes) of the lists more than half of whose items are kept, not kept themselves. */
function linkedListItems(doc: AnalyzedDocument, segments: SegmentTable, isKept: Uint8Array): number[] {
  const { parent, tagOf } = doc.index;
  const items = new Map<number, { all: number; kept: number }>();
  for (let k = 0; k < segments.length; k++) {
    const node = segments.node[k];
    if (tagOf(node) !== 'li') continue;
    const list = items.get(parent[node]) ?? { all: 0, kept: 0 };
    list.all++;
    list.kept += isKept[k];
    items.set(parent[node], list);
  }
  const out: number[] = [];
  for (let k = 0; k < segments.length; k++) {
    const list = tagOf(segments.node[k]) === 'li' ? items.get(parent[segments.node[k]]) : undefined;
    if (isKept[k] === 0 && list !== undefined && 2 * list.kept > list.all) out.push(k);
  }
  return out;
}

/**
 * The items of lists that hold a kept item and whose items are mostly `agreed` (voted as a whole),
 * not kept yet: a link list the members agree on beside the kept text, not a menu no member votes.
 */
function votedListItems(doc: AnalyzedDocument, segments: SegmentTable, isKept: Uint8Array, agreed: (k: number) => boolean): number[] {
  const { parent, tagOf } = doc.index;
  const items = new Map<number, { all: number; kept: number; agreed: number }>();
  for (let k = 0; k < segments.length; k++) {
    const node = segments.node[k];
    if (tagOf(node) !== 'li') continue;
    const list = items.get(parent[node]) ?? { all: 0, kept: 0, agreed: 0 };
    list.all++;
    list.kept += isKept[k];
    if (agreed(k)) list.agreed++;
    items.set(parent[node], list);
  }
  const out: number[] = [];
  for (let k = 0; k < segments.length; k++) {
    const list = tagOf(segments.node[k]) === 'li' ? items.get(parent[segments.node[k]]) : undefined;
    if (isKept[k] === 0 && list !== undefined && list.kept > 0 && 2 * list.agreed > list.all) out.push(k);
  }
  return out;
}

/** Share of each segment's characters that a member's kept ranges ({@link keptRanges}) cover. */
function segmentShares(doc: AnalyzedDocument, segments: SegmentTable, ranges: Int32Array): Float64Array {
  const { textStart, textEnd } = doc.stats;
  const { texts, textChars, chars } = segments;
  const kept = new KeptCounter(doc.text, ranges);
  const out = new Float64Array(segments.length);
  for (let k = 0; k < segments.length; k++) {
    let got = 0;
    for (let n = textsFrom(segments, k); n < textsFrom(segments, k + 1); n++) got += kept.count(textStart[texts[n]], textEnd[texts[n]], textChars[n]);
    out[k] = chars[k] > 0 ? Math.min(1, got / chars[k]) : 0;
  }
  return out;
}

/**
 * True when a member's selection (per-segment `share`) is the reader comments: more of its characters
 * lie inside them than outside, and fewer than `minChars` outside.
 */
function tookComments(segments: SegmentTable, share: Float64Array, inComment: Uint8Array, minChars: number): boolean {
  // with no segment in the comments nothing lies inside them: told by whole numbers, before the sums (on a page of
  // short paragraphs the sums box a double per segment until the loop is compiled, 1 MB of garbage per page)
  if (!anyAnchorMarked(segments, inComment)) return false;
  let inside = 0;
  let outside = 0;
  for (let k = 0; k < segments.length; k++) {
    const got = share[k] * segments.chars[k];
    if (inComment[segments.anchor[k]]) inside += got;
    else outside += got;
  }
  return inside > outside && outside < minChars;
}

/** True when the anchor of some segment is marked 1 in `marks` (per node). */
function anyAnchorMarked(segments: SegmentTable, marks: Uint8Array): boolean {
  for (let k = 0; k < segments.length; k++) if (marks[segments.anchor[k]] === 1) return true;
  return false;
}

/**
 * A member's share of each segment, or null when it abstains: it found nothing, or it took the reader
 * comments for the article (see `tookComments`).
 */
function memberShare(
  doc: AnalyzedDocument, segments: SegmentTable, run: MemberSpans, inComment: Uint8Array, o: Readonly<Required<AutoOptions>>,
): Float64Array | null {
  if (run.empty) return null; // a member that found no main content abstains
  // the member has run (its spans are an argument), so the page scratch it wrote is free: the ranges live in it,
  // already resident, where a buffer of their own was as large as the member's spans (a page of 625,000 lines: 5 MB)
  const scratch = new ScratchArrays(keptRangesBytes(run.spans));
  const share = segmentShares(doc, segments, keptRanges(run.spans, doc.text.length, scratch));
  scratch.release(); // the share is a new array, not a view of the scratch
  // a member that took the comment thread for the article has failed on this page: its weight would only dilute the others'
  return tookComments(segments, share, inComment, o.minArticleChars) ? null : share;
}

/**
 * Sets each entry of `vote` to `(vote + w × share) / divisor`. A function of its own, called once per member and
 * once more to divide by the total weight: the calls after the first run compiled code, where a loop inside
 * `voteSegments` ran in the interpreter, which boxes every double it computes (7 MB of garbage on a page of
 * 100,000 paragraphs). A divisor of 1 changes no sum (division by 1 is exact), nor does a `w` of 0 (every share is finite).
 */
function addScaled(vote: Float64Array, share: Float64Array, w: number, divisor: number): void {
  for (let k = 0; k < vote.length; k++) vote[k] = (vote[k] + w * share[k]) / divisor;
}

/**
 * Weighted vote of the members (and the markup member) per segment, in [0, 1]. A member that found
 * nothing, or the reader comments (see `tookComments`), abstains. `known` holds shares already
 * computed for this reading (see `memberShare`); the others are computed here.
 */
function voteSegments(
  doc: AnalyzedDocument, segments: SegmentTable, ids: readonly MemberName[], runOf: (id: MemberName) => MemberSpans, markup: readonly number[], inComment: Uint8Array,
  o: Readonly<Required<AutoOptions>>, known: ReadonlyMap<string, Float64Array | null> = new Map(),
): { vote: Float64Array; shares: Map<string, Float64Array | null> } {
  const shares = new Map<string, Float64Array | null>();
  const vote = new Float64Array(segments.length);
  let total = 0;
  // one member at a time: its spans are read into its share and, unless the caller keeps the runs, let go
  // before the next runs (five members' blocks held at once were most of the peak on a page of short paragraphs)
  for (const id of ids) {
    const share = known.has(id) ? known.get(id)! : memberShare(doc, segments, runOf(id), inComment, o);
    shares.set(id, share);
    if (share === null) continue;
    const w = o.weights[id];
    total += w;
    addScaled(vote, share, w, 1);
  }
  if (markup.length > 0) {
    total += o.markupWeight;
    const markupWeight = o.markupWeight; // read once: an option's double is boxed anew at each read in the interpreter
    for (let k = 0; k < segments.length; k++) if (isInsideAny(doc, segments.anchor[k], markup)) vote[k] += markupWeight;
  }
  addScaled(vote, vote, 0, total || 1); // the division by the total weight, in compiled code (see addScaled)
  return { vote, shares };
}

/** Bits of {@link voteBits}: the vote reaches `keepVote`, `regionVote`, `strongVote`; the segment is link-dense (`maxLinkDensity`). */
const KEEP_VOTE = 1;
const REGION_VOTE = 2;
const STRONG_VOTE = 4;
const LINK_DENSE = 8;

/**
 * Per segment, the thresholds of {@link cleanSegments} its vote reaches and whether it is link-dense, as bits: each
 * vote and option read once, so the steps after compare whole numbers (the interpreter, which runs these once-per-page
 * loops until they are compiled, boxes every double it reads: 3 MB of garbage on a page of 100,000 paragraphs).
 */
function voteBits(segments: SegmentTable, vote: Float64Array, o: Readonly<Required<AutoOptions>>, arrays: TypedArraySource): Uint8Array {
  const { keepVote, regionVote, strongVote, maxLinkDensity } = o;
  const out = arrays.uint8(segments.length);
  for (let k = 0; k < segments.length; k++) {
    const v = vote[k];
    out[k] = (v >= keepVote ? KEEP_VOTE : 0) | (v >= regionVote ? REGION_VOTE : 0) | (v >= strongVote ? STRONG_VOTE : 0)
      | (linkDensity(segments, k) >= maxLinkDensity ? LINK_DENSE : 0);
  }
  return out;
}

/**
 * The region of the segments whose vote reaches `keepVote` ({@link regionOfSums} of their characters). The kept
 * characters per node are summed over subtrees in place, in `arrays` (page scratch in `auto`: a node-sized array is
 * 4 MB on a page of a million nodes; the members that ran before wrote that scratch, so it is resident already);
 * whole numbers, so 32-bit integers hold them exactly at half the size of doubles.
 */
function keptRegion(doc: AnalyzedDocument, segments: SegmentTable, bits: Uint8Array, share: number, arrays: TypedArraySource): number {
  const weight = arrays.int32(doc.index.size).fill(0);
  for (let k = 0; k < segments.length; k++) if ((bits[k] & KEEP_VOTE) !== 0) weight[segments.anchor[k]] += segments.chars[k];
  return regionOfSums(doc, sumSubtrees(doc, weight), share);
}

/**
 * The page scratch {@link cleanSegments} carves for its working marks and lists (a bound: the vote bits, the region's
 * weights, the region-voted marks and list, the furniture read from the root, the trailing-metadata and empty-section marks).
 */
function cleanupScratchBytes(doc: AnalyzedDocument, segments: SegmentTable): number {
  const { size } = doc.index;
  const count = segments.length;
  return scratchBytes([count, 1], [size, 4], [count, 1], [count, 4], [size, 1], [count, 1], [count, 1]);
}

/**
 * Indexes of the segments kept after the vote: region, furniture, link density, gap filling. The working marks and
 * lists are page scratch (`core/scratch.ts`), given back before it returns: the members have run, and what it returns
 * (the kept list, the furniture marks) is allocated apart.
 */
function cleanSegments(
  doc: AnalyzedDocument, segments: SegmentTable, vote: Float64Array, tokens: NodeTokens, markup: readonly number[],
  o: Readonly<Required<AutoOptions>>, isSilenced: (node: number) => boolean = () => false,
): { kept: Int32Array; region: number; furniture: Uint8Array } {
  const scratch = new ScratchArrays(cleanupScratchBytes(doc, segments));
  try {
    return cleanSegmentsWith(doc, segments, vote, tokens, markup, o, isSilenced, scratch);
  } finally {
    scratch.release();
  }
}

/** {@link cleanSegments} with its working arrays taken from `scratch`. */
function cleanSegmentsWith(
  doc: AnalyzedDocument, segments: SegmentTable, vote: Float64Array, tokens: NodeTokens, markup: readonly number[],
  o: Readonly<Required<AutoOptions>>, isSilenced: (node: number) => boolean, scratch: TypedArraySource,
): { kept: Int32Array; region: number; furniture: Uint8Array } {
  const furnitureTokens = new Set(o.furnitureTokens);
  const bits = voteBits(segments, vote, o, scratch);
  const has = (k: number, bit: number) => (bits[k] & bit) !== 0;
  let region = keptRegion(doc, segments, bits, o.regionShare, scratch);
  // a body the markup splits into parts spans them all, even when one part holds most of the weight
  if (markup.length > 1) {
    const span = commonAncestor(doc.index, markup);
    if (region !== span && isInside(doc, region, span)) region = span;
  }
  const titled = o.keepHeadlineIsland || o.keepStandfirst ? titleHeadings(doc) : [];
  const headlines = o.keepHeadlineIsland ? titled : [];
  region = headlineRegion(doc, segments, vote, region, headlines, o);
  const strongInMarkup: number[] = [];
  for (let k = 0; markup.length > 0 && k < segments.length; k++) if (has(k, STRONG_VOTE) && isInsideAny(doc, segments.anchor[k], markup)) strongInMarkup.push(k);
  const furniture = overruleFurniture(doc, markFurniture(doc, region, tokens, furnitureTokens, new Set(o.furnitureTags), markup),
    segments, strongInMarkup, o.overruleFurnitureChars, o.overruleFurnitureSegments, o.overruleFurnitureSiblings);
  const isFurniture = (k: number) => furniture[segments.anchor[k]] === 1;
  // only winning segments that survive the furniture and link filters bound the gap filling; inside the
  // region the algorithms agreed on, a minority vote (`regionVote`) is enough to bound it
  const bounds = (k: number) => has(k, KEEP_VOTE) || (has(k, REGION_VOTE) && isInside(doc, segments.anchor[k], region));
  // marked, then listed at their count (no list of every segment index to filter, none grown by push)
  const isRegionVoted = scratch.uint8(segments.length);
  for (let k = 0; k < segments.length; k++) {
    isRegionVoted[k] = bounds(k) && !isFurniture(k) && !has(k, LINK_DENSE) && isInside(doc, segments.anchor[k], region) ? 1 : 0;
  }
  const regionVoted = markedIndexes(isRegionVoted, scratch);
  const underHeadline = segmentsUnderHeadings(doc, segments, regionVoted, headlines, o.maxGapChars);
  const [from, to] = dropIslands(segments, regionVoted, o.maxGapChars, doc.index.parent, underHeadline);
  let first = to > from ? regionVoted[from] : -1;
  let last = to > from ? regionVoted[to - 1] : -2;
  if (o.extendInMarkup && markup.length > 0 && first >= 0) {
    // the page's markup names the body: its voted parts next to the region (a lead, a last section) are the article's too
    const asideTags = new Set([...o.furnitureTags, 'figure']);
    const asides = markup.map((part) => markFurniture(doc, part, tokens, furnitureTokens, asideTags, [], scratch));
    const joinsBody = (k: number) => PARAGRAPH_TAGS.has(doc.index.tagOf(segments.node[k]))
      && isInsideAny(doc, segments.anchor[k], markup) && !isInside(doc, segments.anchor[k], region) && asides.every((a) => a[segments.anchor[k]] === 0)
      && has(k, KEEP_VOTE) && !has(k, LINK_DENSE);
    [first, last] = extendRange(segments, first, last, joinsBody, o.extendMinChars);
  }
  if (first > 0) {
    // a kicker or standfirst in its own short paragraph, just before the first kept one in the same container;
    // never link-dense, like every other end of the range (the bounds of thread-or-article.ts and vote-bound.ts assume it)
    const container = doc.index.parent[segments.node[first]];
    const leadLinks = (k: number) => {
      const density = linkDensity(segments, k);
      return density <= o.siblingLeadMaxLinkDensity && density < o.maxLinkDensity;
    };
    first = extendBackOver(first, (k) => doc.index.parent[segments.node[k]] === container && vote[k] >= o.siblingLeadVote
      && leadLinks(k) && PARAGRAPH_TAGS.has(doc.index.tagOf(segments.node[k])) && !isFurniture(k));
  }
  const [innerFirst, innerLast] = [first, last];
  // outside the region furniture is read from the root (the markup body's holders exempt), for the paragraphs beside it
  const outer = o.extendToRegionSiblings && first >= 0 ? markFurniture(doc, 0, tokens, furnitureTokens, new Set(o.furnitureTags), markup, scratch) : null;
  if (outer !== null) [first, last] = extendToRegionSiblings(doc, segments, vote, region, outer, first, last, o);
  if (outer !== null && o.extendToSiblingSections) [first, last] = extendToSiblingSections(doc, segments, vote, region, outer, first, last, o);
  if (o.extendToRegionEdges) {
    const facts = { region, markup, blocked: (k: number) => isFurniture(k) || isSilenced(segments.anchor[k]) };
    first = extendToRegionEdge(doc, segments, vote, first, 'first', facts, o);
    last = extendToRegionEdge(doc, segments, vote, last, 'last', facts, o);
  }
  const isKept = isRegionVoted.fill(0); // its marks are read: the storage is reused
  for (let k = 0; k < segments.length; k++) {
    if (has(k, LINK_DENSE)) continue;
    const inside = isInside(doc, segments.anchor[k], region);
    if (inside && isFurniture(k)) continue;
    if ((k < innerFirst || k > innerLast) && outer !== null && outer[segments.anchor[k]] === 1 && !has(k, STRONG_VOTE)) continue;
    if ((k >= first && k <= last) || (!inside && has(k, STRONG_VOTE))) isKept[k] = 1;
  }
  // link-dense parts of the markup body inside the kept range that belong to the article (a link in a list item or heading is not a link box);
  // with `rescueInRegion` the region vouches for them as the markup body does (most pages name no body)
  const vouched = (k: number) => isInsideAny(doc, segments.anchor[k], markup) || (o.rescueInRegion && isInside(doc, segments.anchor[k], region));
  const rescue = (k: number) => k >= first && k <= last && isKept[k] === 0 && has(k, KEEP_VOTE) && vouched(k) && !isFurniture(k);
  if (o.keepLinkedListItems) {
    for (const k of linkedListItems(doc, segments, isKept)) if (rescue(k)) isKept[k] = 1;
  }
  if (o.keepVotedLinkLists) {
    // a list the members vote as a whole (most of its items, links and all) that reaches the kept text is the content (an index, a round-up)
    const agreed = (k: number) => has(k, KEEP_VOTE) && isInside(doc, segments.anchor[k], region) && !isFurniture(k);
    for (const k of votedListItems(doc, segments, isKept, agreed)) if (isKept[k] === 0 && agreed(k)) isKept[k] = 1;
  }
  if (o.keepLinkedHeadings) {
    // from the end, so that a heading before a rescued heading (a section and its subsection) is kept too
    for (let k = last - 1; k >= first; k--) if (SECTION_HEADING_TAGS.has(doc.index.tagOf(segments.node[k])) && isKept[k + 1] === 1 && rescue(k)) isKept[k] = 1;
  }
  if (o.keepLinkedSentences) {
    // a link whose text is a sentence of the story (ends like one), not a headline, a "Read more" line or a menu
    for (let k = Math.max(first, 0); k <= last; k++) if (rescue(k) && isKept[k] === 0 && endsSentence(segmentText(doc, segments, k))) isKept[k] = 1;
  }
  const headline = o.keepStandfirst ? headlineAbove(doc, segments, titled, first) : -1;
  if (headline >= 0) {
    // the prose between the headline and the story's first kept segment; furniture and figures read from the
    // element that holds both, which vouches for what it holds as the region does, and never from an element
    // that holds the headline (a header named `has-sharing` for the buttons it also holds)
    const root = commonAncestor(doc.index, [headline, segments.node[first]]);
    const asides = markFurniture(doc, root, tokens, furnitureTokens, new Set([...o.furnitureTags, 'figure']), [...markup, headline], scratch);
    const blocked = (k: number) => asides[segments.anchor[k]] === 1 || isSilenced(segments.anchor[k]);
    for (const k of standfirstSegments(doc, segments, headline, first, blocked, o)) isKept[k] = 1;
  }
  const voteKept = markedIndexes(isKept);
  // the post's own metadata after the story (a tag line, an author box: `rel=tag`, `rel=author` links) is its footer
  const trimmed = o.trimTrailingMetadata ? trimTrailingMetadata(doc, segments, voteKept, scratch) : voteKept;
  // a heading over a box whose links or form were dropped ("Related stories", "Share:") heads nothing
  // a short line that ends no sentence may be such a box's lead-in, set as a bold paragraph ("Read also:")
  const leadIn = (k: number) => o.leadInMaxChars > 0 && plainChars(segments, k) <= o.leadInMaxChars && !endsSentence(segmentText(doc, segments, k));
  const kept = o.dropEmptySections ? dropEmptySections(doc, segments, trimmed, leadIn, scratch) : trimmed;
  return { kept, region, furniture };
}

/** The option that says how far a comment record reaches (see `silenceWholeRecords` in defaults.ts). */
type RecordExtentOptions = Pick<Required<AutoOptions>, 'silenceWholeRecords'>;

/**
 * End (exclusive node id) of the nodes a comment record covers: with `silenceWholeRecords`, every sibling
 * the record spans (its body and the "Posted by … at …" line the template sets after it: thread detection
 * found that period, `Post.recordEnd`), else its first element's subtree.
 */
function recordExtentEnd(doc: AnalyzedDocument, record: Pick<Post, 'node' | 'recordEnd'>, o: Readonly<RecordExtentOptions>): number {
  const own = doc.index.subtreeEnd[record.node];
  return o.silenceWholeRecords && record.recordEnd !== undefined ? Math.max(own, record.recordEnd) : own;
}

/**
 * 1 for every node inside reader comments: `correlated`'s records (each over its extent, see
 * {@link recordExtentEnd}), or an element named by a comment token.
 */
function markComments(
  doc: AnalyzedDocument, tokens: NodeTokens, names: ReadonlySet<string>, comments: readonly Pick<Post, 'node' | 'recordEnd'>[], o: Readonly<RecordExtentOptions>,
): Uint8Array {
  const { size, subtreeEnd } = doc.index;
  const out = new Uint8Array(size);
  for (const c of comments) out.fill(1, c.node, recordExtentEnd(doc, c, o));
  for (let i = 0; i < size; i++) {
    if (out[i] === 1) continue;
    const own = tokens.at(i);
    // tokens first: each `some` call makes a closure (one per node was 14 MB on a page of 250,000 nodes)
    if (own.length > 0 && own.some((t) => names.has(t))) out.fill(1, i, subtreeEnd[i]);
  }
  return out;
}

/**
 * 1 for every node inside a `<form>` that holds less than `maxShare` of the page's text: a comment,
 * reply, search or sign-up form (its labels and notes are not the article). A form that wraps most of
 * the page (one `<form>` around the whole layout) is not one.
 */
function markForms(doc: AnalyzedDocument, maxShare: number): Uint8Array {
  const { size, tagOf, subtreeEnd } = doc.index;
  const out = new Uint8Array(size);
  const page = doc.stats.textChars[0];
  for (let i = 0; i < size; i++) {
    if (out[i] === 0 && tagOf(i) === 'form' && doc.stats.textChars[i] < maxShare * page) out.fill(1, i, subtreeEnd[i]);
  }
  return out;
}

/**
 * 1 for every node whose segments an article reading with `records` as its comments surely votes 0:
 * inside a record (over the extent `markComments` gives it) or inside a small form (see `markForms`).
 * Comment-token elements are left out (they need every element's class tokens), so this marks a subset
 * of what the reading silences.
 */
function silencedNodes(doc: AnalyzedDocument, records: readonly Pick<Post, 'node' | 'recordEnd'>[], o: Readonly<Required<AutoOptions>>): Uint8Array {
  const out = markForms(doc, o.maxFormShare);
  for (const r of records) out.fill(1, r.node, recordExtentEnd(doc, r, o));
  return out;
}

/**
 * True when `correlated`'s posts make a thread: most posts name an author or a date. Repeated blocks
 * without either are an article's sections that look alike (a paywall split, a two-part layout).
 */
export function isThread(posts: readonly Post[]): boolean {
  return posts.length > 0 && 2 * posts.filter((p) => p.author !== null || p.date !== null).length > posts.length;
}

/**
 * True when `auto` reads `correlated`'s result as a thread: its posts make one (see {@link isThread}),
 * and, with `linkRecordsNoThread`, they are not mostly link text (layout slices: a navigation bar and a
 * footer whose dates made them look like records), and, with `paragraphRecordsNoThread`, they are not
 * authorless paragraphs (an article's programme of dated events).
 */
function readsAsThread(doc: AnalyzedDocument, correlated: Extraction | undefined, o: Readonly<Required<AutoOptions>>): correlated is Extraction & { posts: readonly Post[] } {
  if (!correlated?.posts || !isThread(correlated.posts)) return false;
  if (o.linkRecordsNoThread && areLinkRecords(doc, correlated.posts, o.maxLinkDensity)) return false;
  return !(o.paragraphRecordsNoThread && areAuthorlessParagraphs(doc, correlated.posts));
}

/**
 * The entry boxes to silence on a page that shows several entries (see `findEntries`): all but the page's
 * own, when `kept` lies in one of them; none otherwise.
 */
function otherEntries(doc: AnalyzedDocument, segments: SegmentTable, kept: Int32Array, o: Readonly<Required<AutoOptions>>): number[] {
  // titleHeadings is memoized per page, and findEntries reads it once at most
  const entries = findEntries(doc, () => titleHeadings(doc), o.minArticleChars);
  if (entries === undefined) return [];
  const others = entries.boxes.filter((b) => b !== entries.own);
  return kept.some((k) => isInsideAny(doc, segments.anchor[k], others)) ? others : [];
}

/** An article page as `auto` sees it before the final keep/drop decision. */
interface ArticleAnalysis {
  readonly segments: SegmentTable;
  readonly vote: Float64Array;
  /** Segments the threshold rules keep, in order. */
  readonly kept: Int32Array;
  readonly markupBody: number;
  /** What the learned model reads of each segment: built only when a model asks (`model` is off by default). */
  readonly evidence: () => SegmentEvidence;
}

/** `mark` of each segment's anchor, by segment. */
function anchorMarks(segments: SegmentTable, mark: (anchor: number) => number): Uint8Array {
  const out = new Uint8Array(segments.length);
  for (let k = 0; k < segments.length; k++) out[k] = mark(segments.anchor[k]);
  return out;
}

/** 1 at each index of `indexes`, 0 elsewhere. */
function marksOf(length: number, indexes: Int32Array): Uint8Array {
  const marks = new Uint8Array(length);
  for (const k of indexes) marks[k] = 1;
  return marks;
}

/**
 * What auto reads of the members' results on one page (`MEMBER_SPANS`), by member. Members are pure and
 * read only the document, so the readings of a thread as an article (which differ in the records they
 * silence, not in the members' results) share one map and no member runs twice on a page.
 */
type MemberRuns = Map<MemberName, MemberSpans>;

/** `correlated`'s options from auto's: its thread options (see `derivedOptions`). */
const correlatedOptionsOf = (o: Readonly<Required<AutoOptions>>): { thread: AutoOptions['thread'] } => ({ thread: o.thread });

/**
 * What auto reads of member `id` on `doc` (`MEMBER_SPANS`), from `memberRuns` when it has run, else run now and remembered there
 * (not remembered without a map: a single reading needs each member once).
 */
function runMember(doc: AnalyzedDocument, id: MemberName, memberRuns: MemberRuns | undefined): MemberSpans {
  let run = memberRuns?.get(id);
  if (run === undefined) {
    run = MEMBER_SPANS[id](doc);
    memberRuns?.set(id, run);
  }
  return run;
}

/** What an article reading marks before any member votes: the markup body, the comments and the small forms. */
interface ArticleMarks {
  readonly tokens: NodeTokens;
  readonly markupBody: number;
  /** The markup body's parts (empty when the page names none). */
  readonly markup: readonly number[];
  readonly inComment: Uint8Array;
  readonly inForm: Uint8Array;
}

/** The {@link ArticleMarks} of an article reading whose comments are `correlated`'s. */
function articleMarks(doc: AnalyzedDocument, o: Readonly<Required<AutoOptions>>, correlated: Extraction | undefined): ArticleMarks {
  const tokens = nodeTokens(doc);
  const bodyTokens = new Set(o.bodyTokens);
  const markupBody = findMarkupBody(doc, tokens, bodyTokens, o.markupMinChars, o.markupNestedShare);
  const markup = o.splitMarkupBody ? markupParts(doc, tokens, bodyTokens, markupBody, o.markupMinChars) : markupBody >= 0 ? [markupBody] : [];
  const inComment = markComments(doc, tokens, new Set(o.commentTokens), correlated?.comments ?? [], o);
  return { tokens, markupBody, markup, inComment, inForm: markForms(doc, o.maxFormShare) };
}

/**
 * Runs the members (those not in `memberRuns` yet; none kept without that map), the vote and the threshold
 * cleanup on an article page. `marks` and `known` (member shares) are what a caller has already computed
 * for this reading.
 */
function analyzeArticle(
  doc: AnalyzedDocument, o: Readonly<Required<AutoOptions>>, ids: readonly MemberName[], correlated: Extraction | undefined, segments: SegmentTable = listSegments(doc),
  memberRuns?: MemberRuns, marks: ArticleMarks = articleMarks(doc, o, correlated), known: ReadonlyMap<string, Float64Array | null> = new Map(),
): ArticleAnalysis {
  const runOf = (id: MemberName): MemberSpans => (id === 'correlated' && correlated ? memberSpansOf(correlated) : runMember(doc, id, memberRuns));
  const { tokens, markupBody, markup, inComment, inForm } = marks;
  const { vote, shares } = voteSegments(doc, segments, ids, runOf, markup, inComment, o, known);
  for (let k = 0; k < segments.length; k++) if (inComment[segments.anchor[k]] === 1 || inForm[segments.anchor[k]] === 1) vote[k] = 0;
  // a node is silenced inside the comments, a small form or (after the first cleanup) an entry not the page's own:
  // read from the marks, not made into a third node-sized array
  let silencedBoxes: readonly number[] = [];
  const isSilenced = (node: number) => inComment[node] === 1 || inForm[node] === 1 || isInsideAny(doc, node, silencedBoxes);
  let { kept, region, furniture } = cleanSegments(doc, segments, vote, tokens, markup, o, isSilenced);
  const others = o.ownEntry ? otherEntries(doc, segments, kept, o) : [];
  if (others.length > 0) {
    // the page shows several entries and the vote kept another than its own: the others are silenced, and cleanup runs again
    silencedBoxes = others;
    for (const box of others) for (let k = 0; k < segments.length; k++) if (isInside(doc, segments.anchor[k], box)) vote[k] = 0;
    ({ kept, region, furniture } = cleanSegments(doc, segments, vote, tokens, markup, o, isSilenced));
  }
  const flag = (marks: Uint8Array) => anchorMarks(segments, (a) => marks[a]);
  const evidence = (): SegmentEvidence => ({
    segments, vote, shares, ruleKept: marksOf(segments.length, kept),
    markup: Int8Array.from(segments.anchor, (a) => (markup.length === 0 ? 0 : isInsideAny(doc, a, markup) ? 1 : -1)),
    inRegion: anchorMarks(segments, (a) => (isInside(doc, a, region) ? 1 : 0)),
    furniture: flag(furniture), comment: flag(inComment), form: flag(inForm),
  });
  return { segments, vote, kept, markupBody, evidence };
}

/**
 * The segments under the page's headline (see {@link textUnderHeadline}), comments and forms silenced,
 * when the vote kept nothing but headings the `<title>` repeats (the headline alone is no body: the
 * caller drops it as the title); otherwise none.
 */
function postUnderHeadline(doc: AnalyzedDocument, a: ArticleAnalysis, kept: Int32Array, o: Readonly<Required<AutoOptions>>): number[] {
  const headings = titleHeadings(doc);
  if (!onlyHeadings(doc, a.segments, kept, headings)) return [];
  const { comment, form } = a.evidence();
  return textUnderHeadline(doc, a.segments, headings, (k) => comment[k] === 1 || form[k] === 1, o);
}

/** Segments the learned model keeps, in order. */
function keptByModel(doc: AnalyzedDocument, a: ArticleAnalysis, model: AutoModel): Int32Array {
  const rows = segmentFeatures(doc, a.evidence());
  return indexesWhere(rows.length, (k) => keepProbability(model, rows[k]) >= model.threshold);
}

/**
 * The feature rows `auto`'s learned model sees on a page, one per segment with its text, for
 * training (scripts/train-auto-model.mjs). Empty for a forum thread (the model decides articles only).
 * @category Extraction
 */
export function autoSegmentTable(doc: AnalyzedDocument, options?: Partial<AutoOptions>): { text: string; chars: number; features: number[] }[] {
  const o = resolveOptions(DEFAULT_AUTO_OPTIONS, options, 'autoSegmentTable');
  const ids = memberIds(o.weights);
  const correlated = ids.includes('correlated') ? (MEMBERS.correlated.extract(doc, derivedOptions(o, correlatedOptionsOf)) as Extraction) : undefined;
  if (readsAsThread(doc, correlated, o)) return [];
  const a = analyzeArticle(doc, o, ids, correlated);
  const rows = segmentFeatures(doc, a.evidence());
  return rows.map((features, k) => ({ text: segmentText(doc, a.segments, k), chars: a.segments.chars[k], features }));
}

/** How a page `correlated` reads as a thread is read as an article instead (docs/algorithms/auto.md, "Thread or article"). */
type ThreadReading = 'entries' | 'article-above' | 'opening-record';

/** A page `correlated` reads as a thread (or an article with comments), read as an article: the reading, and the records it keeps as comments. */
interface ThreadAsArticle {
  readonly article: ArticleAnalysis;
  /** `correlated`'s result with the records that are comments (none for `entries`). */
  readonly asComments?: Extraction;
  readonly reading: ThreadReading;
}

/**
 * Reads a page `correlated` takes for a (non-Q&A) thread as an article, and returns that reading when it
 * holds; undefined when the page is a thread after all. Three readings, first match wins:
 * - `article-above`: the records read as comments, the text kept above them outweighs the opening post,
 *   or all the kept text outweighs the records (a blog post above its comments, or a box of dated teasers).
 * - `opening-record`: the records after the first read as comments, the text kept inside the opening
 *   record outweighs its post text (see `holdsArticle`): the first record is the article, cut short.
 * - `entries`: the records run newest first (see `isNewestFirst`): a blog's front page or an archive,
 *   whose entries are the content. Read as an article with nothing silenced, when that reading keeps at
 *   least `minEntriesShare` of the records' text (the members agree on the entries, not on one of them).
 *   Last, so that a newest-first comment list under an article is read as that article's comments.
 * Each reading is first tested with a bound of what it can keep (every segment; for the first, see
 * `keepableSegments`), so the article reading (four more members) runs only when it can hold; the
 * readings share the members' results (`memberRuns`).
 */
function readThreadAsArticle(
  doc: AnalyzedDocument, options: Readonly<Required<AutoOptions>>, ids: readonly MemberName[], correlated: Extraction,
): ThreadAsArticle | undefined {
  // the bounds below (keepableSegments, reachableSegments) assume the kept range ends as the vote and the
  // sibling extensions set it and that link-dense segments stay out: these readings never extend it to the
  // region's edges nor keep voted link lists
  const o = { ...options, extendToRegionEdges: false, keepVotedLinkLists: false, keepStandfirst: false, ownEntry: false };
  const records = correlated.posts ?? [];
  const segments = listSegments(doc);
  const all = allIndexes(segments.length);
  const memberRuns: MemberRuns = new Map(); // shared by the readings tried below
  const outweighs = (kept: Int32Array): boolean =>
    outweighsOpeningPost(charsAbove(segments, kept, records[0].node), records[0], o) ||
    outweighsRecords(charsAbove(segments, kept, doc.index.size), records, o); // every kept segment (the records' own are silenced)
  // the segments an article reading with the records silenced can keep, whatever the members vote: a bound of its
  // kept text (see keepableSegments, and its one exception), so when even that outweighs nothing the members are not run for it
  if (outweighs(keepableSegments(segments, silencedNodes(doc, records, o), o))) {
    const asComments = { ...correlated, posts: undefined, comments: records };
    const marks = articleMarks(doc, o, asComments);
    const known = new Map<string, Float64Array | null>();
    if (mayOutweigh(doc, o, ids, asComments, segments, memberRuns, marks, known, outweighs)) {
      const article = analyzeArticle(doc, o, ids, asComments, segments, memberRuns, marks, known);
      if (outweighs(article.kept)) return { article, asComments, reading: 'article-above' };
    }
  }
  const opening = records[0];
  const inOpening = (kept: Int32Array) => charsWithin(segments, kept, opening.node, doc.index.subtreeEnd[opening.node]);
  if (holdsArticle(inOpening(all), opening, o)) {
    const asComments = { ...correlated, posts: undefined, comments: records.slice(1) };
    const article = analyzeArticle(doc, o, ids, asComments, segments, memberRuns);
    if (holdsArticle(inOpening(article.kept), opening, o)) return { article, asComments, reading: 'opening-record' };
  }
  // last: newest-first records that are comments under an article are read by the first reading, keeping them as comments
  return readEntries(doc, o, ids, correlated, segments, memberRuns);
}

/**
 * The order in which {@link mayOutweigh} runs the members: by cost per unit of weight, measured once
 * (cost5, one pass of the three thread corpora: segmentation 41 ms for weight 1, density 35 ms for 0.5,
 * text-blocks 113 ms for 1, line-blocks 126 ms for 0.5); `correlated` has run already. Members not
 * listed come last. The order changes only how soon the check can stop, never its answer.
 */
const PROBE_ORDER: readonly MemberName[] = ['correlated', 'segmentation', 'density', 'text-blocks', 'line-blocks'];

/**
 * False when an article reading (comments `asComments`, marks `marks`) surely keeps text that does not
 * `outweigh`: the members run one at a time ({@link PROBE_ORDER}), and after each the votes are bounded
 * from the shares so far and the weight still to run (`boundVotes`), the kept text from those bounds
 * (`reachableSegments`); the check stops as soon as that cannot outweigh. True when it still can after
 * all members but the last (the reading itself then decides). The shares computed go into `known` and
 * the members' results into `memberRuns`, so the reading that follows runs and marks nothing twice.
 */
function mayOutweigh(
  doc: AnalyzedDocument, o: Readonly<Required<AutoOptions>>, ids: readonly MemberName[], asComments: Extraction, segments: SegmentTable,
  memberRuns: MemberRuns, marks: ArticleMarks, known: Map<string, Float64Array | null>, outweighs: (kept: Int32Array) => boolean,
): boolean {
  const rank = (id: MemberName): number => (PROBE_ORDER.includes(id) ? PROBE_ORDER.indexOf(id) : PROBE_ORDER.length);
  const order = [...ids].sort((a, b) => rank(a) - rank(b));
  const inMarkup = anchorMarks(segments, (a) => (isInsideAny(doc, a, marks.markup) ? 1 : 0));
  const silenced = anchorMarks(segments, (a) => marks.inComment[a] | marks.inForm[a]);
  for (let i = 0; i < order.length - 1; i++) {
    const id = order[i];
    const run = id === 'correlated' ? memberSpansOf(asComments) : runMember(doc, id, memberRuns);
    known.set(id, memberShare(doc, segments, run, marks.inComment, o));
    const so = { shares: known, pending: order.slice(i + 1), inMarkup, markupVotes: marks.markup.length > 0, silenced };
    const bound = boundVotes(segments, so, o);
    if (bound === null) return true;
    if (!outweighs(reachableSegments(doc, segments, bound, o))) return false;
  }
  return true;
}

/**
 * The `entries` reading of a thread whose records run newest first (see `isNewestFirst`): an article
 * reading with nothing silenced, taken when it keeps at least `minEntriesShare` of the records' text
 * (the members agree that the entries are the content, not one entry of them). Undefined otherwise.
 */
function readEntries(
  doc: AnalyzedDocument, o: Readonly<Required<AutoOptions>>, ids: readonly MemberName[], correlated: Extraction, segments: SegmentTable,
  memberRuns: MemberRuns,
): ThreadAsArticle | undefined {
  const records = correlated.posts ?? [];
  if (!isNewestFirst(records)) return undefined;
  const article = analyzeArticle(doc, o, ids, { ...correlated, posts: undefined, comments: undefined }, segments, memberRuns);
  let kept = 0;
  for (const k of article.kept) kept += segments.chars[k];
  return kept >= o.minArticleChars && kept >= o.minEntriesShare * recordChars(records) ? { article, reading: 'entries' } : undefined;
}


/**
 * The members named in `weights`.
 * @throws MatnError `unknown-algorithm` for a name that is no member algorithm
 */
function memberIds(weights: Readonly<Record<string, number>>): MemberName[] {
  const ids = Object.keys(weights);
  const unknown = ids.filter((id) => !isMemberName(id));
  if (unknown.length > 0) {
    throw new MatnError('unknown-algorithm', `extractAuto: unknown member(s) in weights: ${unknown.join(', ')} (known: ${Object.keys(MEMBERS).join(', ')})`);
  }
  return ids.filter(isMemberName);
}

/**
 * Extracts the main content of any page: a forum thread's posts (from `correlated`), an article's
 * body (a weighted vote of the algorithms over segments, then cleanup; a thread whose records are a
 * box beside an article is read as that article with comments), or a list page's short agreed text.
 * @category Extraction
 */
export function extractAuto(doc: AnalyzedDocument, options?: Partial<AutoOptions>): Extraction<Required<AutoOptions>> {
  assertAnalyzedDocument(doc, 'extractAuto');
  const o = resolveOptions(DEFAULT_AUTO_OPTIONS, options, 'extractAuto');
  const diagnostics: Diagnostic[] = [];
  const ids = memberIds(o.weights);
  if (o.model !== null) checkModel(o.model);
  // Members are pure and a thread is decided by `correlated` alone: the others run only for an article.
  // `let`: on an article page its result is let go once its vote share is taken (see below)
  let correlated = ids.includes('correlated') ? (MEMBERS.correlated.extract(doc, derivedOptions(o, correlatedOptionsOf)) as Extraction) : undefined;
  const threadResult = readsAsThread(doc, correlated, o) ? correlated : undefined;
  const asArticle = threadResult && threadResult.kind !== 'qa' ? readThreadAsArticle(doc, o, ids, threadResult) : undefined;
  const article = asArticle?.article;
  const asComments = asArticle?.asComments;
  if (!article && threadResult) {
    const pageKind = threadResult.kind === 'qa' ? 'qa' : 'thread';
    const what = pageKind === 'qa' ? 'question and answers' : 'forum thread';
    const kind = diagnostic('page-kind', `${what} (${threadResult.posts.length} posts)`, 'info', { kind: pageKind });
    return { ...threadResult, extractor: 'auto', options: o, kind: pageKind, diagnostics: [...threadResult.diagnostics, kind] };
  }
  // a reading of the thread as an article says which records are its comments (none for entries)
  const pageComments = asArticle ? asComments?.comments : correlated?.comments;
  let a = article;
  if (a === undefined) {
    // `correlated`'s share of the vote first, then its result is let go before the other members run: its
    // blocks hold the text and spans of every block it kept (on a page of short paragraphs, each of them)
    const segments = listSegments(doc);
    const marks = articleMarks(doc, o, correlated);
    const known = new Map<string, Float64Array | null>();
    if (correlated !== undefined) known.set('correlated', memberShare(doc, segments, memberSpansOf(correlated), marks.inComment, o));
    correlated = undefined;
    a = analyzeArticle(doc, o, ids, undefined, segments, undefined, marks, known);
  }
  const { segments, vote, markupBody } = a;
  let kept = o.model === null ? a.kept : keptByModel(doc, a, o.model);
  // the vote kept nothing: a one-line post no member selected is still the text under the page's headline
  const underHeadline = o.emptyBodyUnderHeadline ? postUnderHeadline(doc, a, kept, o) : [];
  if (underHeadline.length > 0) kept = Int32Array.from(new Set([...kept, ...underHeadline])).sort();
  // a block the page prints twice in a row (a template's two variants, one of them hidden by a stylesheet) is read once
  if (o.dropRepeatedBlocks) kept = keepOneCopy(kept, findRepeatedRuns(doc, segments, o.repeatedBlockMinSegments), segments.length);
  const { chars, agreement, dropped, confidence } = measureConfidence(segments, vote, kept, o);
  const linkShare = doc.stats.textChars[0] > 0 ? doc.stats.linkChars[0] / doc.stats.textChars[0] : 0;
  const base = { extractor: 'auto', options: o, series: { vote }, ...(pageComments ? { comments: pageComments } : {}) };
  if (chars === 0) {
    diagnostics.push(diagnostic('list-page', 'no article: the members agreed on no text; body left empty', 'warning', { chars, agreement, linkShare }));
    return { ...base, kind: 'list', text: '', blocks: [], confidence: 0, diagnostics };
  }
  // the body straight from the kept segments; the blocks are made when read (see kept-blocks.ts), `blocks: []` holds their place
  const text = keptText(doc, segments, kept);
  const withBlocks = (extraction: Extraction<Required<AutoOptions>>) => withKeptBlocks(extraction, doc, segments, kept, vote);
  if (linkShare >= o.listLinkShare && chars < o.minArticleChars) {
    // a link index with a few agreed sentences: read as a list page, but those sentences are its content
    // (a short notice or intro is what a reader came for; an empty body loses it whole)
    diagnostics.push(diagnostic('list-page', 'a link-dominated page with little agreed text: a list page; body is that text', 'warning', { chars, agreement, linkShare }));
    return withBlocks({ ...base, kind: 'list', text, blocks: [], confidence: Math.min(0.2, agreement * 0.2), diagnostics });
  }
  diagnostics.push(diagnostic('page-kind', `article (${kept.length} segments, agreement ${agreement.toFixed(2)})`, 'info', { kind: 'article', markup: markupBody, agreement, dropped, ...(asArticle ? { threadReading: asArticle.reading } : {}), ...(underHeadline.length > 0 ? { underHeadline: true } : {}) }));
  return withBlocks({ ...base, kind: pageComments?.length ? 'comments' : 'article', text, blocks: [], confidence, diagnostics });
}

/**
 * The `auto` extractor.
 * @category Extraction
 */
export const autoExtractor: Extractor<AutoOptions> = Object.freeze({
  id: 'auto',
  reference: 'matn: a declared combination of the other algorithms (docs/algorithms/auto.md)',
  defaults: DEFAULT_AUTO_OPTIONS,
  extract: extractAuto,
});
