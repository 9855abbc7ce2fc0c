// @ts-check
/**
 * The page-interleaved loop of the A/B scripts (threads-ab, normalize-ab, thread-stage-ab): every round
 * runs each build on every page in turn, two builds swapping order every round and three rotating, so a
 * busy shared machine's noise falls on all builds alike. `time(name, page)` runs one build on one page
 * and returns the CPU milliseconds to count and the wall milliseconds.
 */

/**
 * @template P
 * @param {{ names: readonly string[], pages: readonly P[], rounds: number, time: (name: string, page: P) => { cpu: number, wall: number } }} run
 * @returns {{ total: Record<string, { cpu: number, wall: number }>, perRound: string[] }}  totals per build; B/A of each round's CPU
 */
export function interleavedRounds({ names, pages, rounds, time }) {
  const total = Object.fromEntries(names.map((n) => [n, { cpu: 0, wall: 0 }]));
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    /** @type {Record<string, number>} */
    const round = Object.fromEntries(names.map((n) => [n, 0]));
    const order = names.length === 2 ? (r % 2 === 0 ? [names[0], names[1]] : [names[1], names[0]]) : names.map((_, k) => names[(k + r) % names.length]);
    for (const page of pages) {
      for (const name of order) {
        const { cpu, wall } = time(name, page);
        total[name].cpu += cpu;
        total[name].wall += wall;
        round[name] += cpu;
      }
    }
    perRound.push((round.B / round.A).toFixed(3));
    globalThis.gc?.();
  }
  return { total, perRound };
}

/**
 * CPU and wall milliseconds of `fn()`.
 * @param {() => unknown} fn
 */
export function cpuAndWall(fn) {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  fn();
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1e3, wall: performance.now() - wall };
}
