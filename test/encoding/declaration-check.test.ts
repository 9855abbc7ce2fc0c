import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectCharset } from '../../src/encoding/detect.js';
import { normalize } from '../../src/encoding/normalize.js';
import { measureTextPlausibility } from '../../src/encoding/text-plausibility.js';
import { findUtf8Regions } from '../../src/encoding/utf8-regions.js';
import { concat, page, utf8, ARABIC_TEXT } from './charset-fixtures.js';

// Sentences written for these tests.
const RUSSIAN_TEXT = [
  'Вчера вечером мы долго гуляли по набережной и разговаривали о новой книге, которую читали всей семьёй.',
  'Утром шёл мелкий дождь, но к обеду небо прояснилось, и дети побежали во двор играть в футбол.',
  'Бабушка испекла пирог с яблоками, а дедушка рассказал нам старую историю о своём детстве в деревне.',
].join(' ');
const CHINESE_TEXT = [
  '今天早上下了一场小雨，我们在家里读书喝茶，下午天晴了，孩子们跑到院子里去踢足球。',
  '奶奶做了苹果馅饼，爷爷给我们讲了他小时候在村子里生活的故事，大家听得非常认真。',
].join('');
const UYGHUR_TEXT = 'بۈگۈن ھاۋا ئوچۇق، بىز باغچىغا بېرىپ چاي ئىچتۇق ۋە كىتاب ئوقۇدۇق. ئەتە مەكتەپكە بارىمىز.';

const encode = (text: string, charset: string): Uint8Array => Uint8Array.from(iconv.encode(text, charset));
const withMeta = (charset: string, body: string, encoding: string): Uint8Array => encode(page(`<meta charset="${charset}">`, body), encoding);

describe('declarations that lie are overridden by what the bytes are', () => {
  it.each([
    ['Arabic windows-1256 under <meta charset=utf-8>', withMeta('utf-8', ARABIC_TEXT, 'windows-1256'), ['windows-1256']],
    // GBK text is GB18030 text too: either name is right (WHATWG decodes both alike)
    ['Chinese GBK under <meta charset=windows-1252>', withMeta('windows-1252', CHINESE_TEXT, 'gbk'), ['gbk', 'gb18030']],
    ['Russian KOI8-R under <meta charset=windows-1251>', withMeta('windows-1251', RUSSIAN_TEXT, 'koi8-r'), ['koi8-r']],
    ['Russian windows-1251 under <meta charset=windows-1256>', withMeta('windows-1256', RUSSIAN_TEXT, 'windows-1251'), ['windows-1251']],
    ['Russian windows-1251 under <meta charset=utf-8>', withMeta('utf-8', RUSSIAN_TEXT, 'windows-1251'), ['windows-1251']],
  ])('%s', (_, bytes, names) => {
    const d = detectCharset(bytes);
    expect(names).toContain(d.charset);
    expect(d.source).toBe('detected-over-meta');
    expect(d.evidence.find((e) => e.source === 'meta')).toMatchObject({ verdict: 'overridden' });
    expect(d.override?.to).toBe(d.charset);
  });

  it('a lying UTF-8 declaration: the diagnostic says how many invalid sequences it would have given', () => {
    const bytes = withMeta('utf-8', ARABIC_TEXT, 'windows-1256');
    const doc = normalize(bytes);
    expect(doc.charset).toBe('windows-1256');
    expect(doc.html).toContain(ARABIC_TEXT);
    const invalid = doc.diagnostics.find((d) => d.code === 'invalid-utf8');
    const expected = new TextDecoder('utf-8').decode(bytes).split('\uFFFD').length - 1;
    expect(invalid?.details).toMatchObject({ invalidSequences: expected, decodedAs: 'windows-1256' });
    expect(expected).toBeGreaterThan(50);
  });

  it('the text comes out right, not only the label', () => {
    expect(normalize(withMeta('windows-1252', CHINESE_TEXT, 'gbk')).html).toContain(CHINESE_TEXT);
    expect(normalize(withMeta('windows-1251', RUSSIAN_TEXT, 'koi8-r')).html).toContain(RUSSIAN_TEXT);
  });

  it('a lying transport declaration gives way to an honest <meta> (HTTP over meta among honest declarations only)', () => {
    const bytes = withMeta('koi8-r', RUSSIAN_TEXT, 'koi8-r');
    const d = detectCharset(bytes, { contentType: 'text/html; charset=windows-1256' });
    expect(d).toMatchObject({ charset: 'koi8-r', source: 'meta' });
    expect(d.evidence.map((e) => [e.source, e.verdict])).toEqual([['transport', 'overridden'], ['meta', 'accepted']]);
  });
});

