import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { cutName, nameAfterCue } from '../../src/metadata/byline.js';
import { extractMetadata } from '../../src/metadata/page.js';
import { guessLanguage, primaryLanguage } from '../../src/metadata/language.js';

describe('byline', () => {
  it.each([
    ['Miriam Okafor · April 22, 2019', 'Miriam Okafor'],
    ['王丽 责任编辑：张强', '王丽'],
    ['ئابلىمىت ئىمىن كۆرۈلۈشى: 905', 'ئابلىمىت ئىمىن'],
    ['By Jane Roe, Staff Writer', 'Jane Roe'],
    ['2019-04-22', null],
    ['Richard (R.J.) Eskow', 'Richard (R.J.) Eskow'],
    ['Jane (J.R.)', 'Jane'],
    ['Bradley M. Kuhn (Brad) (bkuhn)', 'Bradley M. Kuhn'],
    ['王丽（晨光日报）', '王丽'],
    ['Jane Roe (Ink News)', 'Jane Roe'],
    ['Par AFP', null],
    ['Reuters', null],
    ['新华社', null],
    ['Senior Member', null],
    ['版主', null],
    ['Von Anna Schmidt', 'Anna Schmidt'],
  ])('cutName(%s) = %s', (text, name) => {
    expect(cutName(text)).toBe(name);
  });

  it.each([
    ['2015-11-03 来源：晨光日报 作者：王丽 责任编辑：张强', '王丽'],
    ['بقلم: سارة الخطيب | 2014-05-20', 'سارة الخطيب'],
    ['ۋاقتى: 2013-09-05 مۇخبىر: ئابلىمىت ئىمىن كۆرۈلۈشى: 905', 'ئابلىمىت ئىمىن'],
    ['no cue here at all', null],
    ['Goodbye world', null],
    ['\nVon Anna Schmidt\n', 'Anna Schmidt'],
    ['\nPar Jeanne Dupont, publié le 3 mars', 'Jeanne Dupont'],
    ['\nPor Juan Pérez', 'Juan Pérez'],
    ['\nPor qué llueve tanto', null],
    ['\nBy the way, it rained', null],
    ['\nDi Marco Bianchi', 'Marco Bianchi'],
    ['\nDoor Pieter de Vries', 'Pieter de Vries'],
    ['\nAv Lars Holm', 'Lars Holm'],
    ['\nPrzez Jan Kowalski', 'Jan Kowalski'],
    ['\nOleh Budi Santoso', 'Budi Santoso'],
    ['Новости | Автор: Иван Петров', 'Иван Петров'],
    ['Haber | Yazar: Ayşe Yılmaz', 'Ayşe Yılmaz'],
    ['\nنویسنده: مریم احمدی', 'مریم احمدی'],
    ['\nكتب محمد علي', 'محمد علي'],
    ['本报记者 林晓', '林晓'],
    ['\nيوللىغۇچى littlefox', 'littlefox'],
    ['el autor del libro', null],
  ])('nameAfterCue(%s) = %s', (text, name) => {
    expect(nameAfterCue(text)).toBe(name);
  });
});

describe('language and direction', () => {
  it.each([
    ['zh-CN', 'zh'], ['ug', 'ug'], ['EN_us', 'en'], ['', null], ['not a tag!', null],
  ])('primaryLanguage(%s) = %s', (tag, lang) => {
    expect(primaryLanguage(tag)).toBe(lang);
  });

  it.each([
    ['ئۈرۈمچىدە يىللىق كىتاب كۆرگەزمىسى ئېچىلدى', 'ug'],
    ['افتتحت البلدية صباح اليوم مكتبة عامة جديدة', 'ar'],
    ['این یک کتاب خوب است که من خواندم', 'fa'],
    ['本市新建的三座社区图书馆于本周一正式开放', 'zh'],
    ['これは日本語の文章です', 'ja'],
    ['The notebook is on the table and it is open', 'en'],
    ['Der Hund läuft schnell über die Straße', null],
    ['12345 !!!', null],
  ])('guessLanguage(%s) = %s', (text, lang) => {
    expect(guessLanguage(text)).toBe(lang);
  });

  it.each([
    ['<html lang="ar" dir="rtl"><body><p>Lorem ipsum</p></body></html>', { lang: 'ar', dir: 'rtl', langSource: 'html[lang]', dirSource: 'html[dir]' }],
    ['<html><body><p>ئۈرۈمچىدە يىللىق كىتاب كۆرگەزمىسى ئېچىلدى</p></body></html>', { lang: 'ug', dir: 'rtl', langSource: 'script', dirSource: 'script' }],
    ['<html><body dir="ltr"><p>مرحبا بالعالم</p></body></html>', { lang: 'ar', dir: 'ltr', langSource: 'script', dirSource: 'body[dir]' }],
    ['<html><head><meta http-equiv="content-language" content="zh-CN"></head><body><p>你好</p></body></html>', { lang: 'zh', dir: 'ltr', langSource: 'meta:content-language', dirSource: 'script' }],
  ])('extractMetadata lang/dir of %s', (html, want) => {
    const m = extractMetadata(analyze(normalize(html)));
    expect({ lang: m.lang?.value, dir: m.dir.value, langSource: m.lang?.source, dirSource: m.dir.source }).toEqual(want);
  });
});

describe('Chinese bylines', () => {
  it.each([
    ['作者 before a reporter role: the name after the role', '来源：新华网 作者：新华社记者 王丽 责任编辑：张强', '王丽'],
    ['文/ before the name, 图/ starts the next credit', '文/王丽 图/张强', '王丽'],
    ['文 | before the name', '文 | 王丽', '王丽'],
    ['中文/英文 is no byline', '中文/英文 版本', null],
    ['a cue in 【】', '【作者】王丽', '王丽'],
    ['记者 glued to the names in a dateline\'s brackets', '新华社北京3月2日电（记者王丽、张强）', '王丽'],
    ['an agency after 作者 is no author', '作者：新华社', null],
    ['a staff role is no author', '作者：本报评论员', null],
    ['来源 names an outlet, never an author', '来源：晨光日报', null],
  ])('%s', (_, text, name) => {
    expect(nameAfterCue(` ${text}`)).toBe(name);
  });
});
