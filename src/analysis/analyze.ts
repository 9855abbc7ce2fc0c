import { assertNormalizedDocument } from './guards.js';
import type { AnyNode, Document } from 'domhandler';
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import { diagnostic, type Diagnostic } from '../core/diagnostics.js';
import type { CompactTree } from '../dom/compact-tree.js';
import { compactFromDocument } from '../dom/from-dom.js';
import { DEFAULT_PARSE_OPTIONS, parseCompact, parseHtml, preorderNodes } from '../dom/parse.js';
import type { NormalizedDocument } from '../encoding/types.js';
import { indexTree } from './index.js';
import { aggregateStats } from './stats.js';
import type { AnalyzedDocument } from './types.js';

/**
 * Options of {@link analyze}.
 * @category Analysis
 */
export interface AnalyzeOptions {
  /**
   * Exclude elements hidden by their own attributes: `hidden`, `aria-hidden="true"`, inline
   * `display: none` or `visibility: hidden`. Stylesheets and classes are not evaluated.
   * @default true
   */
  excludeHidden?: boolean;
  /**
   * Largest number of DOM nodes analyzed; a bigger tree throws `MatnError('input-too-large')`.
   * About 10 million nodes is roughly a 100 MB page; the typed arrays cost ~56 bytes per node.
   * @default 10_000_000
   */
  maxNodes?: number;
  /**
   * Deepest element nesting kept by the parser; deeper elements become siblings of the deepest one,
   * with a `nesting-flattened` diagnostic (see `ParseOptions.maxDepth`).
   * @default 512
   */
  maxDepth?: number;
}

/**
 * Defaults of {@link AnalyzeOptions}.
 * @category Analysis
 */
export const DEFAULT_ANALYZE_OPTIONS: Readonly<Required<AnalyzeOptions>> = Object.freeze({
  excludeHidden: true,
  maxNodes: 10_000_000,
  maxDepth: DEFAULT_PARSE_OPTIONS.maxDepth,
});

/**
 * Parses a normalized page and measures it once: node ids, tag paths, inclusive subtree statistics
 * and the visible text. Every extractor reads the result; none re-parses.
 * @throws MatnError `input-too-large` when the tree has more than `maxNodes` nodes; `invalid-argument` for unknown options.
 * @category Analysis
 * @example
 * ```ts
 * const doc = analyze(normalize(bytes));
 * const body = doc.index.childElements(0);
 * doc.stats.textChars[0]; // visible characters of the page
 * ```
 */
export function analyze(source: NormalizedDocument, options?: AnalyzeOptions): AnalyzedDocument {
  assertNormalizedDocument(source, 'analyze');
  const resolved = resolveOptions(DEFAULT_ANALYZE_OPTIONS, options, 'analyze');
  checkMaxNodes(resolved.maxNodes);
  const { tree, flattened } = parseCompact(source.html, { maxDepth: resolved.maxDepth, maxNodes: resolved.maxNodes });
  const diagnostics: Diagnostic[] = [];
  if (flattened > 0) {
    diagnostics.push(diagnostic('nesting-flattened', `${flattened} element(s) opened deeper than ${resolved.maxDepth} levels were made siblings of the deepest one`, 'warning', { flattened, maxDepth: resolved.maxDepth }));
  }
  // the domhandler tree of the same page, made only when a caller reads `root` or `index.nodes`: parsed
  // again with the same parser, options and depth limit, so its preorder is the compact tree's ids
  return analyzeTree(tree, source, resolved, diagnostics, () => parseHtml(source.html, { maxDepth: resolved.maxDepth }));
}

function checkMaxNodes(maxNodes: number): void {
  if (!Number.isInteger(maxNodes) || maxNodes < 1) {
    throw new MatnError('invalid-argument', `maxNodes must be a positive integer, got ${maxNodes}`, { maxNodes });
  }
}

/**
 * {@link analyze} for a caller that already parsed `source.html` (with {@link parseHtml}).
 * The tree is read, never modified.
 * @throws MatnError `input-too-large` when the tree has more than `maxNodes` nodes; `invalid-argument` for unknown options.
 * @category Analysis
 */
export function analyzeDocument(root: Document, source: NormalizedDocument, options?: AnalyzeOptions, diagnostics: readonly Diagnostic[] = []): AnalyzedDocument {
  assertNormalizedDocument(source, 'analyzeDocument');
  const resolved = resolveOptions(DEFAULT_ANALYZE_OPTIONS, options, 'analyze');
  checkMaxNodes(resolved.maxNodes);
  const tree = compactFromDocument(root, source.html, resolved.maxNodes);
  return analyzeTree(tree, source, resolved, diagnostics, () => root);
}

/**
 * The analysis of a compact tree; `materialize` gives the domhandler document of the same nodes, called at
 * most once, on the first read of `root` or `index.nodes`.
 */
function analyzeTree(
  tree: CompactTree, source: NormalizedDocument, resolved: Required<AnalyzeOptions>, diagnostics: readonly Diagnostic[], materialize: () => Document,
): AnalyzedDocument {
  let dom: { readonly root: Document; readonly nodes: readonly AnyNode[] } | null = null;
  const domTree = (): { readonly root: Document; readonly nodes: readonly AnyNode[] } => {
    if (dom === null) {
      const root = materialize();
      dom = { root, nodes: preorderNodes(root) };
    }
    return dom;
  };
  const indexed = indexTree(tree, resolved, () => domTree().nodes);
  const text = indexed.text;
  const stats = aggregateStats(indexed.index.parent, indexed.own, indexed.textStart, indexed.textEnd, { tree, excluded: indexed.index.excluded, text });
  const { textStart, textEnd } = stats;
  return Object.freeze({
    source,
    get root(): Document {
      return domTree().root;
    },
    index: indexed.index,
    stats,
    text,
    diagnostics,
    textOf: (id: number): string => {
      if (!Number.isInteger(id) || id < 0 || id >= textStart.length) {
        throw new MatnError('invalid-argument', `textOf: no node with id ${id}`, { id, size: textStart.length });
      }
      return text.slice(textStart[id], textEnd[id]);
    },
  });
}
