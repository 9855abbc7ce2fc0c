// @ts-check
/**
 * The live-heap peak of one `extract()` (issue 16's "peak memory at most 20× the input"), measured as
 * the smallest V8 old-space limit (`--max-old-space-size`, MB) at which it completes: bisection over
 * child processes, each extracting one generated page under a limit. The bench's pathological group
 * reports the other figure, the peak RSS growth of one call at default V8 settings (bench/peak-memory.js,
 * garbage not yet collected included, about twice this one); a limit the call must fit in is the peak
 * of what it keeps alive, the least a `--worker-memory` limit may be. Several runs per page, so not in
 * `npm run bench`.
 *
 *   npm run build && node bench/heap-floor.mjs [--page br|p|links] [--mb 2] [--algorithm auto]
 *
 * --page: `word<br>` (the pathological `br` series), `<p>word</p>` (`siblings`), `<a href="/x">link</a> `
 * (`links`); --mb: page size in 10^6 bytes; --lo/--hi: bisection bounds in MB (default 16 and 4096);
 * --step: stop when the bounds are this close (default 4 MB). Prints the limit and it over the input.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: 'br' }, mb: { type: 'string', default: '2' }, algorithm: { type: 'string', default: 'auto' },
    lo: { type: 'string', default: '16' }, hi: { type: 'string', default: '4096' }, step: { type: 'string', default: '4' },
    child: { type: 'boolean', default: false },
  },
  strict: true,
});
/** @type {Record<string, string>} */
const UNITS = { br: 'word<br>', p: '<p>word</p>', links: '<a href="/x">link</a> ' };
const unit = UNITS[values.page ?? 'br'];
if (unit === undefined) throw new Error(`--page must be one of ${Object.keys(UNITS).join(', ')}`);
const mb = Number(values.mb);
if (!(mb > 0)) throw new Error('--mb must be a positive number');
const bytes = new TextEncoder().encode(`<html><body>${unit.repeat(Math.round((mb * 1e6) / unit.length))}`);

if (values.child) {
  const { extract } = await import('../dist/index.js');
  extract(bytes, { algorithm: /** @type {any} */ (values.algorithm) });
} else {
  const script = fileURLToPath(import.meta.url);
  const args = ['--page', String(values.page), '--mb', String(values.mb), '--algorithm', String(values.algorithm), '--child'];
  /** True when the extraction completes within an old space of `limit` MB. */
  const fits = (/** @type {number} */ limit) => spawnSync(process.execPath, [`--max-old-space-size=${limit}`, script, ...args], { stdio: 'ignore' }).status === 0;
  let lo = Number(values.lo);
  let hi = Number(values.hi);
  const step = Number(values.step);
  if (!fits(hi)) throw new Error(`extract does not complete within --hi ${hi} MB`);
  while (hi - lo > step) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  const input = bytes.byteLength / 1e6;
  console.log(`${values.page} page of ${input.toFixed(1)} MB, extract(${values.algorithm}): completes within ${hi} MB of old space, not ${lo} MB: ${(hi / input).toFixed(0)}× the input`);
}
