import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listLines } from '../../src/analysis/lines.js';
import type { AnalyzedDocument } from '../../src/analysis/types.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

/** The page text a span list covers, whitespace removed. */
function spanText(d: AnalyzedDocument, spans: readonly number[]): string {
  let out = '';
  for (let r = 0; r < spans.length; r += 2) out += d.text.slice(spans[r], spans[r + 1]);
  return out.replace(/\s+/gu, '');
}

describe('listLines: Ctext lines mapped to the page text', () => {
  it('gives each line the text it is, where it stands, when the same line repeats', () => {
    const d = doc('<html><body>\n<div>Yamghur yaghdi.</div>\n<p>Yamghur yaghdi.</p>\n<p>Kün chiqti.</p>\n</body></html>');
    const lines = listLines(d);
    const withText = lines.filter((l) => l.chars > 0);
    expect(withText.map((l) => spanText(d, l.spans))).toEqual(['Yamghuryaghdi.', 'Yamghuryaghdi.', 'Künchiqti.']);
    // the second line is the second occurrence, not the first found again
    expect(withText[1].spans[0]).toBeGreaterThan(withText[0].spans[1]);
    expect(lines.filter((l) => l.chars === 0).every((l) => spanText(d, l.spans) === '')).toBe(true);
  });

  it('splits a text that runs over several source lines where the lines break (references count as one character)', () => {
    const d = doc('<pre>birinchi qur &amp; a\nikkinchi &lt;qur&gt;\n\nüchinchi 中文</pre>');
    const lines = listLines(d).filter((l) => l.chars > 0);
    expect(lines.map((l) => l.text)).toEqual(['birinchi qur & a', 'ikkinchi <qur>', 'üchinchi 中文']);
    expect(lines.map((l) => spanText(d, l.spans))).toEqual(['birinchiqur&a', 'ikkinchi<qur>', 'üchinchi中文']);
  });

  it('counts a whitespace reference (&nbsp;, &#160;, legacy &nbsp) as whitespace when it splits a text over lines', () => {
    const d = doc('<pre>bir&nbsp;ikki&#160;&nbsp uch\ntöt&nbsp;besh\nalte</pre>');
    const lines = listLines(d).filter((l) => l.chars > 0);
    expect(lines.map((l) => spanText(d, l.spans))).toEqual(['birikkiuch', 'tötbesh', 'alte']);
  });

  it('maps the pieces of a long line cut at block tags', () => {
    const long = 'soz '.repeat(60);
    const d = doc(`<div><p>${long}bir</p><p>${long}ikki</p></div>`);
    const lines = listLines(d, { longLineChars: 50 }).filter((l) => l.chars > 0);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => spanText(d, l.spans))).toEqual([`${long}bir`, `${long}ikki`].map((t) => t.replace(/\s+/gu, '')));
  });

  it('maps nothing for text the analysis leaves out (hidden elements), the visible rest of the line is kept', () => {
    const d = doc('<p>körünidu <span hidden>yoshurun</span> yene</p>');
    const [line] = listLines(d).filter((l) => l.chars > 0);
    expect(line.text).toBe('körünidu yoshurun yene');
    expect(spanText(d, line.spans)).toBe('körüniduyene');
  });
});
