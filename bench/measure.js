// @ts-check
/**
 * The timing loop shared by every system: warm-up passes, then N timed passes over the same
 * in-memory inputs, interleaved across the systems of a group so that a floor and the system
 * compared with it see the same machine state. `global.gc()` runs before every timed sample when
 * node was started with --expose-gc, followed by {@link UNTIMED_SAMPLES} untimed samples (see
 * {@link timeRunners}). Memory is measured in a separate, untimed pass.
 */

/**
 * Untimed samples between the forced GC and each timed sample. One was not always enough: on the page of
 * the scaling series grown to 10 MB, `extract()` took 79–92 ms/MB in the first pass after two `gc()`
 * calls, 64–83 in the second (the one a single untimed sample left to be timed) and 51–60 in the third,
 * as in a warm loop with no forced GC (nine rounds in three processes, a `/tmp` script).
 */
export const UNTIMED_SAMPLES = 2;

/** Keeps results reachable so the optimizer cannot drop the work. */
let sink = /** @type {unknown} */ (undefined);

/** @returns {void} */
export function collectGarbage() {
  sink = undefined;
  const gc = /** @type {undefined | (() => void)} */ (/** @type {any} */ (globalThis).gc);
  if (gc !== undefined) {
    gc();
    gc();
  }
}

/**
 * Lets the current job end (a macrotask turn) so the objects V8 keeps alive until then can be
 * collected: a WeakRef target stays reachable until the job that created or dereferenced it ends,
 * and jsdom + Readability.js keep ~4.5 MB per 20 KB document alive that way (measured: 40 documents
 * in one synchronous loop held 182 MB that two gc() calls could not free; with a turn between them,
 * 0.4 MB). Without these turns a whole bench run is one job and the heap only grows.
 * @returns {Promise<void>}
 */
export function endJob() {
  return new Promise((resolve) => setImmediate(resolve));
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
 * @typedef {object} PageRun  one call of a system on one page, in the validation pass
 * @property {number} wallMs
 * @property {number} cpuMs
 * @property {number} heapMB   heapUsed + external after the call (result alive) above the baseline taken
 *   after a GC before the system's pass
 * @property {number} rssMB    process RSS after the call
 * @property {Record<string, number>} stageMs  stages the system reported for this page (may be empty)
 * @property {Error | null} error  what the call threw, or null
 */

/**
 * The validation pass of one system: the end of the job, a GC, a memory baseline, then one call per
 * input, each timed and followed by a memory sample while its result is alive. A throw is recorded,
 * not raised.
 * @param {(input: any) => unknown} run
 * @param {readonly unknown[]} inputs
 * @param {((result: any) => Record<string, number>) | undefined} stages
 * @returns {Promise<PageRun[]>}
 */
export async function validationPass(run, inputs, stages) {
  await endJob();
  collectGarbage();
  const base = process.memoryUsage();
  const baseHeap = base.heapUsed + base.external;
  return inputs.map((input) => {
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    /** @type {Error | null} */
    let error = null;
    try {
      sink = run(input);
    } catch (e) {
      error = e instanceof Error ? e : new Error(String(e));
      sink = undefined;
    }
    const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpu);
    const stageMs = stages !== undefined && error === null ? { ...stages(sink) } : {};
    const m = process.memoryUsage();
    sink = undefined;
    return { wallMs, cpuMs: (used.user + used.system) / 1e3, heapMB: (m.heapUsed + m.external - baseHeap) / 1e6, rssMB: m.rss / 1e6, stageMs, error };
  });
}

/**
 * Sums the validation runs of one system over the kept pages into one pass.
 * @param {readonly PageRun[]} runs
 * @returns {{ wallMs: number, cpuMs: number, heapPeakMB: number, rssPeakMB: number, stageMs: Record<string, number> }}
 */
export function summarizeValidation(runs) {
  /** @type {Record<string, number>} */
  const stageMs = {};
  for (const r of runs) for (const [k, v] of Object.entries(r.stageMs)) stageMs[k] = (stageMs[k] ?? 0) + v;
  return {
    wallMs: runs.reduce((n, r) => n + r.wallMs, 0),
    cpuMs: runs.reduce((n, r) => n + r.cpuMs, 0),
    heapPeakMB: Math.max(0, ...runs.map((r) => r.heapMB)),
    rssPeakMB: Math.max(0, ...runs.map((r) => r.rssMB)),
    stageMs,
  };
}

/**
 * Untimed pass sampling memory after each call while its result is still alive.
 * @param {(input: any) => unknown} run
 * @param {readonly unknown[]} inputs
 * @param {((result: any) => Record<string, number>) | undefined} stages
 * @returns {Promise<{ heapPeakMB: number, rssPeakMB: number, stageMs: Record<string, number> }>}
 *   heapPeakMB: highest heapUsed + external above the post-GC baseline; rssPeakMB: highest RSS seen.
 */
