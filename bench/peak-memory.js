// @ts-check
/**
 * Peak memory of one `extract()` call (issue 16: "peak memory at most 20× the input"), measured in a
 * child process of its own (`bench/peak-child.js`): the growth of its resident set, at its highest
 * during the call, above what the process held just before (library loaded and warmed, input read,
 * garbage collected). Unlike the bench's heap column (heapUsed after the call returns, garbage
 * included, so it moves with the GC's timing), this is what the operating system had to give the call
 * at its worst: the answer to "how much memory does one page of N MB take". One child per page costs
 * one extra extraction per page, cheap enough for every `npm run bench` of the pathological group.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'peak-child.js');
const MB = 1e6;

/**
 * @typedef {object} PeakReport  what the child measured (one JSON line on its stdout)
 * @property {number} inputBytes
 * @property {number} baseRss     RSS in bytes just before the call
 * @property {number} peakRss     RSS high-water mark in bytes during the call (reset to the RSS just before)
 * @property {'VmHWM' | 'maxRSS'} source  VmHWM: the kernel's resettable high-water mark; maxRSS: the
 *   process-lifetime figure (no /proc), an upper bound
 * @property {number} wallMs      wall time of the call
 * @property {string | null} error  the call's error message, when it threw
 * @property {WarmUp} warm        how the child warmed up before the call (peak-child.js)
 * @property {number} setupRss    the warm-up's own RSS growth in bytes (GC before and after): the library's
 *   one-time setup, which the figure leaves out (may be negative when the GC gave pages back)
 */

/**
 * @typedef {'worker' | 'first'} WarmUp  `worker`: the child has run the bundled sample before the call, as a
 *   worker that has run pages holds the library's one-time setup; `first`: a small page only, so the figure
 *   is the first real page's of a fresh process, one-time setup included (peak-child.js)
 */

/**
 * @typedef {object} PeakOptions
 * @property {string} [algorithm]  `extract()`'s algorithm; default `auto` (the pathological group's system)
 * @property {WarmUp} [warm]  the child's warm-up; default `worker`
 * @property {readonly string[]} [execArgv]  the parent's node flags; the V8 heap limits among them are
 *   passed on, so the child runs under the limits the bench runs under (default: `process.execArgv`)
 * @property {number} [timeoutMs]  the child is killed after this long; default 10 minutes (a 25 MB
 *   `word<br>` page takes ≈ 30 s on a loaded 2-core machine)
 */

/** Node flags that change how much heap V8 may take: the child gets them as the parent has them. */
const HEAP_FLAGS = ['--max-old-space-size', '--max-semi-space-size', '--max-heap-size'];

/**
 * The child's node flags: `--expose-gc` (the child collects garbage before its baseline) and the heap
 * limits of the parent's flags, nothing else (no inspector, no loaders).
 * @param {readonly string[]} execArgv
 * @returns {string[]}
 */
export function peakChildFlags(execArgv) {
  const heap = execArgv.filter((a) => HEAP_FLAGS.some((f) => a === f || a.startsWith(`${f}=`)));
  return ['--expose-gc', ...heap];
}

/**
 * Reads the child's report: the last line of its stdout that is a JSON object with numeric sizes.
 * @param {string} stdout
 * @returns {PeakReport}
 * @throws {Error} when no line is a report
 */
export function parsePeakReport(stdout) {
  const lines = stdout.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('{'));
  for (let i = lines.length - 1; i >= 0; i--) {
    let v;
    try {
      v = JSON.parse(lines[i]);
    } catch {
      continue;
    }
    const numbers = ['inputBytes', 'baseRss', 'peakRss', 'wallMs'].every((k) => Number.isFinite(v[k]) && v[k] >= 0);
    const warm = (v.warm === 'worker' || v.warm === 'first') && Number.isFinite(v.setupRss);
    if (numbers && warm && (v.source === 'VmHWM' || v.source === 'maxRSS') && (v.error === null || typeof v.error === 'string')) {
      return { inputBytes: v.inputBytes, baseRss: v.baseRss, peakRss: v.peakRss, source: v.source, wallMs: v.wallMs, error: v.error, warm: v.warm, setupRss: v.setupRss };
    }
  }
  throw new Error(`no peak report in the child's output: ${stdout.slice(0, 200)}`);
}

/**
 * Peak growth in MB (10^6 bytes) above the baseline, and as a multiple of the input.
 * A high-water mark below the baseline (RSS fell during the call and never came back) is growth 0.
 * @param {PeakReport} report
 * @returns {{ growthMB: number, perInput: number }}
 */
export function peakGrowth(report) {
  const growth = Math.max(0, report.peakRss - report.baseRss);
  return { growthMB: growth / MB, perInput: report.inputBytes > 0 ? growth / report.inputBytes : Number.POSITIVE_INFINITY };
}

/**
 * Runs one `extract()` of `bytes` in a fresh child process of this build and returns its report, or
 * a string saying why there is none (child crashed, timed out, printed no report).
 * @param {Uint8Array} bytes
 * @param {PeakOptions} [options]
 * @returns {PeakReport | string}
 */
export function measurePeak(bytes, options = {}) {
  const flags = peakChildFlags(options.execArgv ?? process.execArgv);
  const child = spawnSync(process.execPath, [...flags, CHILD, '--algorithm', options.algorithm ?? 'auto', '--warm', options.warm ?? 'worker'], {
    input: bytes,
    encoding: 'utf8',
    maxBuffer: MB,
    timeout: options.timeoutMs ?? 10 * 60 * 1000,
  });
  if (child.error !== undefined) return `peak child failed: ${child.error.message}`;
  if (child.status !== 0) return `peak child exited with ${child.status ?? child.signal}: ${String(child.stderr).trim().split('\n').pop()}`;
  try {
    return parsePeakReport(child.stdout);
  } catch (e) {
    return /** @type {Error} */ (e).message;
  }
}
