import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The bench harness is plain JavaScript checked by bench/tsconfig.json; it is loaded by URL.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Timing { passesMs: number[]; ratio: number }
interface MeasureModule {
  UNTIMED_SAMPLES: number;
  timeRunners(
    runners: { run: (input: unknown) => unknown; inputs: readonly unknown[] }[],
    plan: { runs: number; warmup: number; warmupMs: number; minSampleMs: number; lean?: boolean },
  ): Promise<Timing[]>;
}

const measure = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/measure.js')).href)) as MeasureModule;

describe('timeRunners', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('runs untimed samples, as long as the timed one, after the GC before every timed sample (a forced GC deoptimizes)', async () => {
    expect(measure.UNTIMED_SAMPLES).toBe(2);
    const calls: string[] = [];
    const runner = (name: string) => ({ run: (input: unknown) => calls.push(`${name}:${String(input)}`), inputs: ['a', 'b'] });
    const timings = await measure.timeRunners([runner('floor'), runner('system')], { runs: 2, warmup: 1, warmupMs: 0, minSampleMs: 0 });
    expect(timings.map((t) => t.passesMs.length)).toEqual([2, 2]);
    // per runner: 1 warm-up pass, then per round two untimed samples and the timed one, then the memory pass
    const passes = (name: string) => calls.filter((c) => c.startsWith(`${name}:`)).length / 2;
    expect(passes('floor')).toBe(1 + 2 * 3 + 1);
    expect(passes('system')).toBe(1 + 2 * 3 + 1);
    // round-robin: after both warm-ups, each round runs the floor's three passes, then the system's
    const rounds = calls.slice(4, 16).map((c) => c.split(':')[0]);
    expect(rounds).toEqual([...Array(6).fill('floor'), ...Array(6).fill('system')]);
  });

  it('makes each untimed sample as long as the timed one: the same number of passes', async () => {
    // a clock that only the runs move: each call takes 1 ms, so a warm-up pass over 2 inputs takes 2 ms and a
    // sample of at least 6 ms repeats the pass 3 times
    let clock = 0n;
    vi.spyOn(process.hrtime, 'bigint').mockImplementation(() => clock);
    let calls = 0;
    const runner = {
      run: () => {
        calls++;
        clock += 1_000_000n;
      },
      inputs: ['a', 'b'],
    };
    const [timing] = await measure.timeRunners([runner], { runs: 2, warmup: 1, warmupMs: 0, minSampleMs: 6 });
    expect(timing.passesMs).toEqual([2, 2]);
    // 1 warm-up pass, then per round two untimed samples of 3 passes and 3 timed passes, then the memory pass
    expect(calls / 2).toBe(1 + 2 * (2 * 3 + 3) + 1);
  });
});
