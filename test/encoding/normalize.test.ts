import { cleanHtmlSource } from '../../src/core/clean-text.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { isMatnError } from '../../src/core/errors.js';
import { DEFAULT_NORMALIZE_OPTIONS, normalize } from '../../src/encoding/normalize.js';
import type { Repair } from '../../src/encoding/types.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/encoding');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const utf8 = (s: string) => new TextEncoder().encode(s);
const PRESENTATION_RE = /[\uFB50-\uFDFF\uFE70-\uFEFE]/;
const repair = (repairs: readonly Repair[], kind: Repair['kind']) => repairs.find((r) => r.kind === kind);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return isMatnError(error) ? error.code : 'not a MatnError';
  }
  return undefined;
}

describe('normalize: fixture pages', () => {
  it('a windows-1252 page of decimal references (paper §3.1) becomes Uyghur text', () => {
    const bytes = fixture('ug-ncr-cp1252.html');
    const source = new TextDecoder('latin1').decode(bytes);
    const doc = normalize(bytes);
    expect(doc.charset).toBe('windows-1252');
    expect(doc.charsetSource).toBe('meta');
    expect(doc.html).toContain('<title>ئۇيغۇر تىلى</title>');
    expect(doc.html).toContain('<div class="post" title="مەكتەپ">');
    expect(doc.html).toContain('<p>مەن بۈگۈن مەكتەپكە باردىم، ئاندىن كۈتۈپخانىدا كىتاب ئوقۇدۇم.</p>');
    expect(doc.html).toContain('<p>ئۆي &amp; &#60;b&#62; – €</p>');
    const references = source.match(/&#\d+;/g)?.length ?? 0;
    expect(repair(doc.repairs, 'ncr')).toEqual({ kind: 'ncr', count: references - 2 }); // &#60; &#62; stay
    expect(repair(doc.repairs, 'presentation-form')).toEqual({ kind: 'presentation-form', count: 3 });
  });

  it('a UTF-8 page written in presentation forms folds to base letters, full-width digits and CJK punctuation stay', () => {
    const doc = normalize(fixture('ar-presentation-utf8.html'));
    expect(doc.charset).toBe('utf-8');
    expect(PRESENTATION_RE.test(doc.html)).toBe(false);
    expect(doc.html).toContain('<title>ذهب الطالب</title>');
    expect(doc.html).toContain('<p>ذهب الطالب إلى المكتبة لقراءة كتاب جديد.</p>');
    expect(doc.html).toContain('<p>لا أعرف متى يبدأ الدرس، ١٢٣ و１２３。</p>');
    expect(repair(doc.repairs, 'ncr')).toBeUndefined();
  });
});

describe('normalize: transforms and repairs', () => {
  it.each([
    ['composes to NFC', '<p>e\u0301 a\u0308</p>', '<p>é ä</p>', { kind: 'nfc', count: 2 }],
    ['folds presentation forms', '<p>\uFEB7\uFEE0</p>', '<p>شل</p>', { kind: 'presentation-form', count: 2 }],
    ['decodes references in attributes', '<a title="&#x634;">x</a>', '<a title="ش">x</a>', { kind: 'ncr', count: 1 }],
    ['reference to a presentation form is decoded then folded', '<p>&#65275;</p>', '<p>لا</p>', { kind: 'presentation-form', count: 1 }],
  ] as const)('%s', (_name, input, html, expected) => {
    const doc = normalize(input);
    expect(doc.html).toBe(html);
    expect(repair(doc.repairs, expected.kind)).toEqual(expected);
  });

  it('string input: charset utf-16 from the caller (transport), a leading BOM character is dropped', () => {
    const doc = normalize('\uFEFF<p>x</p>');
    expect(doc.html).toBe('<p>x</p>');
    expect(doc.charset).toBe('utf-16');
    expect(doc.charsetSource).toBe('transport');
    expect(doc.confidence).toBe(1);
    expect(doc.byteLength).toBe(11);
  });

  it('bytes with a UTF-8 BOM: the BOM is skipped and wins over a lying meta', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<meta charset="gbk"><p>ئۇيغۇر</p>')]);
    const doc = normalize(bytes);
    expect(doc.charset).toBe('utf-8');
    expect(doc.charsetSource).toBe('bom');
    expect(doc.html).toBe('<meta charset="gbk"><p>ئۇيغۇر</p>');
  });

  it.each([
    ['utf-16le', false],
    ['utf-16le', true],
    ['utf-16be', false],
  ] as const)('UTF-16 bytes (%s, BOM %s) are NUL-heavy but text', (charset, bom) => {
    const text = '<html><body><p>Hello, world. ئۇيغۇر تىلى</p></body></html>';
    const le = new Uint8Array(Buffer.from(text, 'utf16le'));
    const body = charset === 'utf-16le' ? le : le.map((_, i) => le[i ^ 1]);
    const mark = charset === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff];
    const doc = normalize(new Uint8Array([...(bom ? mark : []), ...body]));
    expect(doc.html).toBe(text);
    expect(doc.charset).toBe(charset);
  });

  it('undecodable bytes are counted as replacement characters with a diagnostic', () => {
    // GBK text the ranking confirms, with one lead byte cut from its trail byte
    const text = '今天天气很好，我们在公园里散步，孩子们在草地上玩耍，老人们在树下下棋聊天。';
    const doc = normalize(new Uint8Array([...utf8('<meta charset="gbk"><p>'), ...iconv.encode(text, 'gbk'), 0x81, ...utf8('</p>')]));
    expect(doc.charset).toBe('gbk');
    expect(repair(doc.repairs, 'replacement-char')?.count).toBeGreaterThan(0);
    expect(doc.diagnostics.map((d) => d.code)).toContain('undecodable-bytes');
    expect(doc.warnings).toEqual(doc.diagnostics.map((d) => d.message));
  });

  it.each([
    ['uyghur', 'ە'],
    ['generic', 'ه'],
    ['arabic', 'ه'],
  ] as const)('profile %s: legacy heh final form after a Uyghur word folds to %s', (profile, letter) => {
    const doc = normalize('<p>ئۇيغۇرچ\uFEEA</p>', { profile });
    expect(doc.html).toBe(`<p>ئۇيغۇرچ${letter}</p>`);
  });

  it('profile auto recognises Uyghur text by its letters ۇ ۈ ې ۋ ڭ, and Arabic text as generic', () => {
    expect(normalize('<p>ئۇيغۇرچ\uFEEA تىلى ۋە ئېلىپبە</p>').html).toContain('ئۇيغۇرچە');
    expect(normalize('<p>ذهب الطالب إلى المكتب\uFEEA</p>').html).toContain('المكتبه');
  });

  it('stripInvisible removes what the page script does not need and lists it', () => {
    const doc = normalize('<p>zero\u200Bwidth\u00ADhy\u200Cphen</p>', { stripInvisible: true });
    expect(doc.html).toBe('<p>zerowidthhyphen</p>');
    expect(repair(doc.repairs, 'invisible-stripped')).toEqual({ kind: 'invisible-stripped', count: 3 });
    expect(doc.invisible.total).toBe(3);
    const arabic = normalize('<p>می\u200Cخواهم</p>', { stripInvisible: true });
    expect(arabic.html).toBe('<p>می\u200Cخواهم</p>');
    expect(arabic.invisible.characters[0]).toMatchObject({ name: 'ZWNJ', count: 1, stripped: false });
  });

  it('by default invisible characters are reported, not removed', () => {
    const doc = normalize('<p>a\u200Bb</p>');
    expect(doc.html).toBe('<p>a\u200Bb</p>');
    expect(doc.invisible.characters).toEqual([{ codePoint: 'U+200B', name: 'ZWSP', count: 1, positions: [4], stripped: false }]);
  });

  it.each([
    ['bytes', new Uint8Array(0)],
    ['string', ''],
  ] as const)('empty %s input gives a valid empty document', (_name, input) => {
    const doc = normalize(input);
    expect(doc.html).toBe('');
    expect(doc.repairs).toEqual([]);
    expect(doc.invisible.total).toBe(0);
    expect(doc.byteLength).toBe(0);
  });

  it('echoes sensible defaults', () => {
    expect(DEFAULT_NORMALIZE_OPTIONS).toEqual({ contentType: '', defaultCharset: 'windows-1252', maxBytes: 33554432, stripInvisible: false, profile: 'auto', maxBinaryShare: 0.05 });
    expect(Object.isFrozen(DEFAULT_NORMALIZE_OPTIONS)).toBe(true);
  });
});

