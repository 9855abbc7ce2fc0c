/**
 * The kept text extended over the region's sibling sections: elements of the region's own tag beside
 * it, in the same parent, that a minority of the algorithms voted for as a whole.
 * @module
 */
import type { AnalyzedDocument } from '../../analysis/types.js';
import { NodeKind } from '../../analysis/types.js';
import type { AutoOptions } from './defaults.js';
import { PARAGRAPH_TAGS, plainChars, type SegmentTable } from './segments.js';

/**
 * The element children of a holder (in order) and the first and last segment (indexes) whose anchor lies
 * inside each, -1 for a child without one: columns by child position, not an object per child (a holder
 * of 300,000 element children made 300,000 objects, most of the call's peak on such a page).
 */
interface ChildSpans {
  readonly node: Int32Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
}

/** The {@link ChildSpans} of `holder`'s element children. */
function childSpans(doc: AnalyzedDocument, segments: SegmentTable, holder: number): ChildSpans {
  const { kind, subtreeEnd } = doc.index;
  // counted, then filled: children listed in a number[] first would be a second copy as long as the page
  let count = 0;
  for (let c = holder + 1; c < subtreeEnd[holder]; c = subtreeEnd[c]) if (kind[c] === NodeKind.Element) count++;
  const node = new Int32Array(count);
  count = 0;
  for (let c = holder + 1; c < subtreeEnd[holder]; c = subtreeEnd[c]) if (kind[c] === NodeKind.Element) node[count++] = c;
  const from = new Int32Array(count).fill(-1);
  const to = new Int32Array(count).fill(-1);
  let c = 0;
  for (let k = 0; k < segments.length && c < count; k++) {
    const a = segments.anchor[k];
    while (c < count && a >= subtreeEnd[node[c]]) c++;
    if (c < count && a >= node[c]) {
      if (from[c] < 0) from[c] = k;
      to[c] = k;
    }
  }
  return { node, from, to };
}


/** True when `node` lies inside a list item below `top` (a teaser list's paragraphs are entries, not prose). */
function isInListItem(doc: AnalyzedDocument, node: number, top: number): boolean {
  const { parent, tagOf } = doc.index;
  for (let n = node; n > top; n = parent[n]) if (tagOf(n) === 'li') return true;
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
  const { parent, tagOf } = doc.index;
  const holder = parent[region];
  if (holder < 0 || first < 0) return [first, last];
  const spans = childSpans(doc, segments, holder);
  const at = spans.node.indexOf(region);
  if (at < 0) return [first, last];
  /**
   * What the child at position `i` is: `section` (prose the vote carries as a whole), `bridge` (carried, but too
   * short to be a section on its own: a quotation's attribution between two sections) or `other`.
   */
  const readSpan = (i: number): { kind: 'section' | 'bridge' | 'other'; plain: number } => {
    const node = spans.node[i];
    if (tagOf(node) !== tagOf(region) || outer[node] === 1) return { kind: 'other', plain: 0 };
    let chars = 0;
    let plain = 0;
    let mass = 0;
    let prose = 0;
    let paragraphs = 0;
    for (let k = spans.from[i]; k <= spans.to[i]; k++) {
      chars += segments.chars[k];
      plain += plainChars(segments, k);
      mass += vote[k] * plainChars(segments, k);
      if (PARAGRAPH_TAGS.has(tagOf(segments.node[k])) && !isInListItem(doc, segments.node[k], node)) {
        prose += plainChars(segments, k);
        paragraphs++;
      }
    }
    const carried = chars - plain < o.maxLinkDensity * chars && mass >= o.regionVote * plain && 2 * prose > plain;
    if (!carried) return { kind: 'other', plain };
    if (paragraphs >= o.sectionMinParagraphs) return { kind: 'section', plain };
    return { kind: plain < o.extendMinChars ? 'bridge' : 'other', plain };
  };
  /**
   * The segment index the walk from the region's position outward (`step` −1 before it, +1 after it) reaches
   * (`pick` of the last section taken), or `end` when it adds too little.
   */
  const reach = (step: -1 | 1, end: number, pick: Int32Array): number => {
    let to = end;
    let mass = 0;
    for (let i = at + step; i >= 0 && i < spans.node.length; i += step) {
      if (spans.from[i] < 0 || (spans.from[i] >= first && spans.to[i] <= last)) continue;
      const { kind, plain } = readSpan(i);
      if (kind === 'other') break;
      if (kind === 'bridge') continue; // taken only when a section lies beyond it
      mass += plain;
      to = pick[i];
    }
    return mass >= o.extendMinChars ? to : end;
  };
  return [Math.min(first, reach(-1, first, spans.from)), Math.max(last, reach(1, last, spans.to))];
}
