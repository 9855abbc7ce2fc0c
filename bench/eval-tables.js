// @ts-check
/**
 * The quality tables of docs/evaluation.md and docs/algorithms/*.md, as pure functions of measured
 * figures: which tables there are (`EVAL_TABLES`), the peers' figures read from
 * ../shared/ANCHORS.md (`parseAnchors`), and the markdown (`renderSystemsTable`,
 * `renderMetricsTable`, `renderAlgorithmTable`). bench/eval-docs.js measures and writes them.
 */

/** The five member algorithms, in the order the tables show them (matn's default, `auto`, first). */
export const MEMBERS = Object.freeze(['correlated', 'line-blocks', 'text-blocks', 'density', 'segmentation']);

/**
 * Figures by system, corpus and metric (score.py's names).
 * @typedef {Record<string, Record<string, Record<string, number>>>} Figures
 */

/**
 * A table with a row per corpus (and figure) and a column per system.
 * @typedef {object} SystemsTable
 * @property {'systems'} kind
 * @property {string} region    region name in docs/evaluation.md
 * @property {[string, string][]} rows  corpus and metric of each row
 * @property {boolean} members  a column per member algorithm beside matn (`auto`)
 * @property {string[]} [local] systems measured here besides matn's (e.g. `jschardet`)
 */

/**
 * matn's figures alone: a row per corpus, a column per metric.
 * @typedef {object} MetricsTable
 * @property {'metrics'} kind
 * @property {string} region
 * @property {string[]} corpora
 * @property {string[]} metrics
 */

/** @typedef {SystemsTable | MetricsTable} EvalTable */

/** @type {readonly EvalTable[]} */
export const EVAL_TABLES = Object.freeze([
  {
    kind: 'systems', region: 'eval-main-text', members: true,
    rows: [
      ['en-news-scrapinghub', 'body.sh_f1'], ['readability-mozilla', 'body.sh_f1'], ['zh-news-cwced-dev', 'body.ch_f1'],
      ['cleaning-dev', 'body.ch_f1'], ['multi-dev', 'ww.f1'], ['real-threads-dev', 'body.ch_f1'], ['ug-forum-dev', 'body.ch_f1'],
    ],
  },
  {
    kind: 'systems', region: 'eval-threads', members: true,
    rows: [['forum-engines-dev', 'posts.f1'], ['forum-tables-dev', 'posts.f1'], ['ug-forum-dev', 'posts.f1']],
  },
  {
    kind: 'metrics', region: 'eval-threads-detail',
    corpora: ['forum-engines-dev', 'forum-tables-dev', 'ug-forum-dev'],
    metrics: ['posts.f1', 'posts.author', 'posts.date', 'posts.text_f1', 'posts.quotes_f1', 'author.match', 'date.day'],
  },
  {
    kind: 'systems', region: 'eval-comments', members: true,
    rows: [['real-threads-dev', 'comments.f1'], ['forum-engines-dev', 'comments.f1'], ['ug-forum-dev', 'comments.f1']],
  },
  {
    kind: 'systems', region: 'eval-metadata', members: false,
    rows: [
      ['readability-mozilla', 'title.exact'], ['readability-mozilla', 'author.match'], ['readability-mozilla', 'date.day'],
      ['zh-news-cwced-dev', 'author.match'], ['zh-news-cwced-dev', 'date.day'],
      ['multi-dev', 'title.exact'], ['multi-dev', 'author.match'], ['multi-dev', 'date.day'],
      ['dates-mediacloud-dev', 'date.day'], ['dates-htmldate-dev', 'date.day'],
      ['forum-engines-dev', 'title.exact'], ['forum-engines-dev', 'author.match'], ['forum-engines-dev', 'date.day'],
      ['forum-tables-dev', 'title.exact'], ['forum-tables-dev', 'author.match'], ['forum-tables-dev', 'date.day'],
      ['ug-forum-dev', 'title.exact'], ['ug-forum-dev', 'author.match'], ['ug-forum-dev', 'date.day'],
    ],
  },
  {
    kind: 'systems', region: 'eval-charset', members: false, local: ['jschardet'],
    rows: [
      ['charset-chardet-dev', 'encoding.acc'], ['charset-lies-dev', 'encoding.acc'], ['cleaning-dev', 'encoding.acc'],
      ['forum-tables-dev', 'encoding.acc'], ['ug-forum-dev', 'encoding.acc'], ['zh-news-cwced-dev', 'encoding.acc'],
    ],
  },
]);

