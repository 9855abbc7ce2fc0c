import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { headlineRegion, segmentsUnderHeadings, titleHeadings } from '../../../src/extractors/auto/headline.js';
import { DEFAULT_AUTO_OPTIONS } from '../../../src/extractors/auto/defaults.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { listSegments } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';
import { textsOf } from './segment-rows.js';

const doc = (html: string) => analyze(asNormalized(html));

const SIDEBAR = `<div class="side"><h3>Archives</h3><ul>${Array.from({ length: 24 }, (_, m) => `<li><a href="/a/${m}">Month number ${m} of the archive</a></li>`).join('')}</ul></div>`;
const FOOTER_LINE = '<div class="credit">If you find anything on this small site worth reading, please link back to it and say hello to the author. (c) 2012 the small site</div>';

/** A one-line post under its headline, a long archive sidebar, then a longer footer line. */
function shortPost(title: string): string {
  return `<html><head><title>${title}</title></head><body><h1><a href="/">The small site</a></h1>`
    + '<div class="post"><h2><a href="/p/1">Rain over the hills</a></h2><p class="meta">posted at 11:07</p>'
    + '<p>Wonderful clouds came over the hills today, and the river rose by a hand.</p></div>'
    + `${SIDEBAR}${FOOTER_LINE}</body></html>`;
}

describe('titleHeadings', () => {
  it('finds the h1–h3 elements whose text the <title> repeats, case, spacing and punctuation aside', () => {
    const d = doc(shortPost('Rain over the hills | The Small Site'));
    expect(titleHeadings(d).map((id) => d.textOf(id).trim())).toEqual(['The small site', 'Rain over the hills']);
  });

  it('finds none without a <title>, or when no heading is part of it', () => {
    expect(titleHeadings(doc(shortPost('')))).toEqual([]);
    expect(titleHeadings(doc(shortPost('Weather notes')))).toEqual([]);
  });

  it('reads headings and titles in any script', () => {
    const d = doc('<html><head><title>قەشقەردە يامغۇر ياغدى - كىچىك بېكەت</title></head><body><h1>قەشقەردە يامغۇر ياغدى</h1><p>بۈگۈن كەچتە يامغۇر ياغدى.</p></body></html>');
    expect(titleHeadings(d).map((id) => d.textOf(id).trim())).toEqual(['قەشقەردە يامغۇر ياغدى']);
  });
});

describe('segmentsUnderHeadings', () => {
  const d = doc(shortPost('Rain over the hills | The Small Site'));
  const segments = listSegments(d);
  const at = (text: string) => textsOf(d, segments).findIndex((t) => t.includes(text));
  const post = at('Wonderful clouds');
  const footer = at('If you find anything');
  const heading = titleHeadings(d).filter((id) => d.textOf(id).includes('Rain'));

  it('takes the first voted segment after the headline when a short line lies between', () => {
    expect([...segmentsUnderHeadings(d, segments, [post, footer], heading, 150)]).toEqual([post]);
  });

  it('takes nothing when more than maxGapChars lie between the headline and the voted text', () => {
    expect([...segmentsUnderHeadings(d, segments, [footer], heading, 150)]).toEqual([]);
    expect([...segmentsUnderHeadings(d, segments, [post], heading, 5)]).toEqual([]);
  });
});

describe('segmentsUnderHeadings on many headings and loose text', () => {
  /** The plain scan the binary searches replace: one pass over the segments per heading. */
  function scanned(d: ReturnType<typeof doc>, segments: ReturnType<typeof listSegments>, voted: Int32Array, headings: number[], maxGap: number): number[] {
    const out: number[] = [];
    for (const h of headings) {
      const start = segments.node.findIndex((n) => n >= h);
      const next = start < 0 ? undefined : voted.find((k) => k >= start);
      if (next === undefined) continue;
      let gap = 0;
      for (let k = start; k < next; k++) if (segments.node[k] >= d.index.subtreeEnd[h]) gap += segments.chars[k];
      if (gap <= maxGap && !out.includes(next)) out.push(next);
    }
    return out;
  }
  // loose text after a nested block gives a segment whose node id is smaller than the one before it
  const record = (n: number) => `<div class="entry"><h2>Entry ${n}</h2>loose words ${n} <p class="meta">posted on day ${n}</p>`
    + `more loose words after the meta line of entry ${n}<p>${'A sentence of the entry body. '.repeat(1 + (n % 4))}</p></div>`;
  const d = doc(`<html><head><title>Entry</title></head><body>${Array.from({ length: 40 }, (_, n) => record(n)).join('')}</body></html>`);
  const segments = listSegments(d);
  const headings = Array.from({ length: d.index.size }, (_, i) => i).filter((i) => d.index.tag[i] === 'h2');

  it('has segments out of node order, the case the running maxima are for', () => {
    expect(segments.node.some((n, k) => k > 0 && n < segments.node[k - 1])).toBe(true);
    expect(headings).toHaveLength(40);
  });

  it.each([
    ['every segment voted', (k: number) => k >= 0, 150],
    ['every third segment voted', (k: number) => k % 3 === 0, 150],
    ['every fifth segment voted, a tight gap', (k: number) => k % 5 === 2, 20],
    ['no gap allowed', (k: number) => k % 2 === 1, 0],
  ])('answers as a scan of all segments per heading: %s', (_, isVoted, maxGap) => {
    const voted = allIndexes(segments.length).filter(isVoted);
    const expected = scanned(d, segments, voted, headings, maxGap);
    expect(expected.length).toBeGreaterThan(0);
    expect([...segmentsUnderHeadings(d, segments, voted, headings, maxGap)]).toEqual(expected);
  });
});

