/** Checks HTML that matn wrote against the content allowlist (tests only). */
import { parseDocument } from 'htmlparser2';
import { expect } from 'vitest';

const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'start', 'datetime', 'scope', 'cite', 'class', 'dir', 'lang']);
const ALLOWED_TAGS = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  'pre', 'code', 'blockquote', 'figure', 'figcaption', 'hr', 'br', 'a', 'img', 'em', 'strong', 'b', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup',
  'mark', 'small', 'abbr', 'q', 'cite', 'kbd', 'samp', 'var', 'time',
]);

/** Parses `html` and checks every element against the allowlist and every URL's scheme. */
export function expectAllowlisted(html: string): void {
  const stack = [...parseDocument(html).children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      const el = node as unknown as { name: string; attribs: Record<string, string>; children: typeof stack };
      expect(ALLOWED_TAGS, `element <${el.name}>`).toContain(el.name);
      for (const [name, value] of Object.entries(el.attribs)) {
        expect(ALLOWED_ATTRIBUTES, `attribute ${name} on <${el.name}>`).toContain(name);
        if (name === 'href' || name === 'src' || name === 'cite') expect(value).toMatch(/^(?:https?:|mailto:|[^:]*$)/iu);
      }
      stack.push(...el.children);
    } else {
      expect(['text', 'comment'].includes(node.type) ? node.type : 'other').toBe('text');
    }
  }
}
