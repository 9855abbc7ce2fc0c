import { describe, expect, it } from 'vitest';
import { isMatnError } from '../../src/core/errors.js';
import { detectCharset, mapDetectorName } from '../../src/encoding/detect.js';
import { concat, encodeSingleByte, page, utf16, utf32, utf8, ARABIC_TEXT, FRENCH_TEXT, UYGHUR_TEXT } from './charset-fixtures.js';

const BOM8 = Uint8Array.from([0xef, 0xbb, 0xbf]);
const meta = (cs: string) => `<meta http-equiv="Content-Type" content="text/html; charset=${cs}">`;

describe('detectCharset: precedence', () => {
  it('BOM beats a lying <meta> (utf8-bom-lies) and keeps the meta as evidence', () => {
    const d = detectCharset(concat(BOM8, utf8(page('<meta charset="gbk">', UYGHUR_TEXT))));
    expect(d).toMatchObject({ charset: 'utf-8', source: 'bom', bomLength: 3, override: null, confidence: 1 });
    expect(d.evidence.map((e) => [e.source, e.charset, e.verdict])).toEqual([['bom', 'utf-8', 'accepted'], ['meta', 'gbk', 'outranked']]);
  });

  it.each([
    ['utf-16le', concat(Uint8Array.from([0xff, 0xfe]), utf16(page('', UYGHUR_TEXT), false)), 2],
    ['utf-16be', concat(Uint8Array.from([0xfe, 0xff]), utf16(page('', UYGHUR_TEXT), true)), 2],
    ['utf-32le', concat(Uint8Array.from([0xff, 0xfe, 0, 0]), utf32(page('', UYGHUR_TEXT), false)), 4],
  ])('BOM %s', (charset, bytes, bomLength) => {
    expect(detectCharset(bytes)).toMatchObject({ charset, source: 'bom', bomLength });
  });

  it('transport beats <meta>', () => {
    const bytes = encodeSingleByte(page(meta('iso-8859-6'), ARABIC_TEXT), 'windows-1256');
    expect(detectCharset(bytes, { contentType: 'text/html; charset="windows-1256"' })).toMatchObject({ charset: 'windows-1256', source: 'transport' });
  });

  it('an unknown transport label falls through to <meta>', () => {
    const d = detectCharset(utf8(page('<meta charset="utf-8">', 'x')), { contentType: 'text/html; charset=bogus' });
    expect(d).toMatchObject({ charset: 'utf-8', source: 'meta' });
    expect(d.evidence[0]).toMatchObject({ source: 'transport', label: 'bogus', charset: null });
  });

  it.each([
    ['meta charset', page('<meta charset="windows-1256">', ARABIC_TEXT), 'windows-1256', 'meta'],
    ['http-equiv content', page(meta('iso-8859-6'), ARABIC_TEXT), 'iso-8859-6', 'meta'],
  ])('%s', (_, html, charset, source) => {
    expect(detectCharset(encodeSingleByte(html, charset))).toMatchObject({ charset, source, override: null, confidence: 1 });
  });

  it('XML declaration of a feed', () => {
    const xml = `<?xml version="1.0" encoding="windows-1256"?><rss><item><title>${ARABIC_TEXT}</title></item></rss>`;
    expect(detectCharset(encodeSingleByte(xml, 'windows-1256'))).toMatchObject({ charset: 'windows-1256', source: 'xml' });
  });

  it('<meta> of an HTML page outranks its XML declaration', () => {
    const html = `<?xml version="1.0" encoding="iso-8859-6"?>\n${page('<meta charset="windows-1256">', ARABIC_TEXT)}`;
    expect(detectCharset(encodeSingleByte(html, 'windows-1256'))).toMatchObject({ charset: 'windows-1256', source: 'meta' });
  });
});

