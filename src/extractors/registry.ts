import { MatnError } from '../core/errors.js';
import { autoExtractor, type AutoOptions } from './auto/index.js';
import { MEMBERS, type MemberOptionsMap } from './members.js';
import type { Extractor } from './types.js';

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
export interface ExtractorOptionsMap extends MemberOptionsMap {
  auto: AutoOptions;
}

/** The options of algorithm `A` (of any algorithm when `A` is the whole union). @category Extraction */
export type ExtractorOptions<A extends AlgorithmName = AlgorithmName> = Partial<ExtractorOptionsMap[A]>;

/** Every algorithm, typed by its options: `auto` and its members. */
const EXTRACTORS: { readonly [A in AlgorithmName]: Extractor<ExtractorOptionsMap[A]> } = Object.freeze({ auto: autoExtractor, ...MEMBERS });

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
