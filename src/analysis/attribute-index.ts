/**
 * The attribute name → element ids index of a page, built on the first question in one pass (the
 * names of each element's attributes, listed once), then shared by every later question on that page.
 * The thread stage asks for the few elements that state a user name (`data-username`, …) or a date
 * (`datetime`, `data-timestamp`, `title`, …): looking each of those names up on every element of the
 * page cost more than listing the names an element has (most have one or two attributes).
 * @module
 */
import type { Element } from 'domhandler';
import { NodeKind, type AnalyzedDocument } from './types.js';

/** Element ids by attribute name (as the parser gives it: lower case for HTML), each list in document order. */
type AttributeIndex = ReadonlyMap<string, readonly number[]>;

const INDEXES = new WeakMap<AnalyzedDocument, AttributeIndex>();
const NONE: readonly number[] = Object.freeze([]);

/** Groups the element ids of a page by the names of their attributes, in document order (one pass). */
function buildAttributeIndex(doc: AnalyzedDocument): AttributeIndex {
  const { size, kind, nodes } = doc.index;
  const out = new Map<string, number[]>();
  for (let id = 0; id < size; id++) {
    if (kind[id] !== NodeKind.Element) continue;
    const names = Object.keys((nodes[id] as Element).attribs);
    for (let k = 0; k < names.length; k++) {
      const ids = out.get(names[k]);
      if (ids === undefined) out.set(names[k], [id]);
      else ids.push(id);
    }
  }
  return out;
}

/**
 * Ids of the elements of `doc` that have at least one of the attributes `names` (whatever their
 * values), in document order, without repeats.
 * @category Analysis
 */
export function elementsWithAttributes(doc: AnalyzedDocument, names: readonly string[]): readonly number[] {
  let index = INDEXES.get(doc);
  if (index === undefined) INDEXES.set(doc, (index = buildAttributeIndex(doc)));
  const lists = names.map((n) => index.get(n) ?? NONE).filter((l) => l.length > 0);
  if (lists.length === 0) return NONE;
  if (lists.length === 1) return lists[0];
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}
