// @ts-check
/**
 * Whole-process throughput of `matn extract --jobs N`, and the ceiling a second core can give on
 * this machine, measured in the same rounds. Not part of `npm run bench` (it runs whole CLI
 * processes, a few minutes on 2 cores). Usage, after `npm run build`:
 *
 *   node bench/cli-jobs.js [--corpus DIR[,DIR...]] [--rounds N] [--dist DIR] [--configs j1,j2,...] [--ratio-to j1] [--node-args '...']
 *
 * Several `--corpus` directories are one batch (copies of a corpus in different directories give a
 * larger batch of the same pages, to see how the fixed costs of start-up and JIT warm-up amortize).
 * Configurations (each round runs every one, in an order rotated from round to round):
 *   default      one process without `--jobs` (the number picked from the batch, issue 19)
 *   j0, j1, j2   one process: `extract CORPUS --jobs 0|1|2 -q > /dev/null`
 *   2xj0         two `--jobs 0` processes over the whole corpus at once: pages/s = 2 x pages / the
 *                slower one's wall (the two-independent-processes ceiling)
 *   2xj1half     two `--jobs 1` processes at once, each over one half of the pages (halves balanced
 *                by bytes): what a perfect pool of two could do, start-up costs included
 * `--write` puts the summary table into docs/cli.md (region `bench-cli-jobs`, bench/doc-regions.js).
 * `--node-args` are given to every `node` (V8 flags for experiments). Each process runs under `/usr/bin/time` (user, sys, peak RSS); wall is timed around the spawn.
 * The 1-minute load average is read before each run. Prints one line per run, then medians and the
 * per-round ratios of pages/s to j1, or to the config named by `--ratio-to` (pairing within a round keeps the ratio meaningful when the
 * machine's speed drifts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commandLine, currentCommit, regionBody, writeRegions } from './doc-regions.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KNOWN = Object.freeze(['default', 'j0', 'j1', 'j2', '2xj0', '2xj1half']);

/** @typedef {{ wall: number, user: number, sys: number, rssMb: number }} ProcessFigures */
/** @typedef {{ config: string, round: number, load: number, wall: number, cpu: number, rssMb: number, pagesPerSecond: number }} RunFigures */

function readFlags() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: path.resolve(REPO_ROOT, '../shared/corpora/en-news-scrapinghub/pages') },
      rounds: { type: 'string', default: '5' },
      dist: { type: 'string', default: path.join(REPO_ROOT, 'dist') },
      configs: { type: 'string', default: 'j1,j2,2xj1half,2xj0,j0' },
      'ratio-to': { type: 'string', default: 'j1' },
      'node-args': { type: 'string', default: '' },
      threads: { type: 'boolean', default: false },
      write: { type: 'boolean', default: false },
    },
  });
  const configs = (values.configs ?? '').split(',').filter(Boolean);
  for (const c of configs) if (!KNOWN.includes(c)) throw new Error(`unknown config ${c} (known: ${KNOWN.join(', ')})`);
  const nodeArgs = (values['node-args'] ?? '').split(' ').filter(Boolean);
  const corpus = (values.corpus ?? '').split(',').filter(Boolean);
  const ratioTo = values['ratio-to'] ?? 'j1';
  if (!KNOWN.includes(ratioTo)) throw new Error(`unknown --ratio-to ${ratioTo} (known: ${KNOWN.join(', ')})`);
  return { ratioTo, threads: values.threads === true, write: values.write === true, corpus, rounds: Number(values.rounds), main: path.join(values.dist ?? '', 'cli/main.js'), configs, nodeArgs };
}

/**
 * Runs `node main extract ARGS -q` under /usr/bin/time, stdout to /dev/null.
 * @param {string} main @param {string[]} args @param {string} scratch @param {string[]} nodeArgs
 * @returns {Promise<ProcessFigures>}
 */
