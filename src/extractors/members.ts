/**
 * The member algorithms (every algorithm but `auto`, which combines them), by name, each typed by its
 * own options: the one list that both `auto` and the registry read.
 * @module
 */
import { correlativityExtractor, type CorrelativityOptions } from './correlativity/index.js';
import { densityExtractor, type DensityOptions } from './density/index.js';
import { lineBlocksExtractor, type LineBlockOptions } from './line-blocks/index.js';
import { segmentationExtractor, type SegmentationOptions } from './segmentation/index.js';
import { textBlocksExtractor, type TextBlockOptions } from './text-blocks/index.js';
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
