// @ts-check
/**
 * matn benchmark harness. Run with `npm run bench` (builds, then runs this file with
 * `node --expose-gc`). Flags:
 *   --corpus a,b     corpora to measure (`bundled` = corpora/pages of the repo; others from
 *                    ../shared/corpora/<name>; `all` = every one there); default: DEFAULT_CORPORA
 *   --runs N         timed passes per system (median reported); default 5
 *   --warmup N       untimed passes before timing (after one validation pass); default 1
 *   --only a,b       groups: normalize, analyze, extract, peers, boilerpipe, scaling, threads, pathological, tag-dense, news-memory; default: normalize, analyze,
 *                    extract (peers and scaling take several GB and many minutes on 2 cores: opt in;
 *                    threads needs --baseline)
 *   --write          write the measured groups' regions of docs/benchmarks.md (and the corpora's, on a run
 *                    without --corpus) instead of printing them
 *   --shared DIR     location of the shared data (default: <repo>/../shared)
 *   --baseline DIR   another checkout of matn, built (`npm run build` there), to compare this build
 *                    with: the `threads` group times both builds' extract() in one process
 *                    (e.g. `git worktree add /tmp/wt-old 4500154`, symlink node_modules, build)
 *   --child          (internal) measure here, print the rows and notes as JSON (a child's part of a run)
 *
 * Each group runs in child processes of its own, one per corpus (see `childUnits`): in one process, a
 * floor ran slower after the groups and corpora before it (en-news, decode + parse floor: 552 ms per pass
 * after the normalize and analyze groups, 334 ms with the extract group alone, 265 ms on en-news alone).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { discoverCorpora, loadCorpus } from './corpora.js';
import { hasGc, median, singlePassTimings, summarizeValidation, timeRunners, validationPass } from './measure.js';
import { BenchContext, defineGroups, isFloorDecodable, spreadSample } from './systems.js';
import { CORPORA_REGION, currentRun, groupOfNote, regionOf, renderCorporaRegion, renderGroupRegion, summarizeCorpus } from './report.js';
import { commandLine, listRegions, writeRegions } from './doc-regions.js';
import { measurePeak, peakGrowth } from './peak-memory.js';

/** Groups run without `--only`: the peers (jsdom) and the 10 MB scaling series are opt-in. */
const DEFAULT_GROUPS = Object.freeze(['normalize', 'analyze', 'extract']);

/**
 * Corpora measured without `--corpus`: the bundled sample and one shared corpus of each kind the
 * tables of docs/benchmarks.md have always shown, so that a run keeps their shape and size (`--corpus
 * all` adds the others: multi-dev, dates-htmldate-dev, forum-tables-dev, charset-lies-dev, …).
 */
const DEFAULT_CORPORA = Object.freeze([
  'bundled', 'charset-chardet-dev', 'cleaning-dev', 'dates-mediacloud-dev', 'en-news-scrapinghub', 'forum-engines-dev',
  'readability-mozilla', 'real-threads-dev', 'ug-forum-dev', 'zh-news-cwced-dev',
]);

/** Minimum warm-up time per system and page set, so the JIT is warm even on small corpora. */
const WARMUP_MS = 500;
/** Minimum length of one timed sample (passes are repeated within a sample to reach it). */
const MIN_SAMPLE_MS = 250;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {import('./report.js').ResultRow} ResultRow */

/**
 * @typedef {{ corpus: string[] | null, runs: number, warmup: number, only: string[] | null, write: boolean, shared: string, baseline: string | null, child: boolean }} Flags
 */

/**
 * @returns {Flags}
 */
