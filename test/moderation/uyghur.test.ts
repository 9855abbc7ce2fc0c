import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  convertUyghur, detectUyghurScript, fromUyghurCyrillic, fromUyghurLatin, toUyghurArabic, toUyghurCyrillic, toUyghurLatin,
} from '../../src/moderation/uyghur.js';
import { UYGHUR_LETTERS } from '../../src/moderation/uyghur-table.js';
import { isMatnError } from '../../src/core/errors.js';

// 204 Uyghur sentences written for this fixture (one a line, UEY, Arabic punctuation).
const SENTENCES = readFileSync(new URL('../fixtures/moderation/uyghur-sentences.txt', import.meta.url), 'utf8')
  .split('\n').filter((l) => l.trim() !== '');
const ALL = SENTENCES.join('\n');

describe('the sentence fixture', () => {
  it('holds at least 200 sentences', () => {
    expect(SENTENCES.length).toBeGreaterThanOrEqual(200);
  });
  it('covers every letter, every hamza-initial vowel, word-internal hamza and the separator cases', () => {
    for (const l of UYGHUR_LETTERS) expect(ALL, l.uey).toContain(l.uey);
    for (const v of ['ئا', 'ئە', 'ئو', 'ئۇ', 'ئۆ', 'ئۈ', 'ئې', 'ئى']) expect(ALL).toMatch(new RegExp(`(^|\\s)${v}`, 'mu'));
    const latin = toUyghurLatin(ALL);
    for (const sep of ["n'g", "n'gh", "s'h", "z'h", "a'", "'e", "'i", "'u"]) expect(latin, sep).toContain(sep);
  });
});

describe('round trips on the fixture', () => {
  it('UEY → ULY → UEY is exact', () => {
    const failures = SENTENCES.filter((s) => fromUyghurLatin(toUyghurLatin(s)) !== s);
    expect(failures).toEqual([]);
  });
  it('UEY → USY → UEY is exact', () => {
    const failures = SENTENCES.filter((s) => fromUyghurCyrillic(toUyghurCyrillic(s)) !== s);
    expect(failures).toEqual([]);
  });
  it('toUyghurArabic reads ULY and USY alike and leaves UEY as it is', () => {
    const failures = SENTENCES.filter((s) => toUyghurArabic(toUyghurLatin(s)) !== s || toUyghurArabic(toUyghurCyrillic(s)) !== s || toUyghurArabic(s) !== s);
    expect(failures).toEqual([]);
  });
  it('ULY → USY → ULY is exact through UEY', () => {
    const failures = SENTENCES.map(toUyghurLatin).filter((s) => convertUyghur(convertUyghur(s, { to: 'usy' }), { to: 'uly' }) !== s);
    expect(failures).toEqual([]);
  });
});

describe('UEY → ULY after the standard', () => {
  it.each([
    ['ئۇيغۇر تىلى', 'uyghur tili'],
    ['ئالما ئەتە ئوقۇ ئۇ ئۆي ئۈزۈم ئېگىز ئىش', 'alma ete oqu u öy üzüm égiz ish'],
    ['سائەت مەسئۇل مۇئەللىم', "sa'et mes'ul mu'ellim"],
    ['سەنگە قىلىنغان ئىسھاق ئىزھار', "sen'ge qilin'ghan is'haq iz'har"],
    ['ماڭ يېڭى چاي ژۇرنال شەھەر تاغ', 'mang yéngi chay zhurnal sheher tagh'],
    ['قانداق؟ ياخشى، رەھمەت.', 'qandaq? yaxshi, rehmet.'],
  ])('%s → %s', (uey, uly) => {
    expect(toUyghurLatin(uey)).toBe(uly);
    expect(fromUyghurLatin(uly)).toBe(uey);
  });
  it('reads capitals, ë for é and typographic apostrophes', () => {
    expect(fromUyghurLatin('Uyghur Tili')).toBe('ئۇيغۇر تىلى');
    expect(fromUyghurLatin('yëngi')).toBe('يېڭى');
    expect(fromUyghurLatin('sen’ge')).toBe('سەنگە');
  });
  it('keeps an apostrophe that is not between letters', () => {
    expect(fromUyghurLatin("'kitab'")).toBe("'كىتاب'");
  });
  it('leaves digits, other scripts and unknown Latin letters', () => {
    expect(toUyghurLatin('2024-يىلى Windows')).toBe('2024-yili Windows');
  });
});

describe('UEY → USY after the standard', () => {
  it.each([
    ['ئۇيغۇر تىلى', 'уйғур тили'],
    ['يېڭى ئايال يۇرت', 'йеңи аял юрт'],
    ['سائەت مۇئەللىم', 'саәт муәллим'],
    ['ئۆي ئۈزۈم ئېگىز ژۇرنال ۋەتەن', 'өй үзүм егиз журнал вәтән'],
    ['شەھەر خەت چاي جان قار غەم ھاۋا', 'шәһәр хәт чай җан қар ғәм һава'],
  ])('%s → %s', (uey, usy) => {
    expect(toUyghurCyrillic(uey)).toBe(usy);
    expect(fromUyghurCyrillic(usy)).toBe(uey);
  });
  it('writes a hamza after a consonant as an apostrophe so that it comes back', () => {
    expect(toUyghurCyrillic('مەسئۇل')).toBe("мәс'ул");
    expect(fromUyghurCyrillic("Мәс'ул")).toBe('مەسئۇل');
  });
});

describe('convertUyghur', () => {
  it('detects the source script', () => {
    expect(detectUyghurScript('ئۇيغۇر')).toBe('uey');
    expect(detectUyghurScript('уйғур')).toBe('usy');
    expect(detectUyghurScript('uyghur')).toBe('uly');
    expect(convertUyghur('уйғур тили', { to: 'uly' })).toBe('uyghur tili');
    expect(convertUyghur('uyghur tili', { to: 'uey' })).toBe('ئۇيغۇر تىلى');
  });
  it('returns text already in the target script unchanged', () => {
    expect(convertUyghur('ئۇيغۇر', { to: 'uey' })).toBe('ئۇيغۇر');
  });
  it('rejects an unknown script', () => {
    try {
      convertUyghur('x', { to: 'ulx' as never });
      expect.unreachable();
    } catch (error) {
      expect(isMatnError(error, 'invalid-argument')).toBe(true);
    }
  });
});
