/**
 * Options of the text-block extractor and their sources.
 * @see Zou Yongqiang, Zhong Zhinong (邹永强, 钟志农), 一种高效的新闻网页噪声过滤方法 (An efficient approach
 * to reduce noise in news webpages), 微型机与应用 (Microcomputer & Its Applications) 30(16), 2011, pp. 64–67
 * @module
 */

/**
 * Options of {@link extractTextBlocks}.
 * @category Extraction
 */
export interface TextBlockOptions {
  /**
   * Type-I tags: removed with their content before blocks are cut. `a` is listed by the paper and is
   * handled by `linkText`; `form` is left out (see docs: ASP.NET pages wrap the whole body in one form).
   * @default the paper's table 1, type I, without `a` and `form`: script, noscript, style, meta, param,
   * button, select, optgroup, option, label, textarea, fieldset, legend, input, img, image, map, area,
   * iframe, embed, object (paper §1.2.1, table 1)
   */
  dropTags?: readonly string[];
  /**
   * Type-II tags: each start and end tag separates two blocks.
   * @default the paper's type II (dl, p, hr, div, table, tr, td, dt, dd, head, body, tbody; ul, li, br
   * are read into the blanks the typesetting left in table 1), h1–h6, form, and their HTML5 kin
   * (ol, th, thead, tfoot, caption, article, section, header, footer, nav, aside, main, figure,
   * figcaption, blockquote, pre, center, address) (paper §1.2.1, table 1)
   */
  boundaryTags?: readonly string[];
  /**
   * How `<a>` (type I) is treated: `'drop'` removes links with their text everywhere (the paper);
   * `'keep'` leaves link text out of every count but keeps it in the text of the blocks chosen, so a
   * paragraph with an inline link keeps its words.
   * @default 'keep' (the counts are the paper's; only the output text differs)
   */
  linkText?: 'drop' | 'keep';
  /**
   * Blocks with no text at all (two separators in a row, e.g. every `</p><p>`): `'drop'` leaves them
   * out of blocknum, so smoothing averages neighbouring paragraphs; `'keep'` leaves them in as zeros
   * (the literal split on `<textblock>`). Blocks of links only stay in either way, as zeros that
   * separate the body from link lists.
   * @default 'drop' (the paper's smoothing is meant to bridge a short paragraph between long ones,
   * §1.2.2 fig. 2, which zeros between all paragraphs prevent; see docs)
   */
  emptyBlocks?: 'drop' | 'keep';
  /**
   * The smoothing operator applied to blocknum, normalized by its sum; odd length, centered.
   * @default [1, 2, 1] (paper §1.2.2 (1): ¼·[1 2 1], a centre-weighted neighbourhood average)
   */
  kernel?: readonly number[];
  /**
   * Weight of N_min in N'_min = (w·N_min + N_avg)/(w + 1).
   * @default 2 (paper §1.2.2 (2): N'_min = (2·N_min + N_avg)/3)
   */
  minWeight?: number;
  /**
   * How many of the largest smoothed values enter N_calib = (Σ_{i≤n} N_max_i + N_avg)/(n + 1).
   * @default 9 (paper §1.2.2 (2): the 9 largest, "determined by many experiments")
   */
  calibrationCount?: number;
  /**
   * Words that disqualify a `<title>` segment as the news title (site and channel names), matched as
   * whole segments, case-insensitively, and as the suffix of a short segment (≤ 8 characters).
   * @default a small list of site and channel words (paper §1.2.3 uses "a stop-word list", not given)
   */
  titleStopWords?: readonly string[];
}

/**
 * Defaults of {@link TextBlockOptions}.
 * @category Extraction
 */
export const DEFAULT_TEXT_BLOCK_OPTIONS: Readonly<Required<TextBlockOptions>> = Object.freeze({
  dropTags: Object.freeze([
    'script', 'noscript', 'style', 'meta', 'param', 'button', 'select', 'optgroup', 'option', 'label', 'textarea',
    'fieldset', 'legend', 'input', 'img', 'image', 'map', 'area', 'iframe', 'embed', 'object',
  ]),
  boundaryTags: Object.freeze([
    'dl', 'p', 'hr', 'div', 'table', 'tr', 'td', 'dt', 'dd', 'head', 'body', 'tbody', 'ul', 'li',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'form',
    'ol', 'th', 'thead', 'tfoot', 'caption', 'article', 'section', 'header', 'footer', 'nav', 'aside', 'main',
    'figure', 'figcaption', 'blockquote', 'pre', 'center', 'address',
  ]),
  linkText: 'keep',
  emptyBlocks: 'drop',
  kernel: Object.freeze([1, 2, 1]),
  minWeight: 2,
  calibrationCount: 9,
  titleStopWords: Object.freeze([
    '首页', '新闻', '新闻中心', '新闻频道', '频道', '正文', '网站', '官网', '官方网站', '门户网站', '在线', '网',
    'home', 'news', 'homepage',
  ]),
});
