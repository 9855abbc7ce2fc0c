// @ts-check
/**
 * matn benchmark harness. Run with `npm run bench` (builds, then runs this file with
 * `node --expose-gc`). Flags:
 *   --corpus a,b     corpora to measure (`bundled` = corpora/pages of the repo; others from
 *                    ../shared/corpora/<name>); default: all available
 *   --runs N         timed passes per system (median reported); default 5
 *   --warmup N       untimed passes before timing (after one validation pass); default 1
 *   --only a,b       groups: normalize, analyze, extract, peers, scaling; default: normalize, analyze,
 *                    extract (peers and scaling take several GB and many minutes on 2 cores: opt in)
 *   --write          write docs/benchmarks.md instead of printing the markdown
 *   --shared DIR     location of the shared data (default: <repo>/../shared)
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { discoverCorpora, loadCorpus } from './corpora.js';
import { hasGc, timeRunners } from './measure.js';
import { BenchContext, defineGroups, isFloorDecodable } from './systems.js';
import { renderMarkdown } from './report.js';

/** Groups run without `--only`: the peers (jsdom) and the 10 MB scaling series are opt-in. */
const DEFAULT_GROUPS = Object.freeze(['normalize', 'analyze', 'extract']);

/** Minimum warm-up time per system and page set, so the JIT is warm even on small corpora. */
const WARMUP_MS = 500;
/** Minimum length of one timed sample (passes are repeated within a sample to reach it). */
const MIN_SAMPLE_MS = 250;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @typedef {import('./report.js').ResultRow} ResultRow */

/**
 * @returns {{ corpus: string[] | null, runs: number, warmup: number, only: string[] | null, write: boolean, shared: string }}
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
  };
}

/** @param {string} msg */
function log(msg) {
  process.stderr.write(`${msg}\n`);
}

/**
 * Prepares every page for every runner and runs each once (validation + first warm-up).
 * A page any runner fails on is dropped for all runners of the group, so they stay comparable —
 * except in a `tolerant` group (peers), where a page a non-floor system throws on stays in: that
 * system counts an error for it (its timed passes still run it, up to the throw).
 * @param {{ system: import('./systems.js').System, runner: import('./systems.js').Runner }[]} loaded
 * @param {import('./corpora.js').BenchPage[]} pages
 * @param {string[]} notes
 * @param {string} where
 * @param {boolean} tolerant
 */
async function prepareInputs(loaded, pages, notes, where, tolerant) {
  const kept = [];
  const inputs = loaded.map(() => /** @type {unknown[]} */ ([]));
  const errors = loaded.map(() => 0);
  /** @type {string[][]} */
  const failedPages = loaded.map(() => []);
  for (const page of pages) {
    const row = [];
    const rowErrors = [];
    let failure = null;
    for (const [i, { system, runner }] of loaded.entries()) {
      let input;
      try {
        input = await runner.prepare(page);
      } catch (e) {
        failure = `${system.id} could not prepare ${page.id}: ${/** @type {Error} */ (e).message}`;
        break;
      }
      try {
        runner.run(input);
      } catch (e) {
        if (!tolerant || i === 0) {
          failure = `${system.id} failed on ${page.id}: ${/** @type {Error} */ (e).message}`;
          break;
        }
        rowErrors.push(i);
        failedPages[i].push(`${page.id} (${String(/** @type {Error} */ (e).message).slice(0, 80)})`);
      }
      row.push(input);
    }
    if (failure !== null) {
      notes.push(`${where}: page dropped for every system — ${failure}`);
      continue;
    }
    kept.push(page);
    row.forEach((input, i) => inputs[i].push(input));
    for (const i of rowErrors) errors[i]++;
  }
  loaded.forEach(({ system }, i) => {
    if (errors[i] > 0) notes.push(`${where}: ${system.id} threw on ${errors[i]} page(s), counted as errors, pages kept for the others: ${failedPages[i].slice(0, 5).join('; ')}${errors[i] > 5 ? '; …' : ''}`);
  });
  return { kept, inputs, errors };
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

async function main() {
  const flags = readFlags();
  /** @type {string[]} */
  const notes = [];
  if (!hasGc()) notes.push('global.gc is not exposed (run node with --expose-gc): no GC between passes, memory figures are noisier');
  const { available, notes: discoveryNotes } = discoverCorpora(REPO_ROOT, flags.shared);
  notes.push(...discoveryNotes);
  const names = flags.corpus ?? [...available.keys()];
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
  const ctx = new BenchContext(REPO_ROOT);
  const normalize = await ctx.normalizeFunction();
  if (typeof normalize === 'string' && groups.some((g) => g.id === 'analyze')) {
    notes.push(`analyze: input is a stand-in NormalizedDocument around the floor-decoded text, because ${normalize}`);
  }
  /** @type {ResultRow[]} */
  const rows = [];
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
      if (undecodable.length > 0) {
        const charsets = [...new Set(undecodable.map((p) => p.charset))].join(', ');
        notes.push(`${group.id} ${corpus.name}: ${undecodable.length} page(s) left out, the floor has no decoder for ${charsets}`);
      }
      for (const subset of group.subsets) {
        const selected = corpus.pages.filter(subset.select);
        const pages = group.maxPages === undefined ? selected : selected.slice(0, group.maxPages);
        if (pages.length === 0) continue;
        if (pages.length < selected.length) notes.push(`${group.id} ${corpus.name}: the first ${pages.length} of ${selected.length} pages (by file name; cap of this group)`);
        const where = `${group.id} ${corpus.name} ${subset.id}`;
        log(`${where}: ${pages.length} pages, ${loaded.length} systems, ${runs} runs`);
        const tolerant = group.tolerant === true;
        const { kept, inputs, errors } = await prepareInputs(loaded, pages, notes, where, tolerant);
        if (kept.length === 0) continue;
        const bytes = kept.reduce((n, p) => n + p.bytes.byteLength, 0);
        const timings = timeRunners(
          loaded.map((l, i) => ({ run: tolerant && i > 0 ? tolerantRun(l.runner.run) : l.runner.run, inputs: inputs[i], stages: l.runner.stages })),
          { runs, warmup: flags.warmup, warmupMs: WARMUP_MS, minSampleMs: MIN_SAMPLE_MS },
        );
        loaded.forEach(({ system }, i) => {
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
          });
        });
      }
    }
  }
  const command = `node ${process.execArgv.join(' ')} bench/run.js ${process.argv.slice(2).join(' ')}`.replace(/\s+/g, ' ').trim();
  const markdown = renderMarkdown({ rows, groups, notes, command, runs: flags.runs, warmup: flags.warmup, corpora });
  if (flags.write) {
    const out = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, markdown);
    log(`wrote ${path.relative(REPO_ROOT, out)}`);
  } else {
    process.stdout.write(markdown);
  }
}

main().catch((e) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
