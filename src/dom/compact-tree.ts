/**
 * The compact tree: a parsed page as typed arrays indexed by node id, no JS object per node (the model:
 * lexbor under resiliparse, simdjson's tape). Ids are given in document order, which is preorder, so a
 * node's descendants are the ids `id + 1 … subtreeEnd[id] − 1`, its first child is `id + 1` (when that is
 * below `subtreeEnd[id]`) and its next sibling `subtreeEnd[id]` (when that is below its parent's end).
 *
 * - Structure: `kind` ({@link NodeKind}), `tagId` (into `tagNames`), `parent`, `subtreeEnd`, `depth` (made
 *   from `parent` on its first read: the pipeline reads it on few pages).
 * - Source offsets of text nodes (`textSourceStart(id)`, `textSourceEnd(id)`), as htmlparser2 reports them:
 *   the payload's range when the text is the source as written (most text), else read from a short table of
 *   the others (text with a character reference, text joined around an ignored end tag). Elements and
 *   comments keep none: no stage reads them, and two columns would cost 8 bytes of every node (a caller who
 *   wants them reads `startIndex`/`endIndex` of the domhandler nodes).
 * - Payload: `payloadStart`/`payloadEnd`. A text or comment node's data is a range of one page string: of
 *   `html` itself while it is the source as written (most text), or past `html.length`, of `extra`, the data
 *   the parser had to decode (a character reference) or to join (text around an ignored end tag). An element's
 *   payload is its range of attribute slots (`attrName` into `attrNames`, `attrValue`), in source order,
 *   duplicates dropped as the parser drops them.
 * - A directive (`<!doctype …>`) is kind Other with its name as `tagId` and its data as payload; a comment is
 *   kind Other with `tagId` 0.
 *
 * The tree is never mutated after it is built. domhandler nodes are made from it only on request
 * (`dom/parse.ts`).
 * @module
 */
import { MatnError } from '../core/errors.js';
import { firstAtLeast } from '../core/lists.js';

/**
 * Node kinds of {@link CompactTree.kind} (the analysis re-exports them as `NodeKind`).
 * @category DOM
 */
export const NodeKind = Object.freeze({ Document: 0, Element: 1, Text: 2, Other: 3 } as const);
/** @category DOM */
export type NodeKind = (typeof NodeKind)[keyof typeof NodeKind];

/**
 * A parsed page as typed arrays by node id (see the module's description).
 * @category DOM
 */
export interface CompactTree {
  /** Number of nodes; the document is id 0. */
  readonly size: number;
  /** The string the tree was parsed from; text ranges below `html.length` are ranges of it. */
  readonly html: string;
  /** Data the parser decoded or joined; a payload offset `o ≥ html.length` is `extra[o − html.length]`. */
  readonly extra: string;
  readonly kind: Uint8Array;
  /** Index in {@link CompactTree.tagNames}: the tag of an element, the name of a directive; 0 (`''`) otherwise. */
  readonly tagId: Uint16Array;
  /** Distinct tag and directive names of the page, lower case; `tagNames[0]` is `''`. */
  readonly tagNames: readonly string[];
  /** Parent id; −1 for the document. */
  readonly parent: Int32Array;
  /** One past the last id of the node's subtree. */
  readonly subtreeEnd: Int32Array;
  /** Depth from the document (document 0), capped at 65,535; made on the first read. */
  readonly depth: Uint16Array;
  /** Text node `id`: the source offset of its first character in `html`; −1 when unknown or not a text node. */
  textSourceStart(id: number): number;
  /** Text node `id`: the source offset of its last character in `html` (inclusive); −1 when unknown or not a text node. */
  textSourceEnd(id: number): number;
  /** Text, comment, directive: start of its data (see `extra`). Element: its first attribute slot. */
  readonly payloadStart: Uint32Array;
  /** End (exclusive) of the range of `payloadStart`. */
  readonly payloadEnd: Uint32Array;
  /** Attribute slots: the name's index in {@link CompactTree.attrNames}. */
  readonly attrName: Uint32Array;
  /** Attribute slots: the value, as the parser decoded it. */
  readonly attrValue: readonly string[];
  /** Distinct attribute names of the page, lower case. */
  readonly attrNames: readonly string[];
  /** The id of an attribute name in {@link CompactTree.attrNames}, or −1 when no element of the page has it. */
  attrNameId(name: string): number;
}

