/**
 * Segments: runs of visible text under the same nearest block-level element (a paragraph, a list
 * item, a heading, a cell), cut wherever a nested block interrupts them. The unit `auto` votes on.
 * Built from the analysis arrays into one columnar table per page ({@link SegmentTable}) in one forward pass.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { commonAncestor } from '../../analysis/tree.js';
import { blockTagFlags } from '../../analysis/text-blocks.js';
import { pushSpan } from '../../analysis/spans.js';


/** Tags of the paragraphs prose is written in (a lead, a section's paragraphs, the model's paragraph feature). */
export const PARAGRAPH_TAGS: ReadonlySet<string> = new Set(['p', 'blockquote']);

/** Tags of headings, every level. */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * The page's segments as columns indexed by segment (0 … `length` − 1, in source order of their first
 * text). A segment is consecutive text nodes whose nearest block-level ancestor is `node`, with no nested
 * block between them (loose text around nested blocks makes one segment per run). Columns, not an object
 * per segment: a page of 187,000 paragraphs has 187,000 segments, read by every step of `auto`. The columns are
 * read-only and may share storage: when every segment has one text node, `anchor` is `texts`, `textChars` is `chars`
 * and `textFrom` is not made (segment `k`'s text is text `k`); `linkChars` is not made when no segment holds link
 * text. Read those two through {@link textsFrom} and {@link segmentLinkChars}.
 * @category Extraction
 */
export interface SegmentTable {
  /** Number of segments. */
  readonly length: number;
  /** Node id of each segment's block element (0 when the text sits above every block). */
  readonly node: Int32Array;
  /**
   * The deepest node holding all of a segment's text nodes: where the text really sits, which is below
   * `node` when the text is inside inline elements (a `<font>` wrapping loose text).
   */
  readonly anchor: Int32Array;
  /** Non-whitespace characters of each segment. */
  readonly chars: Int32Array;
  /** Non-whitespace characters of each segment inside `<a>` elements; null when every segment has none. */
  readonly linkChars: Int32Array | null;
  /**
   * Ids of the segments' text nodes, segment after segment, each in source order: segment `k`'s are
   * `texts[textFrom[k]]` … `texts[textFrom[k + 1] − 1]`.
   */
  readonly texts: Int32Array;
  /** Non-whitespace characters of each text node of `texts`, at its position there. */
  readonly textChars: Int32Array;
  /**
   * Where each segment's text nodes start in `texts`, and `texts.length` last (`length` + 1 entries); null when every
   * segment has one text node (segment `k`'s is `texts[k]`).
   */
  readonly textFrom: Int32Array | null;
}

/** The columns of a {@link SegmentTable} that say where its segments' text lies ({@link segmentText} and {@link segmentSpans} read only these). */
export type SegmentTexts = Pick<SegmentTable, 'texts' | 'textFrom'>;

/** Where segment `k`'s text nodes start in `texts` ({@link SegmentTable.textFrom}); `textsFrom(segments, k + 1)` is where they end. */
export function textsFrom(segments: SegmentTexts, k: number): number {
  return segments.textFrom === null ? k : segments.textFrom[k];
}

/** Number of segment `k`'s text nodes. */
export function textCount(segments: SegmentTable, k: number): number {
  return textsFrom(segments, k + 1) - textsFrom(segments, k);
}

/** Id of segment `k`'s `n`-th text node (`n` below {@link textCount}). */
export function textAt(segments: SegmentTable, k: number, n: number): number {
  return segments.texts[textsFrom(segments, k) + n];
}

/** Id of segment `k`'s first text node. */
export function firstText(segments: SegmentTable, k: number): number {
  return segments.texts[textsFrom(segments, k)];
}

/** Id of segment `k`'s last text node. */
export function lastText(segments: SegmentTable, k: number): number {
  return segments.texts[textsFrom(segments, k + 1) - 1];
}

/** Non-whitespace characters of segment `k` inside `<a>` elements ({@link SegmentTable.linkChars}). */
export function segmentLinkChars(segments: SegmentTable, k: number): number {
  return segments.linkChars === null ? 0 : segments.linkChars[k];
}

/**
 * Non-link characters of segment `k`: the text that counts as content mass (what `auto` weighs its
 * clusters, extensions and confidence by).
 * @category Extraction
 */
export function plainChars(segments: SegmentTable, k: number): number {
  return segments.chars[k] - segmentLinkChars(segments, k);
}

/** Code units that score.py (Python `\s`) and the analysis treat as whitespace. */
export function isSpace(code: number): boolean {
  return code <= 0x20 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029
    || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0x85;
}

/** Non-whitespace code units of `text` between two offsets. */
export function countChars(text: string, start: number, end: number): number {
  let n = 0;
  for (let k = start; k < end; k++) if (!isSpace(text.charCodeAt(k))) n++;
  return n;
}

/**
 * Lists the page's segments in source order of their first text.
 * @category Extraction
 */
export function listSegments(doc: AnalyzedDocument): SegmentTable {
  const { size, parent, kind, excluded, subtreeEnd } = doc.index;
  const { textStart, textEnd, linkChars: linkCharsOf } = doc.stats;
  const isBlockTag = blockTagFlags(doc);
  const { tagId } = doc.index.tree;
  // the columns allocated at a bound of their length and viewed to it at the end (a view, not a copy: the part of a
  // bound never written is never touched either). Each owner (a block, or a root)
  // opens one segment and each block cuts at most one run of its owner, so there are at most two segments per
  // owner, and one per text node: a page of lines cut by <br> has one segment of 625,000 text nodes, a page of
  // paragraphs a segment per text node
  let textNodes = 0;
  let owners = 0;
  for (let i = 0; i < size; i++) {
    if (kind[i] === NodeKind.Text) textNodes++;
    if ((kind[i] === NodeKind.Element && isBlockTag[tagId[i]] === 1) || parent[i] < 0) owners++;
  }
  const bound = Math.min(textNodes, 2 * owners);
  const node = new Int32Array(bound);
  const chars = new Int32Array(bound);
  const texts = new Int32Array(textNodes);
  // each text node's count, kept for the members' shares (`marks.ts`): a running count of the page text had an entry per character.
  // While every segment has one text node, segment `s` is text `s` and its count is `chars[s]`: that column and where each
  // segment's texts start are made at the first segment of two (on a page of 100,000 paragraphs they never are, nor is
  // `anchor`, which is then `texts`); the link characters at the first link text
  let textChars: Int32Array | null = null;
  let textFrom: Int32Array | null = null;
  let linkChars: Int32Array | null = null;
  // the blocks holding the current node, innermost last (the page's root stands for a block), each with its
  // open segment (-1 none) and the number of blocks seen when it last grew: a stack as deep as the tree,
  // not three arrays as long as the page
  const open: number[] = [];
  const openSegment: number[] = [];
  const openSeen: number[] = [];
  let blocksSeen = 0;
  let count = 0;
  let textCount = 0;
  for (let i = 0; i < size; i++) {
    while (open.length > 0 && subtreeEnd[open[open.length - 1]] <= i) {
      open.pop();
      openSegment.pop();
      openSeen.pop();
    }
    const isBlock = kind[i] === NodeKind.Element && isBlockTag[tagId[i]] === 1;
    if (isBlock) blocksSeen++;
    if (isBlock || parent[i] < 0) {
      open.push(i);
      openSegment.push(-1);
      openSeen.push(0);
    }
    if (kind[i] !== NodeKind.Text || excluded[i] || textEnd[i] <= textStart[i]) continue;
    const solidChars = countChars(doc.text, textStart[i], textEnd[i]);
    if (solidChars === 0) continue;
    const top = open.length - 1;
    // in preorder every block met since this owner's last text is nested in it: the run is cut. So a
    // segment grows only while it is the last one opened, and its text nodes follow each other in `texts`
    let s = openSeen[top] === blocksSeen ? openSegment[top] : -1;
    if (s === -1) {
      s = count++;
      node[s] = open[top];
      if (textFrom !== null) textFrom[s] = textCount;
    } else if (textChars === null) {
      textChars = new Int32Array(textNodes);
      textChars.set(chars.subarray(0, textCount));
      textFrom = new Int32Array(bound + 1);
      for (let k = 0; k < count; k++) textFrom[k] = k; // every segment so far, this one too, has one text node
    }
    if (textChars !== null) textChars[textCount] = solidChars;
    texts[textCount++] = i;
    openSegment[top] = s;
    openSeen[top] = blocksSeen;
    chars[s] += solidChars;
    if (linkCharsOf[i] > 0) (linkChars ??= new Int32Array(bound))[s] += solidChars; // link text as the analysis counts it (hyperlinks only)
  }
  const segmentChars = chars.subarray(0, count);
  const textIds = texts.subarray(0, textCount);
  const segmentLinks = linkChars?.subarray(0, count) ?? null;
  // two literals of one shape (a spread of the shared columns made objects that `auto`'s readers reached more slowly)
  if (textChars === null || textFrom === null) {
    return { length: count, node: node.subarray(0, count), anchor: textIds, chars: segmentChars, linkChars: segmentLinks, texts: textIds, textChars: segmentChars, textFrom: null };
  }
  textFrom[count] = textCount;
  return {
    length: count, node: node.subarray(0, count), anchor: anchors(doc, textIds, textFrom, count), chars: segmentChars, linkChars: segmentLinks, texts: textIds,
    textChars: textChars.subarray(0, textCount), textFrom: textFrom.subarray(0, count + 1),
  };
}

/** {@link SegmentTable.anchor} of `count` segments from their text nodes (some segment has more than one). */
function anchors(doc: AnalyzedDocument, texts: Int32Array, textFrom: Int32Array, count: number): Int32Array {
  const anchor = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    // a one-text segment's text node is its anchor; text nodes in source order span from the first to the last
    const first = texts[textFrom[k]];
    const last = texts[textFrom[k + 1] - 1];
    anchor[k] = first === last ? first : commonAncestor(doc.index, [first, last]);
  }
  return anchor;
}

