/**
 * The input of an extractor: an analyzed document, or a normalized one that is analyzed here, so that
 * the two-step API `extractCorrelated(normalize(bytes))` works as written (`analyze` stays available to a
 * caller who reuses one analysis for several extractors).
 * @module
 */
import type { NormalizedDocument } from '../encoding/types.js';
import { analyze } from './analyze.js';
import { assertAnalyzedDocument } from './guards.js';
import type { AnalyzedDocument } from './types.js';

/** True when `doc` has the keys of a NormalizedDocument and none of an AnalyzedDocument. */
function isNormalizedDocument(doc: unknown): doc is NormalizedDocument {
  return doc !== null && typeof doc === 'object' && 'html' in doc && 'charset' in doc && !('index' in doc);
}

/**
 * `doc` when it is an AnalyzedDocument; `analyze(doc)` when it is a NormalizedDocument.
 * @throws MatnError `invalid-argument` for anything else.
 */
export function toAnalyzedDocument(doc: AnalyzedDocument | NormalizedDocument, where: string): AnalyzedDocument {
  if (isNormalizedDocument(doc)) return analyze(doc);
  assertAnalyzedDocument(doc, where);
  return doc;
}