describe('auto: the island under the headline (keepHeadlineIsland)', () => {
  const page = doc(shortPost('Rain over the hills | The Small Site'));

  it('keeps the one-line post under its headline rather than a longer footer line beyond the sidebar', () => {
    const body = extractAuto(page).text;
    expect(body).toContain('Wonderful clouds came over the hills');
    expect(body).not.toContain('If you find anything');
  });

  it('keeps the heavier end when turned off', () => {
    // the standfirst rule would take the post back as prose between the headline and the kept footer line
    const body = extractAuto(page, { keepHeadlineIsland: false, keepStandfirst: false }).text;
    expect(body).not.toContain('Wonderful clouds came over the hills');
  });
});

describe('headlineRegion', () => {
  // the post under its headline, a long archive sidebar, then an "about me" box the vote chose
  const ABOUT = '<div id="about"><h3>About me</h3><p>A long line about the author of this small site, who writes about the weather in the hills and the river below them.</p></div>';
  const html = (title: string) => `<html><head><title>${title}</title></head><body><div id="post"><h2>Rain over the hills</h2><p class="meta">posted at 11:07</p>`
    + `<p>Wonderful clouds came over the hills today, and the river rose by a hand.</p></div>${SIDEBAR}${ABOUT}</body></html>`;
  const setup = (title: string) => {
    const d = doc(html(title));
    const segments = listSegments(d);
    const at = (text: string) => textsOf(d, segments).findIndex((t) => t.includes(text));
    const vote = new Float64Array(segments.length);
    vote[at('Wonderful clouds')] = 0.4; // a minority: below keepVote, at least regionVote
    vote[at('A long line about')] = 0.6;
    const about = d.index.nodes.findIndex((n) => (n as { attribs?: Record<string, string> }).attribs?.id === 'about');
    const post = d.index.nodes.findIndex((n) => (n as { attribs?: Record<string, string> }).attribs?.id === 'post');
    return { d, segments, vote, about, post, at };
  };

  it('moves the region to the text under the headline when the two are islands of each other', () => {
    const { d, segments, vote, about, post } = setup('Rain over the hills | The Small Site');
    const region = headlineRegion(d, segments, vote, about, titleHeadings(d), DEFAULT_AUTO_OPTIONS);
    expect(region).not.toBe(about);
    expect(region >= post && region < d.index.subtreeEnd[post]).toBe(true);
  });

  it('leaves the region when no heading is the headline', () => {
    const { d, segments, vote, about } = setup('Weather notes');
    expect(headlineRegion(d, segments, vote, about, titleHeadings(d), DEFAULT_AUTO_OPTIONS)).toBe(about);
  });

  it('leaves the region when the headline\'s text is not voted by at least regionVote', () => {
    const { d, segments, vote, about, at } = setup('Rain over the hills | The Small Site');
    vote[at('Wonderful clouds')] = 0.2;
    expect(headlineRegion(d, segments, vote, about, titleHeadings(d), DEFAULT_AUTO_OPTIONS)).toBe(about);
  });

  it('leaves the region when its text outweighs the stretch between them', () => {
    // without the sidebar, only the "About me" heading lies between: the box's line outweighs it
    const short = doc(html('Rain over the hills').replace(SIDEBAR, ''));
    const segs = listSegments(short);
    const v = new Float64Array(segs.length);
    v[textsOf(short, segs).findIndex((t) => t.includes('Wonderful'))] = 0.4;
    v[textsOf(short, segs).findIndex((t) => t.includes('A long line'))] = 0.6;
    const box = short.index.nodes.findIndex((n) => (n as { attribs?: Record<string, string> }).attribs?.id === 'about');
    expect(headlineRegion(short, segs, v, box, titleHeadings(short), DEFAULT_AUTO_OPTIONS)).toBe(box);
  });

  it('leaves a region whose own text opens under a title heading (the site\'s name heads the other box)', () => {
    const { d, segments, vote, about } = setup('Rain over the hills | About me');
    expect(headlineRegion(d, segments, vote, about, titleHeadings(d), DEFAULT_AUTO_OPTIONS)).toBe(about);
  });
});
