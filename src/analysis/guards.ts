import { assertShape } from '../core/guards.js';
import type { AnalyzedDocument } from './types.js';

/** Keys every {@link AnalyzedDocument} has. */
const ANALYZED_KEYS = ['source', 'root', 'index', 'stats', 'text', 'textOf'] as const;
/** Keys every NormalizedDocument has. */
const NORMALIZED_KEYS = ['html', 'charset', 'diagnostics'] as const;

/** Throws `MatnError('invalid-argument')` unless `doc` looks like the result of `analyze`. */
export function assertAnalyzedDocument(doc: unknown, where: string): asserts doc is AnalyzedDocument {
  assertShape(doc, ANALYZED_KEYS, where, 'an AnalyzedDocument (the result of analyze)');
}

/** Throws `MatnError('invalid-argument')` unless `source` looks like the result of `normalize`. */
export function assertNormalizedDocument(source: unknown, where: string): void {
  assertShape(source, NORMALIZED_KEYS, where, 'a NormalizedDocument (the result of normalize)');
  if (typeof (source as { html: unknown }).html !== 'string') assertShape(null, NORMALIZED_KEYS, where, 'a NormalizedDocument with an html string');
}
