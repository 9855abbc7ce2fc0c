import type { Element } from 'domhandler';

/** Any run of CSS whitespace (removed before matching declarations). */
const CSS_WHITESPACE = /[\t\n\f\r ]+/g;
/**
 * A `display:none` or `visibility:hidden` declaration in a whitespace-free, lower-case style attribute.
 * Anchored on declaration boundaries so `x-display:none-ish` does not match; no nested quantifiers.
 */
const HIDING_DECLARATION = /(?:^|;)(?:display:none|visibility:hidden)(?:!important)?(?:;|$)/;

/**
 * True when an inline `style` attribute hides its element (`display: none` or `visibility: hidden`).
 * @category DOM
 */
export function isHidingStyle(style: string): boolean {
  // Cheap pre-check: most style attributes mention neither property.
  const lower = style.toLowerCase();
  if (!lower.includes('none') && !lower.includes('hidden')) return false;
  return HIDING_DECLARATION.test(lower.replace(CSS_WHITESPACE, ''));
}

/**
 * True when an element is hidden by its own attributes: `hidden`, `aria-hidden="true"`,
 * or an inline style with `display: none` / `visibility: hidden`.
 * Stylesheets and classes are not evaluated.
 * @category DOM
 */
export function isHiddenElement(element: Element): boolean {
  const attribs = element.attribs;
  if (attribs.hidden !== undefined) return true;
  const aria = attribs['aria-hidden'];
  if (aria !== undefined && aria.trim().toLowerCase() === 'true') return true;
  const style = attribs.style;
  return style !== undefined && style.length > 0 && isHidingStyle(style);
}
