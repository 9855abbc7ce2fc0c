import type { AnyNode, ChildNode, Document, Element, Text } from 'domhandler';
import { MatnError } from '../core/errors.js';
import { isHiddenElement } from '../dom/hidden.js';
import { TagFlag, tagFlags } from '../dom/tags.js';
import { allocateColumns, growColumns } from './columns.js';
import { TextBuilder, createTextMeasure, isSeparatorCode, measureText } from './text.js';
import { NodeKind, type DomIndex } from './types.js';

/** Largest depth {@link DomIndex.depth} can hold; deeper nodes are recorded at this depth. */
export const MAX_RECORDED_DEPTH = 0xffff;

/**
 * Options of {@link indexDocument} (a subset of the analysis options).
 * @category Analysis
 */
export interface IndexOptions {
  /** Exclude elements hidden by their own attributes (`hidden`, `aria-hidden="true"`, inline `display:none` / `visibility:hidden`). */
  readonly excludeHidden: boolean;
  /** Largest number of nodes accepted; more throws `MatnError('input-too-large')`. */
  readonly maxNodes: number;
}

/**
 * Each node's own contribution (not yet summed over subtrees), by node id.
 * @category Analysis
 */
export interface OwnCounts {
  readonly textChars: Uint32Array;
  /** Zero; filled by the sweep. */
  readonly nonLinkChars: Uint32Array;
  readonly linkChars: Uint32Array;
  readonly tags: Uint32Array;
  readonly linkTags: Uint32Array;
  readonly linkCount: Uint32Array;
  readonly punctuation: Uint32Array;
  readonly paragraphs: Uint32Array;
}

/**
 * What the single preorder walk produces: the structure, each node's own counts, and the visible text
 * with every node's span in it.
 * @category Analysis
 */
export interface IndexedDocument {
  readonly index: DomIndex;
  readonly own: OwnCounts;
  readonly text: string;
  readonly textStart: Uint32Array;
  readonly textEnd: Uint32Array;
}

/**
 * Longest tag path recorded, in elements. A deeper element shares its parent's path id, so a
 * pathological page (100,000 nested `<div>`s) does not create paths whose total length is quadratic.
 */
export const MAX_TAG_PATH_DEPTH = 256;

/** Interns tag paths by (parent path id, tag) without building a string per node. */
class TagPathTable {
  readonly paths: string[] = [];
  private readonly next: (Map<string, number> | undefined)[] = [undefined];
  private readonly depths: number[] = [];

  intern(parentPathId: number, tag: string): number {
    const parentDepth = parentPathId < 0 ? 0 : this.depths[parentPathId];
    if (parentDepth >= MAX_TAG_PATH_DEPTH) return parentPathId;
    let byTag = this.next[parentPathId + 1];
    if (byTag === undefined) {
      byTag = new Map();
      this.next[parentPathId + 1] = byTag;
    }
    let id = byTag.get(tag);
    if (id === undefined) {
      id = this.paths.length;
      this.paths.push(parentPathId < 0 ? tag : `${this.paths[parentPathId]}>${tag}`);
      this.next.push(undefined);
      this.depths.push(parentDepth + 1);
      byTag.set(tag, id);
    }
    return id;
  }
}

/**
 * Lists the element children of a node by jumping over subtrees with `subtreeEnd`.
 * @category Analysis
 */
export function listChildElements(kind: Uint8Array, subtreeEnd: Int32Array, id: number): number[] {
  const out: number[] = [];
  for (let child = id + 1; child < subtreeEnd[id]; child = subtreeEnd[child]) {
    if (kind[child] === NodeKind.Element) out.push(child);
  }
  return out;
}

/**
 * The single iterative preorder walk of the analysis: assigns ids (root = 0), parents, subtree ends,
 * depths, kinds, tags, interned tag paths and exclusion; records each node's own counts; and builds the
 * visible text with each node's span. No recursion, so depth is limited only by memory. The tree is
 * only read. `sizeHint` (see {@link estimateNodeCount}) sizes the columns up front; they double when outgrown.
 * @throws MatnError `input-too-large` when the tree has more than `options.maxNodes` nodes.
 * @category Analysis
 */
