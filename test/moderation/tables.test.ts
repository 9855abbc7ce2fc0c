import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFUSABLES_COUNT, CONFUSABLES_UNICODE_VERSION } from '../../src/moderation/confusables-table.js';
import { UYGHUR_LETTERS } from '../../src/moderation/uyghur-table.js';
// @ts-expect-error — plain .mjs generator without declarations
import { CONFUSABLES_TS, UYGHUR_TS, readConfusablesText, renderConfusables, renderUyghur } from '../../charsets/build-moderation-tables.mjs';

// Drift tests: the committed tables must be what the generator makes from charsets/.
describe('generated moderation tables', () => {
  it('confusables-table.ts is up to date with charsets/unicode/confusables-17.0.0.txt.gz', () => {
    expect(readFileSync(CONFUSABLES_TS, 'utf8')).toBe(renderConfusables());
  });
  it('uyghur-table.ts is up to date with charsets/uyghur-scripts.json', () => {
    expect(readFileSync(UYGHUR_TS, 'utf8')).toBe(renderUyghur());
  });
  it('the confusables source is the recorded Unicode 17.0.0 file, every data line kept', () => {
    const text = readConfusablesText() as string; // throws when its SHA-256 differs
    expect(text).toMatch(/^# Version: 17\.0\.0$/m);
    expect(CONFUSABLES_UNICODE_VERSION).toBe('17.0.0');
    const dataLines = text.split('\n').filter((l) => /^[0-9A-F]{4,6} ;/.test(l)).length;
    expect(CONFUSABLES_COUNT).toBe(dataLines);
    expect(CONFUSABLES_COUNT).toBeGreaterThan(6000);
  });
  it('the Uyghur table has 32 distinct letters in each script', () => {
    for (const key of ['uey', 'uly', 'usy'] as const) expect(new Set(UYGHUR_LETTERS.map((l) => l[key])).size).toBe(32);
  });
});
