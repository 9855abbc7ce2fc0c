import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, dirname, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Enforces the dependency direction of docs/architecture.md, with no exception:
 * core ◄ encoding, dom, moderation, fetching ◄ analysis ◄ vocabulary ◄ threads ◄ extractors, metadata
 *   ◄ content, post-fields ◄ output ◄ pipeline ◄ runner ◄ inspect, sources ◄ index ◄ eval ◄ queue, serve ◄ cli
 * (`types/` holds ambient declarations of untyped packages and imports nothing).
 * A module may import its own layer's folder and lower layers only, dynamic `import()` included.
 * `fetching/` (the SSRF-safe fetcher) imports nothing of matn; `runner/` (one page's processing, the
 * worker pool, the bounded scheduler, the batch's inputs, records and formats) sits above the pipeline,
 * so that `extractMany` (sources/), the queue worker, the HTTP service and the CLI all run pages through
 * it without reaching up into cli/. Inside extractors/, folders never import each other, except the
 * `auto` combinator, which imports the other extractors' public index.ts (docs/algorithms/auto.md).
 */
const SRC = resolve(import.meta.dirname, '../src');
const LAYER: Readonly<Record<string, number>> = {
  types: 0, core: 0, encoding: 1, dom: 1, moderation: 1, fetching: 1, analysis: 2, vocabulary: 2.2, threads: 2.5, extractors: 3, metadata: 3,
  'post-fields.ts': 3.5, content: 3.5, output: 3.9, 'pipeline.ts': 4, runner: 4.2, inspect: 4.5, sources: 4.5, 'index.ts': 5, eval: 6, queue: 6.5, serve: 6.5, cli: 7,
};
/** Third-party packages that only the named module(s) may import (htmlparser2: the parser and its tokenizer's scans). */
const SINGLE_IMPORTERS: Readonly<Record<string, string | readonly string[]>> = {
  jschardet: 'encoding/byte-detectors.ts',
  chardet: 'encoding/byte-detectors.ts',
  'iconv-lite': 'encoding/iconv.ts',
  htmlparser2: ['dom/parse.ts', 'dom/scanning-tokenizer.ts'],
  turndown: 'content/markdown.ts',
  '@joplin/turndown-plugin-gfm': 'content/markdown.ts',
};

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return listSources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Import/export specifiers of a file, comments ignored (TypeScript's own pre-processor). */
function specifiersOf(path: string): string[] {
  return ts.preProcessFile(readFileSync(path, 'utf8'), true, true).importedFiles.map((f) => f.fileName);
}

const toPosix = (p: string) => p.split(sep).join('/');
const area = (rel: string) => rel.split('/')[0];
const FILES = listSources(SRC).map((path) => ({ path, rel: toPosix(relative(SRC, path)) }));
const EDGES = FILES.flatMap(({ path, rel }) => specifiersOf(path).map((spec) => ({ from: rel, spec, path })));

describe('import direction in src/', () => {
  it('every source file belongs to a known layer', () => {
    expect(FILES.filter((f) => LAYER[area(f.rel)] === undefined).map((f) => f.rel)).toEqual([]);
  });

  it('relative imports point down the layers (or stay in the same folder)', () => {
    const violations: string[] = [];
    for (const { from, spec, path } of EDGES) {
      if (!spec.startsWith('.')) continue;
      const target = toPosix(relative(SRC, resolve(dirname(path), spec.replace(/\.js$/, '.ts'))));
      const [a, b] = [area(from), area(target)];
      if (a === b || LAYER[b] < LAYER[a]) continue;
      violations.push(`${from} → ${target}`);
    }
    expect(violations).toEqual([]);
  });

  it('extractor folders import each other only through auto → <extractor>/index.ts', () => {
    const violations: string[] = [];
    for (const { from, spec, path } of EDGES) {
      if (!spec.startsWith('.') || area(from) !== 'extractors') continue;
      const target = toPosix(relative(SRC, resolve(dirname(path), spec.replace(/\.js$/, '.ts'))));
      const [, fromFolder, ...fromRest] = from.split('/');
      if (fromRest.length === 0) continue; // registry.ts and types.ts sit above the folders
      const [targetArea, targetFolder, ...rest] = target.split('/');
      if (targetArea !== 'extractors' || rest.length === 0 || targetFolder === fromFolder) continue;
      if (fromFolder === 'auto' && rest.join('/') === 'index.ts') continue;
      violations.push(`${from} → ${target}`);
    }
    expect(violations).toEqual([]);
  });

  it('relative imports use the .js suffix (NodeNext)', () => {
    expect(EDGES.filter((e) => e.spec.startsWith('.') && !e.spec.endsWith('.js')).map((e) => `${e.from}: ${e.spec}`)).toEqual([]);
  });

  it.each(Object.entries(SINGLE_IMPORTERS))('%s is imported only by %s', (pkg, owners) => {
    const importers = [...new Set(EDGES.filter((e) => e.spec === pkg || e.spec.startsWith(`${pkg}/`)).map((e) => e.from))];
    expect(importers.sort()).toEqual([owners].flat().sort());
  });

  it('only src/cli/ uses console or process', () => {
    const offenders = FILES.filter((f) => area(f.rel) !== 'cli').filter((f) => {
      const code = readFileSync(f.path, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
      return /\bconsole\.|\bprocess\./.test(code);
    });
    expect(offenders.map((f) => f.rel)).toEqual([]);
  });

  it('index.ts has named exports only (no export *, no default export)', () => {
    const code = readFileSync(join(SRC, 'index.ts'), 'utf8');
    expect(code).not.toMatch(/export\s+\*/);
    expect(code).not.toMatch(/export\s+default/);
  });
});
