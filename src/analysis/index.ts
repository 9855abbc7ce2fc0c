import type { AnyNode } from 'domhandler';
import type { CompactTree } from '../dom/compact-tree.js';
import { reservePageScratch } from '../core/scratch.js';
import { isHidingAttribute } from '../dom/hidden.js';
import { TagFlag, tagFlags } from '../dom/tags.js';
import { allocateColumns, type NodeColumns } from './columns.js';
import { TextBuilder, createTextMeasure, isSeparatorCode, measureRange } from './text.js';
import { lazyTagLookup } from './tag-index.js';
import { NodeKind, type DomIndex } from './types.js';

export { estimateNodeCount } from '../dom/compact-tree.js';

/**
 * Options of {@link indexTree} (a subset of the analysis options).
 * @category Analysis
 */
export interface IndexOptions {
  /** Exclude elements hidden by their own attributes (`hidden`, `aria-hidden="true"`, inline `display:none` / `visibility:hidden`). */
  readonly excludeHidden: boolean;
}

/**
 * Each node's own contribution (not yet summed over subtrees), by node id. Punctuation and paragraphs are
 * not counted in the pass: they are made on first read (`stats.ts`).
 * @category Analysis
 */
export interface OwnCounts {
  readonly textChars: Uint32Array;
  readonly linkChars: Uint32Array;
  readonly linkCount: Uint32Array;
}

/**
 * What the single pass over the tree produces: the index, each node's own counts, and the visible text
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

/** Interns tag paths by (parent path id, tag id) without building a string per node. */
class TagPathTable {
  readonly paths: string[] = [];
  private readonly next: (Map<number, number> | undefined)[] = [undefined];
  private readonly depths: number[] = [];

  constructor(private readonly tagNames: readonly string[]) {}

