/**
 * Small server-side SVG plots for the inspect report: bars or lines over an index axis, with axes,
 * ticks, axis labels, a legend, horizontal threshold lines and shaded index ranges. Hand-written
 * (about 200 lines) rather than a charting library: the libraries that render server-side either
 * need a DOM (d3 + jsdom) or a canvas binding, and these plots need only rectangles and paths.
 * @module
 */
import { escapeHtml } from './escape.js';

/** One data series of a plot. */
export interface PlotSeries {
  readonly name: string;
  readonly values: ArrayLike<number>;
  /** Bars (a histogram over the index) or a line. */
  readonly kind: 'bar' | 'line';
  readonly color: string;
}

/** A horizontal line at a value of the y axis (an extractor's threshold). */
export interface PlotThreshold {
  readonly name: string;
  readonly value: number;
  readonly color: string;
}

/** A shaded range [start, end) of the x axis (a region or run the extractor found). */
export interface PlotBand {
  readonly start: number;
  readonly end: number;
  /** Kept ranges are shaded in `keptColor`, the others in `droppedColor`. */
  readonly kept: boolean;
}

/** What to draw. */
export interface PlotSpec {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly PlotSeries[];
  readonly thresholds?: readonly PlotThreshold[];
  readonly bands?: readonly PlotBand[];
  /** Legend names of the two kinds of bands. @default { kept: 'kept', dropped: 'found, not kept' } */
  readonly bandNames?: { readonly kept: string; readonly dropped: string };
  /** Plot y as log10(1 + y) (for CC values spanning several orders). @default false */
  readonly logY?: boolean;
}

/** Sizes and colours of a plot. */
export interface PlotOptions {
  /** Width of the SVG viewBox. @default 760 */
  width?: number;
  /** Height of the SVG viewBox. @default 280 */
  height?: number;
  /** Room for the y axis labels on the left. @default 64 */
  marginLeft?: number;
  /** Room for the legend on the right. @default 170 */
  marginRight?: number;
  /** Room for the title. @default 28 */
  marginTop?: number;
  /** Room for the x axis labels. @default 44 */
  marginBottom?: number;
  /** Most points drawn per series; longer series are reduced to the maximum of each bucket (peaks stay). @default 800 */
  maxPoints?: number;
  /** Ticks wanted on each axis (nice values are chosen near this count). @default 5 */
  ticks?: number;
  /** Shade of kept bands. @default 'rgba(46, 160, 67, 0.18)' */
  keptColor?: string;
  /** Shade of found but dropped bands. @default 'rgba(120, 120, 120, 0.14)' */
  droppedColor?: string;
}

/** Defaults of {@link PlotOptions}. */
export const DEFAULT_PLOT_OPTIONS: Readonly<Required<PlotOptions>> = Object.freeze({
  width: 760,
  height: 280,
  marginLeft: 64,
  marginRight: 170,
  marginTop: 28,
  marginBottom: 44,
  maxPoints: 800,
  ticks: 5,
  keptColor: 'rgba(46, 160, 67, 0.18)',
  droppedColor: 'rgba(120, 120, 120, 0.14)',
});

/** A "nice" tick step (1, 2 or 5 × 10^k) giving about `count` ticks over [0, max]. */
export function niceStep(max: number, count: number): number {
  if (!(max > 0)) return 1;
  const raw = max / Math.max(count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** Ticks 0, step, 2·step … up to and including the first ≥ max. */
function linearTicks(max: number, count: number): number[] {
  const step = niceStep(max, count);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    ticks.push(Number(v.toPrecision(12)));
    if (v >= max) break;
  }
  return ticks;
}

/** Short label of a tick value (1200 → "1.2k"). */
export function formatTick(v: number): string {
  if (Math.abs(v) >= 1e6) return `${Number((v / 1e6).toPrecision(3))}M`;
  if (Math.abs(v) >= 1e4) return `${Number((v / 1e3).toPrecision(3))}k`;
  return String(Number(v.toPrecision(4)));
}

/** Series reduced to at most `max` points: the maximum of each bucket, with the bucket's first index. */
export function downsample(values: ArrayLike<number>, max: number): { x: number; y: number }[] {
  const n = values.length;
  const bucket = Math.max(1, Math.ceil(n / Math.max(max, 1)));
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i += bucket) {
    let y = values[i];
    for (let j = i + 1; j < Math.min(n, i + bucket); j++) if (values[j] > y) y = values[j];
    out.push({ x: i, y: Number.isFinite(y) ? y : 0 });
  }
  return out;
}

