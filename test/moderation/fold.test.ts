import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLD_OPTIONS, foldForMatching, originalSpan, type FoldSteps } from '../../src/moderation/fold.js';
import { isMatnError } from '../../src/core/errors.js';

// Words chosen for this test; variants built with the characters named in each row.
const TATWEEL = '\u0640';
const ZWJ = '\u200D';
const ZWNJ = '\u200C';

/** Every step off but `step`. */
const only = (step: keyof FoldSteps): FoldSteps => ({
  ...Object.fromEntries(Object.keys(DEFAULT_FOLD_OPTIONS).filter((k) => k !== 'lang').map((k) => [k, false])),
  [step]: true,
});
const fold = (text: string, lang: string, options: FoldSteps = {}) => foldForMatching(text, { ...options, lang }).text;

const ARABIC: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['كتاب', [`كِتَابٌ`, `كتـــاب`, `ک${ZWJ}تاب`]],
  ['مدرسه', ['مدرسة', `مَدْرَسَة`, `مد${TATWEEL}رسة`]],
  ['احمد', ['أحمد', `أَحْمَد`, 'إحمد']],
  ['علي', ['على', 'علی', `عَلِيّ`]],
  ['قران', ['قرآن', `القُرْآن`.slice(2), `قـرآن`]],
  ['مكتبه', ['مكتبة', 'مکتبة', `مك${ZWJ}تبة`]],
  ['سلام', [`سَلَام`, `سـلام`, `س${ZWJ}لام`]],
  ['مستشفي', ['مستشفى', `مُسْتَشْفَى`, 'مستشفی']],
  ['شكرا', [`شُكْرًا`, 'شکرا', `شكـرا`]],
  ['رقم 2024', ['رقم ٢٠٢٤', `رَقَم ۲۰۲۴`, 'رقم ２０２４']],
];

const PERSIAN: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['کتاب', ['كتاب', `کِتاب`, `کتـاب`]],
  ['میخواهم', [`می${ZWNJ}خواهم`, `مي${ZWNJ}خواهم`, `میـخواهم`]],
  ['ایران', ['ايران', `ایـران`, `اي${ZWJ}ران`]],
  ['کودک', ['كودك', `کُودَک`, `کـودک`]],
  ['زندگی', ['زندگي', 'زندگى', `زِنْدِگی`]],
  ['مدرسه', ['مدرسة', 'مدرسۀ', `مـدرسه`]],
  ['یک', ['يك', 'یك', `يـك`]],
  ['دانشگاه', [`دانش${ZWNJ}گاه`, `دانـشگاه`, `دانِشگاه`]],
  ['شماره 1403', ['شماره ۱۴۰۳', 'شماره ١٤٠٣', `شمـاره ۱۴۰۳`]],
  ['آزادی', ['ازادی', 'آزادي', `آزادی${ZWJ}`]],
];

describe('foldForMatching: Arabic and Persian words match their variants', () => {
  it.each(ARABIC)('Arabic %s', (word, variants) => {
    for (const v of variants) expect(fold(v, 'ar')).toBe(fold(word, 'ar'));
    expect(fold(word, 'ar')).toBe(word);
  });
  it.each(PERSIAN)('Persian %s', (word, variants) => {
    for (const v of variants) expect(fold(v, 'fa')).toBe(fold(word, 'fa'));
  });
  it('does not merge different words', () => {
    expect(fold('كتاب', 'ar')).not.toBe(fold('كتب', 'ar'));
    expect(fold('سلام', 'fa')).not.toBe(fold('سالم', 'fa'));
  });
});

