/**
 * Options of the structured-content stage (`contentHtml`, `images`).
 * @module
 */

/**
 * Options of {@link renderContent}: how the content region is grown around the kept blocks and
 * which images count as content.
 * @category Content
 */
export interface ContentOptions {
  /**
   * The content region starts at the lowest common ancestor of the kept blocks and climbs to a
   * parent while the parent adds at most this share of text (a parent that adds a picture, a
   * caption or a byline, not a sidebar). Inside the grown region only text-free media and
   * headings that precede kept content are added: text is never added.
   * @default 0.25
   */
  regionGrowth?: number;
  /**
   * An image whose `width` or `height` attribute is at most this many pixels is a tracking pixel
   * or a spacer, never content.
   * @default 2
   */
  minImageSize?: number;
  /**
   * A table, list, pre, figure or blockquote of which the extractor kept some parts is kept whole
   * when the kept parts hold at least this share of its text (its structure then survives); below
   * it, it is a layout container and only the kept parts are written.
   * @default 0.5
   */
  wholeContainerShare?: number;
  /** Most images listed in `images` (a guard against galleries of thousands). @default 100 */
  maxImages?: number;
}

/**
 * Defaults of {@link ContentOptions}.
 * @category Content
 */
export const DEFAULT_CONTENT_OPTIONS: Readonly<Required<ContentOptions>> = Object.freeze({
  regionGrowth: 0.25,
  minImageSize: 2,
  wholeContainerShare: 0.5,
  maxImages: 100,
});
