// @ts-check
/**
 * The control for `bench/cli-jobs.js`: how much a second core gives to pure CPU work on this machine.
 * A fixed integer loop (no allocation, no I/O, one thread) runs in one process, then in two processes
 * at once; the throughput ratio is 2 × one ÷ two (2.00 when the two cores are fully independent).
 * Compare it with cli-jobs' `2xj0` (two extraction processes at once): the gap is what the extraction
 * itself loses to running beside another one (V8's GC and JIT helper threads, memory traffic).
 *
 *   node bench/cpu-ceiling.js [--iterations N] [--rounds N]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    iterations: { type: 'string', default: '1500000000' },
    rounds: { type: 'string', default: '2' },
    child: { type: 'boolean', default: false },
  },
});

if (values.child) {
  let x = 0;
  for (let i = 0, n = Number(values.iterations); i < n; i++) x = (x * 1103515245 + 12345) | 0;
  // print the result so the loop cannot be dropped as dead code
  process.stdout.write(`${x}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  /** Wall milliseconds of `count` loop processes started at once. */
  const run = (/** @type {number} */ count) => new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    let left = count;
    for (let k = 0; k < count; k++) {
      const child = spawn(process.execPath, [self, '--child', '--iterations', values.iterations], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', () => {
        if (--left === 0) resolve(Number(process.hrtime.bigint() - start) / 1e6);
      });
    }
  });
  for (let round = 1; round <= Number(values.rounds); round++) {
    const one = await run(1);
    const two = await run(2);
    console.log(`round ${round}: one process ${one.toFixed(0)} ms, two at once ${two.toFixed(0)} ms, throughput ratio ${(2 * one / two).toFixed(2)}`);
  }
}
