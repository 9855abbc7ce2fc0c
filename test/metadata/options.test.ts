import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { MatnError } from '../../src/core/errors.js';
import { normalize } from '../../src/encoding/normalize.js';
import { DEFAULT_METADATA_OPTIONS } from '../../src/metadata/options.js';
import { extractMetadata } from '../../src/metadata/page.js';
import { extract } from '../../src/pipeline.js';

const filler = 'Words of the lead paragraph that push the byline further down the page. '.repeat(12);
const page = `<html><head><title>Notes on rivers</title></head><body><h1>Notes on rivers</h1><p>${filler}</p><p>By Jane Roe</p></body></html>`;

describe('MetadataOptions', () => {
  it('has a frozen default for every option', () => {
    expect(Object.isFrozen(DEFAULT_METADATA_OPTIONS)).toBe(true);
    for (const value of Object.values(DEFAULT_METADATA_OPTIONS)) expect(value).not.toBeUndefined();
  });

  it('echoes the resolved options in the result', () => {
    const m = extractMetadata(analyze(normalize(page)), { bylineWindow: 1200 });
    expect(m.options).toEqual({ ...DEFAULT_METADATA_OPTIONS, bylineWindow: 1200 });
    expect(extract(page).metadata.options).toEqual(DEFAULT_METADATA_OPTIONS);
  });

  it('reaches the rules through ExtractOptions.metadata', () => {
    expect(extract(page, { metadata: { bylineWindow: 1200 } }).author).toBe('Jane Roe');
    const short = extract(page, { metadata: { maxNameWords: 1 } });
    expect(short.author).toBe('Jane');
    expect(short.metadata.options.maxNameWords).toBe(1);
  });

  it('keeps ExtractOptions.url over metadata.url', () => {
    expect(extract(page, { url: 'https://a.example/x', metadata: { url: 'https://b.example/y' } }).metadata.options.url).toBe('https://a.example/x');
    expect(extract(page, { metadata: { url: 'https://b.example/y' } }).metadata.options.url).toBe('https://b.example/y');
  });

  it.each([
    () => extractMetadata(analyze(normalize(page)), { bylinWindow: 3 } as never),
    () => extract(page, { metadata: { bylinWindow: 3 } as never }),
  ])('refuses an unknown option name (%#)', (call) => {
    expect(call).toThrow(MatnError);
    try {
      call();
    } catch (error) {
      expect((error as MatnError).code).toBe('invalid-argument');
    }
  });
});
