/**
 * The standfirst: the prose a page sets between its headline and the story's first paragraph (a lead,
 * a subtitle, an introduction in its own header block). The members rarely vote for it — it sits in a
 * different container from the story, often next to the byline and the date — yet a reader reads it
 * as the story's opening.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { linkDensity } from './cleanup.js';
import { firstText, plainChars, segmentText, textAt, textCount, type SegmentTable } from './segments.js';

/** Elements that show a picture (a caption's companion). */
const PICTURE_TAGS: ReadonlySet<string> = new Set(['img', 'picture', 'video', 'svg']);

/** Whether element `e` shows a picture and no text (an `<img>`, or a link or box around one). */
function isBarePicture(doc: AnalyzedDocument, e: number): boolean {
  if (doc.stats.textChars[e] > 0) return false;
  const { subtreeEnd, tagOf } = doc.index;
  for (let i = e; i < subtreeEnd[e]; i++) if (PICTURE_TAGS.has(tagOf(i))) return true;
  return false;
}

/**
 * Whether segment `s` is the caption of a picture: its block, or an ancestor holding at most twice its
 * text (a credit line may stand beside a caption) and not the page's `headline` (a caption's box never
 * holds it; the header that holds headline and lead may follow a hero picture), comes right after a
 * sibling that shows a picture and no text. Pages set captions in a `div` or `p` after the `<img>` as
 * often as in a `figcaption`.
 */
export function isPictureCaption(doc: AnalyzedDocument, segments: SegmentTable, k: number, headline = -1): boolean {
  const { parent, subtreeEnd } = doc.index;
  const { textChars } = doc.stats;
  const holdsHeadline = (x: number) => headline >= x && headline < subtreeEnd[x];
  for (let x = segments.node[k]; x > 0 && parent[x] >= 0 && textChars[x] <= 2 * segments.chars[k] && !holdsHeadline(x); x = parent[x]) {
    const siblings = doc.index.childElements(parent[x]);
    const at = siblings.indexOf(x);
    if (at > 0 && isBarePicture(doc, siblings[at - 1])) return true;
  }
  return false;
}

/** A field's label: text that ends with a colon (`Date:`, `المصدر:`, `来源：`). */
const LABEL = /[:：﹕]\s*$/u;

/**
 * Whether segment `k` is a line of fields: two or more of its text nodes are labels ({@link LABEL}), as in
 * a dateline or byline "Date: … Source: … Author: … Views:", however long the line.
 */
export function isFieldLine(doc: AnalyzedDocument, segments: SegmentTable, k: number): boolean {
  // one text node holds one label at most
  let labels = 0;
  for (let n = 0; n < textCount(segments, k); n++) if (LABEL.test(doc.textOf(textAt(segments, k, n))) && ++labels >= 2) return true;
  return false;
}

/** What {@link standfirstSegments} reads of `auto`'s options. */
export interface StandfirstOptions {
  readonly maxLinkDensity: number;
  readonly standfirstMinChars: number;
}

/**
 * The page's headline above the first kept segment `first`: the last of `headings` (`titleHeadings`: the
 * `<h1>`–`<h3>` the `<title>` repeats) that ends before it; -1 when none does.
 */
export function headlineAbove(doc: AnalyzedDocument, segments: SegmentTable, headings: readonly number[], first: number): number {
  if (first < 0) return -1;
  const start = firstText(segments, first); // text nodes are in document order; a block of loose text may start before a heading it follows
  let headline = -1;
  for (const h of headings) if (doc.index.subtreeEnd[h] <= start) headline = Math.max(headline, h);
  return headline;
}

/**
 * Indexes of the segments between `headline` (see {@link headlineAbove}) and the first kept segment `first`
 * that read as prose: at least `standfirstMinChars` non-link characters, not link-dense, no line of
 * fields ({@link isFieldLine}), not `blocked`
 * (furniture, a figure, a comment or a form) and not a picture's caption ({@link isPictureCaption}). The
 * byline, the date and the share buttons that lie between them stay out (short or link-dense). A text
 * the page sets twice (one copy for small screens, one for large, or a summary cut from the story's first
 * paragraph) is read once: its first copy, unless `first` holds it.
 */
export function standfirstSegments(
  doc: AnalyzedDocument, segments: SegmentTable, headline: number, first: number, blocked: (k: number) => boolean, o: StandfirstOptions,
): number[] {
  if (first < 0 || headline < 0) return [];
  const end = doc.index.subtreeEnd[headline];
  const found: number[] = [];
  for (let k = first - 1; k >= 0 && firstText(segments, k) >= end; k--) {
    if (plainChars(segments, k) >= o.standfirstMinChars && linkDensity(segments, k) < o.maxLinkDensity && !isFieldLine(doc, segments, k) && !blocked(k)
      && !isPictureCaption(doc, segments, k, headline)) found.push(k);
  }
  const textOf = (k: number) => segmentText(doc, segments, k).replace(/\s+/gu, ' ').trim();
  const story = textOf(first);
  const seen = new Set<string>();
  const out: number[] = [];
  for (const k of found.reverse()) {
    const text = textOf(k);
    if (seen.has(text) || story.includes(text)) continue;
    seen.add(text);
    out.push(k);
  }
  return out;
}
