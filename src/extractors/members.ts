/**
 * The member algorithms (every algorithm but `auto`, which combines them), by name, each typed by its
 * own options: the one list that both `auto` and the registry read.
 * @module
 */
import { correlativityExtractor, type CorrelativityOptions } from './correlativity/index.js';
import { densityExtractor, densitySpans, type DensityOptions } from './density/index.js';
import { lineBlockSpans, lineBlocksExtractor, type LineBlockOptions } from './line-blocks/index.js';
import { segmentationExtractor, segmentationSpans, type SegmentationOptions } from './segmentation/index.js';
import { textBlockSpans, textBlocksExtractor, type TextBlockOptions } from './text-blocks/index.js';
import { memberSpansOf, type MemberSpans } from './lazy-text.js';
import type { AnalyzedDocument } from '../analysis/types.js';
import type { Extractor } from './types.js';

/** The options of each member algorithm, by name. @category Extraction */
export interface MemberOptionsMap {
  correlated: CorrelativityOptions;
  'line-blocks': LineBlockOptions;
  'text-blocks': TextBlockOptions;
  density: DensityOptions;
  segmentation: SegmentationOptions;
}

/** A member algorithm's name. @category Extraction */
export type MemberName = keyof MemberOptionsMap;

/** The member extractors, by name. */
export const MEMBERS: { readonly [N in MemberName]: Extractor<MemberOptionsMap[N]> } = Object.freeze({
  correlated: correlativityExtractor,
  'line-blocks': lineBlocksExtractor,
  'text-blocks': textBlocksExtractor,
  density: densityExtractor,
  segmentation: segmentationExtractor,
});

/** True when `name` names a member algorithm. */
export function isMemberName(name: string): name is MemberName {
  return Object.hasOwn(MEMBERS, name);
}

/**
 * What `auto` reads of each member's run with its default options (see `MemberSpans`), by name. A member
 * whose full result costs much more than its spans (block texts and objects `auto` never reads) computes
 * them on its own; the others are read from their result. Always the spans of the member's result, so
 * `auto`'s output does not change (`test/extractors/member-spans.test.ts`).
 */
export const MEMBER_SPANS: { readonly [N in MemberName]: (doc: AnalyzedDocument) => MemberSpans } = Object.freeze({
  correlated: (doc: AnalyzedDocument) => memberSpansOf(correlativityExtractor.extract(doc)),
  'line-blocks': (doc: AnalyzedDocument) => lineBlockSpans(doc),
  'text-blocks': (doc: AnalyzedDocument) => textBlockSpans(doc),
  density: (doc: AnalyzedDocument) => densitySpans(doc),
  segmentation: (doc: AnalyzedDocument) => segmentationSpans(doc),
});
