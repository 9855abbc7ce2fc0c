// @ts-check
/**
 * Where the heap of a tag-dense page goes (issue 16): the live heap, after a full GC, of htmlparser2's
 * domhandler tree alone, of matn's own (lean) parse tree alone, and of matn's normalize + parse +
 * analyze, each divided by the input's size.
 * The page is `word<br>` repeated to the size asked (the pathological series' `br` page), or with
 * `--page p` `<p>word</p>` (the `siblings` page: every element has one child).
 *
 *   npm run build && node --expose-gc bench/heap-split.mjs [--mb 2] [--page br|p]
 */
import { parseArgs } from 'node:util';
import { parseDocument } from 'htmlparser2';
import { analyze, normalize, parseHtml } from '../dist/index.js';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '2' }, page: { type: 'string', default: 'br' } } });
const mb = Number(values.mb);
if (!(mb > 0)) throw new Error('--mb must be a positive number');
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
const gc = globalThis.gc;

/** @type {Record<string, string>} */
const units = { br: 'word<br>', p: '<p>word</p>' };
const unit = units[values.page ?? 'br'];
if (unit === undefined) throw new Error(`--page must be one of ${Object.keys(units).join(', ')}`);
const html = `<html><body>${unit.repeat(Math.round((mb * 1e6) / unit.length))}`;
const bytes = new TextEncoder().encode(html);
/** heapUsed + external after a full GC. */
const live = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

let base = live();
let kept = /** @type {unknown[]} */ ([parseDocument(html, { withStartIndices: true, withEndIndices: true })]);
const tree = live() - base;
kept = [];
base = live();
kept = [parseHtml(html)];
const matnTree = live() - base;
kept = [];
base = live();
const normalized = normalize(bytes);
const afterNormalize = live() - base;
kept = [normalized, analyze(normalized)];
const afterAnalyze = live() - base;
const x = (/** @type {number} */ n) => `${(n / bytes.byteLength).toFixed(1)}×`;
console.log(`${unit} page of ${(bytes.byteLength / 1e6).toFixed(1)} MB, live heap after GC over the input:`);
console.log(`  domhandler tree alone (htmlparser2 parseDocument): ${x(tree)}`);
console.log(`  matn parseHtml tree alone: ${x(matnTree)}`);
console.log(`  matn normalize: ${x(afterNormalize)}; normalize + parse + analyze: ${x(afterAnalyze)} (${kept.length} objects kept)`);
