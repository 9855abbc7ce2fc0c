import { describe, expect, it } from 'vitest';
import { extract } from '../src/pipeline.js';
import { analyze, analyzeDocument, detectThread, extractCorrelated, extractDensity, extractLineBlocks, extractMetadata, extractSegmented, extractTextBlocks, lineBlockDistribution, normalize, parseHtml, readMetaTags, ALGORITHMS, getExtractor } from '../src/index.js';
import { findUncleanStrings } from './helpers/unclean.js';

describe('hostile pages through extract()', () => {
  it('reads the text of 300,000 nested divs and says the nesting was flattened', () => {
    const page = extract('<html><body>' + '<div>'.repeat(300_000) + 'deep');
    expect(page.body).toBe('deep');
    expect(page.diagnostics.map((d) => d.code)).toContain('nesting-flattened');
  });

  // each of these threw RangeError (call stack exceeded) where a list of the page's size was spread into one call
  it('serializes every field of a page of 150,000 paragraphs', () => {
    const page = extract('<html><body>' + '<p>w</p>'.repeat(150_000));
    // the record's `contentHtml` and `images` are rendered on this read: the content plan spread the page's blocks
    const record = JSON.parse(JSON.stringify(page)) as { body: string; contentHtml: string; images: unknown[] };
    expect(record.body).toBe(page.body);
    expect(record.body.split('\n').length).toBeGreaterThan(140_000);
    expect(record.contentHtml).toBe(page.contentHtml);
    expect(record.contentHtml.length).toBeGreaterThan(record.body.length);
    expect(record.images).toEqual([]);
  });

  it('reads a page whose JSON-LD is an array of 200,000 items', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => i).join(',');
    const page = extract(`<html><head><script type="application/ld+json">[${items},{"@type":"NewsArticle","headline":"Last item"}]</script></head>`
      + '<body><article><p>A paragraph of words for the body of the page.</p></article></body></html>');
    expect(page.body).toBe('A paragraph of words for the body of the page.');
  });

  it('reports no flattening on an ordinary page', () => {
    const page = extract('<html><body><article><h1>Title here</h1><p>One paragraph of text.</p></article></body></html>');
    expect(page.diagnostics.map((d) => d.code)).not.toContain('nesting-flattened');
  });
});

describe('clean text in every output string', () => {
  it('removes controls and lone surrogates that come from references and JSON-LD escapes', () => {
    const html = '<html><head><title>T&#1;itle</title><meta name="author" content="Ann&#2;e Smith">'
      + '<script type="application/ld+json">{"@type":"NewsArticle","headline":"H\\u0000x\\ud800y","author":{"@type":"Person","name":"Bo\\u0001b Jones"}}</script></head>'
      + '<body><article><h1>Head&#3;line</h1><p>Para&#0;graph one has text &#xD800; and more text to read.</p><p>Second\u0001 paragraph.</p></article></body></html>';
    const page = extract(html);
    const { normalized: _n, ...rest } = page;
    expect(findUncleanStrings(rest)).toEqual([]);
    expect(page.author).toBe('Bob Jones');
    expect(page.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['control-characters', 'control-characters-output']));
  });

  it('gives a page with NUL bytes clean text', () => {
    const page = extract(Buffer.from('<html><body><p>Some\u0000 text with a NUL in it and more words.</p></body></html>'));
    expect(page.body).toBe('Some text with a NUL in it and more words.');
  });
});

describe('bad arguments to public functions are MatnError invalid-argument', () => {
  const cases: [string, () => unknown][] = [
    ['analyze(null)', () => analyze(null as never)],
    ['analyzeDocument({})', () => analyzeDocument({} as never, {} as never)],
    ['extractCorrelated({})', () => extractCorrelated({} as never)],
    ['extractLineBlocks(null)', () => extractLineBlocks(null as never)],
    ['extractTextBlocks(5)', () => extractTextBlocks(5 as never)],
    ['extractDensity(undefined)', () => extractDensity(undefined as never)],
    ['extractSegmented([])', () => extractSegmented([] as never)],
    ['extractMetadata({})', () => extractMetadata({} as never)],
    ['detectThread(null)', () => detectThread(null as never)],
    ['readMetaTags({})', () => readMetaTags({} as never)],
    ['lineBlockDistribution(5)', () => lineBlockDistribution(5 as never)],
    ['parseHtml(null)', () => parseHtml(null as never)],
    ['normalize(5)', () => normalize(5 as never)],
    ['extract(null)', () => extract(null as never)],
    ['extract url: 5', () => extract('<p>a</p>', { url: 5 as never })],
    ['extract contentType: 5', () => extract('<p>a</p>', { normalize: { contentType: 5 as never } })],
    ['extract defaultCharset bogus', () => extract('<p>a</p>', { normalize: { defaultCharset: 'bogus' } })],
    ['extract options: 7', () => extract('<p>a</p>', 7 as never)],
  ];
  for (const name of ALGORITHMS) cases.push([`${name} extractor on {}`, () => getExtractor(name).extract({} as never)]);
  it.each(cases)('%s', (_name, call) => {
    expect(call).toThrow(expect.objectContaining({ name: 'MatnError', code: 'invalid-argument' }));
  });
});

describe('byte order marks (fuzz counterexample "\\uFEFF\\uFEFF")', () => {
  const encodeUtf16le = (text: string): Uint8Array => {
    const bytes = new Uint8Array(2 * text.length);
    for (let i = 0; i < text.length; i++) { bytes[2 * i] = text.charCodeAt(i) & 0xff; bytes[2 * i + 1] = text.charCodeAt(i) >> 8; }
    return bytes;
  };

  it.each(['\uFEFF\uFEFF', '\uFEFF\uFEFFword', '\uFEFF<p>one BOM</p>'])('reads %j the same as a string, as UTF-8 bytes and as UTF-16LE bytes', (text) => {
    const asString = normalize(text).html;
    expect(normalize(new TextEncoder().encode(text)).html).toBe(asString);
    expect(normalize(encodeUtf16le(text)).html).toBe(asString);
  });

  it('drops every U+FEFF at the start, so normalizing the output again changes nothing', () => {
    for (const input of ['\uFEFF\uFEFFx', '\uFEFF\u0001\uFEFFx']) {
      const once = normalize(new TextEncoder().encode(input)).html;
      expect(once).toBe('x');
      expect(normalize(once).html).toBe(once);
      expect(normalize(input, { stripInvisible: false }).html).toBe('x');
    }
    expect(normalize('x\uFEFFy', { stripInvisible: false }).html).toBe('x\uFEFFy'); // inside the text it stays
  });
});

describe('decodeBytes stripBom', () => {
  it('drops a leading BOM by default and keeps it with stripBom: false', async () => {
    const { decodeBytes } = await import('../src/index.js');
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, 0x61]);
    expect(decodeBytes(bytes, 'utf-8').text).toBe('a');
    expect(decodeBytes(bytes, 'utf-8', { stripBom: false }).text).toBe('\uFEFFa');
    expect(decodeBytes(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]), 'utf-16le', { stripBom: false }).text).toBe('\uFEFFa');
  });
});
