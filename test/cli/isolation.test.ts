import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerFailure, DEFAULT_POOL_OPTIONS } from '../../src/runner/pool.js';
import { parseLines, runChild } from './run.js';

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'matn-isolation-'));
  for (let i = 1; i <= 4; i++) writeFileSync(join(tmp, `p${i}.html`), `<html><head><title>Page ${i}</title></head><body><p>Some text of page ${i}.</p></body></html>`);
  // ~20 MB of lines: more heap than the 32 MiB worker limit below allows (why this size and limit: test/sources/many.test.ts)
  writeFileSync(join(tmp, 'big.html'), `<html><body>${'word<br>'.repeat(2_500_000)}`);
  writeFileSync(join(tmp, 'random.html'), Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 2654435761) >>> 24)));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the CLI never loses a page', () => {
  it('gives the page that runs its worker out of memory an error record and goes on with the others', async () => {
    const { code, stdout, stderr } = await runChild(['extract', tmp, '--jobs', '1', '--worker-memory', '32', '--fields', 'title'], { timeoutMs: 120_000 });
    const records = parseLines(stdout);
    const byId = new Map(records.map((r) => [r.id, r]));
    expect([...byId.keys()].sort()).toEqual(['big', 'p1', 'p2', 'p3', 'p4', 'random']);
    expect((byId.get('big')?.error as { code: string }).code).toBe('out-of-memory');
    expect((byId.get('random')?.error as { code: string }).code).toBe('not-text');
    for (let i = 1; i <= 4; i++) expect(byId.get(`p${i}`)?.title).toBe(`Page ${i}`);
    expect(stderr).toMatch(/6 pages, 4 ok, 2 failed/);
    expect(code).toBe(1);
  }, 150_000);
});

describe('workerFailure', () => {
  it.each([
    [Object.assign(new Error('aborted'), { name: 'AbortError' }), 'timeout'],
    [Object.assign(new Error('heap'), { code: 'ERR_WORKER_OUT_OF_MEMORY' }), 'out-of-memory'],
    [new Error('worker exited with code 1'), 'worker-crashed'],
  ])('maps %s to %s', (error, code) => {
    expect(workerFailure(error, DEFAULT_POOL_OPTIONS).code).toBe(code);
  });
});
