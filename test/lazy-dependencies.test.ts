import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const REPO = resolve(import.meta.dirname, '..');

/**
 * turndown (with the domino DOM it brings), jschardet and chardet load on first use, not at `import('matn')`:
 * every isolate, each `--jobs` worker included, paid ≈ 50 ms of CPU for each at import
 * (docs/decisions.md). Checked in a fresh process, where the CommonJS module cache shows what
 * was loaded; the script prints which of the two were loaded after each step.
 */
const SCRIPT = `
  import { createRequire } from 'node:module';
  const require = createRequire(import.meta.url);
  const loaded = () => ['turndown', 'jschardet', 'chardet'].filter((name) => Object.keys(require.cache).some((p) => p.includes('/' + name + '/')));
  const matn = await import(${JSON.stringify(`${REPO}/src/index.ts`)});
  const steps = {};
  const declared = matn.extract('<html><head><meta charset="utf-8"></head><body><article><p>${'Bu bir kichik bet, uzun jümle. '.repeat(20)}</p></article></body></html>');
  steps.utf8Page = loaded();
  // no BOM, no declaration, bytes that are not UTF-8 (Latin-1 é): only the detector can decide (what it guesses on so short a page is not the point here)
  const legacy = matn.extract(Buffer.from('<html><body><p>${'Caf\\u00e9 cr\\u00e8me, d\\u00e9j\\u00e0 vu. '.repeat(20)}</p></body></html>', 'latin1'));
  steps.legacyPage = loaded();
  const markdown = matn.htmlToMarkdown('<h2>Sarlavha</h2><p>Tekst</p>');
  steps.markdown = loaded();
  console.log(JSON.stringify({ steps, markdown, bodies: [declared.body.length > 0, legacy.body.length > 0] }));
`;

describe('optional dependencies are loaded on first use', () => {
  it('import + a UTF-8 page load none; an undeclared legacy page loads the two charset detectors; htmlToMarkdown loads turndown', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: REPO });
    expect(JSON.parse(stdout.trim())).toEqual({
      steps: { utf8Page: [], legacyPage: ['jschardet', 'chardet'], markdown: ['turndown', 'jschardet', 'chardet'] },
      markdown: '## Sarlavha\n\nTekst',
      bodies: [true, true],
    });
  }, 30_000);
});
