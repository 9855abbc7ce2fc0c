import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface SystemsModule {
  spreadSample<T>(pages: readonly T[], n: number): T[];
  growPage(html: string, size: number): string;
}

const systems = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/systems.js')).href)) as SystemsModule;

describe('spreadSample', () => {
  const ten = Array.from({ length: 10 }, (_, i) => i);
  it.each([
    [ten, 5, [0, 2, 4, 6, 8]],
    [ten, 3, [0, 3, 6]],
    [ten, 10, ten],
    [ten, 20, ten],
    [[0, 1, 2, 3, 4, 5, 6], 2, [0, 3]],
  ])('%j, %i -> %j', (pages, n, expected) => {
    expect(systems.spreadSample(pages, n)).toEqual(expected);
  });

  it('does not return the input array itself', () => {
    const pages = [1, 2];
    expect(systems.spreadSample(pages, 5)).not.toBe(pages);
  });
});

describe('growPage', () => {
  const page = '<html><head><title>t</title></head><body><p>ئۇيغۇرچە تېكىست</p><p>second</p></body></html>';
  const bytes = (s: string) => new TextEncoder().encode(s).byteLength;

  it.each([1e4, 1e5, 1e6])('grows to about %i bytes with the head and closing tags once', (size) => {
    const grown = systems.growPage(page, size);
    expect(Math.abs(bytes(grown) - size) / size).toBeLessThan(0.05);
    expect(grown.match(/<title>/g)).toHaveLength(1);
    expect(grown.match(/<\/body>/g)).toHaveLength(1);
    expect(grown.endsWith('</body></html>')).toBe(true);
  });

  it('cuts a page larger than the size at a tag boundary', () => {
    const grown = systems.growPage(page, 90);
    expect(bytes(grown)).toBeLessThan(bytes(page));
    expect(grown).toContain('<body>');
    expect(grown.endsWith('</body></html>')).toBe(true);
  });
});
