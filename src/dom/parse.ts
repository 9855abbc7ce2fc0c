import { Parser, type Handler } from 'htmlparser2';
import type { AnyNode, Document, ParentNode } from 'domhandler';
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import { LeanDomHandler } from './lean-tree.js';
import { CompactTreeBuilder, estimateNodeCount, type CompactTree } from './compact-tree.js';
import { NameInterner } from './name-interner.js';
import { installIndexOfScans } from './scanning-tokenizer.js';

/**
 * The htmlparser2 options matn parses with: HTML semantics (`<br/>` and `<div/>` are start tags),
 * entities decoded, tag and attribute names lower-cased, every node's source offsets recorded
 * (`startIndex`/`endIndex`, read by `analysis/line-spans.ts`).
 * @category DOM
 */
export const PARSE_OPTIONS = Object.freeze({
  xmlMode: false,
  decodeEntities: true,
  lowerCaseTags: true,
  lowerCaseAttributeNames: true,
  recognizeSelfClosing: false,
  recognizeCDATA: false,
  // source offsets on every node: the line view (analysis/line-spans.ts) maps Ctext lines to the text through them
  withStartIndices: true,
  withEndIndices: true,
} as const);

/**
 * Options of {@link parseHtml}.
 * @category DOM
 */
export interface ParseOptions {
  /**
   * Deepest element nesting kept. An element opened deeper than this closes the deepest open
   * element first, so it becomes that element's sibling (Chromium's HTML parser does the same at
   * 512; lxml/libxml2 stop at 256). Why a limit: htmlparser2 keeps its open-element stack with
   * `Array.prototype.unshift`, so each start tag costs time in proportion to the depth and 300,000
   * nested `<div>`s took 88 s; bounded depth makes parsing linear and keeps every later walk
   * shallow.
   * @default 512
   */
  maxDepth?: number;
}

/**
 * Defaults of {@link ParseOptions}.
 * @category DOM
 */
export const DEFAULT_PARSE_OPTIONS: Readonly<Required<ParseOptions>> = Object.freeze({ maxDepth: 512 });

/**
 * A parsed tree and what the parser had to change to keep its limits.
 * @category DOM
 */
export interface ParseReport {
  readonly root: Document;
  /** Elements that were opened deeper than `maxDepth` and became siblings instead (0 on normal pages). */
  readonly flattened: number;
}

/**
 * The two members of htmlparser2's `Parser` the depth limit needs. They are private in its typings;
 * test/dom/parse.test.ts pins the behaviour so an htmlparser2 upgrade that renames them fails loudly.
 */
interface ParserInternals {
  readonly stack: readonly string[];
  emitOpenTag(name: string): void;
  popElement(implied: boolean): void;
  isVoidElement(name: string): boolean;
}

/** Makes `parser` close its deepest open element before opening one beyond `maxDepth`; returns the count. */
function limitDepth(parser: Parser, maxDepth: number): { flattened: number } {
  const internals = parser as unknown as ParserInternals;
  const open = internals.emitOpenTag.bind(parser);
  const counter = { flattened: 0 };
  internals.emitOpenTag = (name: string): void => {
    if (internals.stack.length >= maxDepth && !internals.isVoidElement(name)) {
      internals.popElement(true);
      counter.flattened++;
    }
    open(name);
  };
  return counter;
}

/**
 * {@link parseHtml} with the count of elements flattened by the depth limit.
 * @throws MatnError `invalid-argument` for unknown options or a `maxDepth` below 1.
 * @category DOM
 */
export function parseHtmlReport(html: string, options?: ParseOptions): ParseReport {
  if (typeof html !== 'string') throw new MatnError('invalid-argument', 'parseHtml: html must be a string', { type: typeof html });
  const { maxDepth } = resolveOptions(DEFAULT_PARSE_OPTIONS, options, 'parse');
  if (!Number.isInteger(maxDepth) || maxDepth < 1) {
    throw new MatnError('invalid-argument', 'parse: maxDepth must be a positive integer', { maxDepth });
  }
  const handler = new LeanDomHandler();
  installIndexOfScans();
  const parser = new Parser(handler, PARSE_OPTIONS);
  const counter = limitDepth(parser, maxDepth);
  parser.end(html);
  return { root: handler.root, flattened: counter.flattened };
}

