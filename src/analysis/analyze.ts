import { assertNormalizedDocument } from './guards.js';
import type { Document } from 'domhandler';
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import { diagnostic, type Diagnostic } from '../core/diagnostics.js';
import { DEFAULT_PARSE_OPTIONS, parseHtmlReport } from '../dom/parse.js';
import type { NormalizedDocument } from '../encoding/types.js';
import { estimateNodeCount, indexDocument } from './index.js';
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
   * About 10 million nodes is roughly a 100 MB page; the typed arrays cost ~60 bytes per node.
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
  const { root, flattened } = parseHtmlReport(source.html, { maxDepth: resolved.maxDepth });
  const diagnostics: Diagnostic[] = [];
  if (flattened > 0) {
    diagnostics.push(diagnostic('nesting-flattened', `${flattened} element(s) opened deeper than ${resolved.maxDepth} levels were made siblings of the deepest one`, 'warning', { flattened, maxDepth: resolved.maxDepth }));
  }
  return analyzeDocument(root, source, resolved, diagnostics);
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
  const indexed = indexDocument(root, resolved, estimateNodeCount(source.html));
  const stats = aggregateStats(indexed.index.parent, indexed.own, indexed.textStart, indexed.textEnd);
  const text = indexed.text;
  const { textStart, textEnd } = stats;
  return Object.freeze({
    source,
    root,
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
