import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVISIBLE_CHARACTERS, scanInvisible } from '../../src/encoding/invisible.js';

const ZWNJ = '\u200C';
const ZWJ = '\u200D';

describe('scanInvisible', () => {
  it.each([
    ['ZWSP stripped in Latin', 'a\u200Bb', 'latin', 'ab'],
    ['ZWSP kept in Thai', 'ก\u200Bข', 'thai', 'ก\u200Bข'],
    ['soft hyphen, word joiner, BOM stripped everywhere', 'x\u00ADy\u2060z\uFEFF', 'arabic', 'xyz'],
    ['ZWNJ kept in Arabic script (Persian/Uyghur)', `می${ZWNJ}خواهم`, 'arabic', `می${ZWNJ}خواهم`],
    ['ZWNJ stripped in Latin', `Auf${ZWNJ}lage`, 'latin', 'Auflage'],
    ['ZWJ kept in Devanagari', `क्${ZWJ}ष`, 'devanagari', `क्${ZWJ}ष`],
    ['ZWJ stripped in Latin text', `a${ZWJ}b`, 'latin', 'ab'],
    ['ZWJ kept in an emoji sequence in Latin text', `👨${ZWJ}👩${ZWJ}👧`, 'latin', `👨${ZWJ}👩${ZWJ}👧`],
    ['ZWJ kept after emoji + VS16', `❤\uFE0F${ZWJ}🔥`, 'han', `❤\uFE0F${ZWJ}🔥`],
    ['bidi marks kept in Arabic', 'ش\u200F123\u200E', 'arabic', 'ش\u200F123\u200E'],
    ['bidi marks, embeddings and isolates stripped in Latin', 'a\u200Fb\u202Bc\u202Cd\u2067e\u2069', 'latin', 'abcde'],
    ['CGJ never stripped', 'a\u034Fb', 'latin', 'a\u034Fb'],
    ['MVS kept only in Mongolian', 'ᠨ\u180Eᠠ', 'mongolian', 'ᠨ\u180Eᠠ'],
  ])('%s', (_name, text, script, expected) => {
    expect(scanInvisible(text, { strip: true, script }).text).toBe(expected);
  });

  it('reports counts, names and positions, and strip: false changes nothing', () => {
    const text = `a\u200Bb\u200Bc${ZWNJ}`;
    const result = scanInvisible(text, { strip: false, script: 'latin' });
    expect(result.text).toBe(text);
    expect(result.stripped).toBe(0);
    expect(result.report.total).toBe(3);
    expect(result.report.characters).toEqual([
      { codePoint: 'U+200B', name: 'ZWSP', count: 2, positions: [1, 3], stripped: false },
      { codePoint: 'U+200C', name: 'ZWNJ', count: 1, positions: [5], stripped: false },
    ]);
  });

  it('caps positions', () => {
    const result = scanInvisible('\u200B'.repeat(500), { strip: true, script: 'latin', positionLimit: 10 });
    expect(result.report.characters[0].count).toBe(500);
    expect(result.report.characters[0].positions).toHaveLength(10);
    expect(result.report.positionLimit).toBe(10);
    expect(result.stripped).toBe(500);
    expect(result.text).toBe('');
  });

  it('the table has one row per code point, with short names', () => {
    const cps = INVISIBLE_CHARACTERS.map((c) => c.codePoint);
    expect(new Set(cps).size).toBe(cps.length);
    for (const c of INVISIBLE_CHARACTERS) expect(c.name).toMatch(/^[A-Z]+$/);
  });

  it('stripping is idempotent and removes exactly `stripped` characters (property)', () => {
    const alphabet = fc.constantFrom('a', 'ش', ' ', '👨', ...INVISIBLE_CHARACTERS.map((c) => String.fromCharCode(c.codePoint)));
    const script = fc.constantFrom('latin', 'arabic', 'thai', 'han', 'devanagari', 'none');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), script, (chars, s) => {
        const text = chars.join('');
        const once = scanInvisible(text, { strip: true, script: s });
        expect(once.text.length).toBe(text.length - once.stripped);
        const twice = scanInvisible(once.text, { strip: true, script: s });
        expect(twice.stripped).toBe(0);
      }),
    );
  });
});