describe('normalize: charsets no decoder here supports', () => {
  it.each(['johab', 'iso-2022-kr', 'hz-gb-2312'])('%s: named as the charset, ASCII text kept, unsupported-charset diagnostic', (label) => {
    const doc = normalize(new TextEncoder().encode('<p>hello</p>'), { contentType: `text/html; charset=${label}` });
    expect(doc.charset).toBe(label);
    expect(doc.html).toBe('<p>hello</p>');
    expect(doc.diagnostics.find((d) => d.code === 'unsupported-charset')?.details).toEqual({ charset: label, decodedAs: 'windows-1252' });
  });
});

describe('normalize: errors', () => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  const noisy = Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256 & (i % 3 === 0 ? 0 : 0xff));
  it.each([
    ['png', png, 'not-text'],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0, 0, 16], 'not-text'],
    ['gif', [...utf8('GIF89a'), 1, 0], 'not-text'],
    ['pdf', [...utf8('%PDF-1.7\n')], 'not-text'],
    ['zip', [0x50, 0x4b, 0x03, 0x04, 20, 0], 'not-text'],
    ['gzip', [0x1f, 0x8b, 8, 0, 0, 0], 'not-text'],
    ['NUL-heavy bytes without the UTF-16 pattern', noisy, 'not-text'],
  ])('%s → %s', (_name, bytes, code) => {
    expect(codeOf(() => normalize(new Uint8Array(bytes)))).toBe(code);
  });

  it.each([
    ['bytes', () => normalize(new Uint8Array(11), { maxBytes: 10 })],
    ['string (UTF-8 length)', () => normalize('ششششش6', { maxBytes: 10 })],
  ])('input-too-large for %s', (_name, fn) => {
    expect(codeOf(fn)).toBe('input-too-large');
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an array', [60, 112]],
    ['an ArrayBuffer', new ArrayBuffer(4)],
  ])('invalid-argument for %s', (_name, input) => {
    expect(codeOf(() => normalize(input as unknown as string))).toBe('invalid-argument');
  });

  it.each([
    ['unknown option', { maxByte: 3 }],
    ['unknown profile', { profile: 'turkish' }],
    ['negative maxBytes', { maxBytes: -1 }],
  ])('invalid-argument for %s', (_name, options) => {
    expect(codeOf(() => normalize('x', options as never))).toBe('invalid-argument');
  });

  it('a page of exactly maxBytes is accepted', () => {
    expect(normalize('<p>12345</p>', { maxBytes: 12 }).html).toBe('<p>12345</p>');
  });
});

