import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCharacterReferences } from '../../src/encoding/references.js';

describe('decodeCharacterReferences', () => {
  it.each([
    ['decimal with ;', '&#1588;&#1609;', 'شى', 2],
    ['hex lower/upper x', '&#x634;&#X634;', 'شش', 2],
    ['without ;', '&#1588&#1609 x', 'شى x', 2],
    ['digits run greedily (HTML)', '&#15889', '\u{3E11}', 1],
    ['leading zeros', '&#0001588;', 'ش', 1],
    ['in attribute values', '<img alt="&#1588;" title=\'&#x634\'>', '<img alt="ش" title=\'ش\'>', 2],
    ['C1 remap: euro, en dash', '&#128;&#150;&#x96;', '€––', 3],
    ['unmapped C1 stays', '&#129;&#x9D;', '&#129;&#x9D;', 0],
    ['markup-significant characters stay', '&#60;&#62;&#38;&#34;&#39;&#x3C;', '&#60;&#62;&#38;&#34;&#39;&#x3C;', 0],
    ['all ASCII stays (could create tags or references)', '<&#100;iv> &&#97;mp; &#x&#54;34;', '<&#100;iv> &&#97;mp; &#x&#54;34;', 0],
    ['NUL, surrogate, out of range, noncharacter stay', '&#0;&#xD800;&#x110000;&#xFFFE;&#xFDD0;&#99999999999;', '&#0;&#xD800;&#x110000;&#xFFFE;&#xFDD0;&#99999999999;', 0],
    ['no-break space and astral', '&#160;&#x1F600;', '\u00A0😀', 2],
    ['named references stay for the parser', '&nbsp;&amp;', '&nbsp;&amp;', 0],
    ['not a reference', '&# &#x; &#;', '&# &#x; &#;', 0],
    ['the paper §3.1 title', '<title>&#1588;&#1609;&#1739;&#1744;&#1578;</title>', '<title>شىۋېت</title>', 5],
  ])('%s', (_name, input, html, count) => {
    expect(decodeCharacterReferences(input)).toEqual({ html, count });
  });

  it('never creates markup or a reference: decoding leaves every <, & and ; where it was (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom('<', '>', '&', '#', ';', 'x', '/', 'a', ' ', '"', '&#', '&#x'),
      fc.integer({ min: 0, max: 0x10ffff }).map((cp) => `&#${cp};`),
      fc.integer({ min: 0, max: 0x10ffff }).map((cp) => `&#x${cp.toString(16)}`),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const input = parts.join('');
        const { html } = decodeCharacterReferences(input);
        const ascii = (s: string) => s.replace(/[^\x00-\x7F]/g, '');
        // Only references to non-ASCII characters are replaced, so the ASCII skeleton loses exactly them.
        expect(ascii(html)).toBe(ascii(input.replace(/&#(?:[xX]([0-9A-Fa-f]+)|([0-9]+));?/g, (m, h, d) => {
          const out = decodeCharacterReferences(m).html;
          return out === m ? m : '';
        })));
        expect(decodeCharacterReferences(html).html).toBe(html); // idempotent
      }),
    );
  });
});
