/**
 * What a node holds besides its place in the tree: an element's attributes, a text node's data, its
 * source offsets. Stage code reads them only through these functions, by node id (never through a
 * domhandler node), so the tree under them can change without touching a stage.
 *
 * ```ts
 * attributeOf(doc, id, 'class');                       // string | undefined (undefined for non-elements)
 * forEachAttribute(doc, id, (name, value) => { … });   // return true to stop early
 * textDataOf(doc, id);                                 // a text node's data, as parsed ('' for other nodes)
 * ```
 *
 * Structure (parent, children, subtree, tag, kind) is read from the index's typed arrays
 * (`doc.index.parent`, `subtreeEnd`, `tag`, …) and `analysis/tree.ts`.
 * @module
 */
import { attributeValue, dataOf } from '../dom/compact-tree.js';
import { NodeKind, type DomIndex } from './types.js';

/** What the accessors read: an analyzed document, or anything with its index. */
export interface NodeSource {
  readonly index: DomIndex;
}

/**
 * The value of attribute `name` (lower case, as the parser gives names) of element `id`; undefined when
 * the element has no such attribute or `id` is not an element.
 * @category Analysis
 */
export function attributeOf(doc: NodeSource, id: number, name: string): string | undefined {
  const tree = doc.index.tree;
  return attributeValue(tree, id, tree.attrNameId(name));
}

/**
 * Calls `visit(name, value)` for each attribute of element `id`, in source order, until `visit` returns
 * true (nothing for a non-element). Cheaper than asking {@link attributeOf} for several names on every
 * element: most elements have none, one or two attributes.
 * @category Analysis
 */
export function forEachAttribute(doc: NodeSource, id: number, visit: (name: string, value: string) => boolean | void): void {
  const { kind, payloadStart, payloadEnd, attrName, attrNames, attrValue } = doc.index.tree;
  if (kind[id] !== NodeKind.Element) return;
  for (let k = payloadStart[id], end = payloadEnd[id]; k < end; k++) if (visit(attrNames[attrName[k]], attrValue[k]) === true) return;
}

/**
 * The ids of attribute `names` in the page's tree (−1 for a name no element of the page has), for
 * {@link readAttributes}.
 * @category Analysis
 */
export function attributeNameIds(doc: NodeSource, names: readonly string[]): Int32Array {
  return Int32Array.from(names, (name) => doc.index.tree.attrNameId(name));
}

/**
 * Reads the attributes `nameIds` (from {@link attributeNameIds}) of element `id` into `values`, by
 * position; undefined for those it lacks. One walk of its attribute slots, names compared as numbers:
 * what a walk over every element asking for a few names wants (most elements have none, one or two).
 * @category Analysis
 */
export function readAttributes(doc: NodeSource, id: number, nameIds: Int32Array, values: (string | undefined)[]): void {
  const { kind, payloadStart, payloadEnd, attrName, attrValue } = doc.index.tree;
  values.fill(undefined);
  if (kind[id] !== NodeKind.Element) return;
  for (let k = payloadStart[id], end = payloadEnd[id]; k < end; k++) {
    const name = attrName[k];
    for (let n = 0; n < nameIds.length; n++) {
      if (nameIds[n] === name) {
        values[n] = attrValue[k];
        break;
      }
    }
  }
}

/**
 * The data of text node `id` as the parser gave it: references decoded, whitespace as written, hidden
 * or excluded text (`<script>`, `<title>`) too. '' for any other node.
 * @category Analysis
 */
export function textDataOf(doc: NodeSource, id: number): string {
  const tree = doc.index.tree;
  return tree.kind[id] === NodeKind.Text ? dataOf(tree, id) : '';
}
