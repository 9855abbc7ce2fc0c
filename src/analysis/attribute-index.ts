/**
 * The elements of a page that have one of a few attributes, found in one pass over the names of each
 * element's attributes, and remembered for the page. The thread stage asks for the
 * few elements that state a user name (`data-username`, …) or a date (`datetime`, `data-timestamp`,
 * `title`, …): looking each of those names up on every element of the page cost more than listing
 * the names an element has (most have one or two attributes).
 * @module
 */
import { forEachAttribute } from './node-data.js';
import { NodeKind, type AnalyzedDocument } from './types.js';

/** Per page, the answer for each list of names asked (by the list's identity: callers pass a constant). */
const ANSWERS = new WeakMap<AnalyzedDocument, Map<readonly string[], readonly number[]>>();

/** The elements of `doc` with at least one attribute named in `names`, in document order (one pass). */
function scanAttributes(doc: AnalyzedDocument, names: ReadonlySet<string>): number[] {
  const { size, kind } = doc.index;
  const out: number[] = [];
  let found = false;
  // the names an element has, without an array per element; stops at the first one asked for
  const visit = (name: string): boolean => (found = names.has(name));
  for (let id = 0; id < size; id++) {
    if (kind[id] !== NodeKind.Element) continue;
    found = false;
    forEachAttribute(doc, id, visit);
    if (found) out.push(id);
  }
  return out;
}

/**
 * Ids of the elements of `doc` that have at least one of the attributes `names` (as the parser gives
 * them: lower case for HTML), whatever their values, in document order, once each. Remembered per
 * page and list: pass the same (constant) list to be answered from memory.
 * @category Analysis
 */
export function elementsWithAttributes(doc: AnalyzedDocument, names: readonly string[]): readonly number[] {
  let answers = ANSWERS.get(doc);
  if (answers === undefined) ANSWERS.set(doc, (answers = new Map()));
  let ids = answers.get(names);
  if (ids === undefined) answers.set(names, (ids = scanAttributes(doc, new Set(names))));
  return ids;
}
