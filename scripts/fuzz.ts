/**
 * `npm run fuzz [-- --cases N --seed S]`: the fuzz property of test/fuzz.test.ts over many more cases
 * (default 10,000): every output string and CLI record field clean (no NUL, no C0 control but tab
 * and LF, no lone surrogate), or a MatnError with a documented code. Prints a summary; exits 1 on
 * the first failure with its counterexample.
 */
import fc from 'fast-check';
import { hostileInput, hostileOptions, runCase } from '../test/helpers/fuzz-inputs.js';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const cases = flag('cases', 10_000);
const seed = flag('seed', Date.now() % 2 ** 31);
const results = new Map<string, number>();
let unclean = 0;
let slowestMs = 0;
const started = performance.now();
try {
  fc.assert(fc.property(hostileInput, hostileOptions, (input, options) => {
    const t = performance.now();
    const outcome = runCase(input, options);
    slowestMs = Math.max(slowestMs, performance.now() - t);
    results.set(outcome.result, (results.get(outcome.result) ?? 0) + 1);
    unclean += outcome.unclean.length;
    if (outcome.unclean.length > 0) throw new Error(`unclean output: ${JSON.stringify(outcome.unclean.slice(0, 3))}`);
  }), { numRuns: cases, seed });
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
}
const total = [...results.values()].reduce((a, b) => a + b, 0);
process.stdout.write(`fuzz: ${total} cases (seed ${seed}) in ${((performance.now() - started) / 1000).toFixed(1)} s; `
  + `results ${JSON.stringify(Object.fromEntries(results))}; strings with NUL/C0/lone surrogate: ${unclean}; slowest case ${slowestMs.toFixed(0)} ms\n`);
