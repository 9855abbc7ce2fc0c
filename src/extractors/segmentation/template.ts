/**
 * Per-site templates (paper §3.2–3.3): thresholds trained on sample pages of one site (2-means per
 * page, the minimum over the n samples; the mean for the chunk frequency), the tag path(s) of the main
 * block, and the chunks that recur across the site's pages (boilerplate inside the main block).
 * @module
 */
import type { Diagnostic } from '../../core/diagnostics.js';
import { diagnostic } from '../../core/diagnostics.js';
import { MatnError } from '../../core/errors.js';
import { resolveOptions } from '../../core/options.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Extraction } from '../types.js';
import { blockPath, chooseMainBlock, listBlocks } from './blocks.js';
import { listChunks, nearestContainers } from './chunks.js';
import { listLeaves } from './clusters.js';
import { buildExtraction, pageThresholds, validateOptions } from './core.js';
import { DEFAULT_SEGMENTATION_OPTIONS, type SegmentationOptions } from './defaults.js';

/** Version of the {@link SiteTemplate} format. */
export const SITE_TEMPLATE_VERSION = 1;

/**
 * What {@link trainSiteTemplate} learns from sample pages of one site. Plain JSON data: store it with
 * `JSON.stringify` and pass the parsed object back to {@link extractWithTemplate}.
 * @category Extraction
 */
export interface SiteTemplate {
  readonly version: number;
  /** Number of training pages. */
  readonly pages: number;
  /** LengthThreshold = Min over pages of 2-means(Length[]) (paper eq. 6, 9). */
  readonly lengthThreshold: number;
  /** Ln_Threshold = Min over pages of 2-means(Ln[]) (paper eq. 8, 11). */
  readonly listNoiseThreshold: number;
  /**
   * FrequencyThreshold = Min over pages of the mean training frequency of the page's chunks (paper
   * eq. 7, 10), at least 2 (a chunk seen on one page only is never template). A chunk whose text
   * occurs on at least this many training pages is dropped.
   */
  readonly frequencyThreshold: number;
  /** Tag paths of the training pages' main blocks, with the number of pages, most frequent first. */
  readonly paths: ReadonlyArray<{ readonly path: string; readonly pages: number }>;
  /** Chunk texts found on two or more training pages, with their page counts. */
  readonly chunks: ReadonlyArray<readonly [string, number]>;
  /** The split and chunk options used in training (reused for extraction). */
  readonly options: Readonly<Pick<Required<SegmentationOptions>, 'ratioMin' | 'ratioMax' | 'maxVariation' | 'minNodes' | 'chunkTags' | 'dropListChunks'>>;
}

/** Distinct chunk texts of a whole page. */
function pageChunkTexts(doc: AnalyzedDocument, chunkTags: readonly string[]): Set<string> {
  const leaves = listLeaves(doc);
  const n = leaves.node.length;
  if (n === 0) return new Set();
  const nearest = nearestContainers(doc, new Set(chunkTags.map((t) => t.toLowerCase())));
  return new Set(listChunks(doc, leaves, 0, n - 1, nearest).map((c) => c.text));
}

/**
 * Learns a {@link SiteTemplate} from sample pages of one site (paper §3.3 "n samples of the same
 * kind"). Each page's Length and Ln thresholds come from 2-means over its blocks; the template keeps
 * the minimum over pages. The frequency threshold is the minimum over pages of the mean number of
 * training pages that hold each of the page's chunks. Each page's main block, found with the learned
 * thresholds, records its tag path.
 * @throws MatnError `invalid-argument` when `pages` is empty or an option is invalid.
 * @example
 * ```ts
 * const template = trainSiteTemplate(samples.map((b) => analyze(normalize(b))));
 * writeFileSync('site.json', JSON.stringify(template));
 * extractWithTemplate(analyze(normalize(next)), template).text;
 * ```
 * @category Extraction
 */
