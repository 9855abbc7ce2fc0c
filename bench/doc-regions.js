// @ts-check
/**
 * Marked regions of the docs: the one way a generator (`npm run bench -- --write`, `npm run eval:docs`,
 * the leave-one-out scripts) writes a figure table into a hand-written page. A region is
 *
 *   <!-- table:NAME:start -->
 *   Measured at commit `abc1234`, 2026-12-01 10:22 UTC: `npm run eval:docs`.
 *
 *   | … the table … |
 *   <!-- table:NAME:end -->
 *
 * and a generator replaces what lies between the two markers, never anything else: the prose around a
 * region is the page's own. The first line of every region names the commit, the time and the command
 * that produced it (`provenanceLine`); test/docs/docs.test.ts checks that every figure table of
 * docs/evaluation.md and docs/benchmarks.md sits in such a region.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file's parent directory's parent). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A region's start or end marker, alone on its line; the name is kebab-case. */
const MARKER = /^<!-- table:([a-z0-9][a-z0-9-]*):(start|end) -->$/;

/** The provenance line a region opens with: the commit is the first thing it names. */
export const PROVENANCE = /^Measured at commit `([0-9a-f]{7,40})`/;

/**
 * @typedef {object} Region
 * @property {string} name
 * @property {number} startLine  0-based line of the start marker
 * @property {number} endLine    0-based line of the end marker
 * @property {string[]} body     the lines between the markers
 */

/**
 * The regions of a page, in order. Throws on a marker without its pair, a region inside a region, or
 * a name used twice: a generator must never guess where a table ends.
 * @param {string} text
 * @returns {Region[]}
 */
export function listRegions(text) {
  const lines = text.split('\n');
  /** @type {Region[]} */
  const regions = [];
  /** @type {{ name: string, line: number } | null} */
  let open = null;
  lines.forEach((line, i) => {
    const m = MARKER.exec(line.trim());
    if (m === null) return;
    const [, name, kind] = m;
    if (kind === 'start') {
      if (open !== null) throw new Error(`line ${i + 1}: region "${name}" starts inside region "${open.name}"`);
      if (regions.some((r) => r.name === name)) throw new Error(`line ${i + 1}: region "${name}" appears twice`);
      open = { name, line: i };
    } else {
      if (open === null || open.name !== name) throw new Error(`line ${i + 1}: end of region "${name}" without its start`);
      regions.push({ name, startLine: open.line, endLine: i, body: lines.slice(open.line + 1, i) });
      open = null;
    }
  });
  if (open !== null) throw new Error(`line ${/** @type {{ line: number }} */ (open).line + 1}: region "${/** @type {{ name: string }} */ (open).name}" has no end marker`);
  return regions;
}

/**
 * The page with the bodies of the named regions replaced. Throws, naming them, when a region is not
 * in the page (add its two markers where the table belongs; the generator never appends one).
 * @param {string} text
 * @param {Record<string, string[]>} bodies  region name → its new lines (provenance line first)
 * @returns {string}
 */
export function replaceRegions(text, bodies) {
  const regions = listRegions(text);
  const missing = Object.keys(bodies).filter((name) => !regions.some((r) => r.name === name));
  if (missing.length > 0) throw new Error(`no region ${missing.map((n) => `"${n}"`).join(', ')} (add <!-- table:NAME:start --> and <!-- table:NAME:end --> where it belongs)`);
  const lines = text.split('\n');
  // From the last region up, so earlier line numbers stay valid.
  for (const region of [...regions].reverse()) {
    const body = bodies[region.name];
    if (body !== undefined) lines.splice(region.startLine + 1, region.endLine - region.startLine - 1, ...body);
  }
  return lines.join('\n');
}

/**
 * Replaces the named regions of a file in place (relative paths are from the repository root).
 * @param {string} file
 * @param {Record<string, string[]>} bodies
 * @returns {string} the path written, relative to the repository
 */
export function writeRegions(file, bodies) {
  const full = path.resolve(REPO_ROOT, file);
  const before = readFileSync(full, 'utf8');
  const after = replaceRegions(before, bodies);
  if (after !== before) writeFileSync(full, after);
  return path.relative(REPO_ROOT, full);
}

/**
 * The short commit of the checkout, and whether src/ has uncommitted changes (a figure measured on
 * them belongs to no commit, and the provenance line says so).
 * @param {string} [dir]
 * @returns {{ commit: string, dirty: boolean }}
 */
export function currentCommit(dir = REPO_ROOT) {
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

/**
 * An argument as the docs show it: a path inside the repository relative to it, any other absolute
 * path (a scratch folder too) as `<DIR>`: no path of this machine is written into the docs.
 * @param {string} arg
 * @returns {string}
 */
function shownArgument(arg) {
  if (!path.isAbsolute(arg)) return arg;
  const inRepo = path.relative(REPO_ROOT, arg);
  return inRepo.startsWith('..') ? '<DIR>' : inRepo || '.';
}

/**
 * The command as a reader would type it: `npm run NAME -- args` when npm started the script, else
 * `node SCRIPT args`, each argument as `shownArgument` shows it (no path of this machine is ever written
 * into the docs).
 * @param {string} script  the script, relative to the repository (e.g. `bench/threads-loo.mjs`)
 * @param {string[]} args  process.argv.slice(2)
 * @param {string[]} [nodeArgs]  flags given to node itself (process.execArgv)
 * @returns {string}
 */
export function commandLine(script, args, nodeArgs = []) {
  const shown = args.map(shownArgument);
  const npmScript = process.env.npm_lifecycle_event;
  if (npmScript !== undefined && npmScript !== '' && !npmScript.startsWith('pre') && !npmScript.startsWith('post')) {
    return `npm run ${npmScript}${shown.length > 0 ? ` -- ${shown.join(' ')}` : ''}`;
  }
  return ['node', ...nodeArgs, script, ...shown].join(' ');
}

/**
 * What a region's provenance line says.
 * @typedef {object} Provenance
 * @property {string} commit   short commit
 * @property {boolean} [dirty] src/ had uncommitted changes
 * @property {Date} [date]     when (default: now)
 * @property {string} command  the command that produced the table
 * @property {string} [note]   one more sentence (e.g. the load average)
 */

/**
 * The line a region opens with.
 * @param {Provenance} run
 * @returns {string} e.g. "Measured at commit `abc1234`, 2026-12-01 10:22 UTC: `npm run eval:docs`."
 */
export function provenanceLine({ commit, dirty = false, date = new Date(), command, note }) {
  const when = `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const changes = dirty ? ' with uncommitted changes in src/' : '';
  return `Measured at commit \`${commit}\`${changes}, ${when}: \`${command}\`.${note === undefined ? '' : ` ${note}`}`;
}

/**
 * A region body: the provenance line, a blank line, the content, a blank line (so a table never runs
 * into the end marker).
 * @param {Provenance} run
 * @param {string[]} content
 * @returns {string[]}
 */
export function regionBody(run, content) {
  const body = [provenanceLine(run), '', ...content];
  while (body.length > 0 && body[body.length - 1].trim() === '') body.pop();
  return [...body, ''];
}
