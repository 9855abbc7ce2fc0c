import { describe, expect, it } from 'vitest';
import { countWords } from '../../src/metadata/language.js';

describe('countWords', () => {
  it('counts like split(/\\s+/u) with every code unit as the separator', () => {
    for (let c = 0; c < 0x10000; c++) {
      const text = `a${String.fromCharCode(c)}b`;
      if (countWords(text) !== text.split(/\s+/u).length) throw new Error(`differs at U+${c.toString(16)}`);
    }
  });

  it.each([
    ['', 1],
    ['one', 1],
    [' leading and trailing ', 5],
    ['a \t\n b\u3000c\u00a0\u2028d', 4],
    ['中文 English ئۇيغۇرچە', 3],
  ])('%j', (text, n) => {
    expect(countWords(text)).toBe(n);
    expect(countWords(text)).toBe(text.split(/\s+/u).length);
  });
});

import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { extractLanguage, guessLanguage, primaryLanguage } from '../../src/metadata/language.js';
import { identifyLanguage, languageSample, toTwoLetter } from '../../src/metadata/language-id.js';
import { readMetaTags } from '../../src/metadata/meta-tags.js';

describe('languageSample', () => {
  /** The sample as it was taken by splitting the whole text into lines. */
  const splitSample = (text: string, max: number, proseLine: number): string => {
    const prose = text.split('\n').filter((l) => l.length >= proseLine).join('\n');
    const chosen = prose.length >= max / 10 ? prose : text;
    return chosen.length <= max ? chosen : chosen.slice(0, max);
  };
  const line = (n: number): string => 'x'.repeat(n);

  it.each<[string, string]>([
    ['empty', ''],
    ['short lines only: the whole text', 'a\nbb\nccc\n'],
    ['prose among short lines', `menu\n${line(50)}\nlink\n${line(45)}\n\n`],
    ['prose longer than max, cut inside a line', `${line(60)}\n${line(1990)}\n${line(70)}`],
    ['the cut falls on a separator', `${line(1999)}\n${line(40)}\n${line(40)}`],
    ['one long line', line(5000)],
    ['too little prose: the whole text, cut', `${line(40)}\n${'w\n'.repeat(3000)}`],
  ])('%s: the lines of the split text', (_, text) => {
    for (const [max, proseLine] of [[2000, 40], [100, 1], [50, 0]]) expect(languageSample(text, max, proseLine)).toBe(splitSample(text, max, proseLine));
  });
});

describe('identifyLanguage (franc, two-letter codes)', () => {
  it.each([
    ['Доброе утро! Сегодня мы пойдём в городскую библиотеку, чтобы взять новые книги для всей семьи.', 'ru'],
    ['Българският език е южнославянски език, който се говори в България и е официален език на Европейския съюз.', 'bg'],
    ['Jó reggelt! Ma elmegyünk a városi könyvtárba, hogy új könyveket hozzunk az egész családnak.', 'hu'],
    ['Καλημέρα! Σήμερα θα πάμε στη δημοτική βιβλιοθήκη για να πάρουμε καινούργια βιβλία για όλη την οικογένεια.', 'el'],
    ['Günaydın! Bugün bütün aile için yeni kitaplar almak üzere şehir kütüphanesine gideceğiz.', 'tr'],
    ['Buenos días. Hoy vamos a la biblioteca de la ciudad para sacar libros nuevos para toda la familia.', 'es'],
    ['Good morning. Today we are going to the city library to borrow new books for the whole family.', 'en'],
  ])('%s -> %s', (text, lang) => {
    expect(identifyLanguage(text)).toBe(lang);
  });

  it('does not identify a text that is too short', () => {
    expect(identifyLanguage('Hello')).toBeNull();
  });

  it.each([['rus', 'ru'], ['cmn', 'zh'], ['pes', 'fa'], ['zlm', 'ms'], ['sco', null], ['und', null]])('toTwoLetter(%s) = %s', (code, two) => {
    expect(toTwoLetter(code)).toBe(two);
    expect(toTwoLetter(code)).toBe(two); // the second answer is the remembered one
  });
});

describe('guessLanguage keeps the script rules of Arabic script and CJK', () => {
  it.each([
    ['ئۈرۈمچىدە يىللىق كىتاب كۆرگەزمىسى ئېچىلدى، كىتابخانلار كۆپ كەلدى', 'ug'],
    ['افتتاح معرض الكتاب السنوي في المدينة وحضره عدد كبير من القراء', 'ar'],
    ['نمایشگاه کتاب سالانه در شهر افتتاح شد و خوانندگان زیادی آمدند', 'fa'],
    ['本市新图书馆今天开放，读者可以借阅图书。', 'zh'],
    ['図書館が今日開館しました。', 'ja'],
  ])('%s -> %s', (text, lang) => {
    expect(guessLanguage(text)).toBe(lang);
  });
});

describe('extractLanguage', () => {
  const langOf = (html: string) => {
    const doc = analyze(normalize(html));
    return extractLanguage(doc, readMetaTags(doc));
  };
  const prose = 'Сегодня мы пойдём в городскую библиотеку, чтобы взять новые книги для всей семьи.';
  it.each([
    ['<html lang="de-AT"><body><p>Guten Tag</p></body></html>', 'de', 'html[lang]'],
    ['<html lang="en"><body><p>本市新图书馆今天开放，读者可以借阅图书，市民很高兴。</p></body></html>', 'zh', 'script'],
    [`<html lang="sr"><body><p>Danas idemo u gradsku biblioteku da uzmemo nove knjige za celu porodicu.</p></body></html>`, 'sr', 'html[lang]'],
    [`<html lang="utf-8"><body><p>${prose}</p></body></html>`, 'ru', 'trigrams'],
    [`<html><head><meta http-equiv="content-language" content="bg"></head><body><p>${prose}</p></body></html>`, 'bg', 'meta:content-language'],
    [`<rss><channel><title>Новости</title><language>ru</language></channel></rss>`, 'ru', 'feed'],
    [`<html><body><p>${prose}</p></body></html>`, 'ru', 'trigrams'],
  ])('%s', (html, value, source) => {
    expect(langOf(html)).toMatchObject({ value, source });
  });

  it.each([['utf-8', null], ['zh-CN', 'zh'], ['EN', 'en'], ['xx', null]])('primaryLanguage(%s) = %s', (tag, lang) => {
    expect(primaryLanguage(tag)).toBe(lang);
    expect(primaryLanguage(tag)).toBe(lang); // the Intl answer is remembered by code: asked again, the same
  });
});
