import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/dom/parse.js';
import { normalize } from '../src/encoding/normalize.js';
import { isMatnError } from '../src/core/errors.js';
import { DOCUMENTED_CODES, hostileInput, hostileOptions, runCase } from './helpers/fuzz-inputs.js';

// Bounded so the suite stays fast; `npm run fuzz` runs 10,000 cases of the same properties.
const RUNS = 120;

describe('fuzz: hostile inputs', () => {
  it('extract() with every algorithm gives clean text in every output string and record field, or a documented MatnError', () => {
    fc.assert(fc.property(hostileInput, hostileOptions, (input, options) => {
      expect(runCase(input, options).unclean).toEqual([]);
    }), { numRuns: RUNS });
  });

  it('normalize() never leaves a lone surrogate or a non-whitespace C0 control, or throws a documented MatnError', () => {
    fc.assert(fc.property(hostileInput, (input) => {
      try {
        const { html } = normalize(input);
        expect(html).not.toMatch(/[\x00-\x08\x0B\x0E-\x1F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      } catch (error) {
        expect(isMatnError(error) && DOCUMENTED_CODES.has(error.code)).toBe(true);
      }
    }), { numRuns: RUNS * 3 });
  });

  it('parseHtml() accepts any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (html) => {
      expect(parseHtml(html).type).toBe('root');
    }), { numRuns: RUNS });
  });
});
