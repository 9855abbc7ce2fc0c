// @ts-check
/**
 * Renders benchmark results into the marked regions of docs/benchmarks.md (bench/doc-regions.js):
 * per group one compact table (a row per page set, a column per system: pages/s and time over the
 * floor's, the main system's heap, and one column per goal), or, for a group with its own tables
 * (scaling, pathological), those and its goal table; then its notes on one line. The prose around the
 * regions (method, systems, how to read them) is written by hand.
 */
import os from 'node:os';
import { currentCommit, regionBody } from './doc-regions.js';

/**
 * @typedef {object} ResultRow
 * @property {string} group
 * @property {string} corpus
 * @property {string} subset
 * @property {number} pages
 * @property {number} bytes       raw input bytes of the pages (the MB/s denominator for every system)
 * @property {string} system
 * @property {string} label
 * @property {boolean} isFloor
 * @property {number} medianMs    median wall time of the timed passes over all pages
 * @property {number} medianCpuMs median process CPU time (user + system, all threads, GC helpers included) of the passes
 * @property {number} minMs
 * @property {number} maxMs
 * @property {number} pagesPerSec
 * @property {number} mbPerSec
 * @property {number} ratio       median over rounds of (pass wall time / floor pass wall time of the same round)
 * @property {number} cpuRatio    the same with CPU time
 * @property {number} heapPeakMB  high-water of heapUsed + external above the post-GC baseline, sampled per page
 * @property {number} rssPeakMB   highest process RSS seen during the memory pass (not rendered: process-wide, it only grows)
 * @property {Record<string, number>} stageMs  per-stage ms summed over the memory pass (empty when not reported)
 * @property {number} [errors]    pages the system threw on (tolerant groups only; the pages stay in the pass)
 * @property {number} [childPeakMB]  groups with `peakMemory` only: the highest RSS growth of one call above the
 *   RSS just before it, in a fresh child process per page (bench/peak-memory.js; with `peakMemory.children`, the
 *   median of that many children), the worst page of the set
 * @property {number} [childPeakMedianPerInput]  with `childPeakMB`: the median over the set's pages of that growth
 *   over the page's size
 * @property {number} [childSetupMB]  with `childPeakMB`: the median of the children's one-time setup (RSS growth
 *   of the warm-up that the figure leaves out), in MB
 * @property {number} [childFirstPeakMedianPerInput]  groups whose `peakMemory` asks for `firstPage`: the median
 *   growth over input when the page is the first of a fresh process (one-time setup included)
 */

/**
 * One goal measured on one corpus (or on all corpora together): a cell of a group's goal table.
 * @typedef {object} GoalCheck
 * @property {string} corpus   the corpus, or e.g. `all together`
 * @property {string} goal     the column: what is measured and the bound, e.g. `normalize / floor ≤ 2×`
 * @property {number} value    the measured multiple
 * @property {boolean | null} met  null when the goal does not apply to this corpus (the value is shown alone)
 */

/**
 * @typedef {object} ReportOptions
 * @property {number} noteMaxChars  a note longer than this is cut (with `…`); default 90
 */

/** @type {Readonly<ReportOptions>} */
export const REPORT_DEFAULTS = Object.freeze({ noteMaxChars: 90 });

/**
 * @param {number} x
 * @param {number} digits
 */
export const fmt = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

/**
 * Where and when a run happened (read from the machine; a test or a re-render passes its own).
 * @typedef {object} RunInfo
 * @property {Date} date
 * @property {string} commit   short commit
 * @property {boolean} dirty   src/ had uncommitted changes
 * @property {number[]} load   1, 5 and 15 min load averages (the region shows the first)
 * @property {number} cpus
 * @property {string} machine  CPU model × count, RAM, OS, Node
 */

/** @returns {RunInfo} this machine, now */
export function currentRun() {
  const cpus = os.cpus();
  return {
    date: new Date(),
    ...currentCommit(),
    load: os.loadavg(),
    cpus: cpus.length,
    machine: `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ` +
      `${os.type()} ${os.arch()}, Node ${process.version}`,
  };
}

/**
 * The provenance of a region: the run, the command, and the load as its note.
 * @param {RunInfo} run
 * @param {string} command
 * @param {string} [extra]  one more sentence
 * @returns {import('./doc-regions.js').Provenance}
 */
function provenance(run, command, extra) {
  const load = `Load ${fmt(run.load[0], 2)} (1 min) on ${run.cpus} CPUs.`;
  return { commit: run.commit, dirty: run.dirty, date: run.date, command, note: extra === undefined ? load : `${load} ${extra}` };
}

/** The region of a group in docs/benchmarks.md. @param {string} groupId */
export const regionOf = (groupId) => `bench-${groupId}`;

/** The region of the corpora table and the machine. */
export const CORPORA_REGION = 'bench-corpora';

