import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { segmentsUnderHeadings, titleHeadings } from '../../../src/extractors/auto/headline.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { listSegments, segmentText } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';

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
  const at = (text: string) => segments.findIndex((s) => segmentText(d, s).includes(text));
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

describe('auto: the island under the headline (keepHeadlineIsland)', () => {
  const page = doc(shortPost('Rain over the hills | The Small Site'));

  it('keeps the one-line post under its headline rather than a longer footer line beyond the sidebar', () => {
    const body = extractAuto(page).text;
    expect(body).toContain('Wonderful clouds came over the hills');
    expect(body).not.toContain('If you find anything');
  });

  it('keeps the heavier end when turned off', () => {
    const body = extractAuto(page, { keepHeadlineIsland: false }).text;
    expect(body).not.toContain('Wonderful clouds came over the hills');
  });
});