function readFlags() {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string' },
      runs: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      only: { type: 'string' },
      write: { type: 'boolean', default: false },
      shared: { type: 'string' },
      baseline: { type: 'string' },
      child: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const list = (/** @type {string | undefined} */ s) => (s === undefined ? null : s.split(',').map((x) => x.trim()).filter(Boolean));
  const runs = Number.parseInt(values.runs ?? '5', 10);
  const warmup = Number.parseInt(values.warmup ?? '1', 10);
  if (!(runs >= 1) || !(warmup >= 0)) throw new Error('--runs must be >= 1 and --warmup >= 0');
  return {
    corpus: list(values.corpus),
    runs,
    warmup,
    only: list(values.only),
    write: values.write ?? false,
    shared: path.resolve(values.shared ?? path.join(REPO_ROOT, '..', 'shared')),
    baseline: values.baseline === undefined ? null : path.resolve(values.baseline),
    child: values.child ?? false,
  };
}

/**
 * Short commit of a checkout, or 'unknown'.
 * @param {string} dir
 * @returns {string}
 */
function commitOf(dir) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * A path as the report shows it: relative to the repository, so that no path of this machine is
 * written into docs/benchmarks.md (a test rejects committed machine paths).
 * @param {string} p
 * @returns {string}
 */
function shownPath(p) {
  return path.relative(REPO_ROOT, p) || '.';
}

const STARTED = process.hrtime.bigint();
/** Highest RSS seen at a progress line, here or in a child (the process-wide peak is the OS's figure: /usr/bin/time -v). */
let rssSeenMB = 0;

/**
 * Progress on stderr, with the elapsed time and the RSS, so a long run shows where it spends.
 * @param {string} msg
 */
function log(msg) {
  const rss = process.memoryUsage().rss / 1e6;
  rssSeenMB = Math.max(rssSeenMB, rss);
  const s = Number(process.hrtime.bigint() - STARTED) / 1e9;
  process.stderr.write(`[${s.toFixed(0).padStart(4)} s, RSS ${rss.toFixed(0)} MB] ${msg}\n`);
}

/**
 * Prepares every page for every runner, then runs each runner once over all the pages (the
 * validation pass: a GC first, each call timed and followed by a memory sample).
 * A page any runner fails to prepare or run is dropped for all runners of the group, so they stay
 * comparable — except in a `tolerant` group (peers, scaling), where a page a non-floor system throws
 * on stays in: that system counts an error for it (its timed passes still run it, up to the throw).
 * @param {{ system: import('./systems.js').System, runner: import('./systems.js').Runner }[]} loaded
 * @param {import('./corpora.js').BenchPage[]} pages
 * @param {string[]} notes
 * @param {string} where
 * @param {boolean} tolerant
 */
async function prepareInputs(loaded, pages, notes, where, tolerant) {
  /** @type {{ page: import('./corpora.js').BenchPage, row: unknown[] }[]} */
  const candidates = [];
  for (const page of pages) {
    const row = [];
    let failure = null;
    for (const { system, runner } of loaded) {
      try {
        row.push(await runner.prepare(page));
      } catch (e) {
        failure = `${page.id} dropped for every system (${system.id} could not prepare it: ${/** @type {Error} */ (e).message})`;
        break;
      }
    }
    if (failure === null) candidates.push({ page, row });
    else notes.push(`${where}: ${failure}`);
  }
  /** @type {import('./measure.js').PageRun[][]} */
  const runs = [];
  for (const [i, { runner }] of loaded.entries()) runs.push(await validationPass(runner.run, candidates.map((c) => c.row[i]), runner.stages));
  const dropped = new Set();
  candidates.forEach((c, j) => {
    const i = runs.findIndex((r, k) => r[j].error !== null && (!tolerant || k === 0));
    if (i < 0) return;
    dropped.add(j);
    notes.push(`${where}: ${c.page.id} dropped for every system (${loaded[i].system.id} failed: ${runs[i][j].error?.message})`);
  });
  const keep = (/** @type {unknown} */ _, /** @type {number} */ j) => !dropped.has(j);
  const kept = candidates.filter(keep).map((c) => c.page);
  const inputs = loaded.map((_, i) => candidates.filter(keep).map((c) => c.row[i]));
  const keptRuns = runs.map((r) => r.filter(keep));
  const errors = keptRuns.map((r) => r.filter((x) => x.error !== null).length);
  loaded.forEach(({ system }, i) => {
    if (errors[i] === 0) return;
    const failed = keptRuns[i].flatMap((x, j) => (x.error === null ? [] : [`${kept[j].id} (${String(x.error.message).slice(0, 80)})`]));
    notes.push(`${where}: ${system.id} threw on ${errors[i]} page(s), counted as errors, pages kept for the others: ${failed.slice(0, 5).join('; ')}${errors[i] > 5 ? '; …' : ''}`);
  });
  return { kept, inputs, errors, validation: keptRuns.map(summarizeValidation) };
}