export function indexDocument(root: Document, options: IndexOptions, sizeHint = 1024): IndexedDocument {
  const excludeHidden = options.excludeHidden;
  const maxNodes = options.maxNodes;
  // Columns start at the hinted size and double when the walk outgrows them (no counting pass).
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new MatnError('invalid-argument', `maxNodes must be a positive integer, got ${maxNodes}`, { maxNodes });
  }
  let capacity = Math.min(Number.isFinite(sizeHint) ? Math.max(16, Math.ceil(sizeHint)) : 1024, maxNodes);
  const nodes: AnyNode[] = [];
  const tag: string[] = [];
  let columns = allocateColumns(capacity);
  let { parent, subtreeEnd, depth, kind, tagPathId, excluded, inLink, textChars, linkChars, tags, linkTags, linkCount, punctuation, paragraphs, textStart, textEnd } = columns;
  const paths = new TagPathTable();
  const out = new TextBuilder();
  const measure = createTextMeasure();

  // Explicit stack of open nodes: their children, the next child to visit, their id, whether they end a line.
  const stackChildren: ChildNode[][] = [];
  const stackNext: number[] = [];
  const stackId: number[] = [];
  const stackBreak: boolean[] = [];
  let sp = 0;

  nodes[0] = root;
  tag[0] = '';
  parent[0] = -1;
  kind[0] = NodeKind.Document;
  tagPathId[0] = -1;
  let nextId = 1;
  stackChildren[0] = root.children;
  stackNext[0] = 0;
  stackId[0] = 0;
  stackBreak[0] = false;
  sp = 1;

  while (sp > 0) {
    const top = sp - 1;
    const children = stackChildren[top];
    const childIndex = stackNext[top];
    if (childIndex === children.length) {
      const closing = stackId[top];
      subtreeEnd[closing] = nextId;
      textEnd[closing] = out.length;
      if (stackBreak[top]) out.breakLine();
      sp = top;
      continue;
    }
    stackNext[top] = childIndex + 1;
    const node = children[childIndex];
    const id = nextId++;
    if (id === capacity) {
      if (capacity >= maxNodes) {
        throw new MatnError('input-too-large', `document has more than maxNodes (${maxNodes}) nodes`, { maxNodes });
      }
      capacity = Math.min(capacity * 2, maxNodes);
      columns = growColumns(columns, capacity);
      ({ parent, subtreeEnd, depth, kind, tagPathId, excluded, inLink, textChars, linkChars, tags, linkTags, linkCount, punctuation, paragraphs, textStart, textEnd } = columns);
    }
    const p = stackId[top];
    nodes[id] = node;
    parent[id] = p;
    const d = depth[p] + 1;
    depth[id] = d > MAX_RECORDED_DEPTH ? MAX_RECORDED_DEPTH : d;
    textStart[id] = out.length;
    const type = node.type;
    if (type === 'text') {
      kind[id] = NodeKind.Text;
      tag[id] = '';
      tagPathId[id] = -1;
      subtreeEnd[id] = id + 1;
      if (excluded[p] === 0) {
        const data = (node as Text).data;
        measureText(data, measure);
        out.append(data, measure);
        textChars[id] = measure.chars;
        punctuation[id] = measure.punctuation;
        if (inLink[p] === 1) {
          inLink[id] = 1;
          linkChars[id] = measure.chars;
        }
      } else {
        excluded[id] = 1;
      }
      textEnd[id] = out.length;
    } else if (type === 'tag' || type === 'script' || type === 'style') {
      const element = node as Element;
      const name = element.name;
      kind[id] = NodeKind.Element;
      tag[id] = name;
      tagPathId[id] = paths.intern(tagPathId[p], name);
      const flags = tagFlags(name);
      let breaks = false;
      if (excluded[p] === 1 || (flags & TagFlag.Excluded) !== 0 || (excludeHidden && isHiddenElement(element))) {
        excluded[id] = 1;
      } else {
        tags[id] = 1;
        inLink[id] = inLink[p];
        if ((flags & TagFlag.Link) !== 0) {
          linkTags[id] = 1;
          inLink[id] = 1;
          if (element.attribs.href !== undefined) linkCount[id] = 1;
        }
        if ((flags & TagFlag.Paragraph) !== 0) paragraphs[id] = 1;
        if ((flags & (TagFlag.Block | TagFlag.LineBreak)) !== 0) out.breakLine();
        breaks = (flags & TagFlag.Block) !== 0;
      }
      const elementChildren = element.children;
      if (elementChildren.length > 0) {
        stackChildren[sp] = elementChildren;
        stackNext[sp] = 0;
        stackId[sp] = id;
        stackBreak[sp] = breaks;
        sp++;
      } else {
        subtreeEnd[id] = id + 1;
        textEnd[id] = out.length;
        if (breaks) out.breakLine();
      }
    } else {
      // Comments, doctype and other directives, CDATA: never text; CDATA children (XML only) excluded too.
      kind[id] = NodeKind.Other;
      tag[id] = '';
      tagPathId[id] = -1;
      excluded[id] = 1;
      const otherChildren = (node as Partial<Element>).children;
      if (otherChildren !== undefined && otherChildren.length > 0) {
        stackChildren[sp] = otherChildren;
        stackNext[sp] = 0;
        stackId[sp] = id;
        stackBreak[sp] = false;
        sp++;
      } else {
        subtreeEnd[id] = id + 1;
        textEnd[id] = out.length;
      }
    }
  }

  const size = nextId;
  const text = out.toString();
  const spanStart = textStart.subarray(0, size);
  const spanEnd = textEnd.subarray(0, size);
  trimSpans(text, spanStart, spanEnd);
  const index = makeIndex(
    nodes, tag, parent.subarray(0, size), subtreeEnd.subarray(0, size), depth.subarray(0, size), kind.subarray(0, size),
    tagPathId.subarray(0, size), paths.paths, excluded.subarray(0, size),
  );
  const own: OwnCounts = {
    textChars: textChars.subarray(0, size), linkChars: linkChars.subarray(0, size), nonLinkChars: columns.nonLinkChars.subarray(0, size),
    tags: tags.subarray(0, size), linkTags: linkTags.subarray(0, size), linkCount: linkCount.subarray(0, size),
    punctuation: punctuation.subarray(0, size), paragraphs: paragraphs.subarray(0, size),
  };
  return { index, own, text, textStart: spanStart, textEnd: spanEnd };
}

