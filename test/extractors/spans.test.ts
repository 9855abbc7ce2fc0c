import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import type { AnalyzedDocument } from '../../src/analysis/types.js';
import { MEMBERS } from '../../src/extractors/members.js';
import type { Extraction } from '../../src/extractors/types.js';
import { asNormalized } from '../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

/** The page text a span list covers, whitespace removed. */
function spanText(d: AnalyzedDocument, spans: readonly number[]): string {
  let out = '';
  for (let r = 0; r < spans.length; r += 2) out += d.text.slice(spans[r], spans[r + 1]);
  return out.replace(/\s+/gu, '');
}

const LEAD = 'The ferry to the island ran again on Monday after a week of storms kept every boat in the harbour.';
const PARAS = [
  LEAD,
  'Fishermen said the waves had been the highest in twenty years, and two piers on the north shore were damaged by the water.',
  'The harbour master expects repairs to take a month, but the ferry company says its timetable will not change in the meantime.',
  'Visitors who booked for the spring festival were told their tickets remain valid, and extra sailings are planned for the weekend.',
  'On the island itself, the school reopened on Tuesday and the market returned to the square, with stalls selling the first fruit of the year.',
];
// the lead is repeated before the article, in a box of teasers: a text search finds that copy first
const PAGE = `<html><body>
<ul class="menu">${['Home', 'Photography', 'Travel', 'Weather'].map((w) => `<li><a href="/${w}">${w}</a></li>`).join('')}</ul>
<div class="teasers"><p>${LEAD}</p><a href="/more">More stories</a></div>
<div class="article"><h1>Ferry sails again</h1>
${PARAS.map((p) => `<p>${p}</p>`).join('\n')}
</div>
<footer><p>Copyright the island paper.</p></footer>
</body></html>`;

describe('members return spans: where their blocks lie in the page text', () => {
  const d = doc(PAGE);
  const article = d.index.elementsByTag('div').find((i) => d.textOf(i).startsWith('Ferry sails again'))!;
  const teaser = d.index.elementsByTag('div').find((i) => d.textOf(i).startsWith(LEAD))!;
  it.each(Object.keys(MEMBERS))('%s: each block\'s spans are its text, inside its node, and each copy of the repeated lead its own', (name) => {
    const r = (MEMBERS as Record<string, { extract(doc: AnalyzedDocument): Extraction }>)[name].extract(d);
    const { textStart, textEnd } = d.stats;
    expect(r.blocks.length).toBeGreaterThan(0);
    for (const b of r.blocks) {
      expect(spanText(d, b.spans)).toBe(b.text.replace(/\s+/gu, ''));
      for (let k = 1; k < b.spans.length; k++) expect(b.spans[k]).toBeGreaterThanOrEqual(b.spans[k - 1]);
      if (b.node >= 0) expect(b.spans.every((o) => o >= textStart[b.node] && o <= textEnd[b.node])).toBe(true);
    }
    // the article's copy of the lead is covered by a block (every member keeps the article)
    const lead = d.text.indexOf(LEAD, textStart[article]);
    expect(r.blocks.some((b) => b.spans.some((o, k) => k % 2 === 0 && o <= lead && b.spans[k + 1] >= lead + LEAD.length))).toBe(true);
    // a block holding the lead alone sits at one copy, the article's or the teaser's, each block at its own
    const leads = r.blocks.filter((b) => b.text === LEAD).map((b) => b.spans[0]);
    expect(new Set(leads).size).toBe(leads.length);
    expect(leads.every((at) => at === lead || (at >= textStart[teaser] && at < textEnd[teaser]))).toBe(true);
  });
});
