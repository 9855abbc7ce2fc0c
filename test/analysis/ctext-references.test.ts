import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeReferences, readReferenceAt, type ReferenceRead } from '../../src/analysis/ctext-scan.js';

/** The reading the hand-written reader replaces: the reference pattern anchored at one offset. */
const REFERENCE_AT = /&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,30}));/uy;

function byPattern(html: string, at: number): ReferenceRead | null {
  REFERENCE_AT.lastIndex = at;
  const m = REFERENCE_AT.exec(html);
  return m === null ? null : { end: REFERENCE_AT.lastIndex, text: decodeReferences(m[0]) };
}

const pieces = fc.array(fc.oneof(
  fc.constantFrom('&', '#', 'x', 'X', ';', 'amp', 'AMP', 'Nbsp', 'rsquo', 'notaname', '0', '9', 'f', 'F', 'g', '10', '1114111', '1114112', 'd800', '65', 'a'.repeat(31), ' '),
  fc.string({ maxLength: 3 }),
), { maxLength: 12 }).map((p) => `&${p.join('')}`);

describe('readReferenceAt', () => {
  it.each([
    ['&amp;', '&', 5], ['&AMP;', '&', 5], ['&#65;', 'A', 5], ['&#x41;', 'A', 6], ['&#X1F600;', '😀', 9], ['&#10;', '\n', 5],
    ['&#0;', ' ', 4], ['&#xD800;', ' ', 8], ['&#1114112;', ' ', 10], ['&unknown;', ' ', 9], ['&a;', null, 0], ['&#;', null, 0],
    ['&#x1234567;', null, 0], ['&#12345678;', null, 0], ['&amp', null, 0], [`&${'a'.repeat(31)};`, ' ', 33], [`&${'a'.repeat(32)};`, null, 0],
  ])('reads %j', (html, text, end) => {
    const out: ReferenceRead = { end: 0, text: '' };
    const found = readReferenceAt(html, 0, out);
    expect(found ? out : null).toEqual(text === null ? null : { end, text });
  });

  it('reads what the reference pattern matches, and nothing else', () => {
    fc.assert(fc.property(pieces, (html) => {
      const out: ReferenceRead = { end: 0, text: '' };
      expect(readReferenceAt(html, 0, out) ? { ...out } : null).toEqual(byPattern(html, 0));
    }), { numRuns: 3000 });
  });
});
