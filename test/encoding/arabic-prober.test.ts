import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM generator script without type declarations
import { renderArabicProber, JSON_PATH, TS_PATH } from '../../charsets/build-arabic-prober.mjs';
import { probeArabicScript } from '../../src/encoding/arabic-prober.js';
import { encodeSingleByte, page, utf8, ARABIC_TEXT, FRENCH_TEXT } from './charset-fixtures.js';

const bytesOf = (text: string, charset: string) => encodeSingleByte(page('', text), charset);

describe('probeArabicScript', () => {
  it.each([['windows-1256'], ['iso-8859-6']])('recognizes Arabic in %s', (charset) => {
    const r = probeArabicScript(bytesOf(ARABIC_TEXT, charset));
    expect(r.charset).toBe(charset);
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(r.arabicShape).toBe(1);
  });

  it.each([
    ['French in windows-1252', bytesOf(FRENCH_TEXT, 'windows-1252')],
    ['Russian in windows-1251', bytesOf('Съешь же ещё этих мягких французских булок, да выпей чаю. '.repeat(3), 'windows-1251')],
    ['Russian in koi8-r', bytesOf('Съешь же ещё этих мягких французских булок, да выпей чаю. '.repeat(3), 'koi8-r')],
    ['Greek in windows-1253', bytesOf('Η γρήγορη καφέ αλεπού πηδάει πάνω από το τεμπέλικο σκυλί. '.repeat(3), 'windows-1253')],
    ['Arabic as UTF-8', utf8(page('', ARABIC_TEXT))],
    ['ASCII only', utf8(page('', 'plain text &#1588;&#1609;'))],
  ])('does not answer for %s', (_, bytes) => {
    expect(probeArabicScript(bytes).charset).toBeNull();
  });

  it('needs enough high bytes', () => {
    expect(probeArabicScript(bytesOf('السلام عليكم', 'windows-1256')).charset).toBeNull();
    expect(probeArabicScript(bytesOf('السلام عليكم', 'windows-1256'), { minHighBytes: 8 }).charset).toBe('windows-1256');
  });

  it('matches its generator (regenerate with `node charsets/build-arabic-prober.mjs`)', () => {
    const { json, ts } = renderArabicProber();
    expect(readFileSync(JSON_PATH, 'utf8')).toBe(json);
    expect(readFileSync(TS_PATH, 'utf8')).toBe(ts);
  });
});
