// @ts-check
/**
 * Renders benchmark results as compact markdown (docs/benchmarks.md): a header with the machine,
 * the run and the method shared by every group, the corpora, then per group one table (a row per
 * corpus and system), one goal table (a row per corpus, a column per goal), and its notes, one
 * line each. What a group does differently from the shared method is its own one-line `method`.
 * The analysis of the figures is written by hand in docs/performance-notes.md, not here.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

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
 *   RSS just before it, in a fresh child process per page (bench/peak-memory.js), the worst page of the set
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
 * @property {number} noteMaxChars  a note longer than this is cut (with `…`) so each stays one line; default 160
 * @property {number} charsetListMax  the corpora table lists a corpus's other charsets when it has at most
 *   this many, else their count and the largest three; default 4
 */

/** @type {Readonly<ReportOptions>} */
export const REPORT_DEFAULTS = Object.freeze({ noteMaxChars: 160, charsetListMax: 4 });

/**
 * @param {number} x
 * @param {number} digits
 */
export const fmt = (x, digits) => (Number.isFinite(x) ? x.toFixed(digits) : '–');

/**
 * Where and when a run happened (read from the machine; a test or a re-render passes its own).
 * @typedef {object} RunInfo
 * @property {string} date     ISO time
 * @property {string} commit   short commit, with a remark when src/ has uncommitted changes
 * @property {number[]} load   1, 5 and 15 min load averages
 * @property {number} cpus
 * @property {string} machine  CPU model × count, RAM, OS
 * @property {string} node     Node and V8 versions
 */

/** @returns {string} */
function gitCommit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha} (src/ has uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/** @returns {RunInfo} this machine, now */
export function currentRun() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    commit: gitCommit(),
    load: os.loadavg(),
    cpus: cpus.length,
    machine: `${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()} (${os.arch()})`,
    node: `${process.version} (V8 ${process.versions.v8})`,
  };
}

/**
 * @param {RunInfo} run
 * @returns {string} `1.50 / 2.20 / 3.46 on 2 CPUs`
 */
function loadText(run) {
  return `${run.load.map((x) => x.toFixed(2)).join(' / ')} on ${run.cpus} CPUs`;
}

/**
 * The line every group section carries: when, at which commit, with which command, under which load.
 * @param {RunInfo} run
 * @param {string} command
 */
export function runLine(run, command) {
  return `Run: ${run.date}, commit ${run.commit}, \`${command}\`, load average ${loadText(run)}.`;
}

/**
 * One corpus of the corpora table.
 * @typedef {object} CorpusSummary
 * @property {string} name
 * @property {number} pages
 * @property {number} bytes
 * @property {number} utf8Pages
 * @property {[string, number][]} otherCharsets  charset and page count, in the corpus's order
 */

/**
 * @param {import('./corpora.js').BenchCorpus} c
 * @returns {CorpusSummary}
 */
export function summarizeCorpus(c) {
  /** @type {Map<string, number>} */
  const other = new Map();
  for (const p of c.pages) if (!p.utf8) other.set(String(p.charset), (other.get(String(p.charset)) ?? 0) + 1);
  return { name: c.name, pages: c.pages.length, bytes: c.bytes, utf8Pages: c.pages.filter((p) => p.utf8).length, otherCharsets: [...other] };
}

/**
 * @param {[string, number][]} charsets
 * @param {number} listMax
 */
function charsetCell(charsets, listMax) {
  if (charsets.length === 0) return '–';
  if (charsets.length <= listMax) return charsets.map(([k, v]) => `${k} ${v}`).join(', ');
  const largest = [...charsets].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return `${charsets.length} charsets, largest ${largest.map(([k, v]) => `${k} ${v}`).join(', ')}`;
}

/**
 * The header: what the file is, the run that wrote it, the method every group shares, the corpora.
 * @param {{ run: RunInfo, command: string, runs: number, warmup: number, corpora: CorpusSummary[], options?: Partial<ReportOptions> }} input
 * @returns {string[]}
 */
