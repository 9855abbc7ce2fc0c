import { Buffer } from 'node:buffer';
import type { NormalizedDocument } from '../../src/encoding/types.js';

/**
 * Wraps an HTML string as a {@link NormalizedDocument} without normalizing it (charset utf-8, no
 * evidence, no repairs), for tests of the stages after `normalize`.
 */
export function asNormalized(html: string): NormalizedDocument {
  return {
    html,
    charset: 'utf-8',
    charsetSource: 'default',
    confidence: 1,
    evidence: [],
    repairs: [],
    invisible: { total: 0, characters: [], positionLimit: 0 },
    warnings: [],
    diagnostics: [],
    byteLength: Buffer.byteLength(html, 'utf8'),
  };
}