/** Largest depth recorded in {@link CompactTree.depth}; deeper nodes are recorded at this depth. */
export const MAX_RECORDED_DEPTH = 0xffff;
/** Most distinct tag and directive names of one page (ids are 16 bits). */
const MAX_TAG_NAMES = 0xffff;
/**
 * The name every tag past the first {@link MAX_TAG_NAMES} − 1 distinct names of a page is recorded under
 * (no page of prose invents 65,534 tag names; docs/limits.md).
 */
export const OVERFLOW_TAG = 'x-matn-overflow';
/** The name of a CDATA node in {@link CompactTree.tagNames} (a tree built from a domhandler document in XML mode). */
export const CDATA_NAME = '#cdata';

/** The data of node `id` (text, comment, directive) as one string. */
export function dataOf(tree: CompactTree, id: number): string {
  const start = tree.payloadStart[id];
  const end = tree.payloadEnd[id];
  const h = tree.html.length;
  return start < h ? tree.html.slice(start, end) : tree.extra.slice(start - h, end - h);
}

/** The value of attribute `nameId` (from {@link CompactTree.attrNameId}) of element `id`, or undefined. */
export function attributeValue(tree: CompactTree, id: number, nameId: number): string | undefined {
  if (nameId < 0 || tree.kind[id] !== NodeKind.Element) return undefined;
  const { attrName } = tree;
  for (let k = tree.payloadStart[id], end = tree.payloadEnd[id]; k < end; k++) if (attrName[k] === nameId) return tree.attrValue[k];
  return undefined;
}

/**
 * Typed columns of the builder (all but `depth`, made from `parent` when read), views of one buffer sized from the page's tag count
 * ({@link estimateNodeCount}) and grown by half when outgrown. `finish` gives the tree these very columns
 * (cut to its size) when they are nearly full, which the estimate makes them on most pages: no second set
 * of columns, no copy (see {@link MIN_KEPT_FILL}).
 */
interface Columns {
  capacity: number;
  kind: Uint8Array;
  tagId: Uint16Array;
  parent: Int32Array;
  subtreeEnd: Int32Array;
  payloadStart: Uint32Array;
  payloadEnd: Uint32Array;
}

/** Bytes per node across the columns (one ArrayBuffer for all). */
const BYTES_PER_NODE = 4 * 4 + 2 + 1;

/**
 * The least share of the builder's columns a tree must fill to keep them; below it `finish` copies the
 * nodes into exactly sized columns (a page the estimate overshot: mostly text with `<` in it, or with
 * tags the parser drops), so a tree a caller keeps never holds much more than its nodes.
 */
const MIN_KEPT_FILL = 7 / 8;

/** Zeroed columns for `capacity` nodes in one new buffer. */
function newColumns(capacity: number): Columns {
  const buffer = new ArrayBuffer(capacity * BYTES_PER_NODE);
  let offset = 0;
  const take = <T>(make: (b: ArrayBuffer, o: number, n: number) => T, width: number): T => {
    const view = make(buffer, offset, capacity);
    offset += width * capacity;
    return view;
  };
  return {
    capacity,
    parent: take((b, o, n) => new Int32Array(b, o, n), 4),
    subtreeEnd: take((b, o, n) => new Int32Array(b, o, n), 4),
    payloadStart: take((b, o, n) => new Uint32Array(b, o, n), 4),
    payloadEnd: take((b, o, n) => new Uint32Array(b, o, n), 4),
    tagId: take((b, o, n) => new Uint16Array(b, o, n), 2),
    kind: take((b, o, n) => new Uint8Array(b, o, n), 1),
  };
}

function copyColumns(from: Columns, to: Columns, size: number): void {
  to.kind.set(from.kind.subarray(0, size));
  to.tagId.set(from.tagId.subarray(0, size));
  to.parent.set(from.parent.subarray(0, size));
  to.subtreeEnd.set(from.subtreeEnd.subarray(0, size));
  to.payloadStart.set(from.payloadStart.subarray(0, size));
  to.payloadEnd.set(from.payloadEnd.subarray(0, size));
}

/**
 * Builds a {@link CompactTree} from parse events in document order, with domhandler's rules for what
 * makes a node: consecutive text events make one text node, and so do consecutive comment events, until
 * a node opens or closes (so text around an end tag the parser ignores is one node, as in domhandler).
 * @category DOM
 */