/**
 * Parses an HTML string into a domhandler {@link Document}. This is the only module that imports
 * htmlparser2; the tree it returns is never mutated by matn afterwards. Elements nest at most
 * `maxDepth` deep (see {@link ParseOptions}). The tree is built lean (`dom/lean-tree.ts`) and is
 * **read-only**: it walks like any domhandler tree (classes, getters, `prev`/`next`, offsets), but
 * childless elements share one frozen empty `children` array and attribute-less ones one frozen
 * empty `attribs` object, so mutating them throws; clone a node (`cloneNode`) to edit it.
 * @category DOM
 * @example
 * ```ts
 * const root = parseHtml('<p>Salam <b>dunya</b></p>');
 * ```
 */
export function parseHtml(html: string, options?: ParseOptions): Document {
  return parseHtmlReport(html, options).root;
}

/**
 * Options of {@link parseCompact}.
 * @category DOM
 */
export interface CompactParseOptions extends ParseOptions {
  /**
   * Most nodes accepted; one more throws `MatnError('input-too-large')`.
   * @default 10_000_000
   */
  maxNodes?: number;
}

/** Defaults of {@link CompactParseOptions}. @category DOM */
export const DEFAULT_COMPACT_PARSE_OPTIONS: Readonly<Required<CompactParseOptions>> = Object.freeze({ ...DEFAULT_PARSE_OPTIONS, maxNodes: 10_000_000 });

/**
 * A compact tree and what the parser had to change to keep its limits.
 * @category DOM
 */
export interface CompactParseReport {
  readonly tree: CompactTree;
  /** Elements that were opened deeper than `maxDepth` and became siblings instead (0 on normal pages). */
  readonly flattened: number;
}

/** The tokenizer callbacks of htmlparser2's `Parser` that the compact handler takes over (see {@link parseCompact}). */
interface TextInternals {
  startIndex: number;
  endIndex: number;
  readonly tagname: string;
  attribname: string;
  /** One entry, the base one, outside foreign content (`<svg>`, `<math>`): tag names are then the source's lower-cased. */
  readonly foreignContext: readonly number[];
  readTagName(start: number, endIndex: number): string;
  onattribname(start: number, endIndex: number): void;
  ontext(start: number, endIndex: number): void;
  ontextentity(cp: number, endIndex: number): void;
  oncomment(start: number, endIndex: number, offset: number): void;
  endOpenTag(isImplied: boolean): void;
  onend(): void;
}

/**
 * Parses `html` straight into a {@link CompactTree}: the same htmlparser2 parser and options as
 * {@link parseHtml}, and the same nodes, ids in the same (pre)order, offsets and depth limit, but no
 * domhandler object. Text and comment events are taken from the tokenizer as source ranges (the parser's
 * own `ontext`, `ontextentity` and `oncomment` are replaced on the instance, so no string is cut per text
 * event); a decoded character reference is the one piece of text that arrives as a string. A tag or attribute
 * name seen before on the page is found in the source (`dom/name-interner.ts`) instead of being cut and
 * lower-cased again.
 * `test/dom/compact-tree.test.ts` checks node for node that the tree is the one {@link parseHtml} gives.
 * @throws MatnError `input-too-large` past `maxNodes` nodes; `invalid-argument` for unknown options or a `maxDepth` below 1.
 * @category DOM
 */