/**
 * One corpus of the corpora table.
 * @typedef {object} CorpusSummary
 * @property {string} name
 * @property {number} pages
 * @property {number} bytes
 * @property {number} utf8Pages
 */

/**
 * @param {import('./corpora.js').BenchCorpus} c
 * @returns {CorpusSummary}
 */
export function summarizeCorpus(c) {
  return { name: c.name, pages: c.pages.length, bytes: c.bytes, utf8Pages: c.pages.filter((p) => p.utf8).length };
}

/**
 * The corpora region: the machine, the corpora measured, and the notes of no one group.
 * @param {{ run: RunInfo, command: string, corpora: CorpusSummary[], notes: string[], options?: Partial<ReportOptions> }} input
 * @returns {string[]}
 */
export function renderCorporaRegion({ run, command, corpora, notes, options = {} }) {
  const { noteMaxChars } = { ...REPORT_DEFAULTS, ...options };
  return regionBody(provenance(run, command, `Machine: ${run.machine}.`), [
    '| corpus | pages | MB | UTF-8 pages |',
    '| --- | ---: | ---: | ---: |',
    ...corpora.map((c) => `| ${c.name} | ${c.pages} | ${fmt(c.bytes / 1e6, 1)} | ${c.utf8Pages} |`),
    ...notesLine(notes, noteMaxChars),
  ]);
}

/**
 * One group's region: its compact table, or its own tables and goal table; its notes on one line.
 * @param {{ group: import('./systems.js').Group, rows: ResultRow[], notes: string[], run: RunInfo, command: string,
 *           options?: Partial<ReportOptions> }} input
 * @returns {string[]}
 */
export function renderGroupRegion({ group, rows, notes, run, command, options = {} }) {
  const { noteMaxChars } = { ...REPORT_DEFAULTS, ...options };
  const own = notes.map((n) => stripGroup(n, group.id));
  if (rows.length === 0) return regionBody(provenance(run, command), ['_Not measured (see the notes)._', ...notesLine(own, noteMaxChars)]);
  const checks = group.checks === undefined ? ratioChecks(group, rows) : group.checks(rows);
  const tables = group.tables === undefined
    ? renderCompactTable(group, rows, checks)
    : [...renderGoalTable(checks), ...(checks.length > 0 ? [''] : []), ...group.tables(rows)];
  return regionBody(provenance(run, command), [...tables, ...notesLine(own, noteMaxChars)]);
}

/**
 * Notes as one paragraph, each cut to `max` characters.
 * @param {string[]} notes
 * @param {number} max
 * @returns {string[]}
 */
function notesLine(notes, max) {
  return notes.length === 0 ? [] : ['', `Notes: ${notes.map((n) => oneLine(n, max)).join('; ')}.`];
}

/**
 * A group's results as one table: a row per page set (corpus, or corpus and subset, with its page
 * count); a column per system with its pages/s, and for the group's main system (its last) also its
 * time over the floor's (median over rounds) and its heap; one column per goal
 * (the check of the row's corpus; checks of no page set, such as "all together", get rows of their own).
 * @param {{ id: string, subsets: { id: string }[], goalSubset: string, systems: { id: string }[] }} group
 * @param {ResultRow[]} rows
 * @param {GoalCheck[]} checks
 * @returns {string[]}
 */
export function renderCompactTable(group, rows, checks) {
  const systems = [...new Set(rows.map((r) => r.system))];
  const main = systems[systems.length - 1];
  const goals = [...new Set(checks.map((c) => c.goal))];
  /** @type {{ corpus: string, subset: string, pages: number }[]} */
  const sets = [];
  for (const r of rows) if (!sets.some((s) => s.corpus === r.corpus && s.subset === r.subset)) sets.push({ corpus: r.corpus, subset: r.subset, pages: r.pages });
  const split = group.subsets.length > 1;
  const verdict = (/** @type {GoalCheck} */ c) => (c.met === null ? '' : c.met ? 'met' : '**missed**');
  // A goal on the main system's ratio to the floor repeats a figure of the row: its cell is the verdict alone.
  const goalCell = (/** @type {GoalCheck | undefined} */ c, /** @type {number} */ mainRatio = NaN) =>
    c === undefined ? '' : fmt(c.value, 2) === fmt(mainRatio, 2) && c.met !== null ? verdict(c) : `${fmt(c.value, 2)}×${c.met === null ? '' : ` ${verdict(c)}`}`;
  const out = [
    `| page set (pages) | ${systems.map((id, i) => (i === 0 ? `_${id}_` : id)).join(' | ')} | heap MB (${main}) |${goals.map((g) => ` ${g} |`).join('')}`,
    `| --- | ${systems.map(() => '---:').join(' | ')} | ---: |${goals.map(() => ' --- |').join('')}`,
  ];
  for (const set of sets) {
    const mine = rows.filter((r) => r.corpus === set.corpus && r.subset === set.subset);
    const cellOf = (/** @type {string} */ id) => {
      const r = mine.find((x) => x.system === id);
      if (r === undefined) return '–';
      const errors = (r.errors ?? 0) > 0 ? `, ${r.errors} errors` : '';
      return id === main && !r.isFloor ? `${fmt(r.pagesPerSec, 0)} (${fmt(r.ratio, 2)}×${errors})` : `${fmt(r.pagesPerSec, 0)}${errors ? ` (${errors.slice(2)})` : ''}`;
    };
    const heap = fmt(mine.find((x) => x.system === main)?.heapPeakMB ?? NaN, 1);
    const ownsGoals = !split || set.subset === group.goalSubset;
    const mainRatio = mine.find((x) => x.system === main)?.ratio ?? NaN;
    const goalCells = goals.map((g) => (ownsGoals ? goalCell(checks.find((c) => c.corpus === set.corpus && c.goal === g), mainRatio) : ''));
    out.push(`| ${split ? `${set.corpus} ${set.subset}` : set.corpus} (${set.pages}) | ${systems.map(cellOf).join(' | ')} | ${heap} |${goalCells.map((c) => ` ${c} |`).join('')}`);
  }
  for (const corpus of [...new Set(checks.map((c) => c.corpus))].filter((c) => !sets.some((s) => s.corpus === c))) {
    out.push(`| ${corpus} | ${systems.map(() => '').join(' | ')} | |${goals.map((g) => ` ${goalCell(checks.find((c) => c.corpus === corpus && c.goal === g))} |`).join('')}`);
  }
  return out;
}

