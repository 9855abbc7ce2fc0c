/**
 * The kept text extended over the region's sibling sections: elements of the region's own tag beside
 * it, in the same parent, that a minority of the algorithms voted for as a whole.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { AutoOptions } from './defaults.js';
import { PARAGRAPH_TAGS, plainChars, type SegmentTable } from './segments.js';

/** The first and last segment (indexes) whose anchor lies inside each child element of `holder`. */
function childSpans(doc: AnalyzedDocument, segments: SegmentTable, holder: number): { node: number; from: number; to: number }[] {
  const { subtreeEnd } = doc.index;
  const children = doc.index.childElements(holder);
  const spans = children.map((node) => ({ node, from: -1, to: -1 }));
  let c = 0;
  for (let k = 0; k < segments.length && c < children.length; k++) {
    const a = segments.anchor[k];
    while (c < children.length && a >= subtreeEnd[children[c]]) c++;
    if (c < children.length && a >= children[c]) {
      if (spans[c].from < 0) spans[c].from = k;
      spans[c].to = k;
    }
  }
  return spans;
}


/** True when `node` lies inside a list item below `top` (a teaser list's paragraphs are entries, not prose). */
function isInListItem(doc: AnalyzedDocument, node: number, top: number): boolean {
  const { parent, tag } = doc.index;
  for (let n = node; n > top; n = parent[n]) if (tag[n] === 'li') return true;
  return false;
}

/**
 * `[first, last]` extended over the sections beside the region: the element siblings of the region
 * with the region's own tag (`div` beside `div`, `td` beside `td`), taken whole, outward from the
 * region, while each is a section of prose the vote carries: in no furniture (`outer`), not
 * link-dense, most of its non-link characters in paragraphs (`p`, `blockquote`, not list items),
 * at least `sectionMinParagraphs` of them, and a mean vote of at least `regionVote` over its non-link
 * characters. Siblings without text, or already inside the kept range, are stepped over, and so is a
 * carried sibling too short to be a section (under `extendMinChars`: a quotation's attribution),
 * which is taken only when a section lies beyond it; any other sibling stops the walk on that side;
 * a side is taken only when the sections it adds hold `extendMinChars` non-link characters.
 *
 * Why: the algorithms often agree on one section of a long document only (one `div` of a converted
 * Word file, the last part of an essay) while one or two of them take the sections the page sets
 * beside it. A section of the same kind, in the same parent, written in paragraphs and carried by a
 * third of the weight as a whole, is the same document; a teaser list (list items) or an author's
 * bio (one paragraph) beside a post is not.
 */
export function extendToSiblingSections(
  doc: AnalyzedDocument, segments: SegmentTable, vote: Float64Array, region: number, outer: Uint8Array, first: number, last: number,
  o: Readonly<Pick<Required<AutoOptions>, 'regionVote' | 'maxLinkDensity' | 'extendMinChars' | 'sectionMinParagraphs'>>,
): [number, number] {
  const { parent, tag } = doc.index;
  const holder = parent[region];
  if (holder < 0 || first < 0) return [first, last];
  const spans = childSpans(doc, segments, holder);
  const at = spans.findIndex((s) => s.node === region);
  if (at < 0) return [first, last];
  /**
   * What the span is: `section` (prose the vote carries as a whole), `bridge` (carried, but too short to
   * be a section on its own: a quotation's attribution between two sections) or `other`.
   */
  const readSpan = (s: { node: number; from: number; to: number }): { kind: 'section' | 'bridge' | 'other'; plain: number } => {
    if (tag[s.node] !== tag[region] || outer[s.node] === 1) return { kind: 'other', plain: 0 };
    let chars = 0;
    let plain = 0;
    let mass = 0;
    let prose = 0;
    let paragraphs = 0;
    for (let k = s.from; k <= s.to; k++) {
      chars += segments.chars[k];
      plain += plainChars(segments, k);
      mass += vote[k] * plainChars(segments, k);
      if (PARAGRAPH_TAGS.has(tag[segments.node[k]]) && !isInListItem(doc, segments.node[k], s.node)) {
        prose += plainChars(segments, k);
        paragraphs++;
      }
    }
    const carried = chars - plain < o.maxLinkDensity * chars && mass >= o.regionVote * plain && 2 * prose > plain;
    if (!carried) return { kind: 'other', plain };
    if (paragraphs >= o.sectionMinParagraphs) return { kind: 'section', plain };
    return { kind: plain < o.extendMinChars ? 'bridge' : 'other', plain };
  };
  /** The segment index the walk over `order` (sibling positions) reaches, or `end` when it adds too little. */
  const reach = (order: number[], end: number, pick: (s: { from: number; to: number }) => number): number => {
    let to = end;
    let mass = 0;
    for (const i of order) {
      const s = spans[i];
      if (s.from < 0 || (s.from >= first && s.to <= last)) continue;
      const { kind, plain } = readSpan(s);
      if (kind === 'other') break;
      if (kind === 'bridge') continue; // taken only when a section lies beyond it
      mass += plain;
      to = pick(s);
    }
    return mass >= o.extendMinChars ? to : end;
  };
  const before = Array.from({ length: at }, (_, i) => at - 1 - i);
  const after = Array.from({ length: spans.length - at - 1 }, (_, i) => at + 1 + i);
  return [Math.min(first, reach(before, first, (s) => s.from)), Math.max(last, reach(after, last, (s) => s.to))];
}