const fmt = (v: number): string => String(Math.round(v * 10) / 10);

/**
 * One plot as an inline `<svg>` string: title, axes with ticks and labels, shaded bands, the series,
 * dashed threshold lines, and a legend naming every series, threshold and kind of band.
 * @example lineBlockPlot = renderPlot({ title: 'Y(X)', xLabel: 'line', yLabel: 'chars', series: [{ name: 'Y', values: y, kind: 'bar', color: '#36c' }] });
 */
export function renderPlot(spec: PlotSpec, options?: PlotOptions): string {
  const o = { ...DEFAULT_PLOT_OPTIONS, ...options };
  const { width: W, height: H } = o;
  const left = o.marginLeft;
  const top = o.marginTop;
  const plotW = W - o.marginLeft - o.marginRight;
  const plotH = H - o.marginTop - o.marginBottom;
  const n = Math.max(1, ...spec.series.map((s) => s.values.length));
  const t = (v: number): number => (spec.logY ? Math.log10(1 + Math.max(v, 0)) : v);
  let yMax = 0;
  for (const s of spec.series) for (let i = 0; i < s.values.length; i++) yMax = Math.max(yMax, t(s.values[i]));
  for (const th of spec.thresholds ?? []) yMax = Math.max(yMax, t(th.value));
  const yTicks = spec.logY ? logTicks(yMax) : linearTicks(yMax, o.ticks);
  const yTop = Math.max(t(yTicks[yTicks.length - 1] ?? 1), spec.logY ? yMax : 0, 1e-9);
  const px = (x: number): number => left + (x / n) * plotW;
  const py = (y: number): number => top + plotH - (t(y) / yTop) * plotH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" class="plot" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(spec.title)}">`);
  parts.push(`<title>${escapeHtml(spec.title)}</title>`);
  parts.push(`<text class="plot-title" x="${left}" y="${top - 10}" font-size="14" font-weight="bold">${escapeHtml(spec.title)}</text>`);
  const bandNames = spec.bandNames ?? { kept: 'kept', dropped: 'found, not kept' };
  for (const b of spec.bands ?? []) {
    const x0 = px(b.start);
    parts.push(`<rect class="band ${b.kept ? 'band-kept' : 'band-dropped'}" x="${fmt(x0)}" y="${top}" width="${fmt(Math.max(px(b.end) - x0, 1))}" height="${plotH}" fill="${b.kept ? o.keptColor : o.droppedColor}"/>`);
  }
  // grid and y axis
  for (const v of yTicks) {
    const y = fmt(py(spec.logY ? v : v));
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${y}" y2="${y}" stroke="#ddd" stroke-width="0.5"/>`);
    parts.push(`<text x="${left - 6}" y="${y}" font-size="11" text-anchor="end" dominant-baseline="middle">${formatTick(v)}</text>`);
  }
  for (const v of linearTicks(n, o.ticks + 3)) {
    if (v > n) continue;
    const x = fmt(px(v));
    parts.push(`<line x1="${x}" x2="${x}" y1="${top + plotH}" y2="${top + plotH + 4}" stroke="#333"/>`);
    parts.push(`<text x="${x}" y="${top + plotH + 16}" font-size="11" text-anchor="middle">${formatTick(v)}</text>`);
  }
  for (const s of spec.series) parts.push(drawSeries(s, o.maxPoints, n, plotW, px, py, top + plotH));
  for (const th of spec.thresholds ?? []) {
    const y = fmt(py(th.value));
    parts.push(`<line class="threshold" x1="${left}" x2="${left + plotW}" y1="${y}" y2="${y}" stroke="${th.color}" stroke-width="1.5" stroke-dasharray="6 3"/>`);
  }
  parts.push(`<line class="axis" x1="${left}" x2="${left}" y1="${top}" y2="${top + plotH}" stroke="#333"/>`);
  parts.push(`<line class="axis" x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" stroke="#333"/>`);
  parts.push(`<text class="axis-label" x="${left + plotW / 2}" y="${H - 8}" font-size="12" text-anchor="middle">${escapeHtml(spec.xLabel)}</text>`);
  const yLabel = spec.logY ? `${spec.yLabel} (log scale)` : spec.yLabel;
  parts.push(`<text class="axis-label" transform="translate(14 ${top + plotH / 2}) rotate(-90)" font-size="12" text-anchor="middle">${escapeHtml(yLabel)}</text>`);
  parts.push(legend(spec, bandNames, o, left + plotW + 14, top));
  parts.push('</svg>');
  return parts.join('');
}

