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
 * True when one attribute hides its element: `hidden`, `aria-hidden="true"`, or an inline style with
 * `display: none` / `visibility: hidden`. Stylesheets and classes are not evaluated. (An element is hidden
 * when one of its attributes is; the analysis asks it of the few attributes with those names.)
 * @category DOM
 */
export function isHidingAttribute(name: string, value: string): boolean {
  if (name === 'hidden') return true;
  if (name === 'aria-hidden') return value.trim().toLowerCase() === 'true';
  return name === 'style' && value.length > 0 && isHidingStyle(value);
}