/**
 * Where segment `k` lies in the page text: its text nodes' ranges (see `analysis/spans.ts`).
 * @category Extraction
 */
export function segmentSpans(doc: AnalyzedDocument, segments: SegmentTexts, k: number): number[] {
  const { textStart, textEnd } = doc.stats;
  const { texts } = segments;
  const from = textsFrom(segments, k);
  const to = textsFrom(segments, k + 1);
  if (to - from === 1) {
    // most segments are one text node: a list of its length (a list grown by push keeps 16 or more spare
    // slots, and a page of 100,000 paragraphs returns 100,000 of these lists)
    const start = textStart[texts[from]];
    const end = textEnd[texts[from]];
    return end > start ? [start, end] : [];
  }
  const out: number[] = [];
  for (let n = from; n < to; n++) pushSpan(out, textStart[texts[n]], textEnd[texts[n]]);
  return out;
}

/**
 * Text of segment `k`: its text nodes' slices, a line break where a nested block interrupted it.
 * @category Extraction
 */
export function segmentText(doc: AnalyzedDocument, segments: SegmentTexts, k: number): string {
  const { textStart, textEnd } = doc.stats;
  const { texts } = segments;
  const from = textsFrom(segments, k);
  const to = textsFrom(segments, k + 1);
  // when every gap is kept as written (always with one text node), the joined text is the page text from the
  // first text node to the last: one slice (adding a piece per text node made a string per piece, 125,000 on
  // a page of lines cut by <br>)
  if (keepsGaps(doc, texts, from, to)) return normalizedText(doc.text.slice(textStart[texts[from]], textEnd[texts[to - 1]]));
  let out = '';
  for (let n = from; n < to; n++) {
    if (n > from) out += gapText(doc.text.slice(textEnd[texts[n - 1]], textStart[texts[n]]));
    out += doc.text.slice(textStart[texts[n]], textEnd[texts[n]]);
  }
  return normalizedText(out);
}