export class CompactTreeBuilder {
  private c: Columns;
  private size = 0;
  private readonly maxNodes: number;
  private readonly tagIds = new Map<string, number>([['', 0]]);
  private readonly tagNames: string[] = [''];
  private readonly attrIds = new Map<string, number>();
  private readonly attrNames: string[] = [];
  private attrName: Uint32Array;
  private readonly attrValue: string[] = [];
  private attrCount = 0;
  /** Ids of the open nodes (the document and the open elements), innermost last. */
  private readonly open: number[] = [];
  /** The text or comment node still taking data (domhandler's `lastNode`), or −1. */
  private lastData = -1;
  /** The element whose start tag is still being read (see {@link openElement}), or −1. */
  private pending = -1;
  /** {@link lastData} when the pending element opened: domhandler never saw that element, so dropping it gives this back. */
  private lastDataBeforePending = -1;
  private readonly extra: string[] = [];
  private extraLength = 0;
  /** Source offset where the text node {@link lastData} starts (its end is the last event's). */
  private textStart = -1;
  private readonly textSources = new TextSourceTable();

  /**
   * @param html the string the events' offsets point into
   * @param capacity nodes to allocate for (grown when outgrown)
   * @param maxNodes the most nodes accepted: one more throws `MatnError('input-too-large')`
   */
  constructor(
    private readonly html: string,
    capacity: number,
    maxNodes: number,
  ) {
    this.maxNodes = maxNodes;
    this.c = newColumns(Math.max(1, Math.min(capacity, maxNodes)));
    this.attrName = new Uint32Array(64);
    this.addNode(NodeKind.Document, 0);
    this.open.push(0);
  }

  /** The id of the innermost open node. */
  private get current(): number {
    return this.open[this.open.length - 1];
  }

  private addNode(kind: NodeKind, tagId: number): number {
    const id = this.size;
    if (id === this.c.capacity || id === this.maxNodes) this.grow(); // past maxNodes it throws
    const c = this.c;
    const p = id === 0 ? -1 : this.open[this.open.length - 1];
    c.kind[id] = kind;
    c.tagId[id] = tagId;
    c.parent[id] = p;
    c.subtreeEnd[id] = id + 1;
    c.payloadStart[id] = c.payloadEnd[id] = 0; // an id dropPending gave back still holds its element's values
    this.size = id + 1;
    this.lastData = -1;
    return id;
  }

  private grow(): void {
    const capacity = this.c.capacity;
    if (this.size >= this.maxNodes) {
      throw new MatnError('input-too-large', `document has more than maxNodes (${this.maxNodes}) nodes`, { maxNodes: this.maxNodes });
    }
    const grown = newColumns(Math.min(this.maxNodes, Math.ceil(capacity * 1.5) + 16));
    copyColumns(this.c, grown, this.size);
    this.c = grown;
  }

  private internTag(name: string): number {
    let id = this.tagIds.get(name);
    if (id !== undefined) return id;
    if (this.tagNames.length >= MAX_TAG_NAMES - 1) {
      name = OVERFLOW_TAG;
      id = this.tagIds.get(name);
      if (id !== undefined) return id;
    }
    id = this.tagNames.length;
    this.tagNames.push(name);
    this.tagIds.set(name, id);
    return id;
  }

  /**
   * Opens element `name` (lower case); its attributes follow. Pending until {@link commitElement} (the end of
   * its start tag): an element whose start tag the page never ends is dropped at the end of the input, as
   * domhandler never makes it.
   */
  openElement(name: string): void {
    this.lastDataBeforePending = this.lastData;
    const id = this.addNode(NodeKind.Element, this.internTag(name));
    this.c.payloadStart[id] = this.attrCount;
    this.c.payloadEnd[id] = this.attrCount;
    this.open.push(id);
    this.pending = id;
  }

  /** The start tag of the element opened last has ended. */
  commitElement(): void {
    this.pending = -1;
  }

  /** Drops the pending element (the last node, without children): its start tag never ended. */
  private dropPending(): void {
    const id = this.pending;
    this.pending = -1;
    this.lastData = this.lastDataBeforePending;
    this.attrCount = this.c.payloadStart[id];
    this.attrValue.length = this.attrCount;
    this.size = id;
    if (this.open[this.open.length - 1] === id) this.open.pop();
  }