/**
 * A run function that swallows a throw (tolerant groups: the error was counted in validation).
 * @param {(input: any) => unknown} run
 * @returns {(input: any) => unknown}
 */
function tolerantRun(run) {
  return (input) => {
    try {
      return run(input);
    } catch {
      return undefined;
    }
  };
}

/**
 * Peak RSS growth of one `extract()` per page, each page in a fresh child process
 * (bench/peak-memory.js): the worst page's growth in MB, the median over the pages of growth over
 * input, and the median of the children's one-time setup in MB; undefined, with a note, when a child
 * gave no report.
 * @param {import('./corpora.js').BenchPage[]} pages
 * @param {string} algorithm
 * @param {import('./peak-memory.js').WarmUp} warm
 * @param {number} children  children per page; the page's growth is the middle child's (their median, for an odd count)
 * @param {string[]} notes
 * @param {string} where
 * @returns {{ worstMB: number, medianPerInput: number, medianSetupMB: number } | undefined}
 */
function childPeaks(pages, algorithm, warm, children, notes, where) {
  let worstMB = 0;
  /** @type {number[]} */
  const perInputs = [];
  /** @type {number[]} */
  const setups = [];
  for (const page of pages) {
    /** @type {{ growthMB: number, perInput: number }[]} */
    const growths = [];
    for (let c = 0; c < children; c++) {
      const report = measurePeak(page.bytes, { algorithm, warm });
      if (typeof report === 'string') {
        notes.push(`${where}: no peak memory for ${page.id}: ${report}`);
        return undefined;
      }
      if (report.error !== null) notes.push(`${where}: the peak-memory child's extract() threw on ${page.id}: ${report.error}`);
      if (report.source !== 'VmHWM') notes.push(`${where}: peak memory from maxRSS (no /proc high-water mark to reset): an upper bound`);
      const growth = peakGrowth(report);
      setups.push(report.setupRss / 1e6);
      log(`${where}: peak child (${warm}) ${page.id}: RSS ${(report.baseRss / 1e6).toFixed(0)} MB before, +${growth.growthMB.toFixed(1)} MB at the peak (${growth.perInput.toFixed(1)}× the input), ${report.wallMs.toFixed(0)} ms`);
      growths.push(growth);
    }
    // the middle child (the median of an odd count; the children share the page, so both figures order alike)
    const middle = growths.sort((x, y) => x.growthMB - y.growthMB)[growths.length >> 1];
    worstMB = Math.max(worstMB, middle.growthMB);
    perInputs.push(middle.perInput);
  }
  return { worstMB, medianPerInput: median(perInputs), medianSetupMB: median(setups) };
}

/**
 * Measures the groups in this process, one after another.
 * @param {import('./systems.js').Group[]} groups
 * @param {import('./corpora.js').BenchCorpus[]} corpora
 * @param {Flags} flags
 * @param {string[]} notes  gets the groups' notes
 * @returns {Promise<ResultRow[]>}
 */
