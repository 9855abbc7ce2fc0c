/**
 * The elements of a page that have one of a few attributes, found in one pass over the names of each
 * element's attributes, and remembered for the page. The thread stage asks for the
 * few elements that state a user name (`data-username`, …) or a date (`datetime`, `data-timestamp`,
 * `title`, …): looking each of those names up on every element of the page cost more than reading
 * the name ids of an element's attribute slots (most have one or two).
 * @module
 */
import { NodeKind, type AnalyzedDocument } from './types.js';

/** Per page, the answer for each list of names asked (by the list's identity: callers pass a constant). */
const ANSWERS = new WeakMap<AnalyzedDocument, Map<readonly string[], readonly number[]>>();

/** The elements of `doc` with at least one attribute named in `names`, in document order (one pass over the attribute slots). */
function scanAttributes(doc: AnalyzedDocument, names: readonly string[]): number[] {
  const { size, kind, tree } = doc.index;
  const { payloadStart, payloadEnd, attrName, attrNames } = tree;
  // the names asked, by the page's name ids: a slot is tested by one array read, not by hashing its name
  const wanted = new Uint8Array(attrNames.length);
  let any = false;
  for (const name of names) {
    const nameId = tree.attrNameId(name);
    if (nameId >= 0) wanted[nameId] = 1;
    any ||= nameId >= 0;
  }
  const out: number[] = [];
  if (!any) return out; // no element of the page has one of them
  for (let id = 0; id < size; id++) {
    if (kind[id] !== NodeKind.Element) continue;
    for (let k = payloadStart[id], end = payloadEnd[id]; k < end; k++) {
      if (wanted[attrName[k]] === 1) {
        out.push(id);
        break;
      }
    }
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
  if (ids === undefined) answers.set(names, (ids = scanAttributes(doc, names)));
  return ids;
}
