import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NameInterner } from '../../src/dom/name-interner.js';

describe('NameInterner', () => {
  it('finds a remembered name in any case, and nothing before it is remembered', () => {
    const source = '<div><DIV><Div>';
    const names = new NameInterner(source);
    expect(names.find(1, 4)).toBeUndefined();
    names.remember(1, 4, 'div');
    expect(names.find(1, 4)).toBe('div');
    expect(names.find(6, 9)).toBe('div');
    expect(names.find(11, 14)).toBe('div');
    expect(names.find(1, 3)).toBeUndefined(); // `di`
  });

  it('never remembers a name its range does not spell (an adjusted name such as img for image)', () => {
    const names = new NameInterner('<image>');
    names.remember(1, 6, 'img');
    expect(names.find(1, 6)).toBeUndefined();
  });

  it('tells two names of one hash apart: the second is never answered with the first', () => {
    // (2·31 + 97)·31 + 126 = (2·31 + 98)·31 + 95: `a~` and `b_` share a hash
    const names = new NameInterner('a~ b_');
    names.remember(0, 2, 'a~');
    expect(names.find(3, 5)).toBeUndefined();
    names.remember(3, 5, 'b_');
    expect(names.find(3, 5)).toBeUndefined();
    expect(names.find(0, 2)).toBe('a~');
  });

  it('looks up no empty, out-of-range or overlong range, and keeps characters beyond ASCII as they stand', () => {
    const long = 'x'.repeat(33);
    const source = `İ ${long} ab Дä дÄ`;
    const names = new NameInterner(source);
    names.remember(0, 1, 'i̇'); // toLowerCase makes two characters of one: never found
    names.remember(2, 35, long);
    expect(names.find(0, 1)).toBeUndefined();
    expect(names.find(2, 35)).toBeUndefined();
    names.remember(39, 41, 'дä'); // `Дä` lower-cased is `дä`, which that range does not spell: not remembered
    expect(names.find(39, 41)).toBeUndefined();
    names.remember(42, 44, 'дä'); // `дÄ` neither
    expect(names.find(42, 44)).toBeUndefined();
    names.remember(36, 38, 'ab');
    expect(names.find(36, 36)).toBeUndefined();
    expect(names.find(36, 39)).toBeUndefined();
    expect(names.find(-1, 1)).toBeUndefined();
    expect(names.find(36, 38)).toBe('ab');
  });

  it('answers what toLowerCase gives, for any name remembered from any spelling', () => {
    const asciiLower = (w: string) => w.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const word = fc.array(fc.constantFrom(...'aAzZ09:-_ДдÄäΣσςİıß'), { minLength: 1, maxLength: 12 }).map((c) => c.join(''));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 20 }), (words) => {
      const source = words.join(' ');
      const names = new NameInterner(source);
      let at = 0;
      const ranges = words.map((w) => {
        const range = [at, at + w.length] as const;
        at += w.length + 1;
        return range;
      });
      ranges.forEach(([start, end], k) => names.find(start, end) ?? names.remember(start, end, words[k].toLowerCase()));
      ranges.forEach(([start, end], k) => {
        const found = names.find(start, end);
        if (found !== undefined) expect(found).toBe(words[k].toLowerCase());
      });
      // the first word is remembered when toLowerCase changed its ASCII letters only (its hash was free)
      const first = words[0].toLowerCase() === asciiLower(words[0]) ? words[0].toLowerCase() : undefined;
      expect(names.find(ranges[0][0], ranges[0][1])).toBe(first);
    }), { numRuns: 300 });
  });
});