function runOne(main, args, scratch, nodeArgs) {
  const timeFile = path.join(scratch, `time-${process.hrtime.bigint()}-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-o', timeFile, '-f', '%U %S %M', process.execPath, ...nodeArgs, main, 'extract', ...args, '-q'], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      // exit 1 means some pages failed (still a timed run); anything else is a broken run, not a figure
      if (code !== 0 && code !== 1) {
        reject(new Error(`matn extract ${args.join(' ')} exited with ${code ?? signal}`));
        return;
      }
      const wall = Number(process.hrtime.bigint() - started) / 1e9;
      const [user, sys, rssKb] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).slice(-3).map(Number);
      resolve({ wall, user, sys, rssMb: rssKb / 1024 });
    });
  });
}

/**
 * Splits files into two halves of about equal bytes (largest first, each to the lighter half).
 * @param {string[]} dirs @returns {[string[], string[]]}
 */
function halves(dirs) {
  const files = dirs.flatMap((dir) => readdirSync(dir).map((name) => path.join(dir, name))).map((file) => ({ file, size: statSync(file).size }));
  files.sort((a, b) => b.size - a.size);
  /** @type {[string[], string[]]} */
  const out = [[], []];
  const bytes = [0, 0];
  for (const { file, size } of files) {
    const i = bytes[0] <= bytes[1] ? 0 : 1;
    out[i].push(file);
    bytes[i] += size;
  }
  return out;
}

/**
 * @param {string} config @param {{ main: string, corpus: string[], pages: number, halves: [string[], string[]], scratch: string, nodeArgs: string[] }} ctx
 * @returns {Promise<{ wall: number, cpu: number, rssMb: number, pagesPerSecond: number }>}
 */
async function runConfig(config, ctx) {
  const { main, corpus, pages, scratch, nodeArgs } = ctx;
  if (config === 'default' || config === 'j0' || config === 'j1' || config === 'j2') {
    const r = await runOne(main, config === 'default' ? [...corpus] : [...corpus, '--jobs', config.slice(1)], scratch, nodeArgs);
    return { wall: r.wall, cpu: r.user + r.sys, rssMb: r.rssMb, pagesPerSecond: pages / r.wall };
  }
  const runs = config === '2xj0'
    ? [runOne(main, [...corpus, '--jobs', '0'], scratch, nodeArgs), runOne(main, [...corpus, '--jobs', '0'], scratch, nodeArgs)]
    : [runOne(main, [...ctx.halves[0], '--jobs', '1'], scratch, nodeArgs), runOne(main, [...ctx.halves[1], '--jobs', '1'], scratch, nodeArgs)];
  const [a, b] = await Promise.all(runs);
  const wall = Math.max(a.wall, b.wall);
  const done = config === '2xj0' ? 2 * pages : pages;
  return { wall, cpu: a.user + a.sys + b.user + b.sys, rssMb: a.rssMb + b.rssMb, pagesPerSecond: done / wall };
}

/**
 * Runs one process and reads its threads' CPU seconds from /proc until it exits.
 * @param {string} main @param {string[]} args @param {string[]} nodeArgs
 * @returns {Promise<{ wall: number, threads: { tid: number, start: number, firstSeen: number, cpu: number }[] }>}
 */
async function threadTimes(main, args, nodeArgs) {
  const ticks = 100; // USER_HZ: the unit of utime and stime in /proc/PID/task/TID/stat on Linux
  const started = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - started) / 1e9;
  const child = spawn(process.execPath, [...nodeArgs, main, 'extract', ...args, '-q'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  /** @type {Map<number, { tid: number, start: number, firstSeen: number, cpu: number }>} */
  const seen = new Map();
  let done = false;
  void exited.then(() => { done = true; });
  while (!done) {
    /** @type {number[]} */
    let tids = [];
    try { tids = readdirSync(`/proc/${child.pid}/task`).map(Number); } catch { /* exiting */ }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpu = (Number(fields[11]) + Number(fields[12])) / ticks;
        const entry = seen.get(tid) ?? { tid, start: Number(fields[19]), firstSeen: since(), cpu: 0 };
        entry.cpu = cpu;
        seen.set(tid, entry);
      } catch { /* the thread ended between the listing and the read */ }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { wall: since(), threads: [...seen.values()].sort((a, b) => (a.tid === child.pid ? -1 : b.tid === child.pid ? 1 : a.start - b.start || a.tid - b.tid)) };
}

/**
 * Prints the per-thread CPU of each configuration (one run each).
 * @param {{ main: string, corpus: string[], configs: string[], nodeArgs: string[] }} flags
 */
async function printThreads(flags) {
  for (const config of flags.configs.filter((c) => /^j[0-9]$/.test(c))) {
    const load = loadavg()[0];
    const { wall, threads } = await threadTimes(flags.main, [...flags.corpus, '--jobs', config.slice(1)], flags.nodeArgs);
    const [mainThread, ...rest] = threads;
    // node starts the V8 platform's threads while it boots (within 0.1 s, = 10 ticks); workers come later
    const helpers = rest.filter((t) => t.start - (rest[0]?.start ?? 0) <= 10);
    const others = rest.filter((t) => !helpers.includes(t) && t.cpu > 0);
    const sum = (/** @type {{ cpu: number }[]} */ ts) => ts.reduce((n, t) => n + t.cpu, 0).toFixed(2);
    console.log(`${config} load ${load.toFixed(2)} wall ${wall.toFixed(2)} s | main ${mainThread?.cpu.toFixed(2)} s | V8 helpers ${sum(helpers)} s | later threads ${others.map((t) => `${t.cpu.toFixed(2)} s (from ${t.firstSeen.toFixed(2)} s)`).join(', ')} | total ${sum(threads)} s`);
  }
}

/** @param {number[]} xs */
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function main() {
  const flags = readFlags();
  const revision = { ...currentCommit(), date: new Date() }; // when the run starts
  if (flags.threads) return printThreads(flags);
  const pages = flags.corpus.reduce((n, dir) => n + readdirSync(dir).length, 0);
  const scratch = mkdtempSync(path.join(tmpdir(), 'matn-cli-jobs-'));
  const ctx = { main: flags.main, corpus: flags.corpus, pages, halves: halves(flags.corpus), scratch, nodeArgs: flags.nodeArgs };
  /** @type {RunFigures[]} */
  const results = [];
  try {
    for (let round = 1; round <= flags.rounds; round++) {
      const shift = (round - 1) % flags.configs.length;
      const order = [...flags.configs.slice(shift), ...flags.configs.slice(0, shift)];
      for (const config of order) {
        const load = loadavg()[0];
        const r = await runConfig(config, ctx);
        results.push({ config, round, load, ...r });
        console.log(`round ${round} ${config.padEnd(8)} load ${load.toFixed(2)} wall ${r.wall.toFixed(2)} s cpu ${r.cpu.toFixed(2)} s rss ${r.rssMb.toFixed(0)} MB ${r.pagesPerSecond.toFixed(1)} pages/s`);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const summary = `${pages} pages; medians over ${flags.rounds} rounds; ratio = pages/s / pages/s of ${flags.ratioTo} in the same round.`;
  const table = [
    `| config | load (1 min) | wall s | cpu s | peak RSS MB | pages/s | ratio to ${flags.ratioTo} (min · median · max) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const config of flags.configs) {
    const rs = results.filter((r) => r.config === config);
    const ratios = flags.configs.includes(flags.ratioTo)
      ? rs.map((r) => r.pagesPerSecond / (results.find((b) => b.config === flags.ratioTo && b.round === r.round)?.pagesPerSecond ?? NaN))
      : [];
    const ratio = ratios.length ? `${Math.min(...ratios).toFixed(2)} · ${median(ratios).toFixed(2)} · ${Math.max(...ratios).toFixed(2)}` : '';
    table.push(`| ${config} | ${median(rs.map((r) => r.load)).toFixed(1)} | ${median(rs.map((r) => r.wall)).toFixed(2)} | ${median(rs.map((r) => r.cpu)).toFixed(2)} | ${Math.max(...rs.map((r) => r.rssMb)).toFixed(0)} | ${median(rs.map((r) => r.pagesPerSecond)).toFixed(1)} | ${ratio} |`);
  }
  console.log(`\n${summary}\n${table.join('\n')}`);
  if (flags.write) {
    const run = { ...revision, command: commandLine('bench/cli-jobs.js', process.argv.slice(2)), note: summary };
    console.log(`wrote ${writeRegions('docs/cli.md', { 'bench-cli-jobs': regionBody(run, table) })} (region bench-cli-jobs)`);
  }
}

await main();
