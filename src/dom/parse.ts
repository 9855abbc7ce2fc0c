import { Parser } from 'htmlparser2';
import type { Document } from 'domhandler';
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import { LeanDomHandler } from './lean-tree.js';

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