/**
 * True when segment `k` is one text node whose text {@link segmentText} returns as written: no line break, tab
 * or two spaces in a row ({@link normalizedText} changes none), no blank at either end (`trim` cuts none).
 * Read from the characters, without making the string.
 */
export function isTextAsWritten(doc: AnalyzedDocument, segments: SegmentTexts, k: number): boolean {
  if (textsFrom(segments, k + 1) - textsFrom(segments, k) !== 1) return false;
  const t = segments.texts[textsFrom(segments, k)];
  const start = doc.stats.textStart[t];
  const end = doc.stats.textEnd[t];
  const { text } = doc;
  if (end <= start || isTrimmed(text.charCodeAt(start)) || isTrimmed(text.charCodeAt(end - 1))) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x09 || (c === 0x20 && text.charCodeAt(i + 1) === 0x20)) return false;
  }
  return true;
}

/** True when `String.prototype.trim` may cut the code unit `code` (every {@link isSpace} and the byte order mark). */
function isTrimmed(code: number): boolean {
  return isSpace(code) || code === 0xfeff;
}

/** What {@link segmentText} writes for the page text between two of a segment's text nodes: a blank or short gap as it is, else a line break. */
function gapText(gap: string): string {
  return gap.includes('\n') || gap.length > 1 ? (gap.trim() === '' ? gap : '\n') : gap;
}

/** True when {@link gapText} leaves every gap between the text nodes `texts[from, to)` as written. */
function keepsGaps(doc: AnalyzedDocument, texts: Int32Array, from: number, to: number): boolean {
  const { textStart, textEnd } = doc.stats;
  for (let n = from + 1; n < to; n++) {
    const gap = doc.text.slice(textEnd[texts[n - 1]], textStart[texts[n]]);
    if (gapText(gap) !== gap) return false;
  }
  return true;
}

/**
 * What {@link normalizedText}'s replacements change: a line break next to a space, a tab or another line
 * break, or two spaces or tabs in a row. Text without any is left as it is (each lone line break is
 * replaced by itself).
 */
const COLLAPSIBLE = /[ \t]\n|\n[ \t\n]|[ \t]{2}/u;

/** A segment's raw text with its line breaks and runs of spaces collapsed, trimmed. */
function normalizedText(out: string): string {
  // text the replacements would leave as it is is only trimmed: the regular expressions allocate per call even
  // when nothing matches (most segments, cheapest told by the first test), and rebuild the text of a segment of
  // many lines that replace each line break by itself (a page of lines cut by <br>)
  if (!out.includes('\n') && !out.includes('\t') && !out.includes('  ')) return out.trim();
  if (!COLLAPSIBLE.test(out)) return out.trim();
  return out.replace(/[ \t]*\n[ \t\n]*/gu, '\n').replace(/[ \t]{2,}/gu, ' ').trim();
}

/** Characters of the segments strictly between indexes `from` and `to`: the gap between two kept ones. */
export function charsBetween(segments: SegmentTable, from: number, to: number): number {
  let chars = 0;
  for (let k = from + 1; k < to; k++) chars += segments.chars[k];
  return chars;
}
