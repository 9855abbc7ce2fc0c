import { describe, expect, it } from 'vitest';
import { extract } from '../src/pipeline.js';
import { findUncleanStrings } from './helpers/unclean.js';

describe('hostile pages through extract()', () => {
  it('reads the text of 300,000 nested divs and says the nesting was flattened', () => {
    const page = extract('<html><body>' + '<div>'.repeat(300_000) + 'deep');
    expect(page.body).toBe('deep');
    expect(page.diagnostics.map((d) => d.code)).toContain('nesting-flattened');
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
