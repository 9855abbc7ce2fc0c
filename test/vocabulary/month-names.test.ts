import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { cleanName, renderMonthNames, TS_PATH } from '../../charsets/build-month-names.mjs';
import { isThaiMonth, monthOf } from '../../src/vocabulary/month-names.js';
import { MONTH_NAMES_BY_LANGUAGE, MONTH_NAMES_ICU_VERSION } from '../../src/vocabulary/month-names-table.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('monthOf', () => {
  it.each([
    ['oktober', null, 10], ['Oktober', null, 10], ['marzo', null, 3], ['июня', null, 6], ['czerwca', null, 6],
    ['Ιουνίου', null, 6], ['ΙΟΥΝΙΟΥ', null, 6], ['Haziran', null, 6], ['augusztus', null, 8], ['Hunyo', null, 6],
    ['نيسان', null, 4], ['ئاپرىل', null, 4], ['listopad', null, 11], ['listopad', 'hr', 10], ['lipiec', null, 7],
    ['the', null, 0], ['de', null, 0], ['news', null, 0],
  ])('%s (%s) -> %i', (word, lang, month) => {
    expect(monthOf(word, lang)).toBe(month);
  });

  it('knows the Thai months (Buddhist-era years)', () => {
    expect(isThaiMonth('กรกฎาคม')).toBe(true);
    expect(isThaiMonth('july')).toBe(false);
  });
});

describe('charsets/build-month-names.mjs', () => {
  it.each([['Oct.', 'oct'], ['1月', null], ['tháng 6', null], ['mei', 'mei'], ['मई', 'मई'], ['ja', null]])('cleanName(%s) = %s', (raw, clean) => {
    expect(cleanName(raw)).toBe(clean);
  });

  it('covers more than 90 languages, 12 months each', () => {
    const langs = Object.keys(MONTH_NAMES_BY_LANGUAGE);
    expect(langs.length).toBeGreaterThan(90);
    for (const lang of langs) expect(MONTH_NAMES_BY_LANGUAGE[lang]).toHaveLength(12);
  });

  it('regenerates without drift when the ICU version matches', () => {
    expect(TS_PATH).toBe(path.join(ROOT, 'src/vocabulary/month-names-table.ts'));
    if (MONTH_NAMES_ICU_VERSION === process.versions.icu) expect(renderMonthNames()).toBe(readFileSync(TS_PATH, 'utf8'));
  });
});
