import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '../..');

/**
 * turndown (and the domino DOM it brings) loads on the first Markdown asked for, not at
 * `import('matn')`: every isolate, each `--jobs` worker included, paid ≈ 40–50 ms of CPU for it.
 * Checked in a fresh process, where the CommonJS module cache shows what was loaded.
 */
describe('turndown is loaded on first use', () => {
  it('importing the library and extracting a page leaves it unloaded; htmlToMarkdown loads it', async () => {
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      const loaded = () => Object.keys(require.cache).some((p) => p.includes('/turndown/'));
      const matn = await import(${JSON.stringify(`${REPO}/src/index.ts`)});
      const page = matn.extract('<html><body><article><p>Bir kichik bet. ${'Uzun jümle. '.repeat(20)}</p></article></body></html>');
      const before = loaded();
      const markdown = matn.htmlToMarkdown('<h2>Sarlavha</h2><p>Tekst</p>');
      console.log(JSON.stringify({ before, after: loaded(), markdown, text: page.body.length > 0 }));
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO });
    expect(JSON.parse(stdout.trim())).toEqual({ before: false, after: true, markdown: '## Sarlavha\n\nTekst', text: true });
  }, 30_000);
});
