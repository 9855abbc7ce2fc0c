import { DomHandler, Element, type ChildNode, type ParentNode } from 'domhandler';

/**
 * A leaner domhandler tree builder (issue 16: the parse tree was ≈ 44× a tag-dense page's size).
 * It builds the same `Document` a plain `DomHandler` builds — same node classes through the
 * prototype chain (`instanceof Element`, every getter), same own fields that htmlparser2 fills, same
 * `prev`/`next`/`parent` links and source offsets — with four savings that no reader can see:
 *
 * - an element's own fields are only the nine htmlparser2 sets (`parent`, `prev`, `next`,
 *   `startIndex`, `endIndex`, `children`, `name`, `attribs`, `type`): domhandler's class fields also
 *   define the parse5-only `namespace`, `x-attribsNamespace` and `x-attribsPrefix` on every element,
 *   always `undefined` here (reading them still gives `undefined`);
 * - an element without attributes shares one frozen empty `attribs` object (htmlparser2 makes a
 *   fresh `{}` per tag);
 * - an element without children shares one frozen empty `children` array until its first child
 *   arrives (void elements such as `<br>` and `<img>` never get one), and a `children` array is
 *   exactly as long as its list (one slot for an only child; cut to length when the element closes:
 *   an array grown by `push` keeps up to 16 + 50 % spare slots);
 * - tag names are interned per parse, so 100,000 `<br>` hold one `"br"` string, not 100,000.
 *
 * The price: the tree is read-only where it is shared (pushing into a childless element's
 * `children` or writing into an attribute-less element's `attribs` throws in strict mode). matn
 * never mutates the tree, and `parseHtml` documents it as read-only.
 * @module
 */

/** The `attribs` of every element parsed without an attribute. Frozen: the tree is read-only. */
export const EMPTY_ATTRIBS: Readonly<Record<string, string>> = Object.freeze({});

/** The `children` of every element parsed without a child. Frozen: the tree is read-only. */
export const EMPTY_CHILDREN: readonly ChildNode[] = Object.freeze([]);

/** The own fields of a lean element, in domhandler's order (Node's fields, then Element's). */
interface LeanElementFields {
  parent: ParentNode | null;
  prev: ChildNode | null;
  next: ChildNode | null;
  startIndex: number | null;
  endIndex: number | null;
  children: ChildNode[];
  name: string;
  attribs: Record<string, string>;
  type: string;
}

/**
 * A constructor function (not a class: a class's `prototype` cannot be replaced) whose instances
 * have `Element.prototype` as prototype and only the nine fields above, always assigned in the same
 * order, so V8 gives every element one hidden class (test/dom/lean-tree.test.ts checks the shape).
 */
function LeanElementFn(this: LeanElementFields, name: string, attribs: Record<string, string>, type: string): void {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = EMPTY_CHILDREN as ChildNode[];
  this.name = name;
  this.attribs = attribs;
  this.type = type;
}
LeanElementFn.prototype = Element.prototype;
const LeanElement = LeanElementFn as unknown as new (name: string, attribs: Record<string, string>, type: string) => Element;

/** domhandler's element type for an HTML tag name (htmlparser2's rule outside XML mode). */
function elementType(name: string): string {
  return name === 'script' ? 'script' : name === 'style' ? 'style' : 'tag';
}

/** True when `attribs` has no own key (htmlparser2 builds it as a plain object literal). */
function isEmptyRecord(attribs: Record<string, string>): boolean {
  for (const key in attribs) if (Object.hasOwn(attribs, key)) return false;
  return true;
}

/** The source offsets htmlparser2's `Parser` exposes to its handler. */
interface SourcePositions {
  readonly startIndex: number | null;
  readonly endIndex: number | null;
}

/**
 * A `DomHandler` that builds the lean tree described above. Always records `startIndex` and
 * `endIndex` (matn's line view reads them), so give htmlparser2 `withStartIndices`/`withEndIndices`
 * too; HTML mode only (`xmlMode: false`).
 * @category DOM
 */
export class LeanDomHandler extends DomHandler {
  private positions: SourcePositions | null = null;
  private readonly tagNames = new Map<string, string>();

  constructor() {
    super(undefined, { withStartIndices: true, withEndIndices: true, xmlMode: false });
  }

  override onparserinit(parser: SourcePositions): void {
    super.onparserinit(parser);
    this.positions = parser;
  }

  override onreset(): void {
    super.onreset();
    this.positions = null;
  }

  override onend(): void {
    super.onend();
    this.positions = null;
  }

  override onopentag(rawName: string, attribs: Record<string, string>): void {
    const name = this.internTagName(rawName);
    const element = new LeanElement(name, isEmptyRecord(attribs) ? (EMPTY_ATTRIBS as Record<string, string>) : attribs, elementType(name));
    this.addNode(element);
    this.tagStack.push(element);
  }

  /** Links `node` as the last child of the innermost open node; a childless element gets its own array here. */
  protected override addNode(node: ChildNode): void {
    const parent = this.tagStack[this.tagStack.length - 1];
    const siblings = parent.children;
    const positions = this.positions;
    if (positions !== null) {
      node.startIndex = positions.startIndex;
      node.endIndex = positions.endIndex;
    }
    const previous = siblings.length > 0 ? siblings[siblings.length - 1] : null;
    // a first child gets an array of exactly one slot (a pushed-into `[]` reserves 17)
    if (siblings === EMPTY_CHILDREN) parent.children = [node];
    else siblings.push(node);
    if (previous !== null) {
      node.prev = previous;
      previous.next = node;
    }
    node.parent = parent;
    this.lastNode = null;
  }

  /** Closes the innermost element; a list of children grown by pushes is cut to its length (V8 keeps up to 16 + 50 % spare slots). */
  override onclosetag(): void {
    const element = this.tagStack[this.tagStack.length - 1];
    super.onclosetag();
    const children = element.children;
    if (children.length > 1) element.children = children.slice();
  }

  private internTagName(name: string): string {
    const known = this.tagNames.get(name);
    if (known !== undefined) return known;
    this.tagNames.set(name, name);
    return name;
  }
}
