/**
 * Serializes a {@link ContentPlan} as minimal, safe HTML. The allowlist is the sanitizer: only the
 * elements and attributes below are ever written, every text and attribute value is escaped, and
 * every URL goes through {@link safeUrl}. Scripts, styles, SVG, forms and hidden subtrees are
 * never reached (the analysis marks them excluded); event handlers and `style` are never copied.
 * @module
 */
import { attributeOf, textDataOf } from '../analysis/node-data.js';
import { nextSibling, previousSibling } from '../analysis/tree.js';
import { NodeKind, type AnalyzedDocument } from '../analysis/types.js';
import { collapseWhitespace } from '../metadata/elements.js';
import { DEFAULT_CONTENT_OPTIONS, type ContentOptions } from './options.js';
import { Mark, type ContentPlan } from './plan.js';
import { safeUrl } from './urls.js';

/**
 * An image of the content.
 * @category Content
 */
export interface ContentImage {
  /** Absolute URL when the page's base is known, else as written. */
  readonly src: string;
  /** The `alt` text, or null. */
  readonly alt: string | null;
  /** The caption of the figure the image is in, or null. */
  readonly caption: string | null;
}

/** What {@link renderContentHtml} returns. */
export interface RenderedContent {
  readonly html: string;
  readonly images: readonly ContentImage[];
}

