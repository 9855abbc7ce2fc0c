/**
 * Tag vocabularies used to turn a parsed tree into visible text.
 *
 * Every vocabulary is a frozen set of lower-case tag names; {@link tagFlags} folds them into one
 * bit mask per tag so the analysis walk needs a single lookup per element.
 * @module
 */

/**
 * Elements whose subtree is never visible body text.
 *
 * - `script`, `style`, `template`: code and inert markup.
 * - `noscript`: shown only without JavaScript; mostly "enable JavaScript" notices and tracking pixels.
 * - `title`: metadata (it stays reachable through the tree for the metadata extractors). `head` is not
 *   excluded: its metadata elements have no visible text of their own, and a browser shows what a page
 *   puts there by mistake (a `<head>` never closed holds the whole page in the parse tree).
 * - `iframe`, `object`, `embed`, `canvas`, `video`, `audio`: their children are fallback content that a
 *   browser with support never shows.
 * - `svg`, `math`: foreign content; their text is labels of drawings and formulas, not prose.
 * - `select`, `datalist`, `textarea`: form values (option lists, pre-filled input), not page text.
 * @category DOM
 */
export const EXCLUDED_TAGS: ReadonlySet<string> = Object.freeze(
  new Set([
    'script', 'style', 'template', 'noscript', 'title',
    'iframe', 'object', 'embed', 'canvas', 'video', 'audio',
    'svg', 'math', 'select', 'datalist', 'textarea',
  ]),
);

/**
 * Block-level elements: their start and end break the visible text into lines.
 * Table cells and list items count as blocks, so each one is its own line.
 * @category DOM
 */
export const BLOCK_TAGS: ReadonlySet<string> = Object.freeze(
  new Set([
    'html', 'body', 'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div',
    'dl', 'dd', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frameset', 'h1', 'h2', 'h3', 'h4',
    'h5', 'h6', 'header', 'hgroup', 'hr', 'legend', 'li', 'main', 'menu', 'nav', 'ol', 'ul', 'p', 'pre',
    'section', 'summary', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'option', 'optgroup',
    'noframes', 'search',
  ]),
);

/**
 * Void elements of HTML (they never have children), as htmlparser2 treats them.
 * @category DOM
 */
export const VOID_TAGS: ReadonlySet<string> = Object.freeze(
  new Set([
    'area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex',
    'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  ]),
);

/**
 * Bits of {@link tagFlags}.
 * @category DOM
 */
export const TagFlag = Object.freeze({
  /** In {@link EXCLUDED_TAGS}. */
  Excluded: 1,
  /** In {@link BLOCK_TAGS}. */
  Block: 2,
  /** `<a>`. */
  Link: 4,
  /** `<p>`. */
  Paragraph: 8,
  /** `<br>`: a line break inside a block. */
  LineBreak: 16,
} as const);

const TAG_FLAGS: ReadonlyMap<string, number> = buildTagFlags();

function buildTagFlags(): Map<string, number> {
  const flags = new Map<string, number>();
  const add = (tag: string, bit: number): void => {
    flags.set(tag, (flags.get(tag) ?? 0) | bit);
  };
  for (const tag of EXCLUDED_TAGS) add(tag, TagFlag.Excluded);
  for (const tag of BLOCK_TAGS) add(tag, TagFlag.Block);
  add('a', TagFlag.Link);
  add('p', TagFlag.Paragraph);
  add('br', TagFlag.LineBreak);
  return flags;
}

/**
 * The {@link TagFlag} bits of a lower-case tag name (0 for an ordinary inline element).
 * @category DOM
 */
export function tagFlags(tag: string): number {
  return TAG_FLAGS.get(tag) ?? 0;
}
