import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bench harness is plain JavaScript checked by bench/tsconfig.json; it is loaded by URL.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Timing { passesMs: number[]; ratio: number }
interface MeasureModule {
  timeRunners(
    runners: { run: (input: unknown) => unknown; inputs: readonly unknown[] }[],
    plan: { runs: number; warmup: number; warmupMs: number; minSampleMs: number; lean?: boolean },
  ): Promise<Timing[]>;
}

const measure = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/measure.js')).href)) as MeasureModule;

describe('timeRunners', () => {
  it('runs one untimed pass after the GC before every timed sample (a forced GC deoptimizes; the sample times warm code)', async () => {
    const calls: string[] = [];
    const runner = (name: string) => ({ run: (input: unknown) => calls.push(`${name}:${String(input)}`), inputs: ['a', 'b'] });
    const timings = await measure.timeRunners([runner('floor'), runner('system')], { runs: 2, warmup: 1, warmupMs: 0, minSampleMs: 0 });
    expect(timings.map((t) => t.passesMs.length)).toEqual([2, 2]);
    // per runner: 1 warm-up pass, then per round an untimed pass and the timed one, then the memory pass
    const passes = (name: string) => calls.filter((c) => c.startsWith(`${name}:`)).length / 2;
    expect(passes('floor')).toBe(1 + 2 * 2 + 1);
    expect(passes('system')).toBe(1 + 2 * 2 + 1);
    // round-robin: after both warm-ups, each round runs the floor's two passes, then the system's
    const rounds = calls.slice(4, 12).map((c) => c.split(':')[0]);
    expect(rounds).toEqual(['floor', 'floor', 'floor', 'floor', 'system', 'system', 'system', 'system']);
  });
});
