import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/encoding/normalize.js';
import { prescanMeta } from '../../src/encoding/prescan.js';
import { decodeCharacterReferences, decodeUtf8CharacterReferences } from '../../src/encoding/references.js';
import { classifyNulPattern } from '../../src/encoding/binary.js';
import { hasByte } from '../../src/encoding/buffer-view.js';
import { countUtf8SequencesUpTo, scanUtf8, sniffUtf16Or32 } from '../../src/encoding/unicode-sniff.js';

// The fast paths of normalize (perf work for issue 2) must give exactly what the plain paths give.

const utf8 = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** Pieces that exercise references, marks that compose, and ASCII between them. */
const PIECES = [
  'a', 'e', ' ', '<p>', '\n', 'ش', 'ئۇيغۇر', '中文', '👨', '\u0301', '\u0327', 'e\u0301', '\u1100', '\u1161', '가', '\u2126',
  '&#1588;', '&#x634', '&#X6D5;', '&#128;', '&#60;', '&#0000000001588;', '&#99999999999;', '&#x;', '&#', '&#65279;',
  '&#128512;', '&#xD800;', '&#xFFFE;', '&#159;', '&#160', '&amp;', '&#&#1588;',
];
const pieceText = fc.array(fc.constantFrom(...PIECES), { maxLength: 80 }).map((parts) => parts.join(''));

/** NFC applied run by run (the definition of the `nfc` repair count). */
function naiveNfc(text: string): { text: string; count: number } {
  let count = 0;
  const out = text.replace(/[\x00-\x7F]?[^\x00-\x7F]+/g, (run) => {
    const nfc = run.normalize('NFC');
    if (nfc !== run) count++;
    return nfc;
  });
  return { text: out, count };
}

describe('decodeUtf8CharacterReferences', () => {
  it.each([
    ['<p>&#1588;&#x634&#128;&#60;</p>', 3],
    ['&#x10FFFF;&#xFFFF;&#65279;', 0],
    ['&#128512; &#0000000001588; &#x', 2],
    ['no references', 0],
    ['&#1588', 1],
    ['&#160&#xA0', 2],
  ])('decodes %j like the string version', (text, count) => {
    const bytes = utf8.encode(text);
    const result = decodeUtf8CharacterReferences(bytes);
    expect(result.count).toBe(count);
    expect(decoder.decode(result.bytes)).toBe(decodeCharacterReferences(text).html);
    if (count === 0) expect(result.bytes).toBe(bytes);
  });

  it('agrees with decodeCharacterReferences on random text', () => {
    fc.assert(
      fc.property(pieceText, (text) => {
        const result = decodeUtf8CharacterReferences(utf8.encode(text));
        const expected = decodeCharacterReferences(text);
        expect(result.count).toBe(expected.count);
        expect(decoder.decode(result.bytes)).toBe(expected.html);
      }),
      { numRuns: 500 },
    );
  });
});

