/**
 * Options of the segmentation extractor and their sources.
 * @see Hou Mingyan, Yang Tianqi, 基于网页分割的 Web 信息提取算法 (Web information extraction based on
 * web page segmentation), 电子技术应用 (Application of Electronic Technique), 2011
 * @module
 */

/**
 * Options of {@link extractSegmented} and {@link trainSiteTemplate}.
 * @category Extraction
 */
export interface SegmentationOptions {
  /**
   * Lower end of the range of the ratio r = d_{j+1} / d_j of consecutive leaf intervals; outside the
   * range the larger interval is a split point.
   * @default 0.5 (paper §2, "r ∈ [0.?5, 2]": the first digit is illegible; 0.5 is the symmetric bound of 2)
   */
  ratioMin?: number;
  /**
   * Upper end of the range of r.
   * @default 2 (paper §2)
   */
  ratioMax?: number;
  /**
   * "Variance within threshold": a cluster is split only while σ(d) > maxVariation · μ (σ² > (maxVariation·μ)²),
   * i.e. its intervals vary more than their mean. Scale-free, so a cluster of long paragraphs full of
   * inline links (large but regular intervals) is not cut into paragraphs.
   * @default 1 (the paper gives no value; intervals as irregular as a Poisson process are left whole)
   */
  maxVariation?: number;
  /**
   * A block must hold more than this many leaf nodes ("节点数目大于预定义值", paper §2 rule 2).
   * @default 1
   */
  minNodes?: number;
  /**
   * LengthThreshold: non-link characters a block must exceed. `null` learns it from the page itself by
   * 2-means over the blocks' lengths (paper §3.3 eq. 6, a single sample page).
   * @default null
   */
  lengthThreshold?: number | null;
  /**
   * Ln_Threshold: list-noise coefficient (0–100 %) a block must exceed. `null` learns it from the page
   * itself by 2-means over the blocks' coefficients (paper §3.3 eq. 8).
   * @default null
   */
  listNoiseThreshold?: number | null;
  /**
   * Tags that close a text chunk inside the main block (paper §3.2: "table/div"); HTML5 sectioning
   * and list containers play the same role today.
   * @default div, table, td, th, section, article, aside, nav, header, footer, ul, ol
   */
  chunkTags?: readonly string[];
  /**
   * Drop chunks of the main block whose own list-noise coefficient is not above Ln_Threshold (a links
   * list inside the article), as the paper's region-noise step (§1.2) does for blocks.
   * @default true
   */
  dropListChunks?: boolean;
}

/**
 * Defaults of {@link SegmentationOptions}.
 * @category Extraction
 */
export const DEFAULT_SEGMENTATION_OPTIONS: Readonly<Required<SegmentationOptions>> = Object.freeze({
  ratioMin: 0.5,
  ratioMax: 2,
  maxVariation: 1,
  minNodes: 1,
  lengthThreshold: null,
  listNoiseThreshold: null,
  chunkTags: Object.freeze(['div', 'table', 'td', 'th', 'section', 'article', 'aside', 'nav', 'header', 'footer', 'ul', 'ol']),
  dropListChunks: true,
});