export function renderHeader({ run, command, runs, warmup, corpora, options = {} }) {
  const { charsetListMax } = { ...REPORT_DEFAULTS, ...options };
  const busy = run.load[0] > run.cpus / 2 ? ' (busy: absolute figures are pessimistic; ratios are taken round by round)' : '';
  return [
    '# Benchmarks',
    '',
    'Generated by `npm run bench -- --write` (bench/run.js); do not edit by hand. Analysis and A/B records: ' +
      '[performance-notes.md](performance-notes.md); the CLI\'s `--jobs`: [benchmarks-cli.md](benchmarks-cli.md).',
    '',
    `- Header run: ${run.date}, commit ${run.commit}, \`${command}\`, load average ${loadText(run)}${busy}.`,
    `- Machine: ${run.machine}; Node ${run.node}.`,
    '- Flags: `--corpus a,b`, `--runs N`, `--only normalize,analyze,extract,peers,boilerpipe,scaling,threads,pathological`, ' +
      '`--baseline DIR` (threads), `--write`. Profile: `node --expose-gc bench/profile.js --system <id> --corpus <name>`.',
    `- Method (every group; a group's "Differs" line says what it changes): one process, pages read into memory as bytes, inputs prepared outside the timed loop; ` +
      `a validation pass, warm-up (≥ ${warmup} pass and ≥ 0.5 s), then ${runs} timed sample(s) per system (\`--runs\`), round-robin across the group's systems, \`global.gc()\` before each; ` +
      'a sample repeats the pass over all pages until it lasts ≥ 0.25 s.',
    '- Columns: page set = corpus, and subset where a group splits it, with its page count, on its first row; wall ms = median time of one pass over all pages; spread = (max − min) / median of the samples; MB = 10^6 raw bytes (one denominator for every system); ' +
      '× floor = median over rounds of the pass time / the floor\'s in the same round (CPU: the same with process CPU time, GC threads included); goals read the wall ratio; ' +
      'heap MB = highest heapUsed + external above the post-GC baseline in the validation pass; stages = share of the stage timings `extract()` reports (validation pass); ' +
      'the floor is in italics.',
    '',
    CORPORA_HEADING,
    '',
    '| corpus | pages | MB | UTF-8 pages | other charsets |',
    '| --- | ---: | ---: | ---: | --- |',
    ...corpora.map((c) => `| ${c.name} | ${c.pages} | ${fmt(c.bytes / 1e6, 1)} | ${c.utf8Pages} | ${charsetCell(c.otherCharsets, charsetListMax)} |`),
    '',
  ];
}

/**
 * @param {{ rows: ResultRow[], groups: import('./systems.js').Group[], notes: string[], command: string,
 *           runs: number, warmup: number, corpora: import('./corpora.js').BenchCorpus[], run?: RunInfo,
 *           options?: Partial<ReportOptions> }} input
 * @returns {string}
 */
export function renderMarkdown({ rows, groups, notes, command, runs, warmup, corpora, run = currentRun(), options = {} }) {
  const out = renderHeader({ run, command, runs, warmup, corpora: corpora.map(summarizeCorpus), options });
  const line = runLine(run, command);
  for (const group of groups) {
    const groupNotes = notes.filter((n) => groupOfNote(n, groups) === group.id);
    out.push(...renderGroup({ group, rows: rows.filter((r) => r.group === group.id), notes: groupNotes, runLine: line, options }));
  }
  const generalNotes = notes.filter((n) => groupOfNote(n, groups) === undefined);
  if (generalNotes.length > 0) out.push(NOTES_HEADING, '', ...generalNotes.map((n) => `- ${oneLine(n, { ...REPORT_DEFAULTS, ...options }.noteMaxChars)}`), '');
  return out.join('\n');
}

/**
 * One group's section: heading, marker, goal and run line, what differs from the shared method,
 * the systems, the result table, the goal table, the group's own extra tables, the notes.
 * @param {{ group: import('./systems.js').Group, rows: ResultRow[], notes: string[], runLine: string, options?: Partial<ReportOptions> }} input
 * @returns {string[]}
 */
