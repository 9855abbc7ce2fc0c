/**
 * Plain text as HTML paragraphs: the content of a page or post when no node is known (tag-free
 * extractors) or when only the text is at hand.
 * @module
 */
const ESCAPE = /[&<>]/gu;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * One `<p>` per non-empty line of `text`, escaped.
 * @category Content
 */
export function textToHtml(text: string): string {
  return text.split('\n').filter((l) => l.trim() !== '').map((l) => `<p>${l.replace(ESCAPE, (c) => ENTITY[c])}</p>`).join('\n');
}