/** The corpus and metric rows of each algorithm's figures table (docs/algorithms/<name>.md). */
export const ALGORITHM_ROWS = Object.freeze({
  body: /** @type {[string, string][]} */ ([
    ['en-news-scrapinghub', 'body.sh_f1'], ['readability-mozilla', 'body.sh_f1'], ['zh-news-cwced-dev', 'body.ch_f1'],
    ['cleaning-dev', 'body.ch_f1'], ['multi-dev', 'ww.f1'], ['ug-forum-dev', 'body.ch_f1'],
  ]),
  threads: /** @type {[string, string][]} */ ([
    ['forum-engines-dev', 'posts.f1'], ['forum-tables-dev', 'posts.f1'], ['ug-forum-dev', 'posts.f1'], ['real-threads-dev', 'comments.f1'],
  ]),
});

/** matn's column: its default algorithm. */
export const MATN = 'auto';

const METRIC = /^[a-z]+\.[a-z0-9_]+$/;
const NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * Cells of a markdown table line.
 * @param {string} line
 */
function cells(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

/**
 * The peers' figures of ../shared/ANCHORS.md: every table whose first column is `peer` or `system`,
 * under a heading that names a corpus, read as a row per system. Columns are metrics (the heading
 * names one corpus) or corpora (the heading names the metric, e.g. `date.day`). Rows in italics
 * (diagnostic runs such as Readability.js given pre-decoded text), matn's own rows and
 * floors are left out; `–` cells are figures the system does not return.
 * @param {string} text      the file
 * @param {string[]} corpora corpus names to look for in headings
 * @returns {{ figures: Figures, systems: string[] }} systems in order of first appearance
 */
export function parseAnchors(text, corpora) {
  /** @type {Figures} */
  const figures = {};
  /** @type {string[]} */
  const systems = [];
  const lines = text.split('\n');
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^#{2,4} /.test(line)) heading = line;
    if (!line.startsWith('|') || !/^\|\s*:?-{3,}/.test(lines[i + 1] ?? '')) continue;
    const header = cells(line);
    if (!['peer', 'system'].includes(header[0].toLowerCase())) continue;
    const named = corpora.filter((c) => heading.includes(c));
    const columnsAreCorpora = header.slice(1).some((h) => corpora.includes(h));
    const headingMetric = /\b([a-z]+\.[a-z0-9_]+)\b/.exec(heading.replace(/\([^)]*\)/g, ''))?.[1];
    if (!columnsAreCorpora && named.length !== 1) continue;
    if (columnsAreCorpora && headingMetric === undefined) continue;
    for (let j = i + 2; j < lines.length && lines[j].startsWith('|'); j++) {
      const row = cells(lines[j]);
      if (/^(\*(?!\*)|_)/.test(row[0])) continue; // italics: a diagnostic run, not a system
      const name = row[0].replace(/\*\*/g, '');
      if (/^matn\b/i.test(name) || /^floor\b/i.test(name)) continue;
      header.slice(1).forEach((column, k) => {
        const value = row[k + 1]?.replace(/\*/g, '');
        if (value === undefined || !NUMBER.test(value)) return;
        const [corpus, metric] = columnsAreCorpora ? [column, /** @type {string} */ (headingMetric)] : [named[0], column];
        if (!corpora.includes(corpus) || !METRIC.test(metric)) return;
        if (!systems.includes(name)) systems.push(name);
        ((figures[name] ??= {})[corpus] ??= {})[metric] = Number(value);
      });
    }
  }
  return { figures, systems };
}

/**
 * A figure at three decimals, bold when it is the row's best; `–` when not measured.
 * @param {number | undefined} x
 * @param {number} best
 */
function cell(x, best) {
  if (x === undefined || !Number.isFinite(x)) return '–';
  const text = x.toFixed(3);
  return x.toFixed(3) === best.toFixed(3) ? `**${text}**` : text;
}

/**
 * @param {Figures} figures
 * @param {string} system
 * @param {string} corpus
 * @param {string} metric
 * @returns {number | undefined}
 */
export function figureOf(figures, system, corpus, metric) {
  return figures[system]?.[corpus]?.[metric];
}

/**
 * A row per corpus and figure, a column per system: matn (`auto`), the member algorithms when the
 * table has them, the systems measured here, then every peer with a figure in the table. The best
 * figure of each row is bold.
 * @param {SystemsTable} table
 * @param {Figures} measured  matn's algorithms and the local systems, measured now
 * @param {{ figures: Figures, systems: string[] }} peers  parseAnchors' result
 * @returns {string[]}
 */