/**
 * Goal checks as one table: a row per corpus (in order of first appearance), a column per goal;
 * a cell is the measured multiple and whether it meets the goal.
 * @param {GoalCheck[]} checks
 * @returns {string[]}
 */
export function renderGoalTable(checks) {
  if (checks.length === 0) return [];
  const goals = [...new Set(checks.map((c) => c.goal))];
  const corpora = [...new Set(checks.map((c) => c.corpus))];
  const cell = (/** @type {GoalCheck | undefined} */ c) =>
    c === undefined ? '–' : `${fmt(c.value, 2)}×${c.met === null ? '' : c.met ? ' met' : ' **missed**'}`;
  return [
    `| goal check | ${goals.join(' | ')} |`,
    `| --- | ${goals.map(() => '---').join(' | ')} |`,
    ...corpora.map((corpus) => `| ${corpus} | ${goals.map((g) => cell(checks.find((c) => c.corpus === corpus && c.goal === g))).join(' | ')} |`),
  ];
}

/**
 * The default goal of a group with a `goalRatio`: its main system (the last one) on the goal subset,
 * per corpus and over all corpora together (ratio of the summed median times).
 * @param {import('./systems.js').Group} group
 * @param {ResultRow[]} rows
 * @returns {GoalCheck[]}
 */
export function ratioChecks(group, rows) {
  if (group.goalRatio === null) return [];
  const bound = group.goalRatio;
  const target = group.systems[group.systems.length - 1].id;
  const hits = rows.filter((r) => r.subset === group.goalSubset && r.system === target);
  if (hits.length === 0) return [];
  const goal = `goal: ≤ ${bound}× floor, ${group.goalSubset} pages`;
  /** @type {GoalCheck[]} */
  const checks = hits.map((r) => ({ corpus: r.corpus, goal, value: r.ratio, met: r.ratio <= bound }));
  if (hits.length > 1) {
    const total = sumRatio(hits, rows);
    checks.push({ corpus: 'all together', goal, value: total, met: total <= bound });
  }
  return checks;
}

/**
 * Ratio of summed median wall times (system / floor) over several corpora.
 * @param {ResultRow[]} hits
 * @param {ResultRow[]} rows  all rows of the group (the floors are looked up there)
 */
export function sumRatio(hits, rows) {
  let sys = 0;
  let floor = 0;
  for (const r of hits) {
    const f = rows.find((x) => x.isFloor && x.corpus === r.corpus && x.subset === r.subset);
    if (f === undefined) continue;
    sys += r.medianMs;
    floor += f.medianMs;
  }
  return sys / floor;
}

/**
 * A note on one line of at most `max` characters.
 * @param {string} note
 * @param {number} max
 */
function oneLine(note, max) {
  const flat = note.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A group's note without the group id it starts with (the section already names the group).
 * @param {string} note
 * @param {string} id
 */
function stripGroup(note, id) {
  return groupOfNote(note, [{ id }]) === id ? note.slice(id.length + 1).trim() : note;
}

/**
 * The group a note is about (notes of a group start with its id and a space or a colon), if any.
 * @param {string} note
 * @param {{ id: string }[]} groups
 * @returns {string | undefined}
 */
export function groupOfNote(note, groups) {
  return groups.find((g) => note.startsWith(`${g.id} `) || note.startsWith(`${g.id}:`))?.id;
}

