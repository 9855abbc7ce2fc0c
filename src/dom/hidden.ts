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
  // one for…in over the names the element has (most have none or one or two), not three lookups of
  // names it mostly lacks on attribute objects of many shapes (the analysis asks every element)
  for (const name in attribs) {
    if (name === 'hidden') return true;
    if (name === 'aria-hidden') {
      if (attribs[name].trim().toLowerCase() === 'true') return true;
    } else if (name === 'style') {
      const style = attribs[name];
      if (style.length > 0 && isHidingStyle(style)) return true;
    }
  }
  return false;
}
