import { describe, expect, it } from 'vitest';
import { BLOCK_TAGS } from '../../src/dom/tags.js';
import { collapseLine, countChars, decodeReferences, markupEnd, type Markup } from '../../src/analysis/ctext-scan.js';
import { lineText, scanLines } from '../../src/analysis/line-table.js';
import { PAGE_SCRATCH, ScratchArrays } from '../../src/core/scratch.js';
import { splitLines, type Line } from '../../src/analysis/lines.js';

/**
 * The eager reading the line table replaced, kept as the oracle: strip the whole page to Ctext (decoded
 * text, one newline per newline inside markup, the Ctext offsets of block-level tags), split it at its
 * newlines, collapse and count every line, cut the long ones at the block-level tags.
 */
function eagerLines(html: string, longLineChars: number): Line[] {
  const lower = /[\u0130\u212a]/u.test(html) ? html.toLowerCase() : null;
  let text = '';
  const breaks: number[] = [];
  const breakSources: number[] = [];
  const markup: Markup = { end: 0, name: '' };
  let pos = 0;
  while (pos < html.length) {
    let lt = html.indexOf('<', pos);
    while (lt !== -1 && !markupEnd(html, lt, lower, markup)) lt = html.indexOf('<', lt + 1);
    if (lt === -1) {
      text += decodeReferences(html.slice(pos));
      break;
    }
    text += decodeReferences(html.slice(pos, lt));
    if (markup.name === 'br' || BLOCK_TAGS.has(markup.name)) {
      breaks.push(text.length);
      breakSources.push(lt);
    }
    text += html.slice(lt, markup.end).replace(/[^\n]/gu, '');
    pos = markup.end;
  }
  const make = (raw: string, line: number, start: number, end: number): Line => {
    const t = collapseLine(raw);
    return { text: t, chars: countChars(t), sourceLine: line, sourceStart: start, sourceEnd: end };
  };
  const lines: Line[] = [];
  let offset = 0;
  let sourceOffset = 0;
  const raws = text.split('\n');
  raws.forEach((raw, k) => {
    const nl = html.indexOf('\n', sourceOffset);
    const end = nl === -1 ? html.length : nl;
    const whole = make(raw, k, sourceOffset, end);
    if (longLineChars > 0 && whole.chars > longLineChars) {
      let from = 0;
      let fromSource = sourceOffset;
      let pushed = 0;
      for (let b = 0; b < breaks.length; b++) {
        const at = breaks[b] - offset;
        if (at < 0 || at > raw.length) continue;
        const piece = make(raw.slice(from, at), k, fromSource, breakSources[b]);
        if (at > from && piece.chars > 0) {
          lines.push(piece);
          pushed++;
          from = at;
          fromSource = breakSources[b];
        }
      }
      const rest = make(raw.slice(from), k, fromSource, end);
      if (rest.chars > 0 || pushed === 0) lines.push(rest);
    } else lines.push(whole);
    offset += raw.length + 1;
    sourceOffset = nl === -1 ? html.length : nl + 1;
  });
  return lines;
}

/** Markup and text pieces that stress the reading: newlines inside tags, raw-text elements, references, a quoted `>`. */
const PIECES = [
  '<p>', '</p>', '<div\nclass="a">', '</DIV >', '<br/>', '<b>', '</b>', '<li>', '<td>', '<span title="x>y">', '<a href=x>',
  '<!-- c\nd -->', '<!--->', '<!doctype html>', '<?xml x?>', '</ >', '<script>if (a<b) x();\n</script>', '<STYLE>p{}\n</style >',
  '<script/>', '<title>t<b>u</b></title>', '&amp;', '&lt;', '&nbsp;', '&#10;', '&#x1F600;', '&#0;', '&bogus;', '&#xD800;', '& ',
  '\n', '\n\n', ' ', '\t', '\u00a0', '\u3000', 'İ', '\u212a', 'a < b', 'kün', '中文字', 'نان', '\ud83d\ude00', '\udc00', 'x'.repeat(30),
];

/** A page of `n` pieces drawn by a seeded linear congruential generator (reproducible). */
function page(seed: number, n: number): string {
  let s = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out += PIECES[s % PIECES.length];
  }
  return out;
}

describe('scanLines: the line table equals the eager strip-then-split reading', () => {
  it.each([0, 12, 400])('on 300 generated pages with longLineChars %i', (longLineChars) => {
    let cut = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const html = page(seed, 10 + (seed % 90));
      const want = eagerLines(html, longLineChars);
      expect(splitLines(html, { longLineChars }), `seed ${seed}`).toEqual(want);
      if (want.length > 1 && want.some((l, k) => k > 0 && l.sourceLine === want[k - 1].sourceLine)) cut++;
    }
    // the generated pages do exercise the cut of long lines when it is on
    if (longLineChars === 12) expect(cut).toBeGreaterThan(50);
  });

  it('carves the same table from dirty page scratch as from new arrays, over several chunks', () => {
    // a line per `<br>` (cut once long) and per source newline: more lines than the first chunks hold
    const html = `${'<p>qatar</p>\n'.repeat(700)}<div>${'söz<br>'.repeat(900)}</div>`;
    for (const longLineChars of [0, 400]) {
      const want = scanLines(html, { longLineChars });
      const dirty = PAGE_SCRATCH.take(1 << 17);
      new Uint8Array(dirty).fill(0xa5);
      PAGE_SCRATCH.give(dirty);
      const scratch = new ScratchArrays(1 << 17);
      const got = scanLines(html, { longLineChars }, scratch);
      expect(got.chars.buffer).toBe(dirty);
      expect(got.length).toBe(want.length);
      expect(Array.from(got.chars)).toEqual(Array.from(want.chars));
      const rows = (t: typeof want) => Array.from({ length: t.length }, (_, k) => [t.sourceLine(k), t.sourceStart(k), t.sourceEnd(k), t.textFrom(k), t.textTo(k)]);
      expect(rows(got)).toEqual(rows(want));
      scratch.release();
    }
  });

  it('gives a decoded &#10; a Ctext line of its own, as the eager reading did', () => {
    const table = scanLines('a&#10;b\nc', { longLineChars: 0 });
    expect(table.length).toBe(3);
    expect([0, 1, 2].map((k) => lineText(table, k))).toEqual(['a', 'b', 'c']);
    expect(Array.from({ length: table.length }, (_, k) => table.sourceLine(k))).toEqual([0, 1, 2]);
  });

  it('reads a line text from its own source range only', () => {
    const html = '<p>birinchi</p>\n<div>ikkinchi &amp; <i>üchinchi</i></div>\n<script>\n</script>';
    const table = scanLines(html, { longLineChars: 0 });
    expect(Array.from(table.chars)).toEqual([8, 17, 0, 0]);
    expect(html.slice(table.textFrom(1), table.textTo(1))).toBe('<div>ikkinchi &amp; <i>üchinchi</i></div>');
    expect(lineText(table, 1)).toBe('ikkinchi & üchinchi');
  });
});
