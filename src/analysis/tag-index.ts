/**
 * The tag → element ids index of a page: built on the first question, in one pass over the nodes,
 * then shared by every later one. The metadata stage asks for `<meta>`, `<script>`, `<link>`,
 * `<title>`, `<h1>`–`<h6>`, `<base>` and `<html>` many times per page; each question used to walk
 * every node.
 * @module
 */
import { NodeKind } from './types.js';

/** Element ids by lower-case tag name, each list in document (preorder) order. */
export type TagIndex = ReadonlyMap<string, readonly number[]>;

const NONE: readonly number[] = Object.freeze([]);

/** Groups the element ids of a page by tag, in document order (one pass). */
export function buildTagIndex(kind: Uint8Array, tag: readonly string[]): TagIndex {
  const out = new Map<string, number[]>();
  for (let id = 0; id < kind.length; id++) {
    if (kind[id] !== NodeKind.Element) continue;
    const ids = out.get(tag[id]);
    if (ids === undefined) out.set(tag[id], [id]);
    else ids.push(id);
  }
  return out;
}

/** A function answering {@link TagIndex} questions, building the index on its first call only. */
export function lazyTagLookup(kind: Uint8Array, tag: readonly string[]): (name: string) => readonly number[] {
  let index: TagIndex | null = null;
  return (name) => (index ??= buildTagIndex(kind, tag)).get(name) ?? NONE;
}

/**
 * Ids of the elements whose tag is in `tags`, in document order, at most `limit`: the lists of the
 * tag index merged (they are each in order, so a k-way merge keeps the page's order).
 * @category Analysis
 */
export function findElements(
  index: { readonly elementsByTag: (name: string) => readonly number[] },
  tags: Iterable<string>,
  limit = Number.MAX_SAFE_INTEGER,
): number[] {
  const lists = [...tags].map((t) => index.elementsByTag(t)).filter((l) => l.length > 0);
  if (lists.length === 1) return lists[0].slice(0, limit);
  const at = new Array<number>(lists.length).fill(0);
  const out: number[] = [];
  while (out.length < limit) {
    let best = -1;
    for (let l = 0; l < lists.length; l++) {
      if (at[l] < lists[l].length && (best < 0 || lists[l][at[l]] < lists[best][at[best]])) best = l;
    }
    if (best < 0) break;
    out.push(lists[best][at[best]++]);
  }
  return out;
}
