/**
 * The page's own headline as `auto` reads it for the island decision: the `<h1>`–`<h3>` elements whose
 * text the `<title>` repeats, and the voted text that follows one of them closely (the post under its
 * headline). A short post under its headline is what the page is about, even when a longer "about me"
 * box or footer line elsewhere collects more votes.
 * @module
 */
import { findElements } from '../../analysis/tag-index.js';
import { NodeKind, type AnalyzedDocument } from '../../analysis/types.js';
import type { Segment } from './segments.js';

/** Headings a post's headline is written in (smaller ones head sections, not the page). */
const HEADLINE_TAGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3']);
const TITLE_TAGS: ReadonlySet<string> = new Set(['title']);

/** Text as the headline test compares it: letters and digits only, lower-cased (punctuation and spacing differ between `<title>` and heading). */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The `<title>`'s text (excluded from the page text, so read from its text nodes). */
function titleText(doc: AnalyzedDocument): string {
  const id = findElements(doc.index, TITLE_TAGS, 1)[0];
  if (id === undefined) return '';
  const { kind, nodes, subtreeEnd } = doc.index;
  let text = '';
  for (let i = id + 1; i < subtreeEnd[id]; i++) if (kind[i] === NodeKind.Text) text += (nodes[i] as { data: string }).data;
  return text;
}

/**
 * Ids of the `<h1>`–`<h3>` elements (not excluded) whose text, compared without case, spacing and
 * punctuation, is part of the page's `<title>`: the post's headline, and often the site's name in its
 * logo heading (both are kept; the caller only needs the headline to be among them).
 */
export function titleHeadings(doc: AnalyzedDocument): number[] {
  const title = comparable(titleText(doc));
  if (title === '') return [];
  return findElements(doc.index, HEADLINE_TAGS).filter((id) => {
    if (doc.index.excluded[id] === 1) return false;
    const heading = comparable(doc.textOf(id));
    return heading !== '' && title.includes(heading);
  });
}

/**
 * Indexes of the segments of `voted` that open the text under one of `headings`: for each heading,
 * the first voted segment inside it or after it, when the segments between the heading and it hold at
 * most `maxGapChars` characters (a date or byline line, not a sidebar).
 */
export function segmentsUnderHeadings(
  doc: AnalyzedDocument, segments: readonly Segment[], voted: readonly number[], headings: readonly number[], maxGapChars: number,
): Set<number> {
  const out = new Set<number>();
  const { subtreeEnd } = doc.index;
  for (const h of headings) {
    // the first segment at or after the heading's start (segments are in document order, node ids in preorder)
    const start = segments.findIndex((s) => s.node >= h);
    if (start < 0) continue;
    const next = voted.find((k) => k >= start);
    if (next === undefined) continue;
    let gap = 0;
    for (let k = start; k < next; k++) if (segments[k].node >= subtreeEnd[h]) gap += segments[k].chars;
    if (gap <= maxGapChars) out.add(next);
  }
  return out;
}
