/**
 * Offline batches end to end (child processes): gzip, globs, --out with atomic files, formats,
 * --jobs, and a run killed midway then resumed (with --out, and appending JSON Lines).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgs, parseLines, REPO, runChild } from './run.js';

const PAGES = join(REPO, 'corpora/pages');
const PAGE_NAMES = readdirSync(PAGES).filter((n) => n.endsWith('.html')).sort();
const COPIES = 10; // 110 pages: enough that a kill after a few files lands midway

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'matn-batch-'));
  mkdirSync(join(tmp, 'in/sub'), { recursive: true });
  writeFileSync(join(tmp, 'in/a.html'), readFileSync(join(PAGES, 'en-blog.html')));
  writeFileSync(join(tmp, 'in/sub/b.html.gz'), gzipSync(readFileSync(join(PAGES, 'zh-news-gbk.html'))));
  writeFileSync(join(tmp, 'in/sub/c.htm'), readFileSync(join(PAGES, 'ug-news-utf8.html')));
  writeFileSync(join(tmp, 'in/bad.html.gz'), 'this is not gzip');
  writeFileSync(join(tmp, 'in/bomb.html.gz'), gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20))); // 4 MB of spaces, ~4 KB packed
  writeFileSync(join(tmp, 'in/notes.gz'), gzipSync('x')); // not a page name: skipped by the walk
  mkdirSync(join(tmp, 'many'));
  for (let k = 0; k < COPIES; k++) {
    for (const name of PAGE_NAMES) writeFileSync(join(tmp, 'many', `${String(k).padStart(2, '0')}-${name}`), readFileSync(join(PAGES, name)));
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const files = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).sort() : []);
const summaryOf = (stderr: string): Record<string, number> => {
  const m = stderr.match(/matn: (\d+) pages, (\d+) ok, (\d+) failed.*?, (\d+) skipped/);
  if (!m) throw new Error(`no summary line in: ${stderr}`);
  return { pages: Number(m[1]), ok: Number(m[2]), failed: Number(m[3]), skipped: Number(m[4]) };
};

describe('offline batch (child process)', { timeout: 120_000 }, () => {
  it('walks recursively, gunzips .gz, writes one markdown file per page with --out, failures as JSON lines', async () => {
    const out = join(tmp, 'out-md');
    const { code, stdout, stderr } = await runChild(['extract', join(tmp, 'in'), '--out', out, '--format', 'markdown', '--jobs', '2', '--max-bytes', '1000000']);
    expect(code).toBe(1);
    expect(files(out)).toEqual(['a.md', 'b.md', 'c.md']);
    const b = readFileSync(join(out, 'b.md'), 'utf8');
    expect(b.startsWith('---\ntitle: "本市新建三座社区图书馆"\n')).toBe(true);
    expect(b).toContain('\nid: "b"\n');
    expect(b).toContain('\n---\n\n# 本市新建三座社区图书馆\n\n');
    expect(readFileSync(join(out, 'a.md'), 'utf8')).toContain('# Why I Still Write My Notes by Hand');
    const failures = parseLines(stdout).sort((x, y) => String(x.id).localeCompare(String(y.id)));
    expect(failures).toEqual([
      { id: 'bad', error: { code: 'bad-gzip', message: expect.stringContaining('bad.html.gz') } },
      { id: 'bomb', error: { code: 'input-too-large', message: expect.stringContaining('--max-bytes') } },
    ]);
    expect(summaryOf(stderr)).toEqual({ pages: 5, ok: 3, failed: 2, skipped: 0 });
    expect(stderr).toMatch(/failed \((bad-gzip 1, input-too-large 1|input-too-large 1, bad-gzip 1)\)/);
  });

  it('expands a quoted glob; --jobs 2 --ordered keeps input order', async () => {
    const { code, stdout } = await runChild(['extract', `${tmp}/in/**/*.{html,htm}`, '--fields', 'title', '--jobs', '2', '--ordered']);
    expect(code).toBe(0);
    expect(parseLines(stdout).map((r) => r.id)).toEqual(['a', 'c']);
  });

  it('--format json over corpora/pages with --jobs 2 gives one array with every page once', async () => {
    const { code, stdout } = await runChild(['extract', 'corpora/pages', '--format', 'json', '--fields', 'title', '--jobs', '2']);
    expect(code).toBe(0);
    const ids = (JSON.parse(stdout) as { id: string }[]).map((r) => r.id).sort();
    expect(ids).toEqual(PAGE_NAMES.map((n) => n.replace(/\.html$/, '')));
  });
});

/** Starts a run, waits until `ready()` is true, kills it with SIGKILL; true if it was still running. */
async function killMidway(args: string[], ready: () => boolean, stdoutFd?: number): Promise<boolean> {
  const child = spawn(process.execPath, cliArgs(args), { cwd: REPO, stdio: ['ignore', stdoutFd ?? 'ignore', 'ignore'] });
  let exited = false;
  const closed = new Promise<void>((resolve) => child.on('close', () => { exited = true; resolve(); }));
  for (let i = 0; i < 1200 && !exited && !ready(); i++) await sleep(25); // at most 30 s
  const killedMidway = !exited;
  child.kill('SIGKILL');
  await closed;
  return killedMidway;
}

describe('kill midway and resume', { timeout: 180_000 }, () => {
  const total = PAGE_NAMES.length * COPIES;

  it('--out DIR: after a SIGKILL no half file exists; --resume does only the rest; nothing lost or duplicated', async () => {
    const out = join(tmp, 'out-resume');
    const pages = (): string[] => files(out).filter((n) => n.endsWith('.json'));
    const midway = await killMidway(['extract', join(tmp, 'many'), '--out', out, '--jobs', '1', '--format', 'jsonl'], () => pages().length >= 5);
    expect(midway).toBe(true);
    const before = pages();
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(before.length).toBeLessThan(total);
    for (const name of before) { // every file under its final name is complete
      expect(JSON.parse(readFileSync(join(out, name), 'utf8'))).toMatchObject({ id: name.slice(0, -'.json'.length) });
    }
    const { code, stderr } = await runChild(['extract', join(tmp, 'many'), '--out', out, '--resume', '--jobs', '2', '--format', 'jsonl'], { timeoutMs: 150_000 });
    expect(code).toBe(0);
    expect(summaryOf(stderr)).toEqual({ pages: total, ok: total - before.length, failed: 0, skipped: before.length });
    const after = files(out);
    expect(after.filter((n) => !n.endsWith('.json'))).toEqual([]); // no temp files left
    expect(after.length).toBe(total);
    const ids = after.map((name) => (JSON.parse(readFileSync(join(out, name), 'utf8')) as { id: string }).id);
    expect(new Set(ids).size).toBe(total);
    for (const name of before) expect(after).toContain(name);
  });

  it('--resume FILE.jsonl: appending to a killed run\'s output gives every page exactly once', async () => {
    const file = join(tmp, 'run.jsonl');
    let fd = openSync(file, 'w');
    const lines = (): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);
    const midway = await killMidway(['extract', join(tmp, 'many'), '--jobs', '1', '--fields', 'title'], () => lines() >= 5, fd);
    closeSync(fd);
    expect(midway).toBe(true);
    const firstRun = parseLines(readFileSync(file, 'utf8').split('\n').filter((l) => { try { JSON.parse(l); return true; } catch { return false; } }).join('\n'));
    fd = openSync(file, 'a');
    const resumed = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, cliArgs(['extract', join(tmp, 'many'), '--jobs', '2', '--fields', 'title', '--resume', file]), { cwd: REPO, stdio: ['ignore', fd, 'ignore'] });
      child.on('close', resolve);
    });
    closeSync(fd);
    expect(resumed).toBe(0);
    const all = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
    const good = all.flatMap((l) => { try { return [JSON.parse(l) as { id: string; title: string }]; } catch { return []; } });
    expect(all.length - good.length).toBeLessThanOrEqual(1); // at most the line the kill cut short
    expect(good.length).toBe(total);
    expect(new Set(good.map((r) => r.id)).size).toBe(total);
    expect(good.slice(0, firstRun.length)).toEqual(firstRun);
  });
});