export function renderGroup({ group, rows, notes, runLine: line, options = {} }) {
  const { noteMaxChars } = { ...REPORT_DEFAULTS, ...options };
  const out = [`## ${group.title}`, '', groupMarker(group.id), '', `Goal: ${group.goal}. ${line}`, ''];
  if (group.method !== undefined) out.push(`Differs: ${group.method}`, '');
  out.push(`Systems: ${group.systems.map((s, i) => `${i === 0 ? `_${s.id}_` : s.id} = ${s.label.replace(/^floor: /, '')}`).join('; ')}.`, '');
  if (rows.length === 0) out.push('_Not measured (see the notes below)._', '');
  else {
    out.push(...renderResultTable(group, rows), '');
    const checks = group.checks === undefined ? ratioChecks(group, rows) : group.checks(rows);
    if (checks.length > 0) out.push(...renderGoalTable(checks), '');
    const extra = group.tables?.(rows) ?? [];
    if (extra.length > 0) out.push(...extra, '');
  }
  if (notes.length > 0) out.push('Notes:', '', ...notes.map((n) => `- ${oneLine(stripGroup(n, group.id), noteMaxChars)}`), '');
  return out;
}

/**
 * The result table of a group: one row per page set (corpus, or corpus and subset) and system; the
 * page set and its page count are named on its first row only.
 * @param {{ subsets: unknown[] }} group
 * @param {ResultRow[]} rows
 * @returns {string[]}
 */
