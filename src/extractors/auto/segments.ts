/**
 * Segments: runs of visible text under the same nearest block-level element (a paragraph, a list
 * item, a heading, a cell), cut wherever a nested block interrupts them. The unit `auto` votes on.
 * Built from the analysis arrays in one forward pass.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import { BLOCK_TAGS } from '../../dom/tags.js';
import { commonAncestor } from '../../analysis/tree.js';
import { pushSpan } from '../../analysis/spans.js';


/** Tags of the paragraphs prose is written in (a lead, a section's paragraphs, the model's paragraph feature). */
export const PARAGRAPH_TAGS: ReadonlySet<string> = new Set(['p', 'blockquote']);

/** Tags of headings, every level. */
export const HEADING_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * One segment: consecutive text nodes whose nearest block-level ancestor is `node`, with no nested
 * block between them (loose text around nested blocks makes one segment per run).
 * @category Extraction
 */
export interface Segment {
  /** Node id of the block element (0 when the text sits above every block). */
  readonly node: number;
  /**
   * The deepest node holding all of the segment's text nodes: where the text really sits, which is
   * below `node` when the text is inside inline elements (a `<font>` wrapping loose text).
   */
  readonly anchor: number;
  /** Id of the segment's first text node. */
  readonly firstText: number;
  /**
   * Ids of the segment's text nodes in source order when it has two or more; null when `firstText` is its
   * only one, as for most segments (no one-slot list per segment: see {@link textCount}, {@link textAt}).
   */
  readonly allTexts: readonly number[] | null;
  /** Non-whitespace characters. */
  readonly chars: number;
  /** Non-whitespace characters inside `<a>` elements. */
  readonly linkChars: number;
}

/** The fields of a segment that say where its text lies ({@link segmentText} and {@link segmentSpans} read only these). */
export type SegmentTexts = Pick<Segment, 'firstText' | 'allTexts'>;

/** Number of a segment's text nodes. */
export function textCount(s: Segment): number {
  return s.allTexts === null ? 1 : s.allTexts.length;
}

/** Id of a segment's `i`-th text node (`i` below {@link textCount}). */
export function textAt(s: Segment, i: number): number {
  return s.allTexts === null ? s.firstText : s.allTexts[i];
}

/** Id of a segment's last text node. */
export function lastText(s: Segment): number {
  return s.allTexts === null ? s.firstText : s.allTexts[s.allTexts.length - 1];
}

/**
 * Non-link characters of a segment: the text that counts as content mass (what `auto` weighs its
 * clusters, extensions and confidence by).
 * @category Extraction
 */