export function parseCompact(html: string, options?: CompactParseOptions): CompactParseReport {
  if (typeof html !== 'string') throw new MatnError('invalid-argument', 'parseCompact: html must be a string', { type: typeof html });
  const { maxDepth, maxNodes } = resolveOptions(DEFAULT_COMPACT_PARSE_OPTIONS, options, 'parse');
  if (!Number.isInteger(maxDepth) || maxDepth < 1) {
    throw new MatnError('invalid-argument', 'parse: maxDepth must be a positive integer', { maxDepth });
  }
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new MatnError('invalid-argument', `maxNodes must be a positive integer, got ${maxNodes}`, { maxNodes });
  }
  const builder = new CompactTreeBuilder(html, estimateNodeCount(html), maxNodes);
  let at: TextInternals | null = null;
  let ended = false;
  // domhandler's callbacks, writing into the builder (no `onopentag`: the parser then builds no attribute object per tag)
  const handler: Partial<Handler> = {
    onopentagname: (name) => builder.openElement(name),
    // the parser reports the attributes of a second `<form>` it ignores too (its `tagname` is then '')
    onattribute: (name, value) => {
      if (at!.tagname !== '') builder.addAttribute(name, value);
    },
    onclosetag: () => builder.closeElement(ended),
    // what still arrives as strings: CDATA outside foreign content (as a comment) and inside it (as text)
    oncomment: (data) => builder.commentString(data),
    oncommentend: () => builder.endData(),
    ontext: (data) => builder.textString(data, at!.startIndex, at!.endIndex),
    onprocessinginstruction: (name, data) => builder.directive(name, data),
  };
  installIndexOfScans();
  const parser = new Parser(handler, PARSE_OPTIONS);
  const internals = parser as unknown as TextInternals;
  at = internals;
  // the parser's own text and comment callbacks, without the string each cuts from the source
  internals.ontext = (start, endIndex) => {
    internals.endIndex = endIndex - 1;
    // text after an unfinished end tag at the page's end (`</a\n`) comes from −1, and the parser's own slice
    // reads a negative start from the end of the page: the same range here, so the text is domhandler's
    const from = start < 0 ? Math.max(0, html.length + start) : start;
    builder.textRange(from, Math.max(from, endIndex), internals.startIndex, internals.endIndex);
    internals.startIndex = endIndex;
  };
  internals.ontextentity = (cp, endIndex) => {
    internals.endIndex = endIndex - 1;
    builder.textString(String.fromCodePoint(cp), internals.startIndex, internals.endIndex);
    internals.startIndex = endIndex;
  };
  internals.oncomment = (start, endIndex, offset) => {
    internals.endIndex = endIndex;
    builder.commentRange(start, endIndex - offset);
    builder.endData();
    internals.startIndex = endIndex + 1;
  };
  // tag and attribute names as strings already made for an earlier tag (see name-interner.ts); with one
  // buffer written, the parser's slice of a range is the source's. Two tables: a tag name may be adjusted
  // (`image` is read as `img`), an attribute name never is.
  const tagNames = new NameInterner(html);
  const attributeNames = new NameInterner(html);
  const readTagName = internals.readTagName.bind(parser);
  internals.readTagName = (start, endIndex) => {
    // in foreign content a name may be adjusted by context (`foreignobject` to `foreignObject`): read as the parser reads it
    if (internals.foreignContext.length !== 1) return readTagName(start, endIndex);
    const known = tagNames.find(start, endIndex);
    if (known !== undefined) return known;
    const name = readTagName(start, endIndex);
    tagNames.remember(start, endIndex, name);
    return name;
  };
  const onattribname = internals.onattribname.bind(parser);
  internals.onattribname = (start, endIndex) => {
    const known = attributeNames.find(start, endIndex);
    if (known === undefined) {
      onattribname(start, endIndex);
      attributeNames.remember(start, endIndex, internals.attribname);
    } else {
      internals.startIndex = start;
      internals.attribname = known;
    }
  };
  // an element is made when its start tag ends (domhandler's `onopentag`), before a void element closes
  const endOpenTag = internals.endOpenTag.bind(parser);
  internals.endOpenTag = (isImplied) => {
    if (internals.tagname !== '') builder.commitElement();
    endOpenTag(isImplied);
  };
  const onend = internals.onend.bind(parser);
  internals.onend = () => {
    ended = true;
    onend();
  };
  const counter = limitDepth(parser, maxDepth);
  parser.end(html);
  return { tree: builder.finish(), flattened: counter.flattened };
}

/**
 * The domhandler nodes of `root` in preorder (the document first): index `i` is the node with id `i` of a
 * compact tree of the same page. Iterative (no recursion).
 * @category DOM
 */
export function preorderNodes(root: Document): AnyNode[] {
  const out: AnyNode[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    const children = (node as Partial<ParentNode>).children;
    if (children !== undefined) for (let k = children.length - 1; k >= 0; k--) stack.push(children[k]);
  }
  return out;
}