/** Elements written with their tag (everything else not dropped is unwrapped: its children are written). */
const KEPT_TAGS: ReadonlySet<string> = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'pre', 'code', 'blockquote', 'figure', 'figcaption', 'hr', 'br', 'a', 'img',
  'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'mark', 'small', 'abbr', 'q', 'cite',
  'kbd', 'samp', 'var', 'time',
]);
/** Elements dropped with their subtree even inside kept content: controls, not content. */
const DROPPED_TAGS: ReadonlySet<string> = new Set(['button', 'input', 'label', 'option', 'optgroup', 'link', 'meta', 'base', 'source', 'track', 'area', 'map', 'picture-source']);
const VOID: ReadonlySet<string> = new Set(['br', 'hr', 'img']);
/** Elements followed by a line break in the output (readability of the HTML only: browsers ignore it). */
const LINE_AFTER: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'table', 'tr', 'pre', 'blockquote', 'figure', 'hr', 'caption', 'thead', 'tbody', 'tfoot']);
/** Elements whose own text children are only whitespace between their parts. */
const STRUCTURE_ONLY: ReadonlySet<string> = new Set(['ul', 'ol', 'dl', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'figure']);
/** Elements that stay even when empty (a table cell keeps the grid). */
const KEEP_EMPTY: ReadonlySet<string> = new Set(['td', 'th', 'tr']);
/** Attributes whose value is a whole number (copied only when it is one). */
const NUMERIC_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'], ol: ['start'], img: ['width', 'height'],
};
/** Plain-text attributes copied as they are (escaped). */
const TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['title'], img: ['alt', 'title'], abbr: ['title'], time: ['datetime'], th: ['scope'],
};
/** Image attributes that hold the real source on lazy-loading pages, in order of trust. */
const IMAGE_SOURCES = ['src', 'data-src', 'data-original', 'data-lazy-src'] as const;
const WHOLE_NUMBER = /^\d{1,5}$/u;
const DIRECTION = /^(?:ltr|rtl|auto)$/u;
const LANGUAGE_TAG = /^[a-zA-Z]{2,8}(?:-[a-zA-Z0-9]{1,8})*$/u;
const CODE_LANGUAGE = /^(?:language|lang)-[\w+#-]{1,30}$/u;
const WHITESPACE_RUN = /[ \t\n\r\f]+/gu;
const HTML_TEXT_SPECIAL = /[&<>]/gu;
const HTML_ATTRIBUTE_SPECIAL = /[&<>"]/gu;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

const escapeText = (s: string): string => s.replace(HTML_TEXT_SPECIAL, (c) => ENTITY[c]);
const escapeAttribute = (s: string): string => s.replace(HTML_ATTRIBUTE_SPECIAL, (c) => ENTITY[c]);

/** What one rendering needs besides the node. */
interface RenderContext {
  readonly doc: AnalyzedDocument;
  readonly marks: Uint8Array;
  readonly base: string;
  readonly o: Readonly<Required<ContentOptions>>;
  readonly images: ContentImage[];
  /** Inside `<pre>`: whitespace kept as written. */
  pre: boolean;
  /** The caption of the figure being written, or null. */
  caption: string | null;
}

/** The first source of an image that is a web address (lazy-loading attributes and `srcset` included). */
function imageSource(doc: AnalyzedDocument, id: number, base: string): string | null {
  for (const name of IMAGE_SOURCES) {
    const value = attributeOf(doc, id, name);
    const url = value === undefined ? null : safeUrl(value, base, 'image');
    if (url !== null) return url;
  }
  const srcset = attributeOf(doc, id, 'srcset') ?? attributeOf(doc, id, 'data-srcset');
  const first = srcset?.trim().split(/\s+/u)[0];
  return first ? safeUrl(first, base, 'image') : null;
}

/** True for an image a page shows as a tracking pixel or spacer (a width or height of a pixel or two). */
function isPixel(doc: AnalyzedDocument, id: number, minSize: number): boolean {
  return ['width', 'height'].some((name) => {
    const value = attributeOf(doc, id, name);
    return value !== undefined && WHOLE_NUMBER.test(value.trim()) && Number(value) <= minSize;
  });
}

/** The safe attributes of an element, as ` name="value"` text. */
function attributesOf(id: number, tag: string, ctx: RenderContext, src: string | null): string {
  const out: string[] = [];
  const attribute = (name: string): string | undefined => attributeOf(ctx.doc, id, name);
  if (tag === 'a') {
    const value = attribute('href');
    const href = value === undefined ? null : safeUrl(value, ctx.base, 'link');
    if (href !== null) out.push(`href="${escapeAttribute(href)}"`);
  }
  if (tag === 'img' && src !== null) out.push(`src="${escapeAttribute(src)}"`);
  const citeValue = tag === 'blockquote' || tag === 'q' ? attribute('cite') : undefined;
  if (citeValue !== undefined) {
    const cite = safeUrl(citeValue, ctx.base, 'link');
    if (cite !== null) out.push(`cite="${escapeAttribute(cite)}"`);
  }
  for (const name of NUMERIC_ATTRIBUTES[tag] ?? []) {
    const value = attribute(name)?.trim() ?? '';
    if (WHOLE_NUMBER.test(value)) out.push(`${name}="${value}"`);
  }
  for (const name of TEXT_ATTRIBUTES[tag] ?? []) {
    const value = attribute(name);
    if (value !== undefined) out.push(`${name}="${escapeAttribute(collapseWhitespace(value))}"`);
  }
  if (tag === 'code' || tag === 'pre') {
    const language = (attribute('class') ?? '').split(/\s+/u).find((c) => CODE_LANGUAGE.test(c));
    if (language) out.push(`class="${language}"`);
  }
  const dir = attribute('dir');
  if (dir !== undefined && DIRECTION.test(dir.trim().toLowerCase())) out.push(`dir="${dir.trim().toLowerCase()}"`);
  const lang = attribute('lang');
  if (lang !== undefined && LANGUAGE_TAG.test(lang.trim())) out.push(`lang="${lang.trim()}"`);
  return out.length === 0 ? '' : ` ${out.join(' ')}`;
}

function renderChildren(id: number, ctx: RenderContext): string {
  let html = '';
  for (let c = id + 1; c < ctx.doc.index.subtreeEnd[id]; c = ctx.doc.index.subtreeEnd[c]) html += renderNode(c, ctx);
  return html;
}

/** The caption text of a figure: its `figcaption`'s visible text, or null. */
function figureCaption(doc: AnalyzedDocument, figure: number): string | null {
  const caption = doc.index.childElements(figure).find((c) => doc.index.tagOf(c) === 'figcaption');
  const text = caption === undefined ? '' : collapseWhitespace(doc.textOf(caption));
  return text === '' ? null : text;
}

function renderImage(id: number, ctx: RenderContext): string {
  if (isPixel(ctx.doc, id, ctx.o.minImageSize)) return '';
  const src = imageSource(ctx.doc, id, ctx.base);
  if (src === null) return '';
  if (ctx.images.length < ctx.o.maxImages && !ctx.images.some((i) => i.src === src)) {
    const alt = collapseWhitespace(attributeOf(ctx.doc, id, 'alt') ?? '');
    ctx.images.push({ src, alt: alt === '' ? null : alt, caption: ctx.caption });
  }
  return `<img${attributesOf(id, 'img', ctx, src)}>`;
}

function renderElement(id: number, ctx: RenderContext): string {
  const { tagOf } = ctx.doc.index;
  const name = tagOf(id);
  if (DROPPED_TAGS.has(name)) return '';
  if (name === 'img') return renderImage(id, ctx);
  if (VOID.has(name)) return name === 'hr' ? '<hr>\n' : `<${name}>`;
  const outer = { pre: ctx.pre, caption: ctx.caption };
  if (name === 'pre') ctx.pre = true;
  if (name === 'figure') ctx.caption = figureCaption(ctx.doc, id);
  const inner = renderChildren(id, ctx);
  ctx.pre = outer.pre;
  ctx.caption = outer.caption;
  if (!KEPT_TAGS.has(name)) return inner;
  // a link that lost its address is plain text; an element left empty is dropped
  if (name === 'a' && !attributesOf(id, 'a', ctx, null).includes('href=')) return inner;
  if (inner.trim() === '' && !KEEP_EMPTY.has(name)) return '';
  return `<${name}${attributesOf(id, name, ctx, null)}>${inner}</${name}>${LINE_AFTER.has(name) ? '\n' : ''}`;
}

/** True when a text node sits next to a block element (its whitespace is then source layout). */
function besideBlock(doc: AnalyzedDocument, id: number): boolean {
  const { kind, tagOf } = doc.index;
  const isBlock = (n: number): boolean => n >= 0 && kind[n] === NodeKind.Element && LINE_AFTER.has(tagOf(n));
  return isBlock(previousSibling(doc.index, id)) || isBlock(nextSibling(doc.index, id));
}

function renderNode(id: number, ctx: RenderContext): string {
  const { kind, excluded } = ctx.doc.index;
  if (ctx.marks[id] === Mark.None || excluded[id]) return '';
  if (kind[id] === NodeKind.Text) {
    const data = textDataOf(ctx.doc, id);
    // whitespace between rows, items and cells is layout of the source, not text
    if (!ctx.pre && data.trim() === '' && (STRUCTURE_ONLY.has(ctx.doc.index.tagOf(ctx.doc.index.parent[id])) || besideBlock(ctx.doc, id))) return '';
    return escapeText(ctx.pre ? data : data.replace(WHITESPACE_RUN, ' '));
  }
  if (kind[id] === NodeKind.Document) return renderChildren(id, ctx);
  return kind[id] === NodeKind.Element ? renderElement(id, ctx) : '';
}

/**
 * The plan's content as HTML, with the images it shows. `base` is the page's base URL ('' when
 * unknown: relative URLs are then kept as written).
 * @category Content
 */
export function renderContentHtml(doc: AnalyzedDocument, plan: ContentPlan, base: string, options?: ContentOptions): RenderedContent {
  const ctx: RenderContext = {
    doc, marks: plan.marks, base, o: { ...DEFAULT_CONTENT_OPTIONS, ...options }, images: [], pre: false, caption: null,
  };
  const { tagOf } = doc.index;
  let caption: string | null = null;
  for (let p = doc.index.parent[plan.root]; p >= 0; p = doc.index.parent[p]) if (tagOf(p) === 'figure') { caption = figureCaption(doc, p); break; }
  ctx.caption = caption;
  const html = renderNode(plan.root, ctx).trim();
  return { html, images: ctx.images };
}