  /** Adds an attribute to the element opened last, unless it has one of that name already (the parser keeps the first). */
  addAttribute(name: string, value: string): void {
    const id = this.current;
    let nameId = this.attrIds.get(name);
    if (nameId === undefined) {
      nameId = this.attrNames.length;
      this.attrNames.push(name);
      this.attrIds.set(name, nameId);
    } else {
      for (let k = this.c.payloadStart[id]; k < this.attrCount; k++) if (this.attrName[k] === nameId) return;
    }
    if (this.attrCount === this.attrName.length) {
      const grown = new Uint32Array(this.attrName.length * 2);
      grown.set(this.attrName);
      this.attrName = grown;
    }
    this.attrName[this.attrCount] = nameId;
    this.attrValue.push(value);
    this.attrCount++;
    this.c.payloadEnd[id] = this.attrCount;
  }

  /**
   * Closes the innermost open element. `atEnd`: the input has ended (the parser closes what is still open):
   * a pending element is then dropped.
   */
  closeElement(atEnd = false): void {
    const innermost = this.open[this.open.length - 1];
    if (innermost === this.pending && innermost > 0) {
      if (atEnd) {
        this.dropPending();
        return;
      }
      this.commitElement(); // `</br>`: the parser opens and closes a `<br>` at once
    }
    if (this.open.length <= 1) return; // domhandler's tag stack pops its document too
    const id = this.open.pop()!;
    this.c.subtreeEnd[id] = this.size;
    this.lastData = -1;
  }

  /**
   * Text `html[from, to)` as written (no reference in it), an event whose source starts at `start` and
   * ends at `end` (inclusive); joined to the text node still open, if any.
   */
  textRange(from: number, to: number, start: number, end: number): void {
    this.data(NodeKind.Text, from, to, null, start, end);
  }

  /** Text that is not a range of the source as written (a decoded reference, CDATA in foreign content). */
  textString(data: string, start: number, end: number): void {
    this.data(NodeKind.Text, 0, 0, data, start, end);
  }

  /** A comment's data `html[from, to)`; joined to the comment still open (until {@link endData}). */
  commentRange(from: number, to: number): void {
    this.data(NodeKind.Other, from, to, null, -1, -1);
  }

  /** A comment's data as a string (the parser's CDATA-as-comment). */
  commentString(data: string): void {
    this.data(NodeKind.Other, 0, 0, data, -1, -1);
  }

  /** Ends the text or comment node being written: the next data starts a node (domhandler's `oncommentend`). */
  endData(): void {
    this.lastData = -1;
  }

  /** Opens a CDATA section (XML only: HTML parsing never makes one); its children follow, {@link closeElement} closes it. */
  openCdata(): void {
    const id = this.addNode(NodeKind.Other, this.internTag(CDATA_NAME));
    this.c.payloadStart[id] = this.c.payloadEnd[id] = this.html.length + this.extraLength;
    this.open.push(id);
  }

  /** A directive (`<!doctype html>`: name `!doctype`, data `!doctype html`). */
  directive(name: string, data: string): void {
    const id = this.addNode(NodeKind.Other, this.internTag(name));
    this.c.payloadStart[id] = this.pushExtra(data);
    this.c.payloadEnd[id] = this.html.length + this.extraLength;
  }

  /** Appends to `extra`; returns the virtual offset where the string starts. */
  private pushExtra(data: string): number {
    const at = this.html.length + this.extraLength;
    if (data.length > 0) {
      this.extra.push(data);
      this.extraLength += data.length;
    }
    return at;
  }

