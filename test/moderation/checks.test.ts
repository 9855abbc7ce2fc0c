import { describe, expect, it } from 'vitest';
import { addressRanges, checkText } from '../../src/moderation/checks.js';
import { areConfusable, skeleton } from '../../src/moderation/confusables.js';
import { isMatnError } from '../../src/core/errors.js';

// Sentences written for this test.
const kinds = (text: string, lang: string | null = null) => checkText(text, { lang }).map((c) => c.kind);

describe('checkText flags', () => {
  it('a Cyrillic а swapped into a Latin word, with offsets and skeleton', () => {
    const text = 'Please pаy the invoice';
    const [check, ...rest] = checkText(text);
    expect(rest).toEqual([]);
    expect(check).toMatchObject({ kind: 'mixed-script', start: 7, end: 10, text: 'pаy', codePoints: ['U+0430'], skeleton: 'pay' });
    expect(text.slice(check?.start, check?.end)).toBe('pаy');
  });
  it('a Latin a swapped into a Russian word', () => {
    const [check] = checkText('Привет, мой дpуг', { lang: 'ru' });
    expect(check).toMatchObject({ kind: 'mixed-script', text: 'дpуг', codePoints: ['U+0070'] });
  });
  it('a whole Cyrillic word that passes for a Latin one', () => {
    expect(kinds('log in to your раураl account now')).toEqual(['mixed-script']); // Cyrillic раура + Latin l
    const whole = checkText('please open the рор menu', { lang: 'en' });
    expect(whole).toMatchObject([{ kind: 'confusable', text: 'рор', skeleton: 'pop' }]);
  });
  it('a Persian yeh in an Arabic word', () => {
    const text = 'هذا الكتاب مفيد لكل طالبی';
    const [check] = checkText(text, { lang: 'ar' });
    expect(check).toMatchObject({ kind: 'letter-variant', text: 'طالبی', codePoints: ['U+06CC'] });
    expect(text.slice(check?.start, check?.end)).toBe('طالبی');
  });
  it('Arabic and Persian yeh mixed in one word when the language is unknown', () => {
    expect(kinds('عليی')).toEqual(['letter-variant']);
  });
  it('an RLO inside a post', () => {
    const text = 'download invoice\u202Efdp.exe now';
    const [check] = checkText(text);
    expect(check).toMatchObject({ kind: 'bidi-control', start: 16, end: 17, codePoints: ['U+202E'] });
  });
  it('an isolate left open, but not a closed one', () => {
    expect(kinds('نص \u2067abc تمام')).toEqual(['bidi-control']);
    expect(kinds('نص \u2067abc\u2069 تمام')).toEqual([]);
  });

  it('flags every bidi control of a text of 200,000 of them (a spread of that many findings threw RangeError)', () => {
    const found = checkText('\u202E'.repeat(200_000), { kinds: ['bidi-control'] });
    expect(found).toHaveLength(200_000);
    expect(found[199_999]).toMatchObject({ kind: 'bidi-control', start: 199_999 });
  });
  it('a ZWJ inside a word', () => {
    const text = 'free mo\u200Dney here';
    const [check] = checkText(text);
    expect(check).toMatchObject({ kind: 'invisible-in-word', start: 7, end: 8, codePoints: ['U+200D'] });
    expect(kinds('كت\u200Dاب', 'ar')).toEqual(['invisible-in-word']);
    expect(checkText('pass\u00ADword', { flagSoftHyphen: true }).map((c) => c.kind)).toEqual(['invisible-in-word']);
  });
});

