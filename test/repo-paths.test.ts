/**
 * No committed file names a path of the machine it was written on. The rule: an absolute path
 * under a machine's own roots (the work, root and home directories: see MACHINE_PATH) is never
 * committed (write `../shared`, `<repo>`, or a relative path). Scratch paths under `/tmp/` in example
 * commands are not machine-specific (the reader creates them with the command shown) and are allowed.
 * Reads the files git tracks (`git ls-files`); lock files and binary files are skipped.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './cli/run.js';

/** An absolute path under a machine root, after a quote, space, bracket, `=` or line start. */
const MACHINE_PATH = /(?:^|[\s"'`(=:[])(\/work\/|\/root\/|\/home\/[A-Za-z0-9_.-]+\/|\/Users\/[A-Za-z0-9_.-]+\/)/mu;
const SKIPPED = /(?:^|\/)package-lock\.json$|\.(?:png|jpg|gif|gz|ico|woff2?)$/u;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter((f) => f !== '' && !SKIPPED.test(f));
}

describe('committed files', () => {
  // the examples are assembled so that this file does not hold what it forbids
  const root = (name: string): string => `/${name}/`;
  it.each([
    [`see ${root('work')}shared/tools/score.py`, true], [`cd ${root('root')}project`, true], [`"${root('home')}alice/matn/x.ts"`, true], [`(${root('Users')}bob/code)`, true],
    ['../shared/tools/score.py', false], ['https://example.org/work/items', false], ['git worktree add /tmp/wt-old', false], ['src/work/x', false],
  ])('the rule on %j: %s', (text, flagged) => {
    expect(MACHINE_PATH.test(text)).toBe(flagged);
  });

  it('hold no absolute path of the development machine', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(50);
    const offenders: string[] = [];
    for (const file of files) {
      let text: string;
      try { text = readFileSync(join(REPO, file), 'utf8'); } catch { continue; }
      const lines = text.split('\n');
      lines.forEach((line, i) => { if (MACHINE_PATH.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`); });
    }
    expect(offenders).toEqual([]);
  });
});