function makeIndex(
  nodes: AnyNode[], tag: string[], parent: Int32Array, subtreeEnd: Int32Array, depth: Uint16Array, kind: Uint8Array,
  tagPathId: Int32Array, tagPaths: string[], excluded: Uint8Array,
): DomIndex {
  return {
    size: parent.length, nodes, parent, subtreeEnd, depth, kind, tag, tagPathId, tagPaths, excluded,
    childElements: (id: number) => listChildElements(kind, subtreeEnd, id),
  };
}

/**
 * Source characters per node assumed by {@link estimateNodeCount}: news pages measure ~100 (long inline
 * scripts), dense markup ~30; overestimating costs zeroed memory, underestimating a regrowth.
 */
const CHARS_PER_NODE_ESTIMATE = 64;

/**
 * Estimates the node count of the tree parsed from `html` from its length alone (no scan), as the
 * initial size of the analysis columns; a wrong estimate costs only a regrowth.
 * @category Analysis
 */
export function estimateNodeCount(html: string): number {
  return Math.ceil(html.length / CHARS_PER_NODE_ESTIMATE) + 16;
}

/**
 * Moves each non-empty span past the one separator that may open it (separators are written in
 * front of content, so a node whose first content follows a break starts on the separator).
 */
function trimSpans(text: string, textStart: Uint32Array, textEnd: Uint32Array): void {
  for (let i = 0; i < textStart.length; i++) {
    const start = textStart[i];
    if (start < textEnd[i] && isSeparatorCode(text.charCodeAt(start))) textStart[i] = start + 1;
  }
}
