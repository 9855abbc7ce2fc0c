/**
 * Reading the publication date from the text searches the dates after the anchor once: when no dated
 * element is skipped, the text reading (`findTextDate`) takes what the shown-date vote read there
 * (`datelinesAround`) instead of searching the same window again.
 */
import { describe, expect, it, vi } from 'vitest';

const searched = vi.hoisted(() => new Map<string, number>());
vi.mock('../../src/vocabulary/dates.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/vocabulary/dates.js')>();
  return {
    ...original,
    findDates: (text: string, options?: Parameters<typeof original.findDates>[1]) => {
      const key = `${JSON.stringify(options ?? null)}\u0000${text}`;
      searched.set(key, (searched.get(key) ?? 0) + 1);
      return original.findDates(text, options);
    },
  };
});

const { normalize } = await import('../../src/encoding/normalize.js');
const { analyze } = await import('../../src/analysis/analyze.js');
const { extractMetadata } = await import('../../src/metadata/page.js');

// Sentences written for this test: no date near the headline, a cued one far below it.
const SHELVES = ['maps', 'letters', 'songs', 'recipes', 'ledgers', 'diaries', 'posters', 'drawings', 'poems', 'charts', 'notes', 'stories'];
const PROSE = SHELVES.map((what) => `<p>The reading room keeps its long tables, and the new shelves hold the town's old ${what}.</p>`).join('');
const PAGE = `<html><head><title>The reading room</title></head><body><h1>The reading room</h1>${PROSE}<p>Posted 3 August 2020</p></body></html>`;

describe('the dates after the anchor are searched once', () => {
  it('a page whose only date lies far below the headline', () => {
    searched.clear();
    const date = extractMetadata(analyze(normalize(PAGE))).date;
    // the text reading ran (nothing near the headline, no declaration) and found the page's cued date
    expect(date).toMatchObject({ value: '2020-08-03', source: 'text:page:cue' });
    // the window after the anchor: the prose (and more) searched as one text
    expect([...searched.keys()].some((k) => k.includes('old maps.\nThe reading room'))).toBe(true);
    expect([...searched.values()].every((n) => n === 1)).toBe(true);
  });

  it('not the vote\'s reading when it skipped a dated element\'s own date: the text reading reads that date', () => {
    // every shown date is an item of a dated list, so the vote takes none; the text reading's first dateline is the element's
    const list = '<ul><li><span class="date">2020-08-01</span> Maps</li><li>2020-08-02 Letters</li><li>2020-08-03 Songs</li><li>2020-08-04 Poems</li></ul>';
    const html = `<html><head><title>The reading room</title></head><body><h1>The reading room</h1>${list}${PROSE}</body></html>`;
    expect(extractMetadata(analyze(normalize(html))).date).toMatchObject({ value: '2020-08-01', source: 'text' });
  });
});
