/**
 * Round trips: base-form text → shaped into presentation forms → written as numeric character
 * references (as legacy Uyghur sites did) → normalize → the base text again.
 * arabic-reshaper (GPL-3.0) is a devDependency used only here, never by src/.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/encoding/normalize.js';
import { encodeReferences, shape } from './shaper.js';

const require = createRequire(import.meta.url);
const reshaper = require('arabic-reshaper') as { convertArabic(text: string): string };

const PRESENTATION_RE = /[\uFB50-\uFDFF\uFE70-\uFEFE]/;
const page = (body: string) => `<html><head><meta charset="windows-1252"></head><body><p>${body}</p></body></html>`;
const bodyOf = (html: string) => html.slice(html.indexOf('<p>') + 3, html.lastIndexOf('</p>'));

function roundTrip(text: string, shaped: string): string {
  expect(PRESENTATION_RE.test(shaped)).toBe(true); // the shaper really produced presentation forms
  const bytes = new TextEncoder().encode(page(encodeReferences(shaped)));
  return bodyOf(normalize(bytes).html);
}

const ARABIC = [
  'ذهب الطالب إلى المكتبة لقراءة كتاب جديد.',
  'السلام عليكم ورحمة الله وبركاته.',
  'يعيش الناس في هذه المدينة القديمة منذ قرون طويلة، ولا يريدون مغادرتها.',
  'قال المعلم: لا تنسوا واجباتكم غدا.',
];

// Sentences written for these tests; they use ۇ ۆ ۈ ۋ ې ى ڭ ھ ە.
const UYGHUR = [
  'مەن بۈگۈن مەكتەپكە باردىم، ئاندىن كۈتۈپخانىدا كىتاب ئوقۇدۇم.',
  'بۇ يىل يازدا ئۆيىمىزنىڭ ئالدىدىكى باغدا ئۈزۈم، ئۆرۈك ۋە شاپتۇل پىشتى.',
  'ئۇلار ئېتىزغا بېرىپ، كەچتە ئۆيگە قايتىپ كەلدى.',
  'ھاۋا ناھايىتى ئىسسىق بولغاچقا، بالىلار دەريادا سۇ ئۈزدى.',
  'ئۇيغۇر تىلى ۋە ئەدەبىياتى دەرسلىكى يېڭى نەشر قىلىندى.',
];

describe('round trip through presentation forms and references', () => {
  it.each(ARABIC)('Arabic via arabic-reshaper: %s', (text) => {
    expect(roundTrip(text, reshaper.convertArabic(text))).toBe(text);
  });

  it.each(UYGHUR)('Uyghur via the test shaper: %s', (text) => {
    expect(roundTrip(text, shape(text))).toBe(text);
  });

  it('the test shaper writes ە as U+06D5 and gives the letter before it a joining form', () => {
    // meem initial (ە joins to it), ە itself (no forms), noon isolated (ە does not join forward)
    expect(shape('مەن')).toBe('\uFEE3\u06D5\uFEE5');
    // beh initial, yeh medial, noon final; ۈ final after a dual-joining letter
    expect(shape('بين كۈ')).toBe('\uFE91\uFEF4\uFEE6 \uFEDB\uFBDC');
  });

  it('random Uyghur words (property)', () => {
    const letters = [...'ابپتجچخدرزژسشغفقكگڭلمنھوۇۆۈۋېىيەئ'];
    const word = fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 3, maxLength: 12 }), (words) => {
        const text = `ئۇيغۇر ${words.join(' ')}`;
        expect(roundTrip(text, shape(text))).toBe(text);
      }),
    );
  });

  it('random Arabic words via arabic-reshaper, profile arabic (property)', () => {
    const letters = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوية'];
    const word = fc.array(fc.constantFrom(...letters), { minLength: 2, maxLength: 8 }).map((l) => l.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 10 }), (words) => {
        const text = words.join(' ');
        const bytes = new TextEncoder().encode(page(encodeReferences(reshaper.convertArabic(text))));
        expect(bodyOf(normalize(bytes, { profile: 'arabic' }).html)).toBe(text);
      }),
    );
  });
});
