import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { runCli } from '../../src/cli/main.js';

/** Runs the CLI in-process and collects its output; `input` is given on stdin. */
export async function runInProcess(argv: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  let stdin: PassThrough | undefined;
  if (input !== undefined) (stdin = new PassThrough()).end(input);
  const code = await runCli(argv, { stdout, stderr, ...(stdin ? { stdin } : {}) });
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

/** Parses JSON Lines output. */
export function parseLines(text: string): Record<string, unknown>[] {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Result of a CLI child process. */
export interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The repository root. */
export const REPO = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** Arguments that start the CLI from its TypeScript sources (`node --import tsx src/cli/main.ts`). */
export function cliArgs(args: readonly string[]): string[] {
  return ['--import', 'tsx', `${REPO}/src/cli/main.ts`, ...args];
}

/** Runs the CLI as a child process (killed after `timeoutMs`), optionally feeding `input` on stdin. */
export function runChild(args: readonly string[], options: { input?: string; timeoutMs?: number } = {}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArgs(args), { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.end(options.input ?? '');
  });
}