async function measureGroups(groups, corpora, flags, notes) {
  const ctx = new BenchContext(REPO_ROOT);
  if (flags.baseline !== null) {
    ctx.baseline = new BenchContext(flags.baseline);
    notes.push(`threads: baseline build ${shownPath(flags.baseline)} at commit ${commitOf(flags.baseline)}`);
  }
  const normalize = await ctx.normalizeFunction();
  if (typeof normalize === 'string' && groups.some((g) => g.id === 'analyze')) {
    notes.push(`analyze: input is a stand-in NormalizedDocument around the floor-decoded text, because ${normalize}`);
  }
  /** @type {ResultRow[]} */
  const rows = [];
  const leftOutNoted = new Set();
  for (const group of groups) {
    const loaded = [];
    for (const system of group.systems) {
      const runner = await system.load(ctx);
      if (typeof runner === 'string') {
        notes.push(`${group.id}: ${system.label} skipped — ${runner}`);
        log(`skip ${group.id}/${system.id}: ${runner}`);
      } else loaded.push({ system, runner });
    }
    if (loaded.length === 0 || loaded[0].system !== group.systems[0]) {
      notes.push(`${group.id}: floor unavailable, group skipped`);
      continue;
    }
    const groupCorpora = group.corpora === undefined ? corpora : group.corpora(corpora);
    if (group.corpora !== undefined && groupCorpora.length === 0) notes.push(`${group.id}: no source page available, group skipped`);
    const runs = Math.min(flags.runs, group.maxRuns ?? flags.runs);
    if (runs < flags.runs) notes.push(`${group.id}: ${runs} timed samples per system (capped for this group; --runs ${flags.runs})`);
    for (const corpus of groupCorpora) {
      const undecodable = corpus.pages.filter((p) => !isFloorDecodable(p));
      if (undecodable.length > 0 && !leftOutNoted.has(corpus.name)) {
        // The same pages are left out of every group: one general note per corpus.
        leftOutNoted.add(corpus.name);
        const charsets = [...new Set(undecodable.map((p) => p.charset ?? 'an unknown charset (none in truth.jsonl, not UTF-8)'))].join(', ');
        notes.push(`${corpus.name}: ${undecodable.length} page(s) left out, the floor has no decoder for ${charsets}`);
      }
      for (const subset of group.subsets) {
        const selected = corpus.pages.filter(subset.select);
        const pages = group.maxPages === undefined ? selected : spreadSample(selected, group.maxPages);
        if (pages.length === 0) continue;
        // A capped page set is not a note: the table's pages column and the group's method line say it.
        const where = `${group.id} ${corpus.name} ${subset.id}`;
        const setBytes = pages.reduce((n, p) => n + p.bytes.byteLength, 0);
        // A system with a size cap sits out the page sets above it (never the floor).
        const active = loaded.filter((l, i) => i === 0 || l.system.maxBytes === undefined || setBytes <= l.system.maxBytes);
        for (const l of loaded) if (!active.includes(l)) notes.push(`${where}: ${l.system.id} not run (${(setBytes / 1e6).toFixed(1)} MB is above its cap of ${(/** @type {number} */ (l.system.maxBytes) / 1e6).toFixed(1)} MB in this group)`);
        const single = group.singlePassBytes !== undefined && setBytes >= group.singlePassBytes;
        log(`${where}: ${pages.length} pages, ${(setBytes / 1e6).toFixed(2)} MB, ${active.length} systems, ${single ? 'one timed pass' : `${runs} runs`}`);
        const tolerant = group.tolerant === true;
        const { kept, inputs, errors, validation } = await prepareInputs(active, pages, notes, where, tolerant);
        log(`${where}: validation pass ${active.map((l, i) => `${l.system.id} ${validation[i].wallMs.toFixed(0)} ms`).join(', ')}`);
        if (kept.length === 0) continue;
        const bytes = kept.reduce((n, p) => n + p.bytes.byteLength, 0);
        const timings = single
          ? singlePassTimings(validation)
          : await timeRunners(
              active.map((l, i) => ({ run: tolerant && i > 0 ? tolerantRun(l.runner.run) : l.runner.run, inputs: inputs[i], stages: l.runner.stages, validation: validation[i] })),
              { runs, warmup: flags.warmup, warmupMs: group.warmupMs ?? WARMUP_MS, minSampleMs: MIN_SAMPLE_MS, lean: group.lean === true },
            );
        log(`${where}: timed ${active.map((l, i) => `${l.system.id} ${timings[i].medianMs.toFixed(0)} ms`).join(', ')}`);
        const peakMemory = group.peakMemory !== undefined && active.some((l) => l.system.id === group.peakMemory?.system) ? group.peakMemory : undefined;
        const peaks = peakMemory === undefined ? undefined : childPeaks(kept, peakMemory.algorithm, 'worker', peakMemory.children ?? 1, notes, where);
        const firstPeaks = peakMemory?.firstPage === true ? childPeaks(kept, peakMemory.algorithm, 'first', peakMemory.children ?? 1, notes, where) : undefined;
        active.forEach(({ system }, i) => {
          const t = timings[i];
          rows.push({
            group: group.id,
            corpus: corpus.name,
            subset: subset.id,
            pages: kept.length,
            bytes,
            system: system.id,
            label: system.label,
            isFloor: i === 0,
            medianMs: t.medianMs,
            minMs: Math.min(...t.passesMs),
            maxMs: Math.max(...t.passesMs),
            pagesPerSec: kept.length / (t.medianMs / 1000),
            mbPerSec: bytes / 1e6 / (t.medianMs / 1000),
            medianCpuMs: t.medianCpuMs,
            ratio: t.ratio,
            cpuRatio: t.cpuRatio,
            heapPeakMB: t.heapPeakMB,
            rssPeakMB: t.rssPeakMB,
            stageMs: t.stageMs,
            errors: errors[i],
            ...(peaks !== undefined && system.id === peakMemory?.system
              ? { childPeakMB: peaks.worstMB, childPeakMedianPerInput: peaks.medianPerInput, childSetupMB: peaks.medianSetupMB }
              : {}),
            ...(firstPeaks !== undefined && system.id === peakMemory?.system ? { childFirstPeakMedianPerInput: firstPeaks.medianPerInput } : {}),
          });
        });
      }
    }
  }
  return rows;
}