  /**
   * Adds data to the open node of `kind` or starts a new one: as a range of `html` while it can, else in
   * `extra`. `start`/`end`: the event's source range (a text node's is recorded).
   */
  private data(kind: NodeKind, from: number, to: number, data: string | null, start: number, end: number): void {
    // data while a start tag is unfinished: the parser gives the unfinished tag's rest as text at the page's end
    // (`x<a/` ends in the text `x/`), and domhandler, which never saw the element, joins it to what came before
    if (this.pending >= 0) this.dropPending();
    const c = this.c;
    let id = this.lastData;
    if (id >= 0 && c.kind[id] === kind) {
      const h = this.html.length;
      const ps = c.payloadStart[id];
      const pe = c.payloadEnd[id];
      if (data === null && pe === from && pe <= h) {
        c.payloadEnd[id] = to; // the source continues: still one range of it
      } else {
        if (ps < h) c.payloadStart[id] = this.pushExtra(this.html.slice(ps, pe)); // move what it holds to `extra`
        this.pushExtra(data ?? this.html.slice(from, to));
        c.payloadEnd[id] = h + this.extraLength;
      }
    } else {
      id = this.addNode(kind, 0); // may grow the columns: `this.c` from here on
      if (data === null) {
        this.c.payloadStart[id] = from;
        this.c.payloadEnd[id] = to;
      } else {
        this.c.payloadStart[id] = this.pushExtra(data);
        this.c.payloadEnd[id] = this.html.length + this.extraLength;
      }
      this.lastData = id;
      this.textStart = start;
    }
    if (kind === NodeKind.Text) this.textSources.record(id, this.textStart, end, this.c.payloadStart[id], this.c.payloadEnd[id]);
  }

  /** The tree, every element still open closed. The builder must not be used afterwards. */
  finish(): CompactTree {
    if (this.pending >= 0) this.dropPending(); // a void element whose start tag never ended (the parser never closes it)
    while (this.open.length > 1) this.closeElement();
    const size = this.size;
    this.c.subtreeEnd[0] = size;
    let c = this.c;
    if (size < MIN_KEPT_FILL * c.capacity) {
      const exact = newColumns(size);
      copyColumns(c, exact, size);
      c = exact;
    }
    this.c = c;
    const cut = <T extends Uint8Array | Uint16Array | Int32Array | Uint32Array>(column: T): T => column.subarray(0, size) as T;
    const attrIds = this.attrIds;
    return new BuiltTree({
      size,
      html: this.html,
      extra: this.extra.join(''),
      kind: cut(c.kind),
      tagId: cut(c.tagId),
      tagNames: Object.freeze(this.tagNames),
      parent: cut(c.parent),
      subtreeEnd: cut(c.subtreeEnd),
      textSources: this.textSources.finish(),
      payloadStart: cut(c.payloadStart),
      payloadEnd: cut(c.payloadEnd),
      attrName: this.attrName.subarray(0, this.attrCount),
      attrValue: this.attrValue,
      attrNames: Object.freeze(this.attrNames),
      attrNameId: (name: string): number => attrIds.get(name) ?? -1,
    });
  }
}

/**
 * The frozen {@link CompactTree} a builder gives: its fields, in the interface's order, `depth` an own
 * enumerable getter that makes the column from `parent` on the first read and keeps it. Every tree has the
 * same getter, so every page's tree has one shape (the stages read its columns in their hottest loops; a
 * getter made per page would give each tree a shape of its own).
 */
class BuiltTree implements CompactTree {
  declare readonly size: number;
  declare readonly html: string;
  declare readonly extra: string;
  declare readonly kind: Uint8Array;
  declare readonly tagId: Uint16Array;
  declare readonly tagNames: readonly string[];
  declare readonly parent: Int32Array;
  declare readonly subtreeEnd: Int32Array;
  declare readonly depth: Uint16Array;
  declare readonly payloadStart: Uint32Array;
  declare readonly payloadEnd: Uint32Array;
  declare readonly attrName: Uint32Array;
  declare readonly attrValue: readonly string[];
  declare readonly attrNames: readonly string[];
  declare readonly attrNameId: (name: string) => number;
  #depth: Uint16Array | null = null;
  readonly #textSources: TextSources;

  static readonly #depthField: PropertyDescriptor = {
    enumerable: true,
    get(this: BuiltTree): Uint16Array {
      return (this.#depth ??= depthsOf(this.parent));
    },
  };

