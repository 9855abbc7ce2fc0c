import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, runInProcess } from '../cli/run.js';

const tmp = mkdtempSync(join(tmpdir(), 'matn-inspect-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('matn inspect', () => {
  it('prints the report on stdout', async () => {
    const r = await runInProcess(['inspect', join(REPO, 'corpora/pages/ar-news-1256-undeclared.html')]);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(r.stdout).toContain('windows-1256');
  });

  it('writes it to -o with the chosen algorithm and its options', async () => {
    const out = join(tmp, 'report.html');
    const r = await runInProcess(['inspect', join(REPO, 'corpora/pages/en-blog.html'), '-o', out, '--algorithm', 'line-blocks', '--option', 'threshold=40']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('wrote');
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('algorithm <b>line-blocks</b>');
    expect(html).toContain('threshold = 40');
  });

  it('fails with exit code 1 for a missing file and 2 for an unknown option', async () => {
    const missing = await runInProcess(['inspect', join(tmp, 'missing.html')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('io-error');
    const bad = await runInProcess(['inspect', join(REPO, 'corpora/pages/en-blog.html'), '--option', 'nosuch=1']);
    expect(bad.code).toBe(2);
  });
});
