// @ts-check
/**
 * Child process of the peak-memory probe (`bench/peak-memory.js`): one `extract()` of the page read
 * from stdin, in a process of its own, and how far the resident set grew above what the process held
 * just before the call. Prints one JSON line (`PeakReport` of peak-memory.js) on stdout.
 *
 *   node --expose-gc bench/peak-child.js --algorithm auto [--warm-calls 5] < page.html
 *
 * Order: load this build's `dist/pipeline.js`, warm it on a small page (so the JIT's code and the
 * library's lazily built tables are in the baseline, not in the figure), read the input, collect
 * garbage, reset the kernel's high-water mark to the current RSS, call, read the high-water mark.
 * Why the kernel's `VmHWM` (/proc/self/status) and not `process.resourceUsage().maxRSS`: Linux folds
 * the parent's high-water mark into a child's `ru_maxrss` at exec (a bench parent of 3 GB makes every
 * child read ≥ 3 GB), and `ru_maxrss` cannot be reset; `VmHWM` is this process's own and is reset by
 * writing 5 to /proc/self/clear_refs. Where /proc is missing the report falls back to `maxRSS`
 * (`source: 'maxRSS'`), an upper bound.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { extract } from '../dist/pipeline.js';
import { collectGarbage, hasGc } from './measure.js';

/** The warm-up page: a little of every kind of block the extractors look at. */
const WARM_PAGE =
  '<html><head><title>warm</title></head><body><nav><a href="/a">a</a> <a href="/b">b</a></nav>' +
  '<article><h1>Warm-up</h1><p>Some words of text in a paragraph, then <a href="/c">a link</a>.</p>' +
  '<p>بۇ بىر قىسقا ئابزاس.</p><ul><li>one</li><li>two</li></ul></article><footer>© 2026</footer></body></html>';
/**
 * Calls on the warm-up page before the measured call by default: enough for the library's lazy setup, not
 * for the JIT (a few hundred calls compile the hot functions first, as in a worker that has run pages
 * already: then an en-news page's figure is mostly its data, not compiled code and heap growth).
 */
const WARM_CALLS = 5;
const KB = 1024;

/** @returns {number | null} the process's RSS high-water mark in bytes (VmHWM), or null without /proc */
function highWaterBytes() {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return m === null ? null : Number(m[1]) * KB;
  } catch {
    return null;
  }
}

/** Sets the high-water mark to the current RSS; false where the kernel offers no reset. */
function resetHighWater() {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const { values } = parseArgs({ options: { algorithm: { type: 'string', default: 'auto' }, 'warm-calls': { type: 'string', default: String(WARM_CALLS) } }, strict: true });
const options = Object.freeze({ algorithm: /** @type {any} */ (values.algorithm) });
if (!hasGc()) throw new Error('run with node --expose-gc');

const warm = new TextEncoder().encode(WARM_PAGE);
for (let i = 0; i < Number(values['warm-calls']); i++) extract(warm, options);
const input = new Uint8Array(readFileSync(0));
collectGarbage();
const reset = resetHighWater();
const baseRss = process.memoryUsage().rss;
const start = process.hrtime.bigint();
/** @type {string | null} */
let error = null;
try {
  extract(input, options);
} catch (e) {
  error = e instanceof Error ? e.message : String(e);
}
const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
const hwm = reset ? highWaterBytes() : null;
const peakRss = hwm ?? process.resourceUsage().maxRSS * KB;
process.stdout.write(
  `${JSON.stringify({ inputBytes: input.byteLength, baseRss, peakRss, source: hwm === null ? 'maxRSS' : 'VmHWM', wallMs, error })}\n`,
);
