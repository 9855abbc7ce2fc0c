import { francAll } from 'franc';
import { data as FRANC_DATA } from 'franc/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc/expressions.js';
import { describe, expect, it } from 'vitest';
import { closestLanguageSearch, topScript } from '../../src/metadata/closest-language.js';

// every language franc has a trigram profile for, and a few script-only ones
const ALL = [...Object.values(FRANC_DATA).flatMap((byLanguage) => Object.keys(byLanguage)), 'ell', 'kat', 'tha', 'heb'];
const SOME = ['eng', 'deu', 'fra', 'spa', 'rus', 'ukr', 'bul', 'nld', 'ita', 'por'];

const TEXTS: readonly string[] = [
  'The train stopped at every station, and a guard in a red cap walked along it with a small hammer.',
  'Der Zug hielt an jedem Bahnhof, und ein Wärter mit roter Mütze ging mit einem kleinen Hammer entlang.',
  'Le train s’arrêtait à chaque gare et un garde en casquette rouge longeait les wagons avec un marteau.',
  'El tren se detenía en cada estación y un guardia con gorra roja caminaba junto a él con un martillo.',
  'Поезд останавливался на каждой станции, и охранник в красной фуражке шёл вдоль вагонов с молотком.',
  'Потяг зупинявся на кожній станції, і вартовий у червоному кашкеті йшов уздовж вагонів з молотком.',
  'Ο σταθμάρχης περπατούσε δίπλα στο τρένο με ένα μικρό σφυρί σε κάθε σταθμό της διαδρομής.',
  'De trein stopte bij elk station en een bewaker met een rode pet liep erlangs met een hamertje.',
  'short',
  '12345 67890 12345 67890 12345 67890 12345 67890',
  'Mixed text: the guard walked along the train, und der Zug hielt an jedem Bahnhof, et le train repartait.',
  // surrogate pairs (an emoji, a CJK Extension B character): the script shares are counted by matching
  'The train stopped 🚂🚂 at every station 🚉, and the guard 𠀀 walked along it with a small hammer.',
  '𠀀𠀁𠀂 火车在每个车站都停了下来，一个戴红帽子的警卫拿着小锤子沿着车厢走。',
  'A guard ＡＢＣ walked along the train, ﬁne ligatures and ÀÉÎ accents, counting the wagons one by one.',
];

describe('closestLanguageSearch', () => {
  it.each([
    ['all profiles', ALL],
    ['a few languages', SOME],
  ])('gives franc’s first answer (%s)', (_name, only) => {
    const search = closestLanguageSearch(only);
    for (const text of TEXTS) {
      for (const minLength of [10, 40]) {
        expect([text, search(text, minLength)]).toEqual([text, francAll(text, { minLength, only: [...only] })[0][0]]);
      }
    }
  });

  it('gives franc’s answer whatever text came before (counts of repeated trigrams, no count carried over)', () => {
    const search = closestLanguageSearch(ALL);
    const repeated = [TEXTS[0].repeat(12), TEXTS[4].repeat(12), TEXTS[1].repeat(3)];
    for (const text of [...repeated, ...TEXTS, ...[...TEXTS].reverse(), ...repeated]) {
      expect([text, search(text, 10)]).toEqual([text, francAll(text, { minLength: 10, only: [...ALL] })[0][0]]);
    }
  });

  it('answers und for a text shorter than the minimum, and a script-only language by its script', () => {
    const search = closestLanguageSearch(ALL);
    expect(search('The guard.', 40)).toBe('und');
    expect(search('Ο σταθμάρχης περπατούσε δίπλα στο τρένο.', 10)).toBe('ell');
    expect(search(TEXTS[0], 10)).toBe('eng');
  });

  it('franc’s script expressions are classes of one BMP unit, or start with a high surrogate (the share count relies on it)', () => {
    for (const [script, expression] of Object.entries(FRANC_SCRIPTS)) {
      expect([script, expression.flags.includes('u')]).toEqual([script, false]);
      for (const alternative of expression.source.split('|')) {
        const oneUnit = /^\[[^\]]*\]$/u.test(alternative) || /^\\u[0-9a-f]{4}$/iu.test(alternative);
        const highSurrogate = /^(?:\[)?\\u[dD][89abAB][0-9a-fA-F]{2}/u.test(alternative);
        expect([script, alternative, oneUnit || highSurrogate]).toEqual([script, alternative, true]);
      }
    }
  });

  it('counts each script’s share in one pass as franc’s expressions match it (30 expressions: one bit each)', () => {
    expect(Object.keys(FRANC_SCRIPTS).length).toBeLessThanOrEqual(30);
    const reference = (value: string): [string | undefined, number] => {
      let top: string | undefined;
      let topShare = -1;
      for (const [script, expression] of Object.entries(FRANC_SCRIPTS)) {
        const share = (value.match(expression)?.length ?? 0) / value.length || 0;
        if (share > topShare) [top, topShare] = [script, share];
      }
      return [top, topShare];
    };
    const mixed = ['Поезд train 火车 قطار רכבת ரயில் รถไฟ ტრენი', 'ab вг', '1234 ,.;', 'ΑΒΓ abc', 'ウィキ 漢字 한국어 ㄅㄆ'];
    for (const text of [...TEXTS, ...mixed, ...mixed.map((t) => t.repeat(5))]) expect([text, topScript(text)]).toEqual([text, reference(text)]);
  });
});
