// @ts-check
/**
 * The timing loop shared by every system: warm-up passes, then N timed passes over the same
 * in-memory inputs, interleaved across the systems of a group so that a floor and the system
 * compared with it see the same machine state. `global.gc()` runs before every timed pass when
 * node was started with --expose-gc. Memory is measured in a separate, untimed pass.
 */

/** Keeps results reachable so the optimizer cannot drop the work. */
let sink = /** @type {unknown} */ (undefined);

/** @returns {void} */
export function collectGarbage() {
  const gc = /** @type {undefined | (() => void)} */ (/** @type {any} */ (globalThis).gc);
  if (gc !== undefined) {
    gc();
    gc();
  }
}

/** @returns {boolean} */
export function hasGc() {
  return typeof (/** @type {any} */ (globalThis).gc) === 'function';
}

/**
 * One timed sample: calls `run` on every input, `repeat` times over, and returns the time of one pass.
 * @param {(input: any) => unknown} run
 * @param {readonly unknown[]} inputs
 * @param {number} [repeat]
 * @returns {{ wallMs: number, cpuMs: number }} wall-clock time and process CPU time (user + system, all threads)
 */
function timePass(run, inputs, repeat = 1) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let k = 0; k < repeat; k++) for (let i = 0; i < inputs.length; i++) sink = run(inputs[i]);
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6 / repeat;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1e3 / repeat };
}

/**
 * Untimed pass sampling memory after each call while its result is still alive.
 * @param {(input: any) => unknown} run
 * @param {readonly unknown[]} inputs
 * @param {((result: any) => Record<string, number>) | undefined} stages
 * @returns {{ heapPeakMB: number, rssPeakMB: number, stageMs: Record<string, number> }}
 *   heapPeakMB: highest heapUsed + external above the post-GC baseline; rssPeakMB: highest RSS seen.
 */
function memoryPass(run, inputs, stages) {
  /** @type {Record<string, number>} */
  const stageMs = {};
  collectGarbage();
  const base = process.memoryUsage();
  const baseHeap = base.heapUsed + base.external;
  let heapPeak = 0;
  let rssPeak = base.rss;
  for (let i = 0; i < inputs.length; i++) {
    sink = run(inputs[i]);
    if (stages !== undefined) for (const [k, v] of Object.entries(stages(sink))) stageMs[k] = (stageMs[k] ?? 0) + v;
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed + m.external - baseHeap);
    rssPeak = Math.max(rssPeak, m.rss);
  }
  sink = undefined;
  return { heapPeakMB: heapPeak / 1e6, rssPeakMB: rssPeak / 1e6, stageMs };
}

/**
 * @param {number[]} values
 * @returns {number}
 */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * @typedef {object} Timing
 * @property {number[]} passesMs    wall time of every timed pass, in order
 * @property {number[]} cpuMs       CPU time of every timed pass, in order
 * @property {number} medianMs      median wall time
 * @property {number} medianCpuMs   median CPU time
 * @property {number} ratio         median over rounds of (this pass / the first runner's pass of the same round), wall time
 * @property {number} cpuRatio      the same with CPU time (steadier when other processes compete for the CPUs)
 * @property {number} heapPeakMB
 * @property {number} rssPeakMB
 * @property {Record<string, number>} stageMs  per-stage milliseconds summed over the memory pass (when the runner reports stages)
 */

/**
 * Times several runners on their inputs: untimed warm-up passes each (at least `warmup` passes
 * and at least `warmupMs` milliseconds, so small corpora get the JIT warm too), then `runs` rounds in
 * which every runner does one timed pass (round-robin), then one memory pass each.
 * @param {{ run: (input: any) => unknown, inputs: readonly unknown[], stages?: (result: any) => Record<string, number> }[]} runners
 * @param {{ runs: number, warmup: number, warmupMs: number }} plan
 * @returns {Timing[]}
 */
export function timeRunners(runners, plan) {
  const repeats = runners.map((r) => {
    let spent = 0;
    let passes = 0;
    for (; passes < plan.warmup || spent < plan.warmupMs; passes++) spent += timePass(r.run, r.inputs).wallMs;
    return Math.max(1, Math.ceil(plan.minSampleMs / (spent / passes)));
  });
  /** @type {{ wallMs: number, cpuMs: number }[][]} */
  const passes = runners.map(() => []);
  for (let round = 0; round < plan.runs; round++) {
    runners.forEach((r, i) => {
      collectGarbage();
      passes[i].push(timePass(r.run, r.inputs, repeats[i]));
    });
  }
  sink = undefined;
  return runners.map((r, i) => {
    const wall = passes[i].map((p) => p.wallMs);
    const cpu = passes[i].map((p) => p.cpuMs);
    const ratio = median(passes[i].map((p, round) => p.wallMs / passes[0][round].wallMs));
    const cpuRatio = median(passes[i].map((p, round) => p.cpuMs / passes[0][round].cpuMs));
    return { passesMs: wall, cpuMs: cpu, medianMs: median(wall), medianCpuMs: median(cpu), ratio, cpuRatio, ...memoryPass(r.run, r.inputs, r.stages) };
  });
}