export function trainSiteTemplate(pages: readonly AnalyzedDocument[], options?: Partial<SegmentationOptions>): SiteTemplate {
  const o = resolveOptions(DEFAULT_SEGMENTATION_OPTIONS, options, 'trainSiteTemplate');
  validateOptions(o, 'trainSiteTemplate');
  if (!Array.isArray(pages) || pages.length === 0) {
    throw new MatnError('invalid-argument', 'trainSiteTemplate: need at least one sample page', { pages: Array.isArray(pages) ? 0 : typeof pages });
  }
  const perPage = pages.map((doc) => {
    const leaves = listLeaves(doc);
    const blocks = listBlocks(leaves, o);
    return { doc, blocks, thresholds: pageThresholds(blocks, o), texts: pageChunkTexts(doc, o.chunkTags) };
  });
  const lengthThreshold = Math.min(...perPage.map((p) => p.thresholds.length));
  const listNoiseThreshold = Math.min(...perPage.map((p) => p.thresholds.listNoise));
  const df = new Map<string, number>();
  for (const p of perPage) for (const t of p.texts) df.set(t, (df.get(t) ?? 0) + 1);
  const means = perPage.map((p) => (p.texts.size === 0 ? Infinity : [...p.texts].reduce((s, t) => s + (df.get(t) ?? 0), 0) / p.texts.size));
  const minMean = Math.min(...means);
  const frequencyThreshold = Math.max(2, Number.isFinite(minMean) ? minMean : 2);
  const pathCounts = new Map<string, number>();
  for (const p of perPage) {
    const main = chooseMainBlock(p.blocks, { length: lengthThreshold, listNoise: listNoiseThreshold, minNodes: o.minNodes });
    if (main < 0) continue;
    const path = blockPath(p.doc, p.blocks[main]);
    pathCounts.set(path, (pathCounts.get(path) ?? 0) + 1);
  }
  return {
    version: SITE_TEMPLATE_VERSION,
    pages: pages.length,
    lengthThreshold,
    listNoiseThreshold,
    frequencyThreshold,
    paths: [...pathCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([path, n]) => ({ path, pages: n })),
    chunks: [...df].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    options: {
      ratioMin: o.ratioMin, ratioMax: o.ratioMax, maxVariation: o.maxVariation, minNodes: o.minNodes,
      chunkTags: [...o.chunkTags], dropListChunks: o.dropListChunks,
    },
  };
}

/** Checks the shape of a template read back from JSON. */
function checkTemplate(t: SiteTemplate): void {
  const ok = t !== null && typeof t === 'object' && t.version === SITE_TEMPLATE_VERSION && Array.isArray(t.paths) &&
    Array.isArray(t.chunks) && typeof t.lengthThreshold === 'number' && typeof t.listNoiseThreshold === 'number' &&
    typeof t.frequencyThreshold === 'number' && t.options !== null && typeof t.options === 'object';
  if (!ok) throw new MatnError('invalid-argument', 'extractWithTemplate: not a SiteTemplate (version 1)', { version: (t as { version?: unknown } | null)?.version });
}

/**
 * Extracts a further page of a site with its {@link SiteTemplate}: only the leaves on the learned
 * tag paths are clustered and split (no 2-means, no other paths), the learned thresholds decide, and
 * chunks that recur across the training pages are dropped. When no block on the learned paths passes,
 * every path is examined with the learned thresholds (`template-miss` diagnostic).
 * @throws MatnError `invalid-argument` for something that is not a version-1 template.
 * @category Extraction
 */
export function extractWithTemplate(doc: AnalyzedDocument, template: SiteTemplate): Extraction<Required<SegmentationOptions>> {
  checkTemplate(template);
  const o = resolveOptions(DEFAULT_SEGMENTATION_OPTIONS, {
    ...template.options, lengthThreshold: template.lengthThreshold, listNoiseThreshold: template.listNoiseThreshold,
  }, 'extractWithTemplate');
  const wanted = new Set(template.paths.map((p) => p.path));
  const pathIds = new Set<number>();
  doc.index.tagPaths.forEach((p, id) => { if (wanted.has(p)) pathIds.add(id); });
  const leaves = listLeaves(doc);
  const thresholds = { length: template.lengthThreshold, listNoise: template.listNoiseThreshold, minNodes: o.minNodes };
  const chunkFreq = new Map(template.chunks);
  const frequency = { of: (text: string): number => chunkFreq.get(text) ?? 0, threshold: template.frequencyThreshold };
  const diagnostics: Diagnostic[] = [];
  let blocks = listBlocks(leaves, o, pathIds);
  let main = chooseMainBlock(blocks, thresholds);
  if (main < 0) {
    diagnostics.push(diagnostic('template-miss', 'no block on the template\'s tag paths passes; all paths examined', 'info', { paths: [...wanted] }));
    blocks = listBlocks(leaves, o);
    main = chooseMainBlock(blocks, thresholds);
  }
  return buildExtraction({ doc, leaves, blocks, thresholds, options: o, frequency, diagnostics }, main);
}
