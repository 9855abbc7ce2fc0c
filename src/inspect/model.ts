/**
 * The data of an inspect report: one extract() run, the analyzed document, and every member
 * algorithm run on it (their series and traces are what the plots draw).
 * @module
 */
import { listTextBlocks, type TextBlock } from '../analysis/text-blocks.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import type { NormalizeOptions } from '../encoding/normalize.js';
import { DEFAULT_AUTO_OPTIONS } from '../extractors/auto/index.js';
import { ALGORITHMS, getExtractor, isAlgorithmName, type AlgorithmName } from '../extractors/registry.js';
import type { Extraction } from '../extractors/types.js';
import { textSimilarity } from '../metadata/similarity.js';
import { extractAnalyzed, type PageResult } from '../pipeline.js';
import { keptBlocks, postBlocks } from './coverage.js';

/** Options of {@link inspect}. */
export interface InspectOptions {
  /** The algorithm whose result the report explains (`auto` runs the others as members). @default 'auto' */
  algorithm?: string;
  /** Options of that algorithm (as `ExtractOptions.extractor`); its plot then shows them at work. @default {} */
  extractor?: Record<string, unknown>;
  /** The page's address, echoed in the report (never fetched, never linked). @default '' */
  url?: string;
  /** Options of the normalize stage (`contentType`, `defaultCharset`, …). @default {} */
  normalize?: NormalizeOptions;
  /** Most text blocks of the page listed in the highlighted text (the rest are counted). @default 4000 */
  maxTextBlocks?: number;
}

/** Defaults of {@link InspectOptions}. */
export const DEFAULT_INSPECT_OPTIONS: Readonly<Required<InspectOptions>> = Object.freeze({
  algorithm: 'auto',
  extractor: Object.freeze({}),
  url: '',
  normalize: Object.freeze({}),
  maxTextBlocks: 4000,
});

/** One algorithm's run in the side-by-side table. */
export interface MemberRun {
  readonly id: string;
  /** Its weight in `auto`'s vote, or null when `auto` does not call it. */
  readonly weight: number | null;
  readonly extraction: Extraction;
  /** 1 for each text block of the page it kept. */
  readonly kept: Uint8Array;
  /** Bigram similarity (0..1) of its text to the explained result's body. */
  readonly similarity: number;
}

/** Everything the report shows. */
export interface Inspection {
  readonly options: Readonly<Required<InspectOptions>>;
  readonly page: PageResult;
  readonly doc: AnalyzedDocument;
  readonly blocks: readonly TextBlock[];
  /** Text blocks the explained result kept (its body). */
  readonly kept: Uint8Array;
  /** Text blocks inside a post record / a comment record. */
  readonly inPost: Uint8Array;
  readonly inComment: Uint8Array;
  /** Every algorithm but `auto`, run on the same analyzed document. */
  readonly members: readonly MemberRun[];
  /** Pairwise similarity of the members' texts, `[i][j]` in {@link Inspection.members} order. */
  readonly agreement: readonly (readonly number[])[];
}

/**
 * Runs the pipeline and every algorithm on one page and gathers what the report draws.
 * @throws MatnError `unknown-algorithm`, `invalid-argument`, and every error of `extract()`.
 */
export function inspect(input: Uint8Array | string, options?: InspectOptions): Inspection {
  const o = resolveOptions(DEFAULT_INSPECT_OPTIONS, options, 'inspect');
  if (!isAlgorithmName(o.algorithm)) getExtractor(o.algorithm); // throws unknown-algorithm
  const algorithm = o.algorithm as AlgorithmName; // checked just above
  if (!Number.isInteger(o.maxTextBlocks) || o.maxTextBlocks < 1) {
    throw new MatnError('invalid-argument', 'inspect: maxTextBlocks must be a positive integer', { maxTextBlocks: o.maxTextBlocks });
  }
  // the page is parsed and analyzed once: the members below run on extract()'s own analysis
  const { page, doc } = extractAnalyzed(input, { algorithm, extractor: { ...o.extractor }, normalize: o.normalize, ...(o.url ? { url: o.url } : {}) });
  const table = listTextBlocks(doc);
  const blocks = Array.from({ length: table.length }, (_, k) => table.block(k));
  const weights = DEFAULT_AUTO_OPTIONS.weights;
  const members: MemberRun[] = ALGORITHMS.filter((id) => id !== 'auto').map((id) => {
    const extraction = id === page.algorithm ? page.extraction : (getExtractor(id).extract(doc) as Extraction);
    return {
      id,
      weight: Object.hasOwn(weights, id) ? weights[id] : null,
      extraction,
      kept: keptBlocks(doc, blocks, extraction),
      similarity: textSimilarity(extraction.text, page.body),
    };
  });
  const agreement = members.map((a) => members.map((b) => (a === b ? 1 : textSimilarity(a.extraction.text, b.extraction.text))));
  return {
    options: o,
    page,
    doc,
    blocks,
    kept: keptBlocks(doc, blocks, page.extraction),
    inPost: postBlocks(doc, blocks, page.posts),
    inComment: postBlocks(doc, blocks, page.comments),
    members,
    agreement,
  };
}
