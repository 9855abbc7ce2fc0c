import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { findRepeatedRuns, keepOneCopy, squash } from '../../../src/extractors/auto/repeats.js';
import { isSpace, listSegments, segmentText } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';

const doc = (html: string) => analyze(asNormalized(html));

const TEASER = [
  'The harbour authority said on Monday that the new ferry line to the islands will start in May, two months later than planned.',
  'Delays at the shipyard held back the second vessel, the authority added, and the timetable will be published in April.',
  'Island councils welcomed the news but asked for a winter service, which the operator said it would study next year.',
];
/** The teaser as a template renders it: a byline and its paragraphs in one `div` (`cls` its class). */
const teaser = (cls: string, text: readonly string[] = TEASER) => `<div class="${cls}"><h3>By a staff reporter</h3>${text.map((p) => `<p>${p}</p>`).join('')}</div>`;
const NAV = `<ul class="menu">${['Home', 'Harbour', 'Islands', 'Weather', 'Contact'].map((w, i) => `<li><a href="/s/${i}">${w}</a></li>`).join('')}</ul>`;
/** A paywalled page: the teaser for visitors and for subscribers, back to back (an empty ad slot between), one hidden by the site's stylesheet. */
const page = (between = '<div class="ad-slot"></div>') =>
  `<html><head><title>Ferry line delayed</title></head><body>${NAV}<article><h1>Ferry line delayed</h1>${teaser('story variant-a hidden')}${between}${teaser('story variant-b')}</article><footer><p>Copyright the example harbour news.</p></footer></body></html>`;

/** Segment texts of a page and the copies of each run, as texts. */
function runsOf(html: string, minSegments = 2) {
  const d = doc(html);
  const segments = listSegments(d);
  const runs = findRepeatedRuns(d, segments, minSegments);
  return { d, segments, runs, texts: runs.map((run) => run.map((copy) => copy.map((k) => segmentText(d, segments, k)))) };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('findRepeatedRuns', () => {
  it('finds two sibling copies of a block, an empty element between them, aligned segment by segment', () => {
    const r = runsOf(page());
    expect(r.runs).toHaveLength(1);
    expect(r.texts[0]).toHaveLength(2);
    expect(r.texts[0][0]).toEqual(['By a staff reporter', ...TEASER]);
    expect(r.texts[0][1]).toEqual(r.texts[0][0]);
    expect(r.runs[0][1][0]).toBeGreaterThan(r.runs[0][0][3]);
  });

  it('finds three copies in a row as one run', () => {
    const html = `<div>${teaser('a')}${teaser('b')}${teaser('c')}</div>`;
    expect(runsOf(html).texts).toEqual([[['By a staff reporter', ...TEASER], ['By a staff reporter', ...TEASER], ['By a staff reporter', ...TEASER]]]);
  });

  it('ignores copies with visible text between them', () => {
    expect(runsOf(page('<p>Advertisement</p>')).runs).toEqual([]);
  });

  it('ignores blocks whose text differs', () => {
    const html = `<div>${teaser('a')}${teaser('b', [...TEASER.slice(0, 2), 'Island councils asked for a winter service.'])}</div>`;
    expect(runsOf(html).runs).toEqual([]);
  });

  it('ignores a single paragraph repeated (fewer segments than minSegments)', () => {
    const html = `<div><p>${TEASER[0]}</p><p>${TEASER[0]}</p></div>`;
    expect(runsOf(html).runs).toEqual([]);
    expect(runsOf(html, 1).runs).toHaveLength(1);
  });

  it('ignores copies that are parts of one paragraph (inline elements)', () => {
    const html = `<p><span>${TEASER[0]}<br>${TEASER[1]}</span><span>${TEASER[0]}<br>${TEASER[1]}</span> and more text</p>`;
    expect(runsOf(html, 1).runs).toEqual([]);
  });
});

describe('keepOneCopy', () => {
  const runs = [[[1, 2, 3], [4, 5, 6], [7, 8, 9]]];
  it('keeps each line from the first copy that keeps it', () => {
    expect([...keepOneCopy(Int32Array.of(0, 1, 2, 3, 4, 5, 6, 10), runs, 11)]).toEqual([0, 1, 2, 3, 10]);
    expect([...keepOneCopy(Int32Array.of(2, 4, 5, 9), runs, 11)]).toEqual([2, 4, 9]);
    expect([...keepOneCopy(Int32Array.of(0, 10), runs, 11)]).toEqual([0, 10]);
  });
});

describe('extractAuto: a block printed twice', () => {
  it('reads the teaser once', () => {
    const on = extractAuto(doc(page()));
    const off = extractAuto(doc(page()), { dropRepeatedBlocks: false });
    expect(count(off.text, TEASER[1])).toBe(2); // the members keep both copies: the page holds them
    expect(count(on.text, TEASER[1])).toBe(1);
    for (const p of TEASER) expect(on.text).toContain(p);
  });

  it('keeps a paragraph the author repeats', () => {
    const html = `<html><head><title>Refrain</title></head><body><article><h1>Refrain</h1>${TEASER.map((p) => `<p>${p}</p>`).join('')}<p>${TEASER[2]}</p></article></body></html>`;
    expect(count(extractAuto(doc(html)).text, TEASER[2])).toBe(2);
  });
});

describe('squash', () => {
  it('drops exactly the code units isSpace counts as whitespace, over the whole BMP', () => {
    const kept: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (squash(String.fromCharCode(c)).length === 1) kept.push(c);
    const expected: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (!isSpace(c)) expected.push(c);
    expect(kept).toEqual(expected);
  });

  it('keeps the rest in order, pairs and lone surrogates included', () => {
    expect(squash(' قەشقەر\u3000يامغۇر \ud83d\ude00\u00a0\ud800x\n\t')).toBe('قەشقەريامغۇر\ud83d\ude00\ud800x');
  });
});
