import { describe, expect, it } from 'vitest';
import { extract } from '../src/pipeline.js';

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
