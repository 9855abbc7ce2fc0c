import type { AnyNode, ChildNode, Document, Element, Text } from 'domhandler';
import { MatnError } from '../core/errors.js';
import { isHiddenElement } from '../dom/hidden.js';
import { TagFlag, tagFlags } from '../dom/tags.js';
import { allocateColumns, growColumns, type NodeColumns } from './columns.js';
import { TextBuilder, createTextMeasure, isSeparatorCode, measureText } from './text.js';
import { lazyTagLookup } from './tag-index.js';
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
  const maxNodes = options.maxNodes;
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new MatnError('invalid-argument', `maxNodes must be a positive integer, got ${maxNodes}`, { maxNodes });
  }
  const capacity = Math.min(Number.isFinite(sizeHint) ? Math.max(16, Math.ceil(sizeHint)) : 1024, maxNodes);
  return new IndexWalk(root, options.excludeHidden, maxNodes, capacity).run();
}

/** State of one {@link indexDocument} walk (local to the call; never shared). */
class IndexWalk {
  private columns: NodeColumns;
  private readonly nodes: AnyNode[] = [];
  private readonly tag: string[] = [];
  private readonly paths = new TagPathTable();
  private readonly out = new TextBuilder();
  private readonly measure = createTextMeasure();
  // Explicit stack of open nodes: their children, the next child to visit, their id, whether they end a line.
  private readonly stackChildren: ChildNode[][] = [];
  private readonly stackNext: number[] = [];
  private readonly stackId: number[] = [];
  private readonly stackBreak: boolean[] = [];
  private sp = 0;
  private nextId = 0;

  constructor(
    private readonly root: Document,
    private readonly excludeHidden: boolean,
    private readonly maxNodes: number,
    capacity: number,
  ) {
    this.columns = allocateColumns(capacity);
  }

  run(): IndexedDocument {
    const { root, stackChildren, stackNext, stackId } = this;
    const id = this.addNode(root, -1, NodeKind.Document, '');
    this.push(id, root.children, false);
    while (this.sp > 0) {
      const top = this.sp - 1;
      const children = stackChildren[top];
      const childIndex = stackNext[top];
      if (childIndex === children.length) {
        this.close(top);
        continue;
      }
      stackNext[top] = childIndex + 1;
      const node = children[childIndex];
      const type = node.type;
      if (type === 'text') this.visitText(node as Text, stackId[top]);
      else if (type === 'tag' || type === 'script' || type === 'style') this.visitElement(node as Element, stackId[top]);
      else this.visitOther(node, stackId[top]);
    }
    return this.finish();
  }

  /** Gives `node` the next id and records what every node has. */
  private addNode(node: AnyNode, p: number, kind: NodeKind, tag: string): number {
    const id = this.nextId++;
    if (id === this.columns.capacity) this.grow();
    const c = this.columns;
    this.nodes[id] = node;
    this.tag[id] = tag;
    c.parent[id] = p;
    c.kind[id] = kind;
    if (p >= 0) {
      const d = c.depth[p] + 1;
      c.depth[id] = d > MAX_RECORDED_DEPTH ? MAX_RECORDED_DEPTH : d;
    }
    c.tagPathId[id] = -1;
    c.textStart[id] = this.out.length;
    return id;
  }

  private grow(): void {
    const capacity = this.columns.capacity;
    if (capacity >= this.maxNodes) {
      throw new MatnError('input-too-large', `document has more than maxNodes (${this.maxNodes}) nodes`, { maxNodes: this.maxNodes });
    }
    this.columns = growColumns(this.columns, Math.min(capacity * 2, this.maxNodes));
  }

  private push(id: number, children: ChildNode[], breaks: boolean): void {
    if (children.length === 0) {
      this.end(id, breaks);
      return;
    }
    const sp = this.sp++;
    this.stackChildren[sp] = children;
    this.stackNext[sp] = 0;
    this.stackId[sp] = id;
    this.stackBreak[sp] = breaks;
  }

  private close(top: number): void {
    this.sp = top;
    this.end(this.stackId[top], this.stackBreak[top]);
  }

  private end(id: number, breaks: boolean): void {
    this.columns.subtreeEnd[id] = this.nextId;
    this.columns.textEnd[id] = this.out.length;
    if (breaks) this.out.breakLine();
  }

