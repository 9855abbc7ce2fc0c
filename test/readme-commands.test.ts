/**
 * The README's first commands work in a fresh clone: the demo prints only JSON lines, and
 * `matn eval --corpus corpora` scores the bundled sample (no ../shared needed).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runChild } from './cli/run.js';

const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const DEMO_COMMAND = 'node dist/cli/main.js ';

describe('README commands in a fresh clone', { timeout: 120_000 }, () => {
  it('the demo prints one valid JSON line per sample page and nothing else on stdout', async () => {
    const script = PACKAGE.scripts.demo;
    expect(script).toContain(DEMO_COMMAND);
    const args = script.slice(script.indexOf(DEMO_COMMAND) + DEMO_COMMAND.length).split(' ');
    const { code, stdout } = await runChild(args);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('`matn eval --corpus corpora` scores the bundled sample', async () => {
    const { code, stdout } = await runChild(['eval', '--corpus', 'corpora', '--algorithm', 'auto']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^corpus corpora: 11 pages/mu);
    expect(stdout).toMatch(/^auto\s+1\.000\s+1\.000\s+1\.000$/mu);
  });
});