  constructor(t: Omit<CompactTree, 'depth' | 'textSourceStart' | 'textSourceEnd'> & { readonly textSources: TextSources }) {
    this.size = t.size;
    this.html = t.html;
    this.extra = t.extra;
    this.kind = t.kind;
    this.tagId = t.tagId;
    this.tagNames = t.tagNames;
    this.parent = t.parent;
    this.subtreeEnd = t.subtreeEnd;
    Object.defineProperty(this, 'depth', BuiltTree.#depthField);
    this.payloadStart = t.payloadStart;
    this.payloadEnd = t.payloadEnd;
    this.attrName = t.attrName;
    this.attrValue = t.attrValue;
    this.attrNames = t.attrNames;
    this.attrNameId = t.attrNameId;
    this.#textSources = t.textSources;
    Object.freeze(this);
  }

  textSourceStart(id: number): number {
    if (this.kind[id] !== NodeKind.Text) return -1;
    const k = findId(this.#textSources.ids, id);
    return k >= 0 ? this.#textSources.starts[k] : this.payloadStart[id];
  }

  textSourceEnd(id: number): number {
    if (this.kind[id] !== NodeKind.Text) return -1;
    const k = findId(this.#textSources.ids, id);
    return k >= 0 ? this.#textSources.ends[k] : this.payloadEnd[id] - 1;
  }
}

/** The text nodes whose source range is not their payload's range: ids ascending, with their ranges (`end` inclusive). */
interface TextSources {
  readonly ids: Int32Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

/** The index of `id` in the ascending `ids`, or −1. */
function findId(ids: Int32Array, id: number): number {
  const k = firstAtLeast(ids, id);
  return k >= 0 && ids[k] === id ? k : -1;
}

/**
 * The builder's {@link TextSources}. Only the text node being written changes, and it is the last text node
 * made, so an entry is only ever added at the end or changed or dropped there.
 */
class TextSourceTable {
  private ids: Int32Array<ArrayBuffer> = new Int32Array(16);
  private starts: Int32Array<ArrayBuffer> = new Int32Array(16);
  private ends: Int32Array<ArrayBuffer> = new Int32Array(16);
  private length = 0;

  /** Text node `id` now spans source `[start, end]` (inclusive) and payload `[payloadStart, payloadEnd)`. */
  record(id: number, start: number, end: number, payloadStart: number, payloadEnd: number): void {
    const last = this.length > 0 && this.ids[this.length - 1] === id;
    if (start === payloadStart && end === payloadEnd - 1) {
      if (last) this.length--; // its payload tells its range again
      return;
    }
    if (!last) {
      if (this.length === this.ids.length) this.grow();
      this.ids[this.length++] = id;
    }
    this.starts[this.length - 1] = start;
    this.ends[this.length - 1] = end;
  }

  private grow(): void {
    const widen = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.ids = widen(this.ids);
    this.starts = widen(this.starts);
    this.ends = widen(this.ends);
  }

  finish(): TextSources {
    const n = this.length;
    return { ids: this.ids.subarray(0, n), starts: this.starts.subarray(0, n), ends: this.ends.subarray(0, n) };
  }
}

/** Each node's depth, from its parent's (a parent's id is below its child's), capped at {@link MAX_RECORDED_DEPTH}. */
function depthsOf(parent: Int32Array): Uint16Array {
  const depth = new Uint16Array(parent.length);
  for (let id = 1; id < parent.length; id++) depth[id] = Math.min(depth[parent[id]] + 1, MAX_RECORDED_DEPTH);
  return depth;
}

/**
 * The nodes htmlparser2 makes of `html`, nearly exactly, to size the builder's columns once (one `indexOf` pass):
 * - an element, comment or directive starts at a `<` followed by a letter, `!` or `?`;
 * - a text node fills the gap before a tag (`<` followed by one of those or by `/`), unless the tag opens the
 *   page or directly follows a `>`: most gaps of a tag-dense page are empty;
 * - plus the document and the text after the last tag.
 *
 * On en-news pages the estimate is 0–11 % above the node count (median 2 %). It falls short where the parser
 * makes more than the markup shows: a `>` of the text right before a tag, end tags it turns into elements
 * (`</p>` alone makes a `<p>`); the builder grows for those.
 * @category DOM
 */
export function estimateNodeCount(html: string): number {
  let elements = 0;
  let gaps = 0;
  for (let i = html.indexOf('<'); i >= 0; i = html.indexOf('<', i + 1)) {
    const c = html.charCodeAt(i + 1) | 0x20;
    const opens = (c >= 0x61 && c <= 0x7a) || c === 0x21 || c === 0x3f; // a letter, `!`, `?`
    if (opens) elements++;
    if ((opens || c === 0x2f) && i > 0 && html.charCodeAt(i - 1) !== 0x3e) gaps++; // `/`; not at the start, not right after a `>`
  }
  return elements + gaps + 2;
}
