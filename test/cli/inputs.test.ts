import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdAllocator, iterateFiles, type PageSource } from '../../src/runner/inputs.js';
import { outputPath, readDoneIds } from '../../src/runner/out-dir.js';

let tmp: string;
const page = '<html><body><p>x</p></body></html>';

async function collect(paths: string[]): Promise<PageSource[]> {
  const out: PageSource[] = [];
  for await (const s of iterateFiles(paths)) out.push(s);
  return out;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'matn-inputs-'));
  for (const dir of ['tree/a', 'tree/b', 'loop/inner', 'target']) mkdirSync(join(tmp, dir), { recursive: true });
  writeFileSync(join(tmp, 'tree/a/x.html'), page);
  writeFileSync(join(tmp, 'tree/b/x.html'), page);
  writeFileSync(join(tmp, 'tree/x.htm'), page);
  writeFileSync(join(tmp, 'target/linked.html'), page);
  symlinkSync(join(tmp, 'target/linked.html'), join(tmp, 'tree/b/link.html'));
  symlinkSync(join(tmp, 'target'), join(tmp, 'tree/dirlink'));
  writeFileSync(join(tmp, 'loop/inner/y.html'), page);
  symlinkSync(join(tmp, 'loop'), join(tmp, 'loop/inner/back'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('iterateFiles', () => {
  it('gives files with one base name unique relative-path ids', async () => {
    const ids = (await collect([join(tmp, 'tree')])).map((s) => s.id);
    // a/x.html, b/link.html, b/x.html, (dirlink/linked.html: the same file as link.html), x.htm
    expect(ids).toEqual(['x', 'link', 'b/x', 'x~2']);
  });

  it('follows symlinks in a walk as a glob does, each real file once', async () => {
    const walked = (await collect([join(tmp, 'tree')])).map((s) => (s.kind === 'file' ? s.path : ''));
    const globbed = (await collect([`${tmp}/tree/**/*.html`])).map((s) => (s.kind === 'file' ? s.path : ''));
    // tree/b/link.html and tree/dirlink/linked.html are one real file: taken once in both modes
    expect(walked.filter((p) => p.endsWith('linked.html') || p.endsWith('link.html'))).toHaveLength(1);
    expect(globbed.filter((p) => p.endsWith('linked.html') || p.endsWith('link.html'))).toHaveLength(1);
  });

  it('reports a directory symlink loop as an input with a problem', async () => {
    const sources = await collect([join(tmp, 'loop')]);
    expect(sources.map((s) => s.id)).toEqual(['back', 'y']);
    const loop = sources[0];
    expect(loop?.kind === 'file' && loop.problem?.code).toBe('symlink-loop');
  });
});

describe('IdAllocator', () => {
  it.each([
    [[['r/a/x.html', 'r'], ['r/b/x.html', 'r'], ['r/b/x.htm', 'r']], ['x', 'b/x', 'b/x~2']],
    [[['p.html', '.'], ['q/p.html.gz', 'q']], ['p', 'p~2']],
  ])('allocates %j as %j', (inputs, expected) => {
    const ids = new IdAllocator();
    expect(inputs.map(([path, root]) => ids.idOf(path as string, root as string))).toEqual(expected);
  });
});

describe('outputPath and readDoneIds', () => {
  it('keeps a relative-path id one file name', () => {
    expect(outputPath('out', 'a/x', '.json')).toBe(join('out', 'a%2Fx.json'));
    expect(outputPath('out', '50%', '.json')).toBe(join('out', '50%25.json'));
  });

  it('counts duplicate ids of a previous output', async () => {
    const file = join(tmp, 'prev.jsonl');
    writeFileSync(file, '{"id":"x","title":"a"}\n{"id":"y"}\n{"id":"x","title":"b"}\n');
    const done = await readDoneIds(file);
    expect(done.duplicates).toBe(1);
    expect(done.firstDuplicate).toBe('x');
  });
});

describe('--fields url', () => {
  it('is accepted and gives null for a file', async () => {
    const { runInProcess, parseLines } = await import('./run.js');
    const { code, stdout } = await runInProcess(['extract', join(tmp, 'tree/a/x.html'), '--fields', 'url,title', '--format', 'jsonl', '--jobs', '0', '--quiet']);
    expect(code).toBe(0);
    expect(parseLines(stdout)).toEqual([{ id: 'x', url: null, title: null }]);
  });
});