describe('normalize: properties', () => {
  const pieces = fc.oneof(
    fc.constantFrom('<p>', '</p>', ' ', 'a', 'e', '\u0301', '\u0308', 'ش', 'ە', 'ۇ', '中', '１', '&amp;', '&#60;', '&#', ';', '\u200B', '\u200C', '\uFEFF', 'ﬁ'),
    fc.integer({ min: 0xfb50, max: 0xfefe }).map((cp) => String.fromCharCode(cp)),
    fc.integer({ min: 0x80, max: 0xffff }).map((cp) => `&#${cp};`),
    fc.integer({ min: 0x600, max: 0x6ff }).map((cp) => `&#x${cp.toString(16)}`),
  );
  const html = fc.array(pieces, { maxLength: 40 }).map((p) => p.join(''));

  it('is idempotent when stripping an invisible character brings combining marks together out of order', () => {
    const once = normalize('<p>&#x6d6;\ufeff&#x64b;</p>', { stripInvisible: true });
    expect(normalize(once.html, { stripInvisible: true }).html).toBe(once.html);
    expect(once.html).toBe('<p>\u064b\u06d6</p>');
    expect(once.repairs.map((r) => r.kind)).toContain('nfc');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(html, fc.boolean(), (input, stripInvisible) => {
        const once = normalize(input, { stripInvisible }).html;
        expect(normalize(once, { stripInvisible }).html).toBe(once);
      }),
    );
  });

  it('is idempotent where folding a presentation form changes the script that decides a ZWNJ (fast-check seed 1659620978)', () => {
    // U+FCF2 counts as an Arabic letter before folding and becomes a tatweel with marks after it
    const once = normalize('&#186;&#x620\u200c\ufcf2', { stripInvisible: true }).html;
    expect(normalize(once, { stripInvisible: true }).html).toBe(once);
  });

  it('bytes (UTF-8, charset from transport) and the same text as a string give the same html', () => {
    fc.assert(
      fc.property(html, (input) => {
        const fromBytes = normalize(utf8(input), { contentType: 'text/html; charset=utf-8' }).html;
        expect(fromBytes).toBe(normalize(input).html);
      }),
    );
  });

  it('never mutates its input', () => {
    fc.assert(
      fc.property(html, (input) => {
        const bytes = utf8(input);
        const copy = bytes.slice();
        normalize(bytes);
        expect(bytes).toEqual(copy);
      }),
    );
  });

  it('run-wise NFC equals whole-string NFC', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (s) => {
        const input = s.replace(/[\uFB50-\uFDFF\uFE70-\uFEFF&\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFFF9-\uFFFB]/g, '');
        // controls and lone surrogates are cleaned first (tested on their own below)
        expect(normalize(input).html).toBe(cleanHtmlSource(input.replace(/^\uFEFF/, '')).normalize('NFC'));
      }),
    );
  });
});