async function memoryPass(run, inputs, stages) {
  /** @type {Record<string, number>} */
  const stageMs = {};
  await endJob();
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

/** A validation pass at least this long counts as a warm-up pass in a lean plan (ms). */
export const LEAN_WARM_MS = 2000;

/**
 * @typedef {object} TimedRunner
 * @property {(input: any) => unknown} run
 * @property {readonly unknown[]} inputs
 * @property {(result: any) => Record<string, number>} [stages]
 * @property {ReturnType<typeof summarizeValidation>} [validation]  its validation pass over the same
 *   inputs; a `lean` plan takes the memory figures from it instead of a separate memory pass
 */

/**
 * @typedef {object} TimingPlan
 * @property {number} runs         timed rounds
 * @property {number} warmup       minimum warm-up passes
 * @property {number} warmupMs     minimum warm-up time, ms
 * @property {number} minSampleMs  a timed sample repeats the pass until it lasts this long
 * @property {boolean} [lean]      the validation pass is the memory pass (no separate memory pass), and
 *   counts as the first warm-up pass when it lasted at least LEAN_WARM_MS
 */

/**
 * Times several runners on their inputs: untimed warm-up passes each (at least `warmup` passes
 * and at least `warmupMs` milliseconds, so small corpora get the JIT warm too), then `runs` rounds in
 * which every runner does one timed pass (round-robin; a GC and {@link UNTIMED_SAMPLES} untimed samples before each), then one memory pass each (a `lean` plan
 * takes the memory figures from the validation pass instead, and counts a validation pass of at
 * least `LEAN_WARM_MS` as the first warm-up pass; a shorter one may be slow only because it is cold).
 * The job ends (a macrotask turn) before every pass or sample, outside the timed region.
 * @param {TimedRunner[]} runners
 * @param {TimingPlan} plan
 * @returns {Promise<Timing[]>}
 */
export async function timeRunners(runners, plan) {
  /** @type {number[]} */
  const repeats = [];
  for (const r of runners) {
    // A lean plan counts a long validation pass as the first warm-up pass (its hot loops are optimized
    // within it); a short one is not counted: it may be slow only because it was cold.
    const seeded = plan.lean === true && r.validation !== undefined && r.validation.wallMs >= LEAN_WARM_MS;
    let spent = seeded ? /** @type {{ wallMs: number }} */ (r.validation).wallMs : 0;
    let passes = seeded ? 1 : 0;
    for (; passes < plan.warmup || spent < plan.warmupMs; passes++) {
      await endJob();
      spent += timePass(r.run, r.inputs).wallMs;
    }
    repeats.push(Math.max(1, Math.ceil(plan.minSampleMs / Math.max(spent / passes, 1e-3))));
  }
  /** @type {{ wallMs: number, cpuMs: number }[][]} */
  const passes = runners.map(() => []);
  for (let round = 0; round < plan.runs; round++) {
    for (const [i, r] of runners.entries()) {
      await endJob();
      collectGarbage();
      // A forced GC (`gc()`, unlike the collections V8 starts itself) deoptimizes optimized code that
      // embedded objects now dead (`--trace-deopt`: "weak objects"; about 50 functions per call on a 1 MB
      // page). Untimed samples as long as the timed one optimize them again (see UNTIMED_SAMPLES), so the
      // sample times the steady state a worker runs in; a worker's own mark-compacts deoptimized nothing.
      for (let u = 0; u < UNTIMED_SAMPLES; u++) {
        timePass(r.run, r.inputs, repeats[i]);
        await endJob();
      }
      passes[i].push(timePass(r.run, r.inputs, repeats[i]));
    }
  }
  sink = undefined;
  /** @type {Timing[]} */
  const out = [];
  for (const [i, r] of runners.entries()) {
    const wall = passes[i].map((p) => p.wallMs);
    const cpu = passes[i].map((p) => p.cpuMs);
    const ratio = median(passes[i].map((p, round) => p.wallMs / passes[0][round].wallMs));
    const cpuRatio = median(passes[i].map((p, round) => p.cpuMs / passes[0][round].cpuMs));
    const v = r.validation;
    const memory = plan.lean === true && v !== undefined ? { heapPeakMB: v.heapPeakMB, rssPeakMB: v.rssPeakMB, stageMs: v.stageMs } : await memoryPass(r.run, r.inputs, r.stages);
    out.push({ passesMs: wall, cpuMs: cpu, medianMs: median(wall), medianCpuMs: median(cpu), ratio, cpuRatio, ...memory });
  }
  return out;
}

/**
 * Timings from the validation passes alone (one pass per runner, no warm-up, no repeats): for page
 * sets so large that a second pass is not affordable.
 * @param {ReturnType<typeof summarizeValidation>[]} validations  the first one is the floor's
 * @returns {Timing[]}
 */
export function singlePassTimings(validations) {
  const floor = validations[0];
  return validations.map((v) => ({
    passesMs: [v.wallMs],
    cpuMs: [v.cpuMs],
    medianMs: v.wallMs,
    medianCpuMs: v.cpuMs,
    ratio: v.wallMs / floor.wallMs,
    cpuRatio: v.cpuMs / floor.cpuMs,
    heapPeakMB: v.heapPeakMB,
    rssPeakMB: v.rssPeakMB,
    stageMs: v.stageMs,
  }));
}
