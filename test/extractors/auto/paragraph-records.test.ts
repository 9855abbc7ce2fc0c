import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { extractCorrelated } from '../../../src/extractors/correlativity/index.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

const EVENTS = [
  ['12.01.2022, 19:00', 'Old Town Hall, Market Square 3', 'Whiskies of the western islands, six drams with bread and cheese'],
  ['26.01.2022, 19:00', 'The Mill, River Road 10', 'Rum from the Caribbean, a tasting with music from the islands'],
  ['09.02.2022, 18:00', 'Old Town Hall, Market Square 3', 'Gin from small distilleries of the north, with tonic and herbs'],
  ['23.02.2022, 19:00', 'Cellar Bar, Bridge Street 4', 'Irish whiskey dinner with three courses and five whiskeys'],
  ['09.03.2022, 19:00', 'The Mill, River Road 10', 'Single malts from the highlands, a tasting for beginners'],
];

/**
 * A club's article: an introduction, then per tasting a dated paragraph and a list of its details (no author anywhere).
 * The date stands alone in its paragraph: a label before it ("Date: …") would make the thread finder itself
 * read the rows as a labelled list (test/threads/threads.test.ts), and this option would not be what decides.
 */
const PROGRAMME = '<html><head><title>Tastings in spring</title></head><body><div class="nav"><a href="/">Home</a> <a href="/dates">Dates</a></div>'
  + '<div class="post"><h1>Tastings in spring</h1><p>This spring there will again be tastings of whisky, rum and gin in town; here are the first dates of the season.</p>'
  + EVENTS.map(([date, place, theme]) => `<p><strong>${date}</strong></p><ul><li>Place: ${place}</li><li>Theme: ${theme}</li>`
    + '<li>Entry: 45 Euro a person, with bread and water</li><li>Tickets: by mail to the club or at the door</li></ul>').join('')
  + '</div><div class="foot">Copyright 2022 the tasting club</div></body></html>';

describe('auto: authorless paragraph records are no thread (paragraphRecordsNoThread)', () => {
  const d = doc(PROGRAMME);

  it('is a page whose dated paragraphs the thread finder reads as records', () => {
    const posts = extractCorrelated(d).posts ?? [];
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(posts.every((p) => d.index.tag[p.node] === 'p' && p.author === null)).toBe(true);
  });

  it('reads it as an article: the introduction and every dated paragraph', () => {
    const x = extractAuto(d);
    expect(x.kind).toBe('article');
    expect(x.text).toContain('here are the first dates');
    for (const [, , theme] of EVENTS) expect(x.text).toContain(theme);
  });

  it('turned off, reads the paragraphs as a thread', () => {
    expect(extractAuto(d, { paragraphRecordsNoThread: false }).kind).toBe('thread');
  });
});