  intern(parentPathId: number, tagId: number): number {
    const parentDepth = parentPathId < 0 ? 0 : this.depths[parentPathId];
    if (parentDepth >= MAX_TAG_PATH_DEPTH) return parentPathId;
    let byTag = this.next[parentPathId + 1];
    if (byTag === undefined) {
      byTag = new Map();
      this.next[parentPathId + 1] = byTag;
    }
    let id = byTag.get(tagId);
    if (id === undefined) {
      id = this.paths.length;
      const tag = this.tagNames[tagId];
      this.paths.push(parentPathId < 0 ? tag : `${this.paths[parentPathId]}>${tag}`);
      this.next.push(undefined);
      this.depths.push(parentDepth + 1);
      byTag.set(tagId, id);
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
 * The single pass of the analysis over a compact tree, in id (pre)order: tags, interned tag paths and
 * exclusion; each node's own counts; the visible text with each node's span. A loop over the tree's typed
 * arrays with a stack of the open nodes (no recursion, no node object). The tree is only read.
 * `materialize` gives the domhandler nodes of the tree's ids when a caller asks for `index.nodes`.
 * @category Analysis
 */
export function indexTree(tree: CompactTree, options: IndexOptions, materialize: () => readonly AnyNode[]): IndexedDocument {
  return new IndexPass(tree, options.excludeHidden).run(materialize);
}

/**
 * The most code units the visible text can take: every text node's data and a separator before each (a tight
 * bound, so that the text's buffer is not sized by the markup).
 */
function visibleTextCapacity(tree: CompactTree): number {
  const { size, kind, payloadStart, payloadEnd } = tree;
  let capacity = 0;
  for (let id = 0; id < size; id++) if (kind[id] === NodeKind.Text) capacity += payloadEnd[id] - payloadStart[id] + 1;
  return capacity;
}

/** What an attribute name means to the analysis (bits), by the tree's attribute-name id: it may hide its element, it is `href`. */
const ATTR_HIDING = 1, ATTR_HREF = 2;

/** What an open node passes on to its content (bits, one set per open node): its end breaks the line; its content is link text. */
const OPEN_BREAKS = 1, OPEN_IN_LINK = 2;

/** State of one {@link indexTree} pass (local to the call; never shared). */
class IndexPass {
  private readonly columns: NodeColumns;
  private readonly paths: TagPathTable;
  private readonly out: TextBuilder;
  private readonly measure = createTextMeasure();
  /** {@link TagFlag} bits by tag id. */
  private readonly flagsByTag: Uint8Array;
  /** ATTR_* bits by attribute-name id. */
  private readonly attrRole: Uint8Array;
  /**
   * Open nodes (ids) whose end is still to come, innermost last, and their OPEN_* bits. The innermost is
   * the parent of the node visited, so what a node inherits (link text) is read here, not from a column by id.
   */
  private stack: Int32Array = new Int32Array(64);
  private openBits: Uint8Array = new Uint8Array(64);
  private sp = 0;

  constructor(
    private readonly tree: CompactTree,
    private readonly excludeHidden: boolean,
  ) {
    this.columns = allocateColumns(Math.max(1, tree.size));
    this.paths = new TagPathTable(tree.tagNames);
    const textCapacity = visibleTextCapacity(tree);
    // the page's scratch, reserved once for its largest user before the text builder (the first) takes it
    reservePageScratch(tree.size, 2 * textCapacity);
    this.out = new TextBuilder(textCapacity);
    this.flagsByTag = Uint8Array.from(tree.tagNames, (name) => tagFlags(name));
    this.attrRole = Uint8Array.from(tree.attrNames, (name) =>
      name === 'hidden' || name === 'aria-hidden' || name === 'style' ? ATTR_HIDING : name === 'href' ? ATTR_HREF : 0);
  }

  run(materialize: () => readonly AnyNode[]): IndexedDocument {
    const { tree, columns: c, out } = this;
    const { kind, subtreeEnd, parent } = tree;
    const size = tree.size;
    for (let id = 0; id < size; id++) {
      while (this.sp > 0 && subtreeEnd[this.stack[this.sp - 1]] <= id) this.close();
      c.textStart[id] = out.length;
      c.tagPathId[id] = -1;
      const k = kind[id];
      if (k === NodeKind.Element) this.visitElement(id, parent[id]);
      else {
        if (k === NodeKind.Text) this.visitText(id, parent[id]);
        else if (k === NodeKind.Document) {
          this.open(id, 0);
          continue;
        } else {
          // comments and directives (and an XML CDATA section with its text): never visible text
          c.excluded[id] = 1;
          if (subtreeEnd[id] > id + 1) {
            this.open(id, 0);
            continue;
          }
        }
        c.textEnd[id] = out.length;
      }
    }
    while (this.sp > 0) this.close();
    return this.finish(materialize);
  }

  private open(id: number, bits: number): void {
    if (this.sp === this.stack.length) this.growStack();
    this.stack[this.sp] = id;
    this.openBits[this.sp] = bits;
    this.sp++;
  }

  private growStack(): void {
    const stack = new Int32Array(this.stack.length * 2);
    const bits = new Uint8Array(stack.length);
    stack.set(this.stack);
    bits.set(this.openBits);
    this.stack = stack;
    this.openBits = bits;
  }

  /** True when the innermost open node (the parent of the node visited) holds link text. */
  private inLink(): boolean {
    return (this.openBits[this.sp - 1] & OPEN_IN_LINK) !== 0;
  }

  private close(): void {
    const top = --this.sp;
    this.columns.textEnd[this.stack[top]] = this.out.length;
    if ((this.openBits[top] & OPEN_BREAKS) !== 0) this.out.breakLine();
  }

  private visitText(id: number, p: number): void {
    const c = this.columns;
    if (c.excluded[p] === 1) {
      c.excluded[id] = 1;
      return;
    }
    const tree = this.tree;
    const from = tree.payloadStart[id];
    const to = tree.payloadEnd[id];
    const h = tree.html.length;
    const data = from < h ? tree.html : tree.extra;
    const base = from < h ? 0 : h;
    const measure = measureRange(data, from - base, to - base, this.measure);
    this.out.appendRange(data, from - base, to - base, measure);
    c.textChars[id] = measure.chars;
    if (this.inLink()) c.linkChars[id] = measure.chars;
  }

  private visitElement(id: number, p: number): void {
    const tree = this.tree;
    const c = this.columns;
    const tagId = tree.tagId[id];
    c.tagPathId[id] = this.paths.intern(c.tagPathId[p], tagId);
    const flags = this.flagsByTag[tagId];
    const roles = this.attributeRoles(id);
    let bits = 0;
    if (c.excluded[p] === 1 || (flags & TagFlag.Excluded) !== 0 || (this.excludeHidden && (roles & ATTR_HIDING) !== 0)) {
      c.excluded[id] = 1;
    } else {
      if (this.inLink()) bits |= OPEN_IN_LINK;
      if ((flags & TagFlag.Link) !== 0) {
        // only a hyperlink makes link text: an `<a>` without href is a placeholder (`<a name=…>`), and an
        // unclosed one stretches over the rest of the page in the parse tree, so its text is the page's own
        if ((roles & ATTR_HREF) !== 0) {
          bits |= OPEN_IN_LINK;
          c.linkCount[id] = 1;
        }
      }
      if ((flags & (TagFlag.Block | TagFlag.LineBreak)) !== 0) this.out.breakLine();
      if ((flags & TagFlag.Block) !== 0) bits |= OPEN_BREAKS;
    }
    if (tree.subtreeEnd[id] > id + 1) this.open(id, bits);
    else {
      c.textEnd[id] = this.out.length;
      if ((bits & OPEN_BREAKS) !== 0) this.out.breakLine();
    }
  }

  /**
   * ATTR_HREF when the element has an `href`, ATTR_HIDING when one of its attributes hides it
   * (`isHidingAttribute`): one pass over its attribute slots, names compared by id.
   */
  private attributeRoles(id: number): number {
    const { attrName, attrNames, attrValue, payloadStart, payloadEnd } = this.tree;
    let roles = 0;
    for (let k = payloadStart[id], end = payloadEnd[id]; k < end; k++) {
      const role = this.attrRole[attrName[k]];
      if (role === ATTR_HREF) roles |= ATTR_HREF;
      else if (role === ATTR_HIDING && isHidingAttribute(attrNames[attrName[k]], attrValue[k])) roles |= ATTR_HIDING;
    }
    return roles;
  }

  private finish(materialize: () => readonly AnyNode[]): IndexedDocument {
    const size = this.tree.size;
    const c = this.columns;
    const text = this.out.finish();
    const textStart = c.textStart.subarray(0, size);
    const textEnd = c.textEnd.subarray(0, size);
    trimSpans(text, textStart, textEnd);
    const index = new TreeIndex(this.tree, c.tagPathId.subarray(0, size), this.paths.paths, c.excluded.subarray(0, size), materialize);
    const own: OwnCounts = {
      textChars: c.textChars.subarray(0, size), linkChars: c.linkChars.subarray(0, size),
      linkCount: c.linkCount.subarray(0, size),
    };
    return { index, own, text, textStart, textEnd };
  }
}

/** The {@link DomIndex} of a compact tree: its structure columns shared, the domhandler nodes made on first request. */
class TreeIndex implements DomIndex {
  readonly size: number;
  readonly parent: Int32Array;
  readonly subtreeEnd: Int32Array;
  readonly kind: Uint8Array;
  readonly elementsByTag: (name: string) => readonly number[];
  readonly tagOf: (id: number) => string;
  private materialized: readonly AnyNode[] | null = null;
  private tags: readonly string[] | null = null;

  constructor(
    readonly tree: CompactTree,
    readonly tagPathId: Int32Array,
    readonly tagPaths: readonly string[],
    readonly excluded: Uint8Array,
    private readonly materialize: () => readonly AnyNode[],
  ) {
    this.size = tree.size;
    this.parent = tree.parent;
    this.subtreeEnd = tree.subtreeEnd;
    this.kind = tree.kind;
    this.elementsByTag = lazyTagLookup(tree);
    const { kind, tagId, tagNames } = tree;
    // a closure, not a method, so that stages may destructure it with the columns
    this.tagOf = (id: number): string => (kind[id] === NodeKind.Element ? tagNames[tagId[id]] : '');
  }

  /** Made on its first read: the stages read {@link tagOf}, which holds no array as long as the page. */
  get tag(): readonly string[] {
    return (this.tags ??= Array.from({ length: this.size }, (_, id) => this.tagOf(id)));
  }

  /** The tree's, made on its first read. */
  get depth(): Uint16Array {
    return this.tree.depth;
  }

  get nodes(): readonly AnyNode[] {
    return (this.materialized ??= this.materialize());
  }

  childElements(id: number): readonly number[] {
    return listChildElements(this.kind, this.subtreeEnd, id);
  }
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