  private visitText(node: Text, p: number): void {
    const id = this.addNode(node, p, NodeKind.Text, '');
    const c = this.columns;
    if (c.excluded[p] === 0) {
      const data = node.data;
      const measure = measureText(data, this.measure);
      this.out.append(data, measure);
      c.textChars[id] = measure.chars;
      c.punctuation[id] = measure.punctuation;
      if (c.inLink[p] === 1) {
        c.inLink[id] = 1;
        c.linkChars[id] = measure.chars;
      }
    } else {
      c.excluded[id] = 1;
    }
    this.end(id, false);
  }

  private visitElement(element: Element, p: number): void {
    const name = element.name;
    const id = this.addNode(element, p, NodeKind.Element, name);
    const c = this.columns;
    c.tagPathId[id] = this.paths.intern(c.tagPathId[p], name);
    const flags = tagFlags(name);
    let breaks = false;
    if (c.excluded[p] === 1 || (flags & TagFlag.Excluded) !== 0 || (this.excludeHidden && isHiddenElement(element))) {
      c.excluded[id] = 1;
    } else {
      c.tags[id] = 1;
      c.inLink[id] = c.inLink[p];
      if ((flags & TagFlag.Link) !== 0) {
        c.linkTags[id] = 1;
        // only a hyperlink makes link text: an `<a>` without href is a placeholder (`<a name=…>`), and an
        // unclosed one stretches over the rest of the page in the parse tree, so its text is the page's own
        if (element.attribs.href !== undefined) {
          c.inLink[id] = 1;
          c.linkCount[id] = 1;
        }
      }
      if ((flags & TagFlag.Paragraph) !== 0) c.paragraphs[id] = 1;
      if ((flags & (TagFlag.Block | TagFlag.LineBreak)) !== 0) this.out.breakLine();
      breaks = (flags & TagFlag.Block) !== 0;
    }
    this.push(id, element.children, breaks);
  }

  /** Comments, doctype and other directives, CDATA: never text; CDATA children (XML only) excluded too. */
  private visitOther(node: AnyNode, p: number): void {
    const id = this.addNode(node, p, NodeKind.Other, '');
    this.columns.excluded[id] = 1;
    this.push(id, (node as Partial<Element>).children ?? [], false);
  }

  private finish(): IndexedDocument {
    const size = this.nextId;
    const c = this.columns;
    const text = this.out.toString();
    const textStart = c.textStart.subarray(0, size);
    const textEnd = c.textEnd.subarray(0, size);
    trimSpans(text, textStart, textEnd);
    const index = makeIndex(
      this.nodes, this.tag, c.parent.subarray(0, size), c.subtreeEnd.subarray(0, size), c.depth.subarray(0, size),
      c.kind.subarray(0, size), c.tagPathId.subarray(0, size), this.paths.paths, c.excluded.subarray(0, size),
    );
    const own: OwnCounts = {
      textChars: c.textChars.subarray(0, size), linkChars: c.linkChars.subarray(0, size), nonLinkChars: c.nonLinkChars.subarray(0, size),
      tags: c.tags.subarray(0, size), linkTags: c.linkTags.subarray(0, size), linkCount: c.linkCount.subarray(0, size),
      punctuation: c.punctuation.subarray(0, size), paragraphs: c.paragraphs.subarray(0, size),
    };
    return { index, own, text, textStart, textEnd };
  }
}

function makeIndex(
  nodes: AnyNode[], tag: string[], parent: Int32Array, subtreeEnd: Int32Array, depth: Uint16Array, kind: Uint8Array,
  tagPathId: Int32Array, tagPaths: string[], excluded: Uint8Array,
): DomIndex {
  return {
    size: parent.length, nodes, parent, subtreeEnd, depth, kind, tag, tagPathId, tagPaths, excluded,
    childElements: (id: number) => listChildElements(kind, subtreeEnd, id),
    elementsByTag: lazyTagLookup(kind, tag),
  };
}

/**
 * Estimates the node count of the tree parsed from `html`, as the initial size of the analysis columns:
 * twice the number of `<` plus 16, an upper bound (every element, comment or directive starts at a `<`,
 * and at most one text node lies between two of them), so the columns never have to grow. A length-based
 * guess (64 characters per node) was off by 2x either way: dense pages regrew their columns once or twice
 * (allocation and copy, ~10 % of the index walk on a 1 MB page), script-heavy ones zeroed 4x the memory.
 * One `indexOf` pass over the string.
 * @category Analysis
 */
export function estimateNodeCount(html: string): number {
  let lt = 0;
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) lt++;
  return 2 * lt + 16;
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