export function renderSystemsTable(table, measured, peers) {
  const own = [MATN, ...(table.members ? MEMBERS : []), ...(table.local ?? [])];
  const others = peers.systems.filter((s) => table.rows.some(([c, m]) => figureOf(peers.figures, s, c, m) !== undefined));
  const columns = [...own.map((s) => ({ id: s, figures: measured })), ...others.map((s) => ({ id: s, figures: peers.figures }))];
  const label = (/** @type {string} */ s) => (s === MATN ? '**matn** (auto)' : s);
  const out = [
    `| corpus | figure | ${columns.map((c) => label(c.id)).join(' | ')} |`,
    `| --- | --- | ${columns.map(() => '---:').join(' | ')} |`,
  ];
  for (const [corpus, metric] of table.rows) {
    const values = columns.map((c) => figureOf(c.figures, c.id, corpus, metric));
    const best = Math.max(...values.filter((v) => v !== undefined && Number.isFinite(v)).map(Number));
    out.push(`| ${corpus} | ${metric} | ${values.map((v) => cell(v, best)).join(' | ')} |`);
  }
  return out;
}

/**
 * matn's figures, a row per corpus and a column per metric (`–` where the corpus has no such truth).
 * @param {MetricsTable} table
 * @param {Figures} measured
 * @returns {string[]}
 */
export function renderMetricsTable(table, measured) {
  const out = [`| corpus | ${table.metrics.join(' | ')} |`, `| --- | ${table.metrics.map(() => '---:').join(' | ')} |`];
  for (const corpus of table.corpora) {
    const values = table.metrics.map((m) => figureOf(measured, MATN, corpus, m));
    out.push(`| ${corpus} | ${values.map((v) => (v === undefined ? '–' : v.toFixed(3))).join(' | ')} |`);
  }
  return out;
}

/**
 * One algorithm's figures (docs/algorithms/<name>.md): a row per corpus and figure, the algorithm
 * beside matn's default; for `auto`, beside the best of the five members.
 * @param {string} algorithm
 * @param {[string, string][]} rows
 * @param {Figures} measured
 * @returns {string[]}
 */
export function renderAlgorithmTable(algorithm, rows, measured) {
  const isAuto = algorithm === MATN;
  const out = [
    `| corpus | figure | ${algorithm} | ${isAuto ? 'best member' : 'auto (default)'} |`,
    '| --- | --- | ---: | --- |',
  ];
  for (const [corpus, metric] of rows) {
    const mine = figureOf(measured, algorithm, corpus, metric);
    let other = '–';
    if (isAuto) {
      const best = MEMBERS.map((m) => ({ m, v: figureOf(measured, m, corpus, metric) }))
        .filter((x) => x.v !== undefined)
        .reduce((/** @type {{ m: string, v: number | undefined } | null} */ b, x) => (b === null || Number(x.v) > Number(b.v) ? x : b), null);
      if (best !== null) other = `${Number(best.v).toFixed(3)} (${best.m})`;
    } else {
      const auto = figureOf(measured, MATN, corpus, metric);
      if (auto !== undefined) other = auto.toFixed(3);
    }
    out.push(`| ${corpus} | ${metric} | ${mine === undefined ? '–' : mine.toFixed(3)} | ${other} |`);
  }
  return out;
}

/**
 * Every (corpus, system) pair the tables need measured here: matn's algorithms and local systems.
 * @param {readonly EvalTable[]} tables
 * @param {Record<string, readonly [string, string][]>} algorithmRows  per algorithm doc, its rows
 * @returns {Map<string, Set<string>>} corpus → systems
 */
export function neededRuns(tables, algorithmRows) {
  /** @type {Map<string, Set<string>>} */
  const need = new Map();
  const add = (/** @type {string} */ corpus, /** @type {string} */ system) => need.set(corpus, (need.get(corpus) ?? new Set()).add(system));
  for (const t of tables) {
    if (t.kind === 'metrics') t.corpora.forEach((c) => add(c, MATN));
    else for (const [c] of t.rows) [MATN, ...(t.members ? MEMBERS : []), ...(t.local ?? [])].forEach((s) => add(c, s));
  }
  for (const [algorithm, rows] of Object.entries(algorithmRows)) {
    for (const [c] of rows) {
      add(c, algorithm);
      if (algorithm === MATN) MEMBERS.forEach((m) => add(c, m));
      else add(c, MATN);
    }
  }
  return need;
}