export function renderResultTable(group, rows) {
  const withStages = rows.filter((r) => Object.keys(r.stageMs).length > 0);
  const stageKeys = [...new Set(withStages.flatMap((r) => Object.keys(r.stageMs)))];
  const stageHeader = stageKeys.length > 0 ? ` stages % (${stageKeys.map((k) => k.replace(/Ms$/, '')).join(' / ')}) |` : '';
  const out = [
    `| page set (pages) | system | wall ms | spread | pages/s | MB/s | × floor | × floor CPU | heap MB |${stageHeader}`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${stageKeys.length > 0 ? ' --- |' : ''}`,
  ];
  let previousSet = '';
  for (const r of rows) {
    const set = group.subsets.length > 1 ? `${r.corpus} ${r.subset}` : r.corpus;
    const pages = set === previousSet ? '' : `${set} (${r.pages})`;
    previousSet = set;
    const system = `${r.isFloor ? `_${r.system}_` : r.system}${(r.errors ?? 0) > 0 ? ` (${r.errors} errors)` : ''}`;
    const spread = r.medianMs > 0 && Number.isFinite(r.maxMs - r.minMs) ? `${fmt((100 * (r.maxMs - r.minMs)) / r.medianMs, 0)} %` : '–';
    const stages = stageKeys.length > 0 ? ` ${stageShares(r, stageKeys)} |` : '';
    out.push(
      `| ${pages} | ${system} | ${fmt(r.medianMs, 1)} | ${spread} | ${fmt(r.pagesPerSec, 0)} | ${fmt(r.mbPerSec, 1)} | ` +
        `${r.isFloor ? '1.00' : fmt(r.ratio, 2)} | ${r.isFloor ? '1.00' : fmt(r.cpuRatio, 2)} | ${fmt(r.heapPeakMB, 1)} |${stages}`,
    );
  }
  return out;
}

/**
 * The stage shares of a row as `10 / 39 / 41 / 9` (whole percent, in `keys` order), or empty.
 * @param {ResultRow} r
 * @param {string[]} keys
 */
function stageShares(r, keys) {
  const total = keys.reduce((n, k) => n + (r.stageMs[k] ?? 0), 0);
  if (!(total > 0)) return '';
  return keys.map((k) => fmt((100 * (r.stageMs[k] ?? 0)) / total, 0)).join(' / ');
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
  const goal = `${target} / floor, ${group.goalSubset} pages (goal ≤ ${bound}×)`;
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
function sumRatio(hits, rows) {
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

const NOTES_HEADING = '## Notes';
const CORPORA_HEADING = '## Corpora';
/** The hidden line that names the group of a section, so a later run can replace just that section. */
const MARKER = /^<!-- bench-group: ([a-z0-9-]+) -->$/;

/**
 * @param {string} id
 * @returns {string}
 */
function groupMarker(id) {
  return `<!-- bench-group: ${id} -->`;
}

/**
 * The group a note is about (notes of a group start with its id and a space or a colon), if any.
 * @param {string} note
 * @param {{ id: string }[]} groups
 * @returns {string | undefined}
 */
function groupOfNote(note, groups) {
  return groups.find((g) => note.startsWith(`${g.id} `) || note.startsWith(`${g.id}:`))?.id;
}

/**
 * @typedef {object} ParsedReport
 * @property {string[]} preamble   lines before the first `## ` heading (title, machine, command, method)
 * @property {{ key: string, lines: string[] }[]} sections  `group:<id>`, `corpora`, `notes` or `heading:<text>`
 */

/**
 * Splits a benchmarks.md into its preamble and `## ` sections, each keyed by the group it holds:
 * the `<!-- bench-group: id -->` marker, else (files written before the marker) the group whose
 * title is the heading.
 * @param {string} text
 * @param {{ id: string, title: string }[]} groups  every group the harness knows
 * @returns {ParsedReport}
 */
export function parseReport(text, groups) {
  const lines = text.split('\n');
  /** @type {ParsedReport} */
  const parsed = { preamble: [], sections: [] };
  /** @type {{ key: string, lines: string[] } | undefined} */
  let current;
  for (const line of lines) {
    if (line.startsWith('## ')) {
      const heading = line.slice(3).trim();
      const byTitle = groups.find((g) => g.title === heading);
      const key = line === NOTES_HEADING ? 'notes' : line === CORPORA_HEADING ? 'corpora' : byTitle !== undefined ? `group:${byTitle.id}` : `heading:${heading}`;
      current = { key, lines: [line] };
      parsed.sections.push(current);
      continue;
    }
    if (current === undefined) {
      parsed.preamble.push(line);
      continue;
    }
    current.lines.push(line);
    const marker = MARKER.exec(line.trim());
    if (marker !== null) current.key = `group:${marker[1]}`;
  }
  return parsed;
}

/**
 * Merges a fresh report into the existing docs/benchmarks.md: the sections of the groups measured
 * in this run replace theirs; the sections of every other group stay as they were (each carries
 * the run line of the run that measured it). The preamble and the corpora table are the fresh ones
 * only when `replacePreamble` (a run of all the default groups); otherwise the existing ones stay.
 * Notes: the existing general notes that are not about a measured group stay, the fresh general
 * notes are added, duplicates once.
 * @param {string} existing  the current file
 * @param {string} fresh     the report of this run (renderMarkdown)
 * @param {{ measured: string[], groups: { id: string, title: string }[], replacePreamble: boolean }} options
 *   measured: ids of the groups of this run; groups: every group, in report order
 * @returns {string}
 */
export function mergeReport(existing, fresh, { measured, groups, replacePreamble }) {
  const old = parseReport(existing, groups);
  const now = parseReport(fresh, groups);
  const section = (/** @type {ParsedReport} */ r, /** @type {string} */ key) => r.sections.find((s) => s.key === key);
  const out = [...(replacePreamble || old.preamble.every((l) => l.trim() === '') ? now.preamble : old.preamble)];
  const corpora = replacePreamble ? section(now, 'corpora') ?? section(old, 'corpora') : section(old, 'corpora') ?? section(now, 'corpora');
  if (corpora !== undefined) out.push(...corpora.lines);
  for (const g of groups) {
    const from = measured.includes(g.id) ? now : old;
    const s = section(from, `group:${g.id}`);
    if (s !== undefined) out.push(...s.lines);
  }
  // Sections this harness does not know (written by hand or by an older harness) stay, before the notes.
  for (const s of old.sections) if (s.key.startsWith('heading:')) out.push(...s.lines);
  const noteItems = (/** @type {ParsedReport} */ r) => (section(r, 'notes')?.lines ?? []).filter((l) => l.startsWith('- ')).map((l) => l.slice(2));
  const kept = noteItems(old).filter((n) => {
    const g = groupOfNote(n, groups);
    return g === undefined ? !replacePreamble : !measured.includes(g);
  });
  const notes = [...new Set([...kept, ...noteItems(now)])];
  if (notes.length > 0) out.push(NOTES_HEADING, '', ...notes.map((n) => `- ${n}`), '');
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

