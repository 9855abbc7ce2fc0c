// @ts-check
/**
 * `npm run eval:docs`: measures every quality table of docs/evaluation.md and the figures of
 * docs/algorithms/*.md, and rewrites their marked regions (bench/doc-regions.js). For each shared
 * corpus a table needs, every algorithm it shows runs through the CLI as a user would run it
 * (`matn extract DIR/pages --format jsonl --algorithm A`), and `python3 ../shared/tools/score.py`
 * scores the output; jschardet alone runs through bench/charset-baseline.js; the peers' figures are
 * read from ../shared/ANCHORS.md. Without ../shared it writes nothing and says so.
 *
 * Flags: --shared DIR (default <repo>/../shared), --cache DIR (predictions; default a temporary
 * directory), --reuse (keep predictions already in --cache, made by an earlier run of the same code:
 * the tables then say so), --dry-run (print the regions instead).
 * About 10 minutes on 2 busy cores.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, commandLine, currentCommit, regionBody, writeRegions } from './doc-regions.js';
import {
  ALGORITHM_ROWS, EVAL_TABLES, neededRuns, parseAnchors, renderAlgorithmTable, renderMetricsTable, renderSystemsTable,
} from './eval-tables.js';

/** Which rows each algorithm's page shows: the thread corpora for the two that return posts. */
const ALGORITHM_DOCS = Object.freeze({
  auto: ALGORITHM_ROWS.body,
  correlated: [...ALGORITHM_ROWS.body, ...ALGORITHM_ROWS.threads],
  'line-blocks': ALGORITHM_ROWS.body,
  'text-blocks': ALGORITHM_ROWS.body,
  density: ALGORITHM_ROWS.body,
  segmentation: ALGORITHM_ROWS.body,
});

const { values: flags } = parseArgs({
  options: {
    shared: { type: 'string' },
    cache: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
  strict: true,
});
const shared = path.resolve(flags.shared ?? path.join(REPO_ROOT, '..', 'shared'));
const corporaDir = path.join(shared, 'corpora');
const scorer = path.join(shared, 'tools', 'score.py');
const anchors = path.join(shared, 'ANCHORS.md');

/** Whether a prediction file of an earlier run was reused (--reuse): the provenance line says so. */
let reused = false;

/** @param {string} msg */
function log(msg) {
  process.stderr.write(`eval:docs: ${msg}\n`);
}

/**
 * Runs a command with stdout into a file; throws with its stderr when it fails outright.
 * @param {string[]} argv
 * @param {string} out
 * @param {number[]} okCodes  exit codes that still leave a usable output (1: some pages failed)
 */
function runInto(argv, out, okCodes) {
  const fd = openSync(out, 'w');
  try {
    const r = spawnSync(argv[0], argv.slice(1), { cwd: REPO_ROOT, stdio: ['ignore', fd, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.error !== undefined || !okCodes.includes(r.status ?? -1)) throw new Error(`${argv.join(' ')} failed (${r.status ?? r.error?.message}): ${r.stderr.slice(-500)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * score.py's figures of one prediction file.
 * @param {string} corpus
 * @param {string} pred
 * @returns {Record<string, number>}
 */
function score(corpus, pred) {
  const r = spawnSync('python3', [scorer, '--corpus', path.join(corporaDir, corpus), '--pred', pred, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`score.py on ${pred} failed: ${r.stderr || r.error?.message}`);
  return JSON.parse(r.stdout);
}

/**
 * The prediction file of one corpus and system, made unless --reuse finds it.
 * @param {string} cache
 * @param {string} corpus
 * @param {string} system
 */
function predict(cache, corpus, system) {
  const out = path.join(cache, `${corpus}.${system}.jsonl`);
  if (flags.reuse && existsSync(out)) {
    reused = true;
    return out;
  }
  const dir = path.join(corporaDir, corpus);
  const started = Date.now();
  if (system === 'jschardet') runInto(['node', 'bench/charset-baseline.js', dir, 'jschardet'], out, [0]);
  else runInto(['node', 'dist/cli/main.js', 'extract', path.join(dir, 'pages'), '--format', 'jsonl', '--quiet', '--algorithm', system], out, [0, 1]);
  log(`${corpus} ${system}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return out;
}

function main() {
  if (!existsSync(corporaDir) || !existsSync(scorer)) {
    log(`${path.relative(REPO_ROOT, corporaDir)} or its scorer not found: nothing measured, the docs are unchanged`);
    return;
  }
  if (!existsSync(path.join(REPO_ROOT, 'dist', 'cli', 'main.js'))) throw new Error('dist/ is missing: run `npm run build` (npm run eval:docs does)');
  const cache = path.resolve(flags.cache ?? mkdtempSync(path.join(os.tmpdir(), 'matn-eval-docs-')));
  mkdirSync(cache, { recursive: true });
  const run = { ...currentCommit(), date: new Date(), command: commandLine('bench/eval-docs.js', process.argv.slice(2)) };
  log(`predictions in ${cache}`);

  /** @type {import('./eval-tables.js').Figures} */
  const measured = {};
  for (const [corpus, systems] of neededRuns(EVAL_TABLES, ALGORITHM_DOCS)) {
    if (!existsSync(path.join(corporaDir, corpus))) {
      log(`corpus ${corpus} not found: its cells stay empty`);
      continue;
    }
    for (const system of systems) (measured[system] ??= {})[corpus] = score(corpus, predict(cache, corpus, system));
  }
  const peers = existsSync(anchors)
    ? parseAnchors(readFileSync(anchors, 'utf8'), [...new Set(Object.values(measured).flatMap((c) => Object.keys(c)))])
    : { figures: {}, systems: [] };
  if (!existsSync(anchors)) log('../shared/ANCHORS.md not found: no peer columns');

  // The peer columns' source is said once, in the page's prose; a reused prediction in every table.
  const plain = { ...run, ...(reused ? { note: 'Predictions reused from an earlier run (--reuse), rescored now.' } : {}) };
  /** @type {Record<string, string[]>} */
  const evaluation = {};
  for (const table of EVAL_TABLES) {
    evaluation[table.region] = regionBody(plain, table.kind === 'metrics' ? renderMetricsTable(table, measured) : renderSystemsTable(table, measured, peers));
  }
  /** @type {[string, Record<string, string[]>][]} */
  const writes = [['docs/evaluation.md', evaluation]];
  for (const [algorithm, rows] of Object.entries(ALGORITHM_DOCS)) {
    writes.push([`docs/algorithms/${algorithm}.md`, { [`figures-${algorithm}`]: regionBody(plain, renderAlgorithmTable(algorithm, rows, measured)) }]);
  }
  for (const [file, bodies] of writes) {
    if (flags['dry-run']) {
      for (const [name, body] of Object.entries(bodies)) process.stdout.write(`\n## ${file} ${name}\n\n${body.join('\n')}\n`);
    } else log(`wrote ${writeRegions(file, bodies)} (${Object.keys(bodies).join(', ')})`);
  }
}

main();