/**
 * Measures each group in child processes of its own (this script with `--only <group> --child`), one per
 * corpus for a group that measures the corpora, so that no figure depends on what ran before it; the
 * children's progress goes to stderr.
 * @param {ChildUnit[]} units  what each child measures (see {@link childUnits})
 * @param {Flags} flags
 * @param {string[]} notes  gets the children's notes (a note two children give, such as a corpus's left-out pages, once)
 * @returns {ResultRow[]}
 */
function measureInChildren(units, flags, notes) {
  /** @type {ResultRow[]} */
  const rows = [];
  for (const { group, corpus } of units) {
    const args = ['--only', group.id, '--child', '--runs', String(flags.runs), '--warmup', String(flags.warmup), '--shared', flags.shared];
    if (corpus !== null) args.push('--corpus', corpus);
    else if (flags.corpus !== null) args.push('--corpus', flags.corpus.join(','));
    if (flags.baseline !== null) args.push('--baseline', flags.baseline);
    log(`${group.id}${corpus === null ? '' : ` ${corpus}`}: child process`);
    const out = execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 256 * 2 ** 20,
    });
    const child = /** @type {{ rows: ResultRow[], notes: string[], rssSeenMB: number }} */ (JSON.parse(out));
    rows.push(...child.rows);
    rssSeenMB = Math.max(rssSeenMB, child.rssSeenMB);
    for (const note of child.notes) if (!notes.includes(note)) notes.push(note);
  }
  return rows;
}

/** @typedef {{ group: import('./systems.js').Group, corpus: string | null }} ChildUnit */