describe('normalize: large input', () => {
  it('completes on 10 MB of repeated content (string and bytes)', () => {
    const unit = '<div class="post"><p>&#1588;&#1609; \uFEB7\uFEE0 e\u0301 ئۇيغۇر\u200B text</p></div>\n';
    const big = unit.repeat(Math.ceil(10_000_000 / unit.length));
    const doc = normalize(big, { stripInvisible: true });
    expect(doc.html.length).toBeGreaterThan(5_000_000);
    expect(PRESENTATION_RE.test(doc.html)).toBe(false);
    const bytesDoc = normalize(utf8(big), { contentType: 'text/html; charset=utf-8', stripInvisible: true });
    expect(bytesDoc.html).toBe(doc.html);
  });
});

describe('normalize: clean text and binary sniff', () => {
  it('drops NUL and C0 controls that are not HTML whitespace, counting them', () => {
    const doc = normalize('<p>a\u0000b\u0001c\u000Bd\te\nf\rg\fh</p>');
    expect(doc.html).toBe('<p>abcd\te\nf\rg\fh</p>');
    expect(doc.repairs).toContainEqual({ kind: 'control-removed', count: 3 });
    expect(doc.diagnostics.map((d) => d.code)).toContain('control-characters');
  });

  it('replaces lone surrogates of string input and keeps pairs', () => {
    const doc = normalize('<p>a\uD800b\uDC00c\uD83D\uDE00</p>');
    expect(doc.html).toBe('<p>a\uFFFDb\uFFFDc\uD83D\uDE00</p>');
    expect(doc.repairs).toContainEqual({ kind: 'lone-surrogate', count: 2 });
  });

  it('replaces a lone surrogate decoded from UTF-16BE', () => {
    const bytes = Uint8Array.from([0xfe, 0xff, 0x00, 0x3c, 0x00, 0x70, 0x00, 0x61, 0xd8, 0x00, 0x00, 0x62]);
    const doc = normalize(bytes);
    expect(doc.charset).toBe('utf-16be');
    expect(doc.html).not.toMatch(/[\uD800-\uDFFF]/);
    expect(doc.html).toContain('a');
  });

  it('rejects random bytes as not-text', () => {
    let seed = 7;
    const random = Uint8Array.from({ length: 3000 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) >>> 16 & 0xff);
    expect(() => normalize(random)).toThrow(expect.objectContaining({ code: 'not-text' }));
  });

  it('keeps ISO-2022-KR text, whose SO/SI bytes are binary data bytes elsewhere', () => {
    const head = new TextEncoder().encode('<meta charset="iso-2022-kr"><p>');
    const body = Uint8Array.from([0x0e, 0x30, 0x21, 0x0f, 0x20, 0x0e, 0x30, 0x22, 0x0f]);
    const bytes = new Uint8Array([...head, ...body]);
    expect(() => normalize(bytes)).not.toThrow();
  });

  it.each([
    [{ contentType: 5 }],
    [{ defaultCharset: 'bogus' }],
    [{ stripInvisible: 'yes' }],
    [{ maxBinaryShare: 2 }],
  ])('rejects the option value %o with invalid-argument', (options) => {
    expect(() => normalize('<p>a</p>', options as never)).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});
