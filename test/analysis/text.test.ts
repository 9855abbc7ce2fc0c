import { describe, expect, it } from 'vitest';
import {
  TextBuilder, collapseMeasured, countPunctuation, countTextChars, createTextMeasure, isPunctuationCodePoint, isWhitespaceCode, measureText,
} from '../../src/analysis/text.js';

describe('measureText', () => {
  it.each([
    ['zh', '你好，世界。我们去北京吧！', 13, 3],
    ['zh brackets and quotes', '《红楼梦》“好”（书）……', 13, 8],
    ['ar', 'مرحبا، كيف حالك؟', 14, 2],
    ['ar percent and full stop', '٥٠٪ ۔', 4, 2],
    ['ug', 'بۈگۈن ھاۋا ياخشى؛ سىز قانداق؟', 25, 2],
    ['en', `Hello, world! (It's "fine") [ok] - yes… 50%`, 36, 12],
    ['symbols are not punctuation', '$+<=>^|~', 8, 0],
    ['astral letters count once', '😀𝐀', 2, 0],
    ['astral punctuation', '\u{11047}', 1, 1],
    ['whitespace only', ' \t\n\u00a0\u3000\ufeff', 0, 0],
    ['ZWNJ is not whitespace', 'a\u200cb', 3, 0],
    ['lone surrogates count once each', '\ud800x\udc00', 3, 0],
  ])('%s', (_name, text, chars, punctuation) => {
    const m = measureText(text, createTextMeasure());
    expect(m.chars).toBe(chars);
    expect(countPunctuation(text, 0, text.length)).toBe(punctuation);
  });

  it.each([
    ['one two', false, false, false, 'one two'],
    [' one two ', true, true, false, 'one two'],
    ['one  two', false, false, true, 'one two'],
    ['one\ntwo', false, false, true, 'one two'],
    ['\u00a0one\u00a0\u00a0two\t', true, true, true, 'one two'],
    ['یەنە\u3000بىر', false, false, true, 'یەنە بىر'],
  ])('collapses %j', (text, leading, trailing, collapse, collapsed) => {
    const m = measureText(text, createTextMeasure());
    expect([m.leadingSpace, m.trailingSpace, m.needsCollapse]).toEqual([leading, trailing, collapse]);
    expect(collapseMeasured(text, m)).toBe(collapsed);
  });

  it('countTextChars counts code points without whitespace', () => {
    expect(countTextChars(' ئا  ب 中 ')).toBe(4);
  });
});

describe('character classes', () => {
  it('isWhitespaceCode matches exactly what \\s matches in the BMP', () => {
    for (let c = 0; c < 0x10000; c++) {
      expect(isWhitespaceCode(c), `U+${c.toString(16)}`).toBe(/^\s$/.test(String.fromCharCode(c)));
    }
  });

  it.each(['。', '，', '、', '；', '：', '？', '！', '“', '”', '‘', '’', '（', '）', '《', '》', '…', '—', '،', '؛', '؟', '٪', '۔', '.', ',', '-', '['])(
    '%s is punctuation',
    (ch) => {
      expect(isPunctuationCodePoint(ch.codePointAt(0) as number)).toBe(true);
    },
  );

  it.each(['a', 'ئ', '中', '5', '٥', '+', '$', ' '])('%s is not punctuation', (ch) => {
    expect(isPunctuationCodePoint(ch.codePointAt(0) as number)).toBe(false);
  });
});

describe('TextBuilder', () => {
  function build(steps: (string | null)[], capacity?: number): string {
    const builder = new TextBuilder(capacity);
    const m = createTextMeasure();
    for (const step of steps) {
      if (step === null) builder.breakLine();
      else builder.append(step, measureText(step, m));
    }
    const text = builder.finish();
    expect(builder.length).toBe(text.length);
    return text;
  }

  it.each<[string, (string | null)[], string]>([
    ['joins inline pieces without adding spaces', ['foo', 'bar'], 'foobar'],
    ['keeps one space across pieces', ['foo ', ' bar'], 'foo bar'],
    ['whitespace-only pieces become one space', ['foo', '  \n ', 'bar'], 'foo bar'],
    ['breaks merge and win over spaces', ['foo ', null, ' ', null, ' bar'], 'foo\nbar'],
    ['no leading or trailing separators', [null, '  foo  ', null], 'foo'],
    ['empty input', [null, '   '], ''],
    ['a single piece (kept as a range of its string)', [null, ' one two ', null], 'one two'],
    ['the first piece is copied once a second one comes', [' one', ' two\u4e2d'], 'one two\u4e2d'],
    ['Latin-1 letters and C1 controls stay as they are', ['caf\u00e9\u0085', '\u00ff'], 'caf\u00e9\u0085\u00ff'],
    ['a wide character after narrow ones', ['abc ', 'd\u00e9', null, 'x\u4e2dy', ' z'], 'abc d\u00e9\nx\u4e2dy z'],
    ['astral characters and collapsed whitespace', ['\u{1F600} \u3000 a\t', null, '\u00a0b'], '\u{1F600} a\nb'],
  ])('%s', (_name, steps, expected) => {
    expect(build(steps)).toBe(expected);
    expect(build(steps, 1)).toBe(expected); // grown from a buffer of one code unit
  });

  /** What the builder writes, as the pieces-and-separators join it replaced. */
  function joinPieces(steps: (string | null)[]): string {
    const m = createTextMeasure();
    let text = '';
    let space = false;
    let lineBreak = false;
    for (const step of steps) {
      if (step === null) {
        lineBreak = true;
        continue;
      }
      measureText(step, m);
      if (m.chars === 0) {
        if (step.length > 0) space = true;
        continue;
      }
      if (text.length > 0 && (lineBreak || space || m.leadingSpace)) text += lineBreak ? '\n' : ' ';
      text += collapseMeasured(step, m);
      lineBreak = false;
      space = m.trailingSpace;
    }
    return text;
  }

  it('writes what joining the collapsed pieces gives, on random pieces', () => {
    const alphabet = ['a', 'b', ' ', '  ', '\n', '\u00a0', '\u00e9', '\u0085', '\u4e2d', '\u{1F600}', '\u3000', '.'];
    let seed = 7;
    const random = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    for (let round = 0; round < 300; round++) {
      const steps = Array.from({ length: random(8) }, () =>
        random(5) === 0 ? null : Array.from({ length: random(6) }, () => alphabet[random(alphabet.length)]).join(''));
      expect(build(steps, random(4))).toBe(joinPieces(steps));
    }
  });
});
