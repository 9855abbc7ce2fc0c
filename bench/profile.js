// @ts-check
/**
 * CPU profile of one benchmark system on one corpus, summarized as the functions with the most
 * self time (the V8 sampling profiler, through node:inspector, in this process).
 *
 *   npm run build && node --expose-gc bench/profile.js --system analyze --corpus en-news-scrapinghub [--seconds 5] [--top 25] [--save out.cpuprofile]
 *
 * --system is a system id of bench/systems.js (normalize, parse, analyze, extract-correlated, extract-auto,
 * floor-parse, ...); --subset picks a page subset of its group (utf-8, legacy, all).
 * --save also writes the raw .cpuprofile (open it in Chrome DevTools or speedscope).
 * --grow BYTES profiles the page of the scaling series grown to BYTES (e.g. 10000000) instead of a
 * corpus (the bench grows one of readability-mozilla: pass --corpus readability-mozilla): no validation
 * pass (one pass of a 10 MB page can take a minute), at least one profiled pass.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { discoverCorpora, loadCorpus } from './corpora.js';
import { BenchContext, defineGroups, growPage, scalingPage } from './systems.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, hitCount?: number, children?: number[] }} ProfileNode
 */

/**
 * `name  file:line` of a profile node.
 * @param {ProfileNode} node
 */
function frameKey(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url === '' ? '' : url.replace(/^file:\/\//, '').replace(`${REPO_ROOT}/`, '');
  return `${functionName || '(anonymous)'}  ${file}${file === '' ? '' : `:${lineNumber + 1}`}`;
}

/**
 * Self time per function (by name + file + line), as a share of all samples.
 * @param {{ nodes: ProfileNode[], samples?: number[] }} profile
 * @param {number} top
 * @returns {string[]}
 */
function summarize(profile, top) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const hits = new Map();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  /** @type {Map<string, number>} */
  const self = new Map();
  let total = 0;
  for (const [id, count] of hits) {
    const node = byId.get(id);
    if (node === undefined) continue;
    const key = frameKey(node);
    self.set(key, (self.get(key) ?? 0) + count);
    total += count;
  }
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for (const [key, count] of self) {
    const file = key.split('  ')[1]?.replace(/:\d+$/, '') || '(vm)';
    const group = file.startsWith('node_modules/') ? file.split('/').slice(0, 2).join('/') : file;
    byFile.set(group, (byFile.get(group) ?? 0) + count);
  }
  const line = (/** @type {[string, number]} */ [key, count]) => `${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`;
  // Callers of the hottest functions (self time split by the calling function).
  /** @type {Map<number, ProfileNode>} */
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n);
  const hottest = [...self].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k]) => k);
  /** @type {string[]} */
  const callers = [];
  for (const key of hottest) {
    /** @type {Map<string, number>} */
    const by = new Map();
    for (const [id, count] of hits) {
      const node = byId.get(id);
      if (node === undefined || frameKey(node) !== key) continue;
      const parent = parentOf.get(id);
      const pk = parent === undefined ? '(root)' : frameKey(parent);
      by.set(pk, (by.get(pk) ?? 0) + count);
    }
    callers.push('', `callers of ${key}:`, ...[...by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(line));
  }
  return [
    ...[...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(line),
    '',
    'self time by file (node_modules by package):',
    ...[...byFile].sort((a, b) => b[1] - a[1]).slice(0, top).map(line),
    ...callers,
  ];
}

async function main() {
  const { values } = parseArgs({
    options: {
      system: { type: 'string' },
      corpus: { type: 'string', default: 'en-news-scrapinghub' },
      subset: { type: 'string' },
      seconds: { type: 'string', default: '5' },
      top: { type: 'string', default: '25' },
      save: { type: 'string' },
      shared: { type: 'string' },
      grow: { type: 'string' },
    },
  });
  const shared = path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared'));
  const { available } = discoverCorpora(REPO_ROOT, shared);
  const corpusName = values.corpus ?? 'en-news-scrapinghub';
  const dir = available.get(corpusName);
  if (dir === undefined) throw new Error(`corpus ${corpusName} not available`);
  const group = defineGroups().find((g) => g.systems.some((s) => s.id === values.system));
  if (group === undefined) throw new Error(`unknown --system ${values.system}`);
  const system = /** @type {import('./systems.js').System} */ (group.systems.find((s) => s.id === values.system));
  const subset = group.subsets.find((s) => s.id === (values.subset ?? group.subsets[0].id));
  if (subset === undefined) throw new Error(`unknown --subset ${values.subset} for group ${group.id}`);
  const runner = await system.load(new BenchContext(REPO_ROOT));
  if (typeof runner === 'string') throw new Error(runner);
  const grow = values.grow === undefined ? null : Number(values.grow);
  if (grow !== null && !(grow > 0)) throw new Error('--grow takes a size in bytes');
  const corpus = loadCorpus(corpusName, dir);
  const pages = grow === null ? corpus.pages.filter(subset.select) : grownPages([corpus], grow);
  const inputs = [];
  for (const p of pages) {
    try {
      const input = await runner.prepare(p);
      if (grow === null) runner.run(input); // validation + warm-up
      inputs.push(input);
    } catch (e) {
      process.stderr.write(`skipped ${p.id}: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const until = Date.now() + 1000 * Number(values.seconds);
  let passes = 0;
  const started = process.hrtime.bigint();
  do {
    for (const input of inputs) runner.run(input);
    passes++;
  } while (Date.now() < until);
  const passMs = Number(process.hrtime.bigint() - started) / 1e6 / passes;
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  if (values.save !== undefined) writeFileSync(values.save, JSON.stringify(profile));
  process.stdout.write(
    `${system.label} on ${grow === null ? `${corpusName} (${subset.id}, ${pages.length} pages)` : pages[0]?.id}, ${passes} passes of ${passMs.toFixed(0)} ms (profiler on); self time:\n` +
      `${summarize(/** @type {any} */ (profile), Number(values.top)).join('\n')}\n`,
  );
}

/**
 * The scaling series' page (from the first available of its source corpora) grown to `size` bytes.
 * @param {import('./corpora.js').BenchCorpus[]} corpora
 * @param {number} size
 * @returns {import('./corpora.js').BenchPage[]}
 */
function grownPages(corpora, size) {
  const chosen = scalingPage(corpora);
  if (chosen === undefined) throw new Error('no UTF-8 page to grow in the chosen corpus');
  const bytes = new TextEncoder().encode(growPage(chosen.html, size));
  return [{ id: `${chosen.source.name}/${chosen.page.id} grown to ${bytes.byteLength} bytes`, bytes, charset: 'utf-8', utf8: true }];
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