export function plainChars(s: Segment): number {
  return s.chars - s.linkChars;
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

/** Per page, {@link solidCounts} of its text (the segment list and every member's share read it). */
const SOLID_COUNTS = new WeakMap<AnalyzedDocument, Int32Array>();

/**
 * Running count of the non-whitespace code units ({@link isSpace}) of `text`: entry `k` is the count in
 * `text[0, k)`, so `text[a, b)` holds `counts[b] − counts[a]` ({@link countChars}'s answer).
 * @category Extraction
 */
export function runningSolidCounts(text: string): Int32Array {
  const counts = new Int32Array(text.length + 1);
  let n = 0;
  for (let k = 0; k < text.length; k++) {
    if (!isSpace(text.charCodeAt(k))) n++;
    counts[k + 1] = n;
  }
  return counts;
}

/**
 * {@link runningSolidCounts} of the page text, built once per page and remembered: the segment list
 * counts every text node with it, and `auto`'s vote counts what each member kept (`marks.ts`).
 * @category Extraction
 */
export function solidCounts(doc: AnalyzedDocument): Int32Array {
  let counts = SOLID_COUNTS.get(doc);
  if (counts === undefined) SOLID_COUNTS.set(doc, (counts = runningSolidCounts(doc.text)));
  return counts;
}

/** A segment as {@link listSegments} builds it: grown in place while its run goes on. */
type OpenSegment = { -readonly [K in keyof Segment]: Segment[K] };

/**
 * Lists the page's segments in source order of their first text.
 * @category Extraction
 */
export function listSegments(doc: AnalyzedDocument): Segment[] {
  const { size, parent, kind, tag, excluded, subtreeEnd } = doc.index;
  const { textStart, textEnd, linkChars } = doc.stats;
  const solid = solidCounts(doc);
  // the blocks holding the current node, innermost last (the page's root stands for a block), each with its
  // open segment (null none) and the number of blocks seen when it last grew: a stack as deep as the tree,
  // not three arrays as long as the page
  const open: number[] = [];
  const openSegment: (OpenSegment | null)[] = [];
  const openSeen: number[] = [];
  let blocksSeen = 0;
  // the list allocated at a bound of its length, its text node count, and cut to it at the end (grown by push it
  // is copied as it grows, and a page of 100,000 paragraphs has 100,000 segments)
  let textNodes = 0;
  for (let i = 0; i < size; i++) if (kind[i] === NodeKind.Text) textNodes++;
  const segments = new Array<OpenSegment>(textNodes);
  let count = 0;
  let grown = 0; // segments with two text nodes or more
  for (let i = 0; i < size; i++) {
    while (open.length > 0 && subtreeEnd[open[open.length - 1]] <= i) {
      open.pop();
      openSegment.pop();
      openSeen.pop();
    }
    const isBlock = kind[i] === NodeKind.Element && BLOCK_TAGS.has(tag[i]);
    if (isBlock) blocksSeen++;
    if (isBlock || parent[i] < 0) {
      open.push(i);
      openSegment.push(null);
      openSeen.push(0);
    }
    if (kind[i] !== NodeKind.Text || excluded[i] || textEnd[i] <= textStart[i]) continue;
    const chars = solid[textEnd[i]] - solid[textStart[i]];
    if (chars === 0) continue;
    const top = open.length - 1;
    // in preorder every block met since this owner's last text is nested in it: the run is cut
    let s = openSeen[top] === blocksSeen ? openSegment[top] : null;
    if (s === null) {
      // a one-text segment has no list, and its text node is its anchor
      s = { node: open[top], firstText: i, allTexts: null, chars: 0, linkChars: 0, anchor: i };
      segments[count++] = s;
    } else if (s.allTexts === null) {
      s.allTexts = [s.firstText, i];
      grown++;
    } else (s.allTexts as number[]).push(i);
    openSegment[top] = s;
    openSeen[top] = blocksSeen;
    s.chars += chars;
    if (linkChars[i] > 0) s.linkChars += chars; // link text as the analysis counts it (hyperlinks only)
  }
  segments.length = count;
  for (let k = 0; grown > 0 && k < count; k++) {
    const s = segments[k];
    if (s.allTexts === null) continue;
    grown--;
    // a grown list copied at its length (push keeps 16+ spare slots)
    if (s.allTexts.length > 2) s.allTexts = s.allTexts.slice();
    s.anchor = commonAncestor(doc.index, s.allTexts);
  }
  return segments;
}

/**
 * Where a segment lies in the page text: its text nodes' ranges (see `analysis/spans.ts`).
 * @category Extraction
 */
export function segmentSpans(doc: AnalyzedDocument, s: SegmentTexts): number[] {
  if (s.allTexts === null) {
    // most segments are one text node: a list of its length (a list grown by push keeps 16 or more spare
    // slots, and a page of 100,000 paragraphs returns 100,000 of these lists)
    const start = doc.stats.textStart[s.firstText];
    const end = doc.stats.textEnd[s.firstText];
    return end > start ? [start, end] : [];
  }
  const out: number[] = [];
  for (let n = 0; n < s.allTexts.length; n++) pushSpan(out, doc.stats.textStart[s.allTexts[n]], doc.stats.textEnd[s.allTexts[n]]);
  return out;
}

/**
 * Text of a segment: its text nodes' slices, a line break where a nested block interrupted it.
 * @category Extraction
 */
export function segmentText(doc: AnalyzedDocument, s: SegmentTexts): string {
  const { textStart, textEnd } = doc.stats;
  const texts = s.allTexts;
  if (texts === null) return normalizedText(doc.text.slice(textStart[s.firstText], textEnd[s.firstText]));
  // when every gap is kept as written, the joined text is the page text from the first text node to the last:
  // one slice (adding a piece per text node made a string per piece, 125,000 on a page of lines cut by <br>)
  if (keepsGaps(doc, texts)) return normalizedText(doc.text.slice(textStart[texts[0]], textEnd[texts[texts.length - 1]]));
  let out = '';
  for (let n = 0; n < texts.length; n++) {
    if (n > 0) out += gapText(doc.text.slice(textEnd[texts[n - 1]], textStart[texts[n]]));
    out += doc.text.slice(textStart[texts[n]], textEnd[texts[n]]);
  }
  return normalizedText(out);
}

/** What {@link segmentText} writes for the page text between two of a segment's text nodes: a blank or short gap as it is, else a line break. */
function gapText(gap: string): string {
  return gap.includes('\n') || gap.length > 1 ? (gap.trim() === '' ? gap : '\n') : gap;
}

/** True when {@link gapText} leaves every gap between the text nodes `texts` as written. */
function keepsGaps(doc: AnalyzedDocument, texts: readonly number[]): boolean {
  const { textStart, textEnd } = doc.stats;
  for (let n = 1; n < texts.length; n++) {
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
export function charsBetween(segments: readonly Segment[], from: number, to: number): number {
  let chars = 0;
  for (let k = from + 1; k < to; k++) chars += segments[k].chars;
  return chars;
}