describe('foldForMatching: each step alone', () => {
  it.each([
    ['invisible', `ک${ZWJ}تاب\u202Eab\u200F`, `کتابab`],
    ['nfkc', 'ﻛﺘﺎﺏ ＡＢＣ ﬁ', 'كتاب ABC fi'],
    ['tatweel', 'كتـــاب', 'كتاب'],
    ['harakat', 'كِتَابٌ قُرْآنٌ', 'كتاب قرآن'],
    ['alef', 'أحمد إسلام آمن', 'احمد اسلام امن'],
    ['yeh', 'على علی', 'علي علي'],
    ['kaf', 'کتاب', 'كتاب'],
    ['heh', 'مدرسة', 'مدرسه'],
    ['caseFold', 'Hello МИР Ελλάδα', 'hello мир ελλάδα'],
    ['digits', '٢٠٢٤ ۱۴۰۳ ２０ १२ 𝟗', '2024 1403 20 12 9'],
  ] as const)('%s', (step, input, expected) => {
    expect(foldForMatching(input, { ...only(step), lang: 'ar' }).text).toBe(expected);
  });

  it('with every step off, the text is unchanged', () => {
    const text = 'كِتَـــابٌ ＡＢＣ ٢٠٢٤';
    expect(foldForMatching(text, { ...only('digits'), digits: false }).text).toBe(text);
  });

  it('NFKC leaves a ligature that would add spaces (ﷺ) alone', () => {
    expect(foldForMatching('محمد ﷺ', only('nfkc')).text).toBe('محمد ﷺ');
  });
});

describe('foldForMatching: languages', () => {
  it('never merges Uyghur letters', () => {
    const uyghur = 'ې ى ي ۆ ۈ ۇ و ڭ ۋ ە ھ';
    expect(fold(uyghur, 'ug')).toBe(uyghur);
    expect(foldForMatching(uyghur).text).toBe(uyghur); // Uyghur letters tell the language
  });
  it('folds Uyghur text the same without harming its letters', () => {
    expect(fold(`ئۇيغـۇر تىلى`, 'ug')).toBe('ئۇيغۇر تىلى');
    expect(fold('کىتاب', 'ug')).toBe('كىتاب'); // keheh typed for Uyghur kaf
  });
  it('Persian folds to Persian yeh and keheh, Arabic to Arabic ones', () => {
    expect(fold('كتابي', 'fa')).toBe('کتابی');
    expect(fold('کتابی', 'ar')).toBe('كتابي');
  });
  it('Urdu keeps heh goal and teh marbuta apart', () => {
    expect(fold('ہ ة', 'ur')).toBe('ہ ة');
  });
  it('Russian and Chinese: case and full-width forms', () => {
    expect(fold('ПРИВЕТ, Мир!', 'ru')).toBe('привет, мир!');
    expect(fold('中文ＡＢＣ１２３', 'zh')).toBe('中文abc123');
  });
});

describe('foldForMatching: offsets', () => {
  it('maps a match in the folded text back to the original span', () => {
    const original = 'قرأت الـكِتَـــابَ أمس';
    const folded = foldForMatching(original, { lang: 'ar' });
    expect(folded.text).toBe('قرات الكتاب امس');
    const at = folded.text.indexOf('كتاب');
    const [start, end] = originalSpan(folded, at, at + 4);
    expect(original.slice(start, end)).toBe('كِتَـــاب');
    expect(folded.starts).toHaveLength(folded.text.length);
    expect(folded.ends).toHaveLength(folded.text.length);
  });
  it('keeps offsets of astral characters and expansions', () => {
    const original = 'a𝟏ﷲb';
    const folded = foldForMatching(original);
    expect(folded.text).toBe('a1اللهb');
    expect(originalSpan(folded, 1, 2)).toEqual([1, 3]);
    expect(originalSpan(folded, 2, 6)).toEqual([3, 4]);
    expect(originalSpan(folded, 6, 7)).toEqual([4, 5]);
  });
  it('rejects a span outside the folded text', () => {
    const folded = foldForMatching('abc');
    expect(() => originalSpan(folded, 2, 5)).toThrow(/not inside/);
  });
});

describe('foldForMatching: options', () => {
  it('rejects an unknown option', () => {
    try {
      foldForMatching('x', { tatwel: true } as never);
      expect.unreachable();
    } catch (error) {
      expect(isMatnError(error, 'invalid-argument')).toBe(true);
    }
  });
});

describe('foldForMatching: language from the letters', () => {
  it('reads Uyghur from ە with ھ, Persian from its own letters, Arabic otherwise', () => {
    expect(foldForMatching('ھەر يىلى').text).toBe('ھەر يىلى'); // Uyghur: ي and ى stay apart
    expect(foldForMatching('پدر كتابي').text).toBe('پدر کتابی');
    expect(foldForMatching('على مدرسة').text).toBe('علي مدرسه');
    expect(foldForMatching('على كتابی').text).toBe('علی کتابی'); // a Persian yeh makes it Persian
  });
});
