import { describe, expect, it } from 'vitest';
import { cueBefore, findUpdatedCueEnds, PUBLISHED_CUES, UPDATED_CUES } from '../../src/vocabulary/date-cues.js';

const at = (text: string): ReturnType<typeof cueBefore> => cueBefore(text, text.length, 24);

describe('cueBefore', () => {
  it.each([
    ['Posted: ', 'date'],
    ['Veröffentlicht am ', 'date'],
    ['Erstellt am: ', 'date'],
    ['Publié le ', 'date'],
    ['发布时间：', 'date'],
    ['Last updated: ', 'updated'],
    ['Updated ', 'updated'],
    ['Aktualisiert: ', 'updated'],
    ['Letzte Änderung: ', 'updated'],
    ['Mis à jour le ', 'updated'],
    ['Diese Seite wurde zuletzt am ', 'updated'],
    ['Today is ', 'now'],
    ['当前时间：', 'now'],
    ['Jane Roe | ', null],
    ['Unposted ', null],
  ])('%s → %s', (text, kind) => {
    expect(at(text)).toBe(kind);
  });

  it('the cue right before the date decides', () => {
    expect(at('Published 2019-01-01, updated ')).toBe('updated');
    expect(at('Updated 2019-01-02 · Posted ')).toBe('date');
  });
});

describe('the cue vocabularies', () => {
  it('keep their words lower-case and never list one word as both meanings', () => {
    const published = new Set(Object.values(PUBLISHED_CUES).flat());
    for (const word of Object.values(UPDATED_CUES).flat()) {
      expect(word).toBe(word.toLowerCase());
      expect(published.has(word)).toBe(false);
    }
  });
});

describe('findUpdatedCueEnds', () => {
  it('gives where the date after each update cue of a text starts, whole tokens only', () => {
    const text = 'Veröffentlicht am 2. März 2020. Aktualisiert: 4. März 2020. Bestand 12. Zuletzt am 9. März 2020 geändert.';
    expect(findUpdatedCueEnds(text, 24).map((end) => text.slice(end, end + 2))).toEqual(['4.', '9.']);
    expect(findUpdatedCueEnds('Last updated on 20 February 2021', 24)).toEqual([16]);
    expect(findUpdatedCueEnds('No cue here, 20 February 2021', 24)).toEqual([]);
  });

  it('passes over a cue glued to a letter or digit of any script before it, and finds the next one', () => {
    expect(findUpdatedCueEnds('Notupdated, updated: 5 May 2020', 24)).toEqual([21]);
    expect(findUpdatedCueEnds('\u{1D400}updated 5 May 2020', 24)).toEqual([]); // an astral letter (a surrogate pair) before it
    expect(findUpdatedCueEnds('وتحديث: 2020', 24)).toEqual([]);
    expect(findUpdatedCueEnds('2updated 5 May 2020', 24)).toEqual([]);
    expect(findUpdatedCueEnds('(updated 5 May 2020', 24)).toEqual([9]);
  });

  it('gives only the cues four digits in a row or 年 follow within reach, as a search of the whole text finds them', () => {
    expect(findUpdatedCueEnds('Updated: not yet, see the notes below. Updated: 5 May 2020', 24)).toEqual([48]);
    expect(findUpdatedCueEnds('Updated: 5 May, see the notes below', 24)).toEqual([]);
    expect(findUpdatedCueEnds('Updated:     then 2020', 24)).toEqual([11]);
    expect(findUpdatedCueEnds('Updated:     then 2020', 4)).toEqual([]);
    expect(findUpdatedCueEnds('更新于：二〇二〇年', 24)).toEqual([4]);
    expect(findUpdatedCueEnds('Aktualisiert: ٢٠٢٠', 24)).toEqual([14]);
    expect(findUpdatedCueEnds(`last${' '.repeat(60)}updated: 2020`, 24)).toEqual([73]); // a long space run inside a cue
    expect(findUpdatedCueEnds(`xupdated ${'a'.repeat(40)} updated 2020`, 24)).toEqual([58]); // the glued cue's run reaches back
  });

  it('holds no digit and no 年 in a cue (the search windows end at one)', () => {
    for (const cue of Object.values(UPDATED_CUES).flat()) expect(cue).not.toMatch(/[\p{N}年]/u);
  });
});
