/**
 * The order and the time limits of `matn serve`'s dispatch, on a runner of our own whose pages
 * finish when the test says (fake timers: no time is measured).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDispatch } from '../../src/serve/dispatch.js';
import type { PageOutcome, PageTask } from '../../src/runner/page.js';
import type { PageRunner, RunOptions } from '../../src/runner/pool.js';

/** A runner that records each page it starts and finishes it on `finish(id)`; a withdrawn page answers at once. */
function fakeRunner() {
  const started: { id: string; signal: AbortSignal; finish: () => void }[] = [];
  const runner: PageRunner = {
    run: (task: PageTask, options: RunOptions = {}) => new Promise<PageOutcome>((resolve) => {
      const signal = options.signal ?? new AbortController().signal;
      started.push({ id: task.id, signal, finish: () => resolve({ id: task.id, ok: true, output: `${task.id}\n` }) });
      signal.addEventListener('abort', () => resolve({ id: task.id, ok: false, error: { code: 'timeout', message: String((signal.reason as Error).message) } }));
    }),
    ready: async () => undefined,
    close: async () => undefined,
  };
  const finish = (id: string): void => started.find((s) => s.id === id)?.finish();
  return { runner, started, finish };
}

const page = (id: string, size: number): PageTask => ({ id, bytes: new Uint8Array(size) });

describe('createDispatch()', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('runs at most jobs pages at once, the smallest waiting page first (ties in arrival order)', async () => {
    const { runner, started, finish } = fakeRunner();
    const dispatch = createDispatch(runner, { jobs: 1, timeoutMs: 10_000 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((id, i) => dispatch.run(page(id, [100, 300, 50, 200, 50][i])));
    expect(started.map((s) => s.id)).toEqual(['a']);
    expect(dispatch.counts).toEqual({ waiting: 4, running: 1 });
    for (const id of ['a', 'c', 'e', 'd', 'b']) {
      expect(started.at(-1)?.id).toBe(id);
      finish(id);
      await vi.advanceTimersByTimeAsync(0);
    }
    expect((await Promise.all(answers)).map((o) => o.ok)).toEqual([true, true, true, true, true]);
  });

  it('a page that finds no free worker within the limit is answered busy and never started', async () => {
    const { runner, started } = fakeRunner();
    const dispatch = createDispatch(runner, { jobs: 1, timeoutMs: 1000 });
    void dispatch.run(page('first', 10)); // runs 0–1000 ms (withdrawn)
    await vi.advanceTimersByTimeAsync(900);
    const large = dispatch.run(page('large', 500)); // waits from 900 ms
    void dispatch.run(page('small', 10)); // smaller: runs 1000–2000 ms
    await vi.advanceTimersByTimeAsync(100);
    expect(started.map((s) => s.id)).toEqual(['first', 'small']);
    await vi.advanceTimersByTimeAsync(899);
    expect(dispatch.counts.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await large).toMatchObject({ ok: false, error: { code: 'busy', message: expect.stringContaining('not started') } });
    expect(dispatch.counts.waiting).toBe(0);
    expect(started.map((s) => s.id)).toEqual(['first', 'small']);
  });

  it('a running page is withdrawn past the limit counted from its own start, not from its arrival', async () => {
    const { runner, started, finish } = fakeRunner();
    const dispatch = createDispatch(runner, { jobs: 1, timeoutMs: 1000 });
    void dispatch.run(page('first', 10));
    const second = dispatch.run(page('second', 10));
    await vi.advanceTimersByTimeAsync(600);
    finish('first');
    await vi.advanceTimersByTimeAsync(0);
    const run = started.find((s) => s.id === 'second');
    expect(run?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(999); // 1599 ms after it arrived, 999 ms after it started
    expect(run?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(run?.signal.aborted).toBe(true);
    expect(await second).toMatchObject({ ok: false, error: { code: 'timeout', message: expect.stringContaining('its worker was ended') } });
    expect(dispatch.counts).toEqual({ waiting: 0, running: 0 });
  });
});
