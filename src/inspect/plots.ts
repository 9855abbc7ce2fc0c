/**
 * The three figures of the papers, drawn from the series and traces the extractors return:
 * the line-block distribution (Chen Xin, figures 3–9), the raw and smoothed text-block histograms
 * (Zou & Zhong, figures 1–2), and the correlativity of each text block before and after smoothing
 * (Wang, Zhou & Li, figures 3–4).
 * @module
 */
import type { Extraction, TraceRange } from '../extractors/types.js';
import { renderPlot, type PlotBand, type PlotOptions, type PlotThreshold } from './svg.js';

/** One figure: its id, the SVG plots, and a caption saying what the marks mean. */
export interface Figure {
  readonly id: string;
  readonly heading: string;
  readonly plots: readonly string[];
  readonly caption: string;
}

/** Colours of the figures (series first, then thresholds). */
const COLORS = Object.freeze({ series: '#3465a4', after: '#c46a00', threshold: '#cc0000', second: '#7a3db8' });

function bandsOf(ranges: readonly TraceRange[], series: string): PlotBand[] {
  return ranges.filter((r) => r.series === series).map((r) => ({ start: r.start, end: r.end, kept: r.kept }));
}

function thresholdsOf(extraction: Extraction, series: string): PlotThreshold[] {
  return (extraction.trace?.thresholds ?? [])
    .filter((t) => t.series === series)
    .map((t, i) => ({ name: t.name, value: t.value, color: i === 0 ? COLORS.threshold : COLORS.second }));
}

const count = (ranges: readonly TraceRange[], series: string, kept: boolean): number => ranges.filter((r) => r.series === series && r.kept === kept).length;

/** Chen Xin's line-block distribution Y(X) with its threshold and the regions found. */
export function lineBlockFigure(e: Extraction, plot?: PlotOptions): Figure {
  const y = e.series?.distribution ?? [];
  const ranges = e.trace?.ranges ?? [];
  const k = (e.options as { blockThickness?: number }).blockThickness;
  return {
    id: 'fig-line-blocks',
    heading: 'Line-block distribution function (line-blocks)',
    plots: [renderPlot({
      title: `Y(X): characters in lines X…X+${k === undefined ? 'K−1' : k - 1}`,
      xLabel: 'X: line of the tag-free text (Ctext)',
      yLabel: 'block length Y (characters)',
      series: [{ name: 'Y(X)', values: y, kind: 'line', color: COLORS.series }],
      thresholds: thresholdsOf(e, 'distribution'),
      bands: bandsOf(ranges, 'distribution'),
      bandNames: { kept: 'region kept', dropped: 'region not kept' },
    }, plot)],
    caption: `${y.length} lines; ${count(ranges, 'distribution', true)} region(s) kept, ${count(ranges, 'distribution', false)} found and left out. A region runs from a rise over the threshold to a fall into two empty blocks.`,
  };
}

/** Zou & Zhong's blocknum and sblocknum histograms, with N'_min, N_calib and the runs found. */
export function textBlockFigure(e: Extraction, plot?: PlotOptions): Figure {
  const ranges = e.trace?.ranges ?? [];
  const bands = bandsOf(ranges, 'smoothed');
  const bandNames = { kept: 'run in mainblockset', dropped: "run ≥ N'_min, not kept" };
  return {
    id: 'fig-text-blocks',
    heading: 'Text-block histograms, raw and smoothed (text-blocks)',
    plots: [
      renderPlot({
        title: 'blocknum: counted characters per text block',
        xLabel: 'text block (source order)',
        yLabel: 'characters',
        series: [{ name: 'blocknum', values: e.series?.raw ?? [], kind: 'bar', color: COLORS.series }],
        bands,
        bandNames,
      }, plot),
      renderPlot({
        title: 'sblocknum: smoothed with ¼·[1 2 1]',
        xLabel: 'text block (source order)',
        yLabel: 'characters (smoothed)',
        series: [{ name: 'sblocknum', values: e.series?.smoothed ?? [], kind: 'bar', color: COLORS.after }],
        thresholds: thresholdsOf(e, 'smoothed'),
        bands,
        bandNames,
      }, plot),
    ],
    caption: `${(e.series?.raw ?? []).length} blocks; ${count(ranges, 'smoothed', true)} run(s) kept of ${ranges.length}. Runs are blocks all ≥ N'_min; a run holding a block ≥ N_calib is main (rule ①), and so are the runs between two main runs (rule ②).`,
  };
}

/** Wang, Zhou & Li's CC of every text block, before and after the data smoothing. */
export function correlativityFigure(e: Extraction, plot?: PlotOptions): Figure {
  const ranges = e.trace?.ranges ?? [];
  const bands = bandsOf(ranges, 'blockSmoothed');
  const isThread = (e.posts?.length ?? 0) > 0;
  const bandNames = { kept: isThread ? 'in a post' : 'kept as body', dropped: 'not kept' };
  const before = e.series?.blockCc ?? [];
  return {
    id: 'fig-correlativity',
    heading: 'Content correlativity CC per text block, before and after smoothing (correlated)',
    plots: [
      renderPlot({
        title: 'CC = TA / max(LA, 1), before smoothing',
        xLabel: 'text block (source order)',
        yLabel: 'CC',
        series: [{ name: 'CC', values: before, kind: 'bar', color: COLORS.series }],
        thresholds: thresholdsOf(e, 'blockCc'),
        bands,
        bandNames,
        logY: true,
      }, plot),
      renderPlot({
        title: 'CC after smoothing (short content on a content layer raised to C)',
        xLabel: 'text block (source order)',
        yLabel: 'CC',
        series: [{ name: 'smoothed CC', values: e.series?.blockSmoothed ?? [], kind: 'bar', color: COLORS.after }],
        thresholds: thresholdsOf(e, 'blockSmoothed'),
        bands,
        bandNames,
        logY: true,
      }, plot),
    ],
    caption: `${before.length} text blocks. ${isThread ? `Read as a forum thread of ${e.posts?.length} posts: the shaded spans are the blocks inside the post records.` : `${bands.length} kept run(s) of blocks (content above C, on the main region's layer).`}`,
  };
}
