// @ts-check
/**
 * Child process of the peak-memory probe (`bench/peak-memory.js`): one `extract()` of the page read
 * from stdin, in a process of its own, and how far the resident set grew above what the process held
 * just before the call. Prints one JSON line (`PeakReport` of peak-memory.js) on stdout.
 *
 *   node --expose-gc bench/peak-child.js --algorithm auto [--warm worker|first] [--warm-calls 5] < page.html
 *
 * Order: load this build's `dist/pipeline.js`, warm it up, read the input, collect garbage, reset the
 * kernel's high-water mark to the current RSS, call, read the high-water mark. The warm-up puts the
 * library's one-time setup (the tables it builds on first use, the code V8 compiles) in the baseline,
 * so that the figure is the page's: a worker that has run pages already holds that setup once, for
 * every page after. Two warm-ups:
 * - `worker` (default): the small page below `--warm-calls` times, then each page of the bundled sample
 *   (corpora/pages: news, blog and forum pages of our own, several scripts and charsets) once, then a
 *   paragraph of each of three scripts on a page that declares no language, so that every stage has run
 *   (metadata's language and date tables among them, language identification's trigram tables too);
 * - `first`: the small page alone, which reaches neither metadata's tables nor most stages' code: the
 *   figure of the first real page of a fresh process, one-time setup included.
 * The report gives the warm-up's own RSS growth (`setupRss`), the one-time setup the figure leaves out.
 * Why the kernel's `VmHWM` (/proc/self/status) and not `process.resourceUsage().maxRSS`: Linux folds
 * the parent's high-water mark into a child's `ru_maxrss` at exec (a bench parent of 3 GB makes every
 * child read ≥ 3 GB), and `ru_maxrss` cannot be reset; `VmHWM` is this process's own and is reset by
 * writing 5 to /proc/self/clear_refs. Where /proc is missing the report falls back to `maxRSS`
 * (`source: 'maxRSS'`), an upper bound.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { extract } from '../dist/pipeline.js';
import { collectGarbage, hasGc } from './measure.js';

/** The warm-up page: a little of every kind of block the extractors look at. */
const WARM_PAGE =
  '<html><head><title>warm</title></head><body><nav><a href="/a">a</a> <a href="/b">b</a></nav>' +
  '<article><h1>Warm-up</h1><p>Some words of text in a paragraph, then <a href="/c">a link</a>.</p>' +
  '<p>بۇ بىر قىسقا ئابزاس.</p><ul><li>one</li><li>two</li></ul></article><footer>© 2026</footer></body></html>';
/** Calls on the small warm-up page before the sample's pages (or alone, with `--warm first`). */
const WARM_CALLS = 5;
/**
 * Paragraphs of Latin, Cyrillic and Arabic script on pages that declare no language, run after the sample
 * by the `worker` warm-up: language identification builds its trigram tables once per script, on the first
 * page that needs them (2.6 MB for the Latin languages), and the sample's pages all declare theirs.
 */
const UNDECLARED_PARAGRAPHS = [
  'The river runs past the old mill every spring, and the children of the village walk along its bank to school.',
  'Весной река бежит мимо старой мельницы, и дети из деревни ходят вдоль берега в школу каждое утро.',
  'ئەتىيازدا دەريا كونا تۈگمەننىڭ يېنىدىن ئاقىدۇ، يېزىنىڭ بالىلىرى ھەر كۈنى قىرغاقنى بويلاپ مەكتەپكە بارىدۇ.',
];
/** The bundled sample, which the `worker` warm-up runs once page by page. */
const SAMPLE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'corpora', 'pages');
const WARM_MODES = Object.freeze(['worker', 'first']);
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

const { values } = parseArgs({
  options: {
    algorithm: { type: 'string', default: 'auto' },
    warm: { type: 'string', default: 'worker' },
    'warm-calls': { type: 'string', default: String(WARM_CALLS) },
  },
  strict: true,
});
const options = Object.freeze({ algorithm: /** @type {any} */ (values.algorithm) });
if (!hasGc()) throw new Error('run with node --expose-gc');
if (!WARM_MODES.includes(values.warm)) throw new Error(`--warm is one of ${WARM_MODES.join(', ')}, not ${values.warm}`);

collectGarbage();
const loadedRss = process.memoryUsage().rss;
const warm = new TextEncoder().encode(WARM_PAGE);
for (let i = 0; i < Number(values['warm-calls']); i++) extract(warm, options);
if (values.warm === 'worker') {
  // sorted, so that every child warms up alike; a missing sample is an error, not a silent `first`
  for (const name of readdirSync(SAMPLE_DIR).filter((n) => n.endsWith('.html')).sort()) {
    extract(new Uint8Array(readFileSync(path.join(SAMPLE_DIR, name))), options);
  }
  for (const paragraph of UNDECLARED_PARAGRAPHS) {
    extract(new TextEncoder().encode(`<html><body><article><p>${paragraph}</p><p>${paragraph}</p></article></body></html>`), options);
  }
}
collectGarbage();
// read before the input is: the setup is the library's, not the page's bytes (twice a 25 MB page, read and copied)
const setupRss = process.memoryUsage().rss - loadedRss;
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
  `${JSON.stringify({ inputBytes: input.byteLength, baseRss, peakRss, source: hwm === null ? 'maxRSS' : 'VmHWM', wallMs, error, warm: values.warm, setupRss })}\n`,
);
