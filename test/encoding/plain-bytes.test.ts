import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodePointSearch, hasSourceControlBytes } from '../../src/encoding/plain-bytes.js';
import { INVISIBLE_CHARACTERS } from '../../src/encoding/invisible.js';
import { normalize } from '../../src/encoding/normalize.js';

// normalize answers "does the text hold a control / presentation form / invisible character?" on the
// bytes of valid UTF-8; these tests hold the byte answers to the text (regex) answers they replace.

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const CONTROL_RE = /[\x00-\x08\x0B\x0E-\x1F]/;
const FORM_OR_INVISIBLE = [
  ...Array.from({ length: 0xfdff - 0xfb50 + 1 }, (_, k) => 0xfb50 + k),
  ...Array.from({ length: 0xfefe - 0xfe70 + 1 }, (_, k) => 0xfe70 + k),
  ...INVISIBLE_CHARACTERS.map((c) => c.codePoint),
];
const FORM_OR_INVISIBLE_RE = new RegExp(`[${FORM_OR_INVISIBLE.map((cp) => `\\u${cp.toString(16).padStart(4, '0')}`).join('')}]`);

describe('hasSourceControlBytes', () => {
  it('agrees with the text test on every code unit below U+0080', () => {
    for (let c = 0; c < 0x80; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      expect(hasSourceControlBytes(utf8(s)), `U+${c.toString(16)}`).toBe(CONTROL_RE.test(s));
    }
  });
});

describe('CodePointSearch', () => {
  const search = new CodePointSearch(FORM_OR_INVISIBLE);

  it('agrees with the regex on every BMP character, alone and among neighbours sharing its lead bytes', () => {
    let found = 0;
    for (let cp = 0x80; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = `x\u2019${String.fromCharCode(cp)}\u2018y\uFFFD\u00A0`;
      const expected = FORM_OR_INVISIBLE_RE.test(s);
      if (search.test(utf8(s)) !== expected) throw new Error(`disagrees at U+${cp.toString(16)}`);
      if (expected) found++;
    }
    expect(found).toBe(FORM_OR_INVISIBLE.length);
  });

  it('agrees with the regex on mixed text (property)', () => {
    const pieces = ['a', ' ', '<p>', 'ش', '中文', '👨', '\u2019', '\u200B', '\u200C', '\u2066', '\u2065', '\uFEFF', '\uFB50', '\uFE6F', '\uFFFA', '\uFFFD', '\u00AD', '\u00AC', '\u034F', '\u180E', '\u180F'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
      const s = parts.join('');
      expect(search.test(utf8(s))).toBe(FORM_OR_INVISIBLE_RE.test(s));
    }));
  });

  it('rejects code points it cannot search for', () => {
    expect(() => new CodePointSearch([0x41])).toThrow(RangeError);
    expect(() => new CodePointSearch([0x1f600])).toThrow(RangeError);
  });
});

describe('normalize on valid UTF-8', () => {
  it('counts and strips invisible characters and folds presentation forms as for the same text given as a string', () => {
    for (const { codePoint } of INVISIBLE_CHARACTERS) {
      const s = `<p>کىتاب${String.fromCodePoint(codePoint)}\u2019 ok\uFEFB</p>`;
      for (const stripInvisible of [false, true]) {
        const fromBytes = normalize(utf8(s), { stripInvisible });
        const fromString = normalize(s, { stripInvisible });
        expect(fromBytes.html).toBe(fromString.html);
        expect(fromBytes.invisible).toEqual(fromString.invisible);
        expect(fromBytes.repairs).toEqual(fromString.repairs);
      }
    }
  });

  it('removes a control character the bytes hold', () => {
    const text = `<p>a\u0001b\u2019 ${'long enough to stay under the binary share. '.repeat(2)}</p>`;
    const doc = normalize(utf8(text));
    expect(doc.html).toBe(text.replace('\u0001', ''));
    expect(doc.repairs).toContainEqual({ kind: 'control-removed', count: 1 });
  });
});
