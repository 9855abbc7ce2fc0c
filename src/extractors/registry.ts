import { MatnError } from '../core/errors.js';
import { autoExtractor } from './auto/index.js';
import { correlativityExtractor } from './correlativity/index.js';
import { densityExtractor } from './density/index.js';
import { lineBlocksExtractor } from './line-blocks/index.js';
import { segmentationExtractor } from './segmentation/index.js';
import { textBlocksExtractor } from './text-blocks/index.js';
import type { Extractor } from './types.js';
import type { AutoOptions } from './auto/index.js';
import type { CorrelativityOptions } from './correlativity/index.js';
import type { DensityOptions } from './density/index.js';
import type { LineBlockOptions } from './line-blocks/index.js';
import type { SegmentationOptions } from './segmentation/index.js';
import type { TextBlockOptions } from './text-blocks/index.js';

/**
 * Names of the algorithms {@link getExtractor} knows, in the order `--help` lists them (`auto`, the
 * default of `extract()`, first).
 * @category Extraction
 */
export const ALGORITHMS = Object.freeze(['auto', 'correlated', 'line-blocks', 'text-blocks', 'density', 'segmentation'] as const);

/** An algorithm name accepted by {@link getExtractor}. @category Extraction */
export type AlgorithmName = (typeof ALGORITHMS)[number];

/**
 * The options of each algorithm, by name: `ExtractOptions.extractor` is typed by `algorithm`.
 * @category Extraction
 */
export interface ExtractorOptionsMap {
  auto: AutoOptions;
  correlated: CorrelativityOptions;
  'line-blocks': LineBlockOptions;
  'text-blocks': TextBlockOptions;
  density: DensityOptions;
  segmentation: SegmentationOptions;
}

/** The options of algorithm `A` (of any algorithm when `A` is the whole union). @category Extraction */
export type ExtractorOptions<A extends AlgorithmName = AlgorithmName> = Partial<ExtractorOptionsMap[A]>;

const EXTRACTORS: Readonly<Record<AlgorithmName, Extractor<object>>> = Object.freeze({
  auto: autoExtractor as unknown as Extractor<object>,
  correlated: correlativityExtractor as unknown as Extractor<object>,
  'line-blocks': lineBlocksExtractor as unknown as Extractor<object>,
  'text-blocks': textBlocksExtractor as unknown as Extractor<object>,
  density: densityExtractor as unknown as Extractor<object>,
  segmentation: segmentationExtractor as unknown as Extractor<object>,
});

/** True when `name` is a known algorithm name. @category Extraction */
export function isAlgorithmName(name: string): name is AlgorithmName {
  return Object.hasOwn(EXTRACTORS, name);
}

/**
 * The extractor registered under `name`.
 * @throws MatnError `unknown-algorithm` for a name that is not in {@link ALGORITHMS}.
 * @example getExtractor('correlated').extract(analyze(normalize(bytes)));
 * @category Extraction
 */
export function getExtractor(name: string): Extractor<object> {
  if (!isAlgorithmName(name)) {
    throw new MatnError('unknown-algorithm', `unknown algorithm "${name}" (known: ${ALGORITHMS.join(', ')})`, { algorithm: name, known: [...ALGORITHMS] });
  }
  return EXTRACTORS[name];
}
