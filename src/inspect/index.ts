/**
 * `matn inspect`: a self-contained HTML report of why a page was extracted the way it was
 * (encoding, metadata provenance, the papers' plots, every algorithm side by side, posts, and the
 * page's text with the extracted blocks highlighted). See docs/inspect.md.
 * @module
 */
import { inspect, type InspectOptions } from './model.js';
import { renderReport, type RenderOptions } from './render.js';

export { inspect, DEFAULT_INSPECT_OPTIONS } from './model.js';
export type { InspectOptions, Inspection, MemberRun } from './model.js';
export { renderReport, directionOf } from './render.js';
export type { RenderOptions } from './render.js';
export { renderPlot, DEFAULT_PLOT_OPTIONS } from './svg.js';
export type { PlotSpec, PlotSeries, PlotThreshold, PlotBand, PlotOptions } from './svg.js';
export { escapeHtml } from './escape.js';

/**
 * One call: the report of a page as an HTML string.
 * @example writeFileSync('report.html', inspectPage(readFileSync('thread.html'), { algorithm: 'correlated' }));
 */
export function inspectPage(input: Uint8Array | string, options?: InspectOptions & RenderOptions): string {
  const { plot, source, ...rest } = options ?? {};
  return renderReport(inspect(input, rest), { ...(plot ? { plot } : {}), ...(source ? { source } : {}) });
}
