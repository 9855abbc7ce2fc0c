/**
 * The page runner's pool (piscina): what it hands a worker is a copy of the page's bytes, and a
 * withdrawn page (`run`'s signal) ends its worker at once or, still waiting, never starts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PageError } from '../../src/fetching/page-error.js';
import type { PageConfig } from '../../src/runner/page.js';
import { createPageRunner } from '../../src/runner/pool.js';

const tmp = mkdtempSync(join(tmpdir(), 'matn-pool-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const config = (outDir: string | null): PageConfig => {
  if (outDir !== null) mkdirSync(outDir, { recursive: true });
  return { algorithm: 'auto', extractor: {}, metadata: {}, keepHeadline: false, normalize: {}, fields: ['id', 'title'], format: 'jsonl', maxBytes: 1 << 25, outDir };
};
const small = (i: number): Uint8Array => new TextEncoder().encode(`<html><head><title>Page ${i}</title></head><body><p>A few words of page ${i}.</p></body></html>`);
/** A page whose extraction takes seconds (≈ 1.4 s per MB of `<p>` siblings on an idle core). */
const SLOW = new TextEncoder().encode(`<html><body>${'<p>word</p>'.repeat(100_000)}`);

describe('createPageRunner()', { timeout: 120_000 }, () => {
  it.each([0, 1])('jobs %d: the caller\'s bytes stay whole, even a view of a larger buffer shared with other data', async (jobs) => {
    const runner = createPageRunner(config(null), { jobs });
    try {
      const page = small(1);
      const shared = new Uint8Array(page.byteLength + 16);
      shared.set(page, 8);
      shared.fill(7, 0, 8);
      const view = shared.subarray(8, 8 + page.byteLength);
      const outcome = await runner.run({ id: 'p', bytes: view });
      expect(JSON.parse(outcome.output ?? '{}')).toEqual({ id: 'p', title: 'Page 1' });
      expect(shared.buffer.byteLength).toBe(page.byteLength + 16); // not detached
      expect(Buffer.from(view).equals(Buffer.from(page))).toBe(true);
      expect([...shared.subarray(0, 8)]).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
    } finally {
      await runner.close();
    }
  });

  it('a withdrawn page that is running ends its worker: run answers at once with the reason, the page is never finished, the next page runs', async () => {
    const out = join(tmp, 'running');
    const runner = createPageRunner(config(out), { jobs: 1 });
    try {
      expect((await runner.run({ id: 'warm', bytes: small(0) })).ok).toBe(true); // the worker is up
      const controller = new AbortController();
      const slow = runner.run({ id: 'slow', bytes: SLOW }, { signal: controller.signal });
      setTimeout(() => controller.abort(new PageError('timeout', 'withdrawn by the test')), 300);
      expect(await slow).toMatchObject({ id: 'slow', ok: false, error: { code: 'timeout', message: 'withdrawn by the test' } });
      const next = await runner.run({ id: 'next', bytes: small(2) });
      expect(next).toMatchObject({ id: 'next', ok: true });
      // one worker: had the slow page gone on, its file would be written before the next page ran
      expect(existsSync(join(out, 'next.json'))).toBe(true);
      expect(existsSync(join(out, 'slow.json'))).toBe(false);
    } finally {
      await runner.close();
    }
  });

  it('a withdrawn page still waiting for a worker never starts; one withdrawn before run is not started either', async () => {
    const out = join(tmp, 'waiting');
    const runner = createPageRunner(config(out), { jobs: 1 });
    try {
      const first = runner.run({ id: 'first', bytes: small(1) });
      const controller = new AbortController();
      const waiting = runner.run({ id: 'waiting', bytes: small(2) }, { signal: controller.signal });
      controller.abort();
      expect(await waiting).toMatchObject({ id: 'waiting', ok: false, error: { code: 'timeout' } });
      const before = await runner.run({ id: 'before', bytes: small(3) }, { signal: AbortSignal.abort() });
      expect(before).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(await first).toMatchObject({ ok: true });
      expect(await runner.run({ id: 'last', bytes: small(4) })).toMatchObject({ ok: true });
      expect(['first', 'waiting', 'before', 'last'].map((id) => existsSync(join(out, `${id}.json`)))).toEqual([true, false, false, true]);
    } finally {
      await runner.close();
    }
  });
});