/** 0, 1, 10, 100 … up to the first power of ten ≥ 10^max − 1 (values of a log10(1 + y) axis). */
function logTicks(max: number): number[] {
  const ticks = [0];
  for (let k = 0; k <= Math.ceil(max); k++) ticks.push(10 ** k);
  return ticks;
}

function drawSeries(
  s: PlotSeries, maxPoints: number, n: number, plotW: number, px: (x: number) => number, py: (y: number) => number, base: number,
): string {
  const points = downsample(s.values, maxPoints);
  if (points.length === 0) return '';
  const step = points.length > 1 ? points[1].x - points[0].x : 1;
  if (s.kind === 'bar') {
    // one path of rectangles; a gap between bars only when they are wide enough to show it
    const w = (step / n) * plotW;
    const gap = w > 3 ? 1 : 0;
    const d = points.filter((p) => p.y > 0).map((p) => `M${fmt(px(p.x))} ${fmt(base)}V${fmt(py(p.y))}h${fmt(Math.max(w - gap, 0.5))}V${fmt(base)}z`).join('');
    return `<path class="series series-bar" data-name="${escapeHtml(s.name)}" d="${d || `M0 ${fmt(base)}`}" fill="${s.color}"/>`;
  }
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${fmt(px(p.x + step / 2))} ${fmt(py(p.y))}`).join('');
  return `<path class="series series-line" data-name="${escapeHtml(s.name)}" d="${d}" fill="none" stroke="${s.color}" stroke-width="1.5"/>`;
}

function legend(spec: PlotSpec, bandNames: { kept: string; dropped: string }, o: Required<PlotOptions>, x: number, y: number): string {
  const rows: string[] = [];
  let row = 0;
  const at = (): number => y + 8 + row++ * 18;
  for (const s of spec.series) {
    const ry = at();
    const mark = s.kind === 'bar'
      ? `<rect x="${x}" y="${ry - 6}" width="14" height="10" fill="${s.color}"/>`
      : `<line x1="${x}" x2="${x + 14}" y1="${ry - 1}" y2="${ry - 1}" stroke="${s.color}" stroke-width="2"/>`;
    rows.push(`${mark}<text x="${x + 20}" y="${ry}" font-size="11" dominant-baseline="middle">${escapeHtml(s.name)}</text>`);
  }
  for (const th of spec.thresholds ?? []) {
    const ry = at();
    rows.push(`<line x1="${x}" x2="${x + 14}" y1="${ry - 1}" y2="${ry - 1}" stroke="${th.color}" stroke-width="1.5" stroke-dasharray="4 2"/><text x="${x + 20}" y="${ry}" font-size="11" dominant-baseline="middle">${escapeHtml(`${th.name} = ${formatTick(th.value)}`)}</text>`);
  }
  const bands = spec.bands ?? [];
  for (const kept of [true, false]) {
    if (!bands.some((b) => b.kept === kept)) continue;
    const ry = at();
    rows.push(`<rect x="${x}" y="${ry - 6}" width="14" height="10" fill="${kept ? o.keptColor : o.droppedColor}" stroke="#999" stroke-width="0.5"/><text x="${x + 20}" y="${ry}" font-size="11" dominant-baseline="middle">${escapeHtml(kept ? bandNames.kept : bandNames.dropped)}</text>`);
  }
  return `<g class="legend">${rows.join('')}</g>`;
}
