import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { extractCorrelated } from '../../src/extractors/correlativity/index.js';
import { asNormalized } from '../helpers/normalized.js';

// A comment list written for this test: each body ends with an edit notice, which the post text leaves out.
const ARTICLE = `<h1>Notes from the allotment</h1>
<p>The broad beans went in late this year because the ground stayed wet until April. They caught up in May, and the first pods were ready by the end of June, a week later than usual.</p>
<p>Next year the bed by the shed gets the beans: it drains better and gets the morning sun. The onions move to the far end where the soil is heavier.</p>`;
const PEOPLE = [
  ['Ruth', 'March 2, 2021 at 9:14 am', 'Ours were late too. The wet spring did not help anyone on our site.'],
  ['Tomasz', 'March 2, 2021 at 11:40 am', 'Try a few under fleece in February next time, they cope with the cold better than you think.'],
  ['Amina', 'March 3, 2021 at 8:02 am', 'We moved our beans to the sunny side two years ago and never looked back.'],
  ['Li', 'March 4, 2021 at 6:55 pm', 'Heavier soil suits onions well, good call on the far end.'],
];

describe('post spans', () => {
  it('a post\'s spans are its text: the body less the cut subtrees and the notice lines', () => {
    const records = PEOPLE.map(([name, date, text], n) => `<li id="comment-${n + 1}"><span class="author">${name}</span> <span class="date">${date}</span>
<div class="comment-body"><p>${text}</p><p>Last edited by moderator on ${date}</p></div></li>`).join('\n');
    const d = analyze(asNormalized(`<html><body><article>${ARTICLE}</article><div id="comments"><h3>4 comments</h3><ol>${records}</ol></div></body></html>`));
    const r = extractCorrelated(d);
    const posts = r.comments ?? r.posts ?? [];
    expect(posts).toHaveLength(4);
    for (const p of posts) {
      const spans = p.content!.spans;
      let text = '';
      for (let k = 0; k < spans.length; k += 2) text += d.text.slice(spans[k], spans[k + 1]);
      expect(text.replace(/\s+/gu, '')).toBe(p.text.replace(/\s+/gu, ''));
      expect(text).not.toContain('Last edited');
    }
  });
});