/**
 * What one child process measures: a group on one corpus, or a group that makes its own pages (its
 * `corpora` option) whole. Within one process the floors' figures depended on the corpora before them
 * (en-news, decode + parse floor: 265 ms per pass alone, 483–579 ms after another corpus of the same group).
 * @param {import('./systems.js').Group[]} groups
 * @param {string[]} corpusNames
 * @returns {ChildUnit[]}
 */
function childUnits(groups, corpusNames) {
  return groups.flatMap((group) => /** @type {ChildUnit[]} */ (group.corpora === undefined ? corpusNames.map((corpus) => ({ group, corpus })) : [{ group, corpus: null }]));
}

async function main() {
  const flags = readFlags();
  const run = currentRun(); // commit, time and load when the run starts
  /** @type {string[]} */
  const notes = [];
  if (!hasGc()) notes.push('global.gc is not exposed (run node with --expose-gc): no GC between passes, memory figures are noisier');
  const { available, notes: discoveryNotes } = discoverCorpora(REPO_ROOT, flags.shared);
  notes.push(...discoveryNotes);
  const names = flags.corpus === null
    ? DEFAULT_CORPORA.filter((n) => available.has(n))
    : flags.corpus.includes('all') ? [...available.keys()] : flags.corpus;
  const corpora = [];
  for (const name of names) {
    const dir = available.get(name);
    if (dir === undefined) {
      const why = name === 'bundled' ? 'corpora/pages does not exist' : `not found under ${path.join(flags.shared, 'corpora')}`;
      notes.push(`corpus ${name} skipped: ${why}`);
      log(`skip corpus ${name}: ${why}`);
      continue;
    }
    corpora.push(loadCorpus(name, dir));
  }
  const groups = defineGroups().filter((g) => (flags.only === null ? DEFAULT_GROUPS.includes(g.id) : flags.only.includes(g.id)));
  if (flags.only !== null) {
    for (const id of flags.only) if (!groups.some((g) => g.id === id)) throw new Error(`unknown group in --only: ${id}`);
  }
  const units = childUnits(groups, corpora.map((c) => c.name));
  const rows = flags.child || units.length === 1 ? await measureGroups(groups, corpora, flags, notes) : measureInChildren(units, flags, notes);
  if (flags.child) {
    process.stdout.write(JSON.stringify({ rows, notes, rssSeenMB }));
    return;
  }
  const command = commandLine('bench/run.js', process.argv.slice(2), process.execArgv);
  const allGroups = defineGroups();
  /** @type {Record<string, string[]>} */
  const bodies = {};
  for (const group of groups) {
    const own = notes.filter((n) => groupOfNote(n, allGroups) === group.id);
    bodies[regionOf(group.id)] = renderGroupRegion({ group, rows: rows.filter((r) => r.group === group.id), notes: own, run, command });
  }
  // The corpora table describes the default corpora: only a run over them rewrites it.
  if (flags.corpus === null) {
    const general = notes.filter((n) => groupOfNote(n, allGroups) === undefined);
    bodies[CORPORA_REGION] = renderCorporaRegion({ run, command, corpora: corpora.map(summarizeCorpus), notes: general });
  }
  const out = path.join('docs', 'benchmarks.md');
  const present = flags.write ? new Set(listRegions(readFileSync(path.join(REPO_ROOT, out), 'utf8')).map((r) => r.name)) : new Set();
  const toWrite = Object.fromEntries(Object.entries(bodies).filter(([name]) => present.has(name)));
  for (const [name, body] of Object.entries(bodies)) {
    if (present.has(name)) continue;
    if (flags.write) log(`${out} has no region ${name}: printed instead`);
    process.stdout.write(`\n<!-- ${name} -->\n${body.join('\n')}\n`);
  }
  if (Object.keys(toWrite).length > 0) log(`wrote ${writeRegions(out, toWrite)} (regions ${Object.keys(toWrite).join(', ')})`);
  log(`done; highest RSS at a progress line ${rssSeenMB.toFixed(0)} MB`);
}

main().catch((e) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