describe('normalize fast paths', () => {
  it('bytes and the same text as a string give the same html and repairs', () => {
    fc.assert(
      fc.property(pieceText, (text) => {
        const fromBytes = normalize(utf8.encode(`<meta charset="utf-8">${text}`));
        const fromString = normalize(`<meta charset="utf-8">${text}`);
        expect(fromBytes.html).toBe(fromString.html);
        expect(fromBytes.repairs.filter((r) => r.kind !== 'replacement-char')).toEqual(fromString.repairs);
      }),
      { numRuns: 300 },
    );
  });

  it('valid UTF-8 with C0 controls, presentation forms or invisibles agrees with the string path, which always tests for them', () => {
    // The bytes path skips cleaning, the binary test, folding and the invisible scan when one regex finds none
    // of these. No references here: the bytes path decodes them before removing controls and the string path
    // after (`&#x634\x1Fa` is "شa" from bytes, "捊" from a string), an older difference this test is not about.
    const special = ['\x00', '\x01', '\x08', '\x0B', '\x0C', '\r\n', '\x0E', '\x1A', '\x1B', '\x1F', '\t', '\uFEFF', '\u00AD', '\u200C', '\uFEB5', '\uFEEA', '\uFB50'];
    const pieces = [...PIECES.filter((p) => !p.includes('&')), ...special];
    const withSpecial = fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(withSpecial, fc.boolean(), (text, stripInvisible) => {
        const bytes = utf8.encode(`<meta charset="utf-8">${text}`);
        // bytes over 10 % NUL are read as UTF-16/32 or refused as `not-text` before any fast path (docs/limits.md,
        // a fixed rule the string path has no counterpart of): not this property's subject
        const nul = classifyNulPattern(bytes);
        fc.pre(nul === 'none' || nul === 'few');
        const fromBytes = normalize(bytes, { maxBinaryShare: 1, stripInvisible });
        const fromString = normalize(`<meta charset="utf-8">${text}`, { stripInvisible });
        expect(fromBytes.html).toBe(fromString.html);
        expect(fromBytes.repairs).toEqual(fromString.repairs);
        expect(fromBytes.invisible).toEqual(fromString.invisible);
      }),
      { numRuns: 400 },
    );
  });

  it('ASCII bytes in an ASCII-compatible charset (decoded as UTF-8 unless they hold controls) agree with the string path', () => {
    // ASCII pieces only: references, controls next to them, markup
    const pieces = [...PIECES.filter((p) => /^[\x00-\x7F]*$/.test(p)), '\x01', '\x1B', '\x0B', '\r\n', '&#x634', '&#1588;'];
    const asciiText = fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(asciiText, fc.constantFrom('windows-1252', 'shift_jis', 'gbk', 'koi8-r', 'iso-8859-6'), (text, charset) => {
        const html = `<meta charset="${charset}">${text}`;
        const fromBytes = normalize(utf8.encode(html), { maxBinaryShare: 1 });
        const fromString = normalize(html);
        expect(fromBytes.charset).toBe(charset);
        expect(fromBytes.html).toBe(fromString.html);
        expect(fromBytes.repairs).toEqual(fromString.repairs);
      }),
      { numRuns: 300 },
    );
  });

  it.each(['windows-1252', 'gbk'])('ASCII bytes in %s with a control inside a reference keep the order of the string path (controls, then references)', (charset) => {
    const html = `<meta charset="${charset}">&#x634\x01a &#\x0B1588;`;
    expect(normalize(utf8.encode(html), { maxBinaryShare: 1 }).html).toBe(`<meta charset="${charset}">\u634A ش`);
    expect(normalize(html).html).toBe(`<meta charset="${charset}">\u634A ش`);
  });

  it('valid UTF-8 still meets the binary test when its text has controls, and only then', () => {
    const page = (control: string) => utf8.encode(`<meta charset="utf-8"><p>${`ئۇيغۇرچە${control}`.repeat(100)}</p>`);
    expect(() => normalize(page('\x01'))).toThrow(expect.objectContaining({ code: 'not-text' }));
    expect(normalize(page('\x01'), { maxBinaryShare: 0.2 }).repairs).toContainEqual({ kind: 'control-removed', count: 100 });
    // ESC and CR are no binary data bytes: ESC is dropped as a control, CR is kept for the parser
    expect(normalize(page('\x1B')).repairs).toContainEqual({ kind: 'control-removed', count: 100 });
    expect(normalize(page('\r')).repairs).toEqual([]);
    expect(normalize(page('')).repairs).toEqual([]);
  });

  it('counts changed NFC runs as run-by-run NFC does, across chunk boundaries', () => {
    // More than one 4096-character chunk, with decomposed letters in several of them.
    const text = `${'word '.repeat(900)}e\u0301 ${'x'.repeat(5000)} ${'ab '.repeat(2000)}A\u030A\u0301 é`;
    const expected = naiveNfc(text);
    const doc = normalize(text);
    expect(doc.html).toBe(expected.text);
    expect(doc.repairs.find((r) => r.kind === 'nfc')?.count ?? 0).toBe(expected.count);
    expect(expected.count).toBe(2); // 'e\u0301' and 'A\u030A\u0301'
  });

  it('NFC count equals run-by-run NFC on random text', () => {
    fc.assert(
      fc.property(fc.array(pieceText, { maxLength: 120 }).map((p) => p.join(' x ')), (text) => {
        const doc = normalize(text, { profile: 'generic' });
        const folded = decodeCharacterReferences(text).html; // no presentation forms in the pieces
        const expected = naiveNfc(folded);
        expect(doc.html).toBe(expected.text);
        expect(doc.repairs.find((r) => r.kind === 'nfc')?.count ?? 0).toBe(expected.count);
      }),
      { numRuns: 200 },
    );
  });
});

describe('prescan bound and byte sniffers', () => {
  it.each([
    ['late <meta after many tags', `${'<div class="a">x</div>'.repeat(200)}<META charset="windows-1256">`, ['windows-1256']],
    ['<meta inside a comment after the last real one', '<meta charset="gbk"><!-- <meta charset="big5"> -->', ['gbk']],
    ['<meta in an attribute value is not a tag', `${'<p>'.repeat(50)}<a title="<meta charset=big5>">`, []],
    ['<meta as the last bytes', `${'<p>'.repeat(10)}<meta`, []],
    ['unknown label then a known one', '<meta charset="bogus"><p><meta charset="koi8-r">', [null, 'koi8-r']],
  ])('%s', (_, html, charsets) => {
    const found = prescanMeta(utf8.encode(html), { end: 262144 });
    expect(found.map((d) => d.charset)).toEqual(charsets);
  });

  it.each([
    ['ascii', 'plain <p>', { ascii: true, multibyte: 0, invalid: 0 }],
    ['utf-8', 'ش中👨', { ascii: false, multibyte: 3, invalid: 0 }],
  ])('scanUtf8 fast path: %s', (_, text, expected) => {
    expect(scanUtf8(utf8.encode(text))).toEqual(expected);
  });

  it('countUtf8SequencesUpTo is the multi-byte count of scanUtf8, capped at the limit', () => {
    fc.assert(
      fc.property(pieceText, fc.integer({ min: 0, max: 12 }), (text, limit) => {
        const bytes = utf8.encode(text);
        expect(countUtf8SequencesUpTo(bytes, limit)).toBe(Math.min(scanUtf8(bytes).multibyte, limit));
      }),
      { numRuns: 300 },
    );
  });

  it('hasByte answers as indexOf does, on views that start inside their buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(8), fc.integer({ min: 0, max: 255 }), (all, skip, value) => {
        const view = all.subarray(Math.min(skip, all.length));
        expect(hasByte(view, value)).toBe(view.indexOf(value) >= 0);
      }),
      { numRuns: 500 },
    );
  });

  it('scanUtf8 still counts ill-formed sequences', () => {
    expect(scanUtf8(new Uint8Array([0x61, 0xc3, 0x28, 0xe2, 0x82]))).toEqual({ ascii: false, multibyte: 0, invalid: 2 });
  });

  it('sniffUtf16Or32 answers null without NUL bytes and still finds UTF-16LE', () => {
    expect(sniffUtf16Or32(utf8.encode('<html><body>text</body></html>'))).toBeNull();
    const le = new Uint8Array([...'<html><body>text</body></html>'].flatMap((c) => [c.charCodeAt(0), 0]));
    expect(sniffUtf16Or32(le)).toBe('utf-16le');
  });
});
