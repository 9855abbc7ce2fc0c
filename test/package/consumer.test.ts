/**
 * The package as a user installs it: `npm pack`, unpacked into a fresh project, then CommonJS
 * `require('matn')`, ESM `import`, and `tsc --strict` against its declarations (no source of ours
 * in sight). One build and one pack for the whole file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../cli/run.js';

const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const PAGE = '<html><head><title>Bir bet</title></head><body><article><h2>Baş</h2><p>Bu birinchi abzas, u yeterlik uzun bolushi kérek, shunga bir az köprek söz qoshimiz we yene qoshimiz.</p></article></body></html>';

let project: string;
let packed: string[];

/** Runs node (or a script under node) in the consumer project and returns its stdout. */
const run = (args: string[]): string => execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'matn-consumer-'));
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: REPO, stdio: 'ignore' });
  const tarball = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', project], { cwd: REPO, encoding: 'utf8' }).trim().split('\n').pop()!;
  const modules = join(project, 'node_modules');
  mkdirSync(join(modules, 'matn'), { recursive: true });
  execFileSync('tar', ['-xzf', join(project, tarball), '-C', join(modules, 'matn'), '--strip-components=1']);
  packed = execFileSync('tar', ['-tzf', join(project, tarball)], { encoding: 'utf8' }).trim().split('\n');
  // matn's dependencies (and Node's types, which any TypeScript user of a Node library has) from this repository
  for (const dep of [...Object.keys(PACKAGE.dependencies), '@types/node', 'domhandler', 'domelementtype']) {
    const target = join(modules, dep);
    mkdirSync(join(target, '..'), { recursive: true });
    try { symlinkSync(join(REPO, 'node_modules', dep), target, 'dir'); } catch { /* listed twice */ }
  }
  writeFileSync(join(project, 'page.html'), PAGE);
}, 180_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the packed package', { timeout: 120_000 }, () => {
  it('ships the build, LICENSE and README, and no source maps or sources', () => {
    expect(packed).toContain('package/LICENSE');
    expect(packed).toContain('package/dist/index.js');
    expect(packed).toContain('package/dist/index.d.ts');
    expect(packed.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(packed.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/'))).toEqual([]);
  });

  it('CommonJS: require("matn") and require("matn/eval") work', () => {
    const out = run(['-e', `
      const { extract, toMarkdown } = require('matn');
      const page = extract(require('node:fs').readFileSync('page.html'));
      console.log(JSON.stringify({ title: page.title, md: toMarkdown(page).includes('## Baş'), evalType: typeof require('matn/eval').scoreCorpus }));
    `]);
    expect(JSON.parse(out)).toEqual({ title: 'Bir bet', md: true, evalType: 'function' });
  });

  it('ESM: import { extract } from "matn" works', () => {
    const out = run(['--input-type=module', '-e', `
      import { readFileSync } from 'node:fs';
      import { extract } from 'matn';
      console.log(extract(readFileSync('page.html')).contentHtml);
    `]);
    expect(out.trim()).toContain('<h2>Baş</h2>');
  });

  it('TypeScript --strict compiles against the declarations, and refuses a misspelt algorithm', () => {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, skipLibCheck: false, types: ['node'] },
      files: ['index.ts'],
    }));
    writeFileSync(join(project, 'index.ts'), `
      import { readFileSync } from 'node:fs';
      import { extract, extractFrom, toRecord, type PageResult, type DiagnosticCode, type HeadlineOptions, type AutoOptions, type ContentImage } from 'matn';
      import { scoreCorpus } from 'matn/eval';
      const page: PageResult = extract(readFileSync('page.html'), { algorithm: 'correlated', extractor: { threshold: 0.5 } });
      const codes: DiagnosticCode[] = page.diagnostics.map((d) => d.code);
      const headline: HeadlineOptions = {};
      const auto: Partial<AutoOptions> = {};
      const images: readonly ContentImage[] = page.images;
      // @ts-expect-error: not an algorithm
      extract('<p>x</p>', { algorithm: 'corelated' });
      void extractFrom(new Response('<p>x</p>'));
      const record: Record<string, unknown> = toRecord(page, ['title', 'body']);
      console.log(codes, headline, auto, images, record, typeof scoreCorpus);
    `);
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    let output = '';
    try { run([tsc, '-p', 'tsconfig.json']); } catch (error) { output = String((error as { stdout?: string }).stdout ?? error); }
    expect(output).toBe('');
  });
});

it('no stray files in the consumer project listing (sanity of the setup)', () => {
  expect(readdirSync(project).some((f) => f.endsWith('.tgz'))).toBe(true);
});
