import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { isPictureCaption } from '../../../src/extractors/auto/standfirst.js';
import { listSegments } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { textsOf } from './segment-rows.js';

const doc = (html: string) => analyze(asNormalized(html));

const STORY = [
  'The river at the edge of the old town rose by more than a metre overnight, and the lower streets were closed by seven in the morning.',
  'Shopkeepers carried their goods to the upper floors while the fire brigade laid sandbags along the embankment and pumped the cellars dry.',
  'By the afternoon the water had begun to fall again, and the mayor thanked the volunteers who had worked through the night without a break.',
  'The weather service expects more rain at the end of the week, but says the river should stay below the level of the embankment this time.',
].map((p) => `<p>${p}</p>`).join('');

const LEAD = 'After a night of heavy rain the river flooded the lower town; by evening the water was falling again.';

/** A news page: headline, a lead in the header beside the byline, a captioned picture, then the story. */
function newsPage(options: { title?: string; lead?: string; caption?: string } = {}): string {
  const title = options.title ?? 'River floods the lower town - The Valley Courier';
  return `<html><head><title>${title}</title></head><body>`
    + '<nav><ul><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul></nav>'
    + '<article><header><h1>River floods the lower town</h1>'
    + `<div class="intro"><p>${options.lead ?? LEAD}</p></div>`
    + '<div class="info">By Anna Berg, 12 May 2021</div>'
    + '<ul class="tools"><li><a href="/share/fb">Facebook</a></li><li><a href="/share/mail">Mail</a></li></ul>'
    + `<div class="picture"><img src="/flood.jpg" alt=""><div class="text">${options.caption ?? 'Volunteers fill sandbags on the embankment in the early morning, photographed from the bridge.'}</div></div>`
    + `</header><div class="story">${STORY}</div></article>`
    + '<div class="more"><h3>More news</h3><ul><li><a href="/a">A fair opens in the square</a></li><li><a href="/b">The school gets a new roof</a></li></ul></div>'
    + '</body></html>';
}

describe('auto: the standfirst (keepStandfirst)', () => {
  it('keeps the lead between the headline and the story, not the byline nor the caption', () => {
    const body = extractAuto(doc(newsPage())).text;
    expect(body).toContain('The river at the edge of the old town');
    expect(body).toContain(LEAD);
    expect(body.indexOf(LEAD)).toBeLessThan(body.indexOf('The river at the edge'));
    expect(body).not.toContain('By Anna Berg');
    expect(body).not.toContain('Volunteers fill sandbags');
  });

  it('leaves the lead out when turned off', () => {
    const body = extractAuto(doc(newsPage()), { keepStandfirst: false }).text;
    expect(body).toContain('The river at the edge of the old town');
    expect(body).not.toContain(LEAD);
  });

  it('needs a headline that the <title> repeats', () => {
    const body = extractAuto(doc(newsPage({ title: 'The Valley Courier' }))).text;
    expect(body).toContain('The river at the edge of the old town');
    expect(body).not.toContain(LEAD);
  });

  it('takes no line shorter than standfirstMinChars', () => {
    const short = 'The river flooded the lower town overnight.';
    expect(extractAuto(doc(newsPage({ lead: short }))).text).not.toContain(short);
    expect(extractAuto(doc(newsPage({ lead: short })), { standfirstMinChars: 20 }).text).toContain(short);
  });

  it('reads the lead when the byline after it is loose text of the header (a block that starts before the headline)', () => {
    const page = newsPage().replace('<div class="info">By Anna Berg, 12 May 2021</div>', 'By Anna Berg, 12 May 2021');
    expect(page).toContain('</p></div>By Anna Berg');
    const body = extractAuto(doc(page)).text;
    expect(body).toContain(LEAD);
    expect(body).not.toContain('By Anna Berg');
  });

  it('reads a lead the page sets twice (for small and large screens) once', () => {
    const page = newsPage().replace(`<div class="intro"><p>${LEAD}</p></div>`, `<div class="intro"><p>${LEAD}</p></div><div class="intro-wide"><p>${LEAD}</p></div>`);
    const body = extractAuto(doc(page)).text;
    expect(body.split(LEAD).length - 1).toBe(1);
    expect(body.indexOf(LEAD)).toBeLessThan(body.indexOf('The river at the edge'));
    // the same page with two different leads keeps both
    const two = newsPage().replace(`<div class="intro"><p>${LEAD}</p></div>`, `<div class="intro"><p>${LEAD}</p></div><div class="intro-wide"><p>${LEAD.replace('heavy', 'steady')}</p></div>`);
    expect(extractAuto(doc(two)).text).toContain(LEAD.replace('heavy', 'steady'));
  });

  it('takes no line of labelled fields (a dateline), however long, nor a summary cut from the first paragraph', () => {
    const fields = '<div class="facts"><small>Date:</small><span>12 May 2021, 09:23 in the morning</span><small>Source:</small>The Valley Courier newsroom<small>Author:</small><span>Anna Berg</span></div>';
    const summary = 'The river at the edge of the old town rose by more than a metre overnight';
    const page = newsPage().replace(`<div class="intro"><p>${LEAD}</p></div>`, `${fields}<div class="intro"><p>${summary}</p></div>`);
    const body = extractAuto(doc(page)).text;
    expect(body).toContain('The river at the edge of the old town');
    expect(body).not.toContain('Source:');
    expect(body.split(summary).length - 1).toBe(1);
  });

  it('reads a lead in any script', () => {
    const lead = 'تۈنۈگۈن كېچىدە قاتتىق يامغۇر ياغدى، دەريا سۈيى كۆتۈرۈلۈپ شەھەرنىڭ تۆۋەن قىسمىنى سۇ باستى؛ كەچتە سۇ چېكىنىشكە باشلىدى.';
    expect(extractAuto(doc(newsPage({ lead }))).text).toContain(lead);
  });
});

describe('isPictureCaption', () => {
  const d = doc(newsPage());
  const segments = listSegments(d);
  const find = (text: string) => textsOf(d, segments).findIndex((t) => t.includes(text));

  it('reads a line set right after a bare picture as its caption', () => {
    expect(isPictureCaption(d, segments, find('Volunteers fill sandbags'))).toBe(true);
  });

  it('does not read the lead, the byline or the story as captions', () => {
    expect(isPictureCaption(d, segments, find('After a night of heavy rain'))).toBe(false);
    expect(isPictureCaption(d, segments, find('By Anna Berg'))).toBe(false);
    expect(isPictureCaption(d, segments, find('The river at the edge'))).toBe(false);
  });

  it('reads the caption of a box that also holds a credit line, not a line after a picture that shows text too', () => {
    const page = doc('<html><body><div class="box"><a href="/big.jpg"><img src="/a.jpg"></a><div>A heron waits at the weir for the fish to come down.</div>'
      + '<div>Photo: the reader</div></div><div class="teaser"><a href="/x"><img src="/b.jpg">Herons of the valley</a></div>'
      + '<div>The herons of the valley have come back to the old weir this spring.</div></body></html>');
    const segs = listSegments(page);
    const at = (text: string) => textsOf(page, segs).findIndex((t) => t.includes(text));
    expect(isPictureCaption(page, segs, at('A heron waits'))).toBe(true);
    expect(isPictureCaption(page, segs, at('The herons of the valley have come back'))).toBe(false);
  });
});