describe('detectCharset: lying and missing declarations', () => {
  it.each([['iso-8859-1'], ['windows-1252'], ['ISO-8859-1'], ['us-ascii']])('cp1256 bytes declared %s are windows-1256 with an override', (label) => {
    const d = detectCharset(encodeSingleByte(page(meta(label), ARABIC_TEXT), 'windows-1256'));
    expect(d).toMatchObject({ charset: 'windows-1256', source: 'detected-over-meta', override: { from: 'windows-1252', to: 'windows-1256' } });
    expect(d.override?.reason).toMatch(/^windows-1256 reads better by \d+/);
    expect(d.evidence[0]).toMatchObject({ source: 'meta', charset: 'windows-1252', verdict: 'overridden' });
    expect(d.evidence.at(-1)).toMatchObject({ source: 'override', charset: 'windows-1256' });
  });

  it('a lying transport declaration is overridden too', () => {
    const d = detectCharset(encodeSingleByte(page('', ARABIC_TEXT), 'windows-1256'), { contentType: 'text/html; charset=ISO-8859-1' });
    expect(d).toMatchObject({ charset: 'windows-1256', source: 'detected-over-transport', override: { from: 'windows-1252' } });
  });

  it('undeclared cp1256 is detected', () => {
    expect(detectCharset(encodeSingleByte(page('', ARABIC_TEXT), 'windows-1256'))).toMatchObject({ charset: 'windows-1256', source: 'detected', override: null });
  });

  it('ASCII with references declared windows-1252 stays windows-1252 (cp1252-ncr)', () => {
    const d = detectCharset(utf8(page(meta('windows-1252'), '&#1588;&#1609;&#1739;&#1744;&#1578;')));
    expect(d).toMatchObject({ charset: 'windows-1252', source: 'meta', override: null });
  });

  it('French declared iso-8859-1 is not overridden', () => {
    expect(detectCharset(encodeSingleByte(page(meta('iso-8859-1'), FRENCH_TEXT), 'windows-1252'))).toMatchObject({ charset: 'windows-1252', override: null });
  });

  it('undeclared ASCII is the default charset, noted as ascii', () => {
    const d = detectCharset(utf8(page('', 'plain')));
    expect(d).toMatchObject({ charset: 'windows-1252', source: 'detected' });
    expect(d.evidence).toContainEqual(expect.objectContaining({ label: 'ascii' }));
    expect(detectCharset(utf8('plain'), { defaultCharset: 'utf-8' }).charset).toBe('utf-8');
  });

  it('undeclared valid UTF-8 is utf-8', () => {
    expect(detectCharset(utf8(page('', UYGHUR_TEXT)))).toMatchObject({ charset: 'utf-8', source: 'detected' });
  });

  it('a <meta> after 1024 bytes is used as weaker evidence', () => {
    const html = page(`<script>${'var a = 1;\n'.repeat(150)}</script>${meta('windows-1256')}`, ARABIC_TEXT);
    const d = detectCharset(encodeSingleByte(html, 'windows-1256'));
    expect(d.charset).toBe('windows-1256');
    expect(d.evidence[0]).toMatchObject({ source: 'meta', confidence: 0.6 });
  });

  it.each([
    ['utf-16le', utf16(page('', 'Hello world, plain Latin text here.'), false)],
    ['utf-16be', utf16(page('', 'Hello world, plain Latin text here.'), true)],
    ['utf-32le', utf32(page('', UYGHUR_TEXT), false)],
    ['utf-32be', utf32(page('', UYGHUR_TEXT), true)],
  ])('%s without BOM', (charset, bytes) => {
    expect(detectCharset(bytes)).toMatchObject({ charset, source: 'detected', bomLength: 0 });
  });

  it('never throws on odd content', () => {
    for (const bytes of [new Uint8Array(0), Uint8Array.from([0]), Uint8Array.from([0xff, 0xff, 0xff]), utf8('<meta charset="'), utf8('<!--'), utf8('<?xml encoding="')]) {
      expect(() => detectCharset(bytes)).not.toThrow();
    }
  });

  it('rejects unknown options', () => {
    try {
      detectCharset(utf8('x'), { charset: 'utf-8' } as never);
      expect.unreachable();
    } catch (error) {
      expect(isMatnError(error, 'invalid-argument')).toBe(true);
    }
  });
});

describe('mapDetectorName', () => {
  it.each([
    ['GB18030', 'gb18030'], ['iso8859-16', 'iso-8859-16'], ['CP932', 'shift_jis'], ['CP949', 'euc-kr'], ['MacCyrillic', 'x-mac-cyrillic'], ['IBM855', 'ibm855'],
    ['ISO-8859-9', 'windows-1254'], ['TIS-620', 'windows-874'], ['ascii', 'windows-1252'], ['utf-16-be', 'utf-16be'],
    ['UTF-32', 'utf-32le'], ['Johab', 'johab'], ['cp850', 'cp850'], [null, null],
  ])('%s -> %s', (name, expected) => {
    expect(mapDetectorName(name)).toBe(expected);
  });
});
