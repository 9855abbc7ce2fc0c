/**
 * The README's commands work in a fresh clone: it opens with the two set-up commands, the demo prints
 * only JSON lines, `matn eval --corpus corpora` scores the bundled sample (no ../shared needed), and
 * every example of its "Examples" section runs (from the sources) and prints what its comments say.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, runChild } from './cli/run.js';

const README = readFileSync(join(REPO, 'README.md'), 'utf8');

/** The fenced blocks of the README's "Examples" section, with their language. */
function exampleBlocks(): { lang: string; code: string }[] {
  const section = README.slice(README.indexOf('\n## Examples'), README.indexOf('\n## ', README.indexOf('\n## Examples') + 1));
  return [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gmu)].map((m) => ({ lang: m[1], code: m[2] }));
}

/** What the comments of a code block say it prints: the fragments of each `// …` comment, split at `…`. */
function promisedOutput(code: string): string[] {
  return code.split('\n').flatMap((line) => {
    const at = line.indexOf('// ');
    if (!line.includes('console.log(') || at < 0) return [];
    return line.slice(at + 3).split('…').map((f) => f.trim()).filter((f) => f !== '');
  });
}

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

describe('README examples', { timeout: 120_000 }, () => {
  const blocks = exampleBlocks();

  it('the README starts with the two set-up commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/u.exec(README)?.[1] ?? '';
    expect(firstBlock).toMatch(/^npm ci && npm run demo\b/mu);
    expect(firstBlock).toMatch(/^npm ci && npm test\b/mu);
    expect(README.indexOf('npm ci && npm run demo')).toBeLessThan(README.indexOf('\n## '));
  });

  it('has shell and SDK examples, and every SDK example says what it prints', () => {
    expect(blocks.filter((b) => b.lang === 'sh').length).toBeGreaterThanOrEqual(2);
    const js = blocks.filter((b) => b.lang === 'js');
    expect(js.length).toBeGreaterThanOrEqual(4);
    for (const b of js) expect(promisedOutput(b.code).length).toBeGreaterThan(0);
  });

  it.each(exampleBlocks().filter((b) => b.lang === 'sh').flatMap((b) => b.code.trim().split('\n')))('runs `%s`', async (line) => {
    expect(line.startsWith(DEMO_COMMAND)).toBe(true);
    const { code, stdout, stderr } = await runChild(line.slice(DEMO_COMMAND.length).split(/\s+/u));
    expect(stderr).toMatch(/^(matn: \d+ pages?, \d+ ok, 0 failed[^\n]*\n)?$/u); // the summary line at most
    expect(code).toBe(0);
    if (!line.includes('--out')) expect(stdout.trim().split('\n').every((l) => typeof JSON.parse(l) === 'object')).toBe(true);
  });

  it.each(exampleBlocks().filter((b) => b.lang === 'js').map((b, i) => [i + 1, b.code] as const))('SDK example %i runs and prints what it says', (_, code) => {
    const dir = mkdtempSync(join(tmpdir(), 'matn-readme-'));
    try {
      const file = join(dir, 'example.mts');
      writeFileSync(file, code.replace(/from 'matn'/gu, `from '${join(REPO, 'src', 'index.ts')}'`));
      const run = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      for (const fragment of promisedOutput(code)) expect(run.stdout).toContain(fragment);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
