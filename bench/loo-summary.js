// @ts-check
/**
 * The leave-one-out summary every leave-one-out script writes into docs/evaluation.md (`--write`): a
 * row per left-out corpus or engine and figure, with its all-in figure (every constant at its
 * default), its lowest left-out figure over the constants (each constant set to the value chosen on
 * the other corpora or engines), the drop, and the constant responsible. The scripts' own stdout keeps
 * the full per-constant tables.
 */

/**
 * One constant, one left-out unit.
 * @typedef {object} LooRow
 * @property {string} left      the corpus or engine left out
 * @property {string} metric    the figure measured on it (score.py's name)
 * @property {string} constant  the constant or vocabulary list
 * @property {unknown} shown    its default
 * @property {unknown} chosen   the setting chosen without `left`
 * @property {number} dev       `left`'s figure with every constant at its default
 * @property {number} loo       `left`'s figure with this constant at `chosen`
 */

/** Drops smaller than this are rounding noise of the figures, not a drop. */
const EPSILON = 1e-9;

/**
 * A signed drop at three decimals, `0.000` when it rounds to nothing.
 * @param {number} d
 */
function signed(d) {
  const text = d.toFixed(3);
  return text === '-0.000' ? '0.000' : text.replace('-', '−');
}

/**
 * The summary table, a row per left-out unit and figure that some constant lowers (in order of first
 * appearance), a line naming the others, and a last line naming the largest drop.
 * @param {LooRow[]} rows
 * @param {{ unit?: string }} [options]  the column name of the left-out unit (default `left out`)
 * @returns {string[]}
 */
export function renderLooSummary(rows, { unit = 'left out' } = {}) {
  /** @type {Map<string, LooRow[]>} */
  const groups = new Map();
  for (const r of rows) {
    const key = `${r.left}\t${r.metric}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const out = [
    `| ${unit} | figure | all-in (defaults) | left out, worst over the constants | Δ | constant = value chosen without it (default) |`,
    '| --- | --- | ---: | ---: | ---: | --- |',
  ];
  /** @type {LooRow | null} */
  let largest = null;
  /** Units and figures no constant lowers: one line after the table instead of a row each. */
  const steady = [];
  for (const list of groups.values()) {
    const worst = list.reduce((w, r) => (r.loo - r.dev < w.loo - w.dev - EPSILON ? r : w));
    const dropped = worst.loo < worst.dev - EPSILON;
    if (!dropped) {
      steady.push(`${worst.left} ${worst.metric} ${worst.dev.toFixed(3)}`);
      continue;
    }
    const which = `${worst.constant} = ${String(worst.chosen)} (${String(worst.shown)})`;
    out.push(`| ${worst.left} | ${worst.metric} | ${worst.dev.toFixed(3)} | ${worst.loo.toFixed(3)} | ${signed(worst.loo - worst.dev)} | ${which} |`);
    if (largest === null || worst.loo - worst.dev < largest.loo - largest.dev) largest = worst;
  }
  if (out.length === 2) out.length = 0; // no row: no table
  if (steady.length > 0) out.push(...(out.length > 0 ? [''] : []), `No drop (left out = all-in): ${steady.join('; ')}.`);
  const n = new Set(rows.map((r) => r.constant)).size;
  const constants = `${n} constant${n === 1 ? '' : 's'}`;
  out.push('', largest === null
    ? `${constants}; no left-out figure falls below its all-in figure.`
    : `${constants}; largest drop ${signed(largest.loo - largest.dev)} (${largest.constant}, ${largest.left}).`);
  return out;
}