describe('checkText leaves ordinary text alone', () => {
  it.each([
    ['Persian ZWNJ', 'می\u200Cخواهم به دانشگاه بروم', 'fa'],
    ['Uyghur with a Latin brand', 'مەن Facebookتا يازدىم، ئۇ ناھايىتى ياخشى.', 'ug'],
    ['Chinese with Latin', '我用QQ群和iPhone手机聊天', 'zh'],
    ['Japanese kana and kanji', '日本語のテキストです', 'ja'],
    ['Korean with Han', '韓國語한국어', 'ko'],
    ['Russian with Latin acronyms', 'Купил ноутбук HTC, всё OK и работает', 'ru'],
    ['English', 'The quick brown fox jumps over the lazy dog.', 'en'],
    ['Arabic with RLM', 'السعر 100\u200F دولار', 'ar'],
    ['emoji ZWJ sequence', 'family 👨\u200D👩\u200D👧 photo', 'en'],
    ['Hindi conjunct ZWJ', 'क्\u200Dष', 'hi'],
    ['soft hyphens at syllable breaks', 'Not\u00ADfall\u00ADdaten\u00ADsatz', 'de'],
  ])('%s', (_name, text, lang) => {
    expect(checkText(text, { lang })).toEqual([]);
  });
});

describe('checkText options', () => {
  it('runs only the kinds asked for', () => {
    expect(checkText('pаy \u202E', { kinds: ['bidi-control'] }).map((c) => c.kind)).toEqual(['bidi-control']);
  });
  it('rejects an unknown kind or option', () => {
    for (const bad of [{ kinds: ['spoof'] }, { strict: true }]) {
      try {
        checkText('x', bad as never);
        expect.unreachable();
      } catch (error) {
        expect(isMatnError(error, 'invalid-argument')).toBe(true);
      }
    }
  });
});

describe('TR39 skeletons', () => {
  it('equal for look-alikes, different otherwise', () => {
    expect(skeleton('pаypаl')).toBe(skeleton('paypal'));
    expect(areConfusable('раураl', 'paypal')).toBe(true);
    expect(areConfusable('Ηello', 'Hello')).toBe(true); // Greek capital eta
    expect(areConfusable('hello', 'world')).toBe(false);
  });
});

describe('checkText and addresses', () => {
  it('does not take the Latin letters of an address in Russian text for look-alikes', () => {
    expect(checkText('Смотрите www.example.ru и пишите на ivan@mail.ru, там всё есть', { lang: 'ru' })).toEqual([]);
    expect(checkText('Смотрите www и пишите, там всё есть', { lang: 'ru' }).map((c) => c.kind)).toEqual(['confusable']);
  });

  it('finds an e-mail address from the start of its run, after a long run without spaces or @', () => {
    const han = '中文'.repeat(50_000);
    const confusables = (text: string) => checkText(text, { lang: 'ru', kinds: ['confusable'] }).map((c) => c.text);
    expect(confusables(`${han} пишите на www@mail.ru сейчас`)).toEqual([]);
    expect(confusables(`${han} пишите на www@mail сейчас`)).toEqual(['www']);
    // a run that an @ splits: the address is the part after the first @
    expect(confusables('пишите на www@x@mail.ru сейчас')).toEqual(['www']);
  });

  it('finds addresses after and at the end of runs where a scheme could start at every letter', () => {
    const dashes = 'a-'.repeat(40_000);
    const mail = `${dashes} x www@mail.ru y`;
    expect(addressRanges(mail)).toEqual([[mail.indexOf('www@'), mail.indexOf(' y')]]);
    expect(addressRanges(`${'a.'.repeat(40_000)} www y`)).toEqual([]);
    // a scheme is the longest run of its characters before `://`: the address starts where the run does
    const url = `${dashes}http://www.ru z`;
    expect(addressRanges(url)).toEqual([[0, url.indexOf(' z')]]);
  });

  it('tells the words inside addresses from those between them, over many addresses', () => {
    const text = `Смотрите и пишите ${'на иван@www.рф, '.repeat(2_000)}а www не адрес`;
    const found = checkText(text, { lang: 'ru', kinds: ['confusable'] });
    expect(found.map((c) => [c.text, c.start])).toEqual([['www', text.lastIndexOf('www')]]);
  });
});