describe('honest declarations stand', () => {
  it.each([
    ['Arabic windows-1256', withMeta('windows-1256', ARABIC_TEXT, 'windows-1256'), 'windows-1256'],
    ['Russian windows-1251', withMeta('windows-1251', RUSSIAN_TEXT, 'windows-1251'), 'windows-1251'],
    ['Russian KOI8-R', withMeta('koi8-r', RUSSIAN_TEXT, 'koi8-r'), 'koi8-r'],
    ['Chinese GBK (declared gb2312)', withMeta('gb2312', CHINESE_TEXT, 'gbk'), 'gbk'],
    ['Uyghur UTF-8', utf8(page('<meta charset="utf-8">', UYGHUR_TEXT)), 'utf-8'],
  ])('%s', (_, bytes, charset) => {
    const d = detectCharset(bytes);
    expect(d).toMatchObject({ charset, source: 'meta', override: null });
    expect(d.evidence[0]).toMatchObject({ verdict: 'accepted' });
  });

  it('transport wins over an honest <meta> of another charset that reads the bytes as well', () => {
    // pure ASCII: both declarations read it alike, so the transport's precedence decides
    const d = detectCharset(utf8(page('<meta charset="koi8-r">', 'plain ASCII text')), { contentType: 'text/html; charset=windows-1251' });
    expect(d).toMatchObject({ charset: 'windows-1251', source: 'transport' });
    expect(d.evidence[1]).toMatchObject({ source: 'meta', verdict: 'outranked' });
  });

  it('a BOM wins over the bytes and over every declaration', () => {
    const bytes = concat(Uint8Array.of(0xef, 0xbb, 0xbf), withMeta('windows-1251', RUSSIAN_TEXT, 'koi8-r'));
    expect(detectCharset(bytes)).toMatchObject({ charset: 'utf-8', source: 'bom' });
  });
});

describe('pages mostly UTF-8 with islands of a legacy charset', () => {
  const post = (text: string, bytes: Uint8Array): Uint8Array => concat(utf8(`<div class="post"><p>${text}</p><p>`), bytes, utf8('</p></div>'));
  const template = (parts: Uint8Array[]): Uint8Array =>
    concat(utf8(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>مۇنبەر</title></head><body><h1>${UYGHUR_TEXT}</h1>`), ...parts, utf8('</body></html>'));

  it('islands that a charset reads plainly are decoded in it, with a mixed-charset diagnostic', () => {
    const bytes = template([post('يېڭى يازما', encode(ARABIC_TEXT, 'windows-1256')), post('جاۋاب', encode(ARABIC_TEXT, 'windows-1256'))]);
    const doc = normalize(bytes);
    expect(doc.charset).toBe('utf-8');
    expect(doc.html).toContain(UYGHUR_TEXT);
    expect(doc.html.split(ARABIC_TEXT).length - 1).toBe(2);
    const mixed = doc.diagnostics.find((d) => d.code === 'mixed-charset');
    expect(mixed?.details).toMatchObject({ charset: 'windows-1256', islands: 2 });
  });

  it('islands no charset reads plainly are reported, and decoded as U+FFFD', () => {
    // high bytes between capitals: mixed scripts, case breaks or symbols in every single-byte reading, invalid in the multi-byte ones
    const noise = Uint8Array.of(0xff, 0x41, 0xfe, 0x42, 0xfd, 0x43, 0xfc, 0x44, 0x81, 0x45, 0x8d);
    const doc = normalize(template([post('يېڭى يازما', noise)]));
    expect(doc.charset).toBe('utf-8');
    expect(doc.diagnostics.map((d) => d.code)).toContain('charset-islands');
    expect(doc.html).toContain('\uFFFD');
  });

  it('regions are cut at markup and never count a legacy page as UTF-8', () => {
    const legacy = findUtf8Regions(withMeta('utf-8', CHINESE_TEXT, 'gbk'));
    expect(legacy.utf8Sequences).toBe(0);
    const mixed = findUtf8Regions(template([post('x', encode(ARABIC_TEXT, 'windows-1256'))]));
    expect(mixed.islands).toHaveLength(1);
    expect(mixed.utf8Sequences).toBeGreaterThan(20);
  });
});

describe('measureTextPlausibility', () => {
  it.each([
    ['Russian', RUSSIAN_TEXT, 0],
    ['Arabic', ARABIC_TEXT, 0],
    ['Uyghur', UYGHUR_TEXT, 0],
    ['Chinese', CHINESE_TEXT, 0],
    ['typographic punctuation', 'He said “yes” – and left… by…um…noon', 0],
  ])('%s reads with no anomaly', (_, text, anomalies) => {
    expect(measureTextPlausibility(text).anomalies).toBe(anomalies);
  });

  it.each([
    ['windows-1256 read as windows-1252', iconv.decode(Buffer.from(iconv.encode(ARABIC_TEXT, 'windows-1256')), 'windows-1252')],
    ['GBK read as windows-1252', iconv.decode(Buffer.from(iconv.encode(CHINESE_TEXT, 'gbk')), 'windows-1252')],
    ['windows-1251 read as windows-1256', iconv.decode(Buffer.from(iconv.encode(RUSSIAN_TEXT, 'windows-1251')), 'windows-1256')],
  ])('%s shows anomalies in at least a tenth of its characters', (_, text) => {
    const m = measureTextPlausibility(text);
    expect(m.anomalies).toBeGreaterThan(m.chars / 10);
  });

  it.each([['koi8-r', 'windows-1251'], ['ibm866', 'maccyrillic'], ['windows-1251', 'iso-8859-5']])(
    'Russian in %s read as %s (Cyrillic letters too, no anomaly to see) fits the language far worse', (charset, readAs) => {
      const right = measureTextPlausibility(RUSSIAN_TEXT);
      const sibling = measureTextPlausibility(iconv.decode(Buffer.from(iconv.encode(RUSSIAN_TEXT, charset)), readAs));
      expect(right.language).toBe('rus');
      expect(sibling.script).toBe('Cyrillic');
      expect(right.fit).toBeGreaterThan(3 * (sibling.fit ?? 0));
    });
});
