/** Crude text views of an HTML page for the corpus checks (a real parser comes later). */
const DROP_RE = /<script\b[^]*?<\/script\s*>|<style\b[^]*?<\/style\s*>|<!--[^]*?-->/gi;
const BLOCK_TAG_RE = /<\/?(?:p|div|br|hr|td|th|tr|table|tbody|thead|li|ul|ol|dl|dt|dd|h[1-6]|blockquote|pre|form|section|article|header|footer|nav|body|html|head|title)\b[^>]*>/gi;
const ANY_TAG_RE = /<[^>]*>/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', raquo: '»', laquo: '«', middot: '·', copy: '©', hellip: '…', mdash: '—', ndash: '–', ldquo: '“', rdquo: '”', lsquo: '‘', rsquo: '’' };
const REFERENCE_RE = /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi;

/** Block tags become a space, inline tags vanish, a few references are decoded, whitespace collapsed. */
export function crudeText(html: string): string {
  return html
    .replace(DROP_RE, ' ')
    .replace(BLOCK_TAG_RE, ' ')
    .replace(ANY_TAG_RE, '')
    .replace(REFERENCE_RE, (m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (dec !== undefined) return String.fromCodePoint(Number(dec));
      if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
      return NAMED[(name ?? '').toLowerCase()] ?? m;
    })
    .replace(/[\s\u00A0\u3000\uE5E5]+/g, ' ')
    .trim();
}

/** Collapses whitespace (and U+E5E5, see zh-news-cwced README) to single spaces. */
export function collapse(text: string): string {
  return text.replace(/[\s\u00A0\u3000\uE5E5]+/g, ' ').trim();
}

/** Removes all whitespace (and U+E5E5). */
export function squeeze(text: string): string {
  return text.replace(/[\s\u00A0\u3000\uE5E5]+/g, '');
}

/**
 * The first `budget` non-space characters of `body`, cut into its lines (squeezed): truth bodies may start
 * with a title line that is not adjacent to the first paragraph on the page.
 */
export function leadingLines(body: string, budget: number): string[] {
  const pieces: string[] = [];
  let left = budget;
  for (const line of body.split('\n')) {
    if (left <= 0) break;
    const piece = squeeze(line).slice(0, left);
    if (piece === '') continue;
    pieces.push(piece);
    left -= piece.length;
  }
  return pieces;
}
