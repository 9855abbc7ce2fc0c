import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UDHR_ALPHABETS, UDHR_CHARACTERS } from '../../src/encoding/udhr-profiles.js';
import { measureTextPlausibility } from '../../src/encoding/text-plausibility.js';
// @ts-expect-error — plain .mjs generator without declarations
import { JSON_PATH, TS_PATH, renderUdhrProfiles } from '../../charsets/build-udhr-profiles.mjs';

describe('udhr-profiles', () => {
  it('the generated files match the generator (run node charsets/build-udhr-profiles.mjs)', async () => {
    const { json, ts } = (await renderUdhrProfiles()) as { json: string; ts: string };
    expect(readFileSync(JSON_PATH as string, 'utf8')).toBe(json);
    expect(readFileSync(TS_PATH as string, 'utf8')).toBe(ts);
  });

  it('alphabets hold the rare letters a 300-trigram profile leaves out', () => {
    expect(UDHR_ALPHABETS.rus).toContain('щ');
    expect(UDHR_ALPHABETS.hun).toContain('ű');
    expect(UDHR_ALPHABETS.hun).not.toContain('õ');
    expect(Object.keys(UDHR_CHARACTERS.CJK)).toEqual(['cmn-Hans', 'cmn-Hant', 'jpn', 'kor']);
  });

  it('a letter outside the language is foreign, one of it is not', () => {
    // my own Hungarian sentence, and the same with ő/ű read as a Latin-1 sibling would (õ, û)
    const right = measureTextPlausibility('Az őszi szél hűvös, a fűben levelek hullanak, és a tűz mellett ülünk.');
    const wrong = measureTextPlausibility('Az õszi szél hûvös, a fûben levelek hullanak, és a tûz mellett ülünk.');
    expect(right.language).toBe('hun');
    expect(right.foreign).toBe(0);
    expect(wrong.foreign).toBeGreaterThan(0);
  });
});
