import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { normText, pyCollapseSpace, pyWordTokens, sequenceRatio } from '../../src/eval/index.js';
import { prng } from './noisy.js';
import { hasPython, pythonMap } from './python.js';

const NO_PYTHON = !hasPython();

/** Every code point Python's unicodedata (its Unicode version) has assigned, with its \w / \s / lower() facts. */
const TABLE = `
import json, re, unicodedata
w, s, low = [], [], {}
for c in range(0x110000):
    if 0xD800 <= c < 0xE000 or unicodedata.category(chr(c)) == 'Cn':
        continue
    ch = chr(c)
    if re.fullmatch(r'\\w', ch): w.append(c)
    if re.fullmatch(r'\\s', ch): s.append(c)
    if ch.lower() != ch: low[c] = ch.lower()
print(json.dumps({'version': unicodedata.unidata_version, 'w': w, 's': s, 'low': low,
  'assigned': [c for c in range(0x110000) if not 0xD800 <= c < 0xE000 and unicodedata.category(chr(c)) != 'Cn']}))
`;

describe.skipIf(NO_PYTHON)(`Python ${NO_PYTHON ? '(skipped: python3 is not available)' : ''} character classes, over every code point Python's Unicode data assigns`, () => {
  const table = NO_PYTHON ? null : JSON.parse(spawnSync('python3', ['-c', TABLE], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout) as {
    w: number[]; s: number[]; low: Record<string, string>; assigned: number[];
  };

  it('\\w: pyWordTokens matches a character exactly when Python\'s \\w does', () => {
    const w = new Set(table!.w);
    const diff = table!.assigned.filter((c) => (pyWordTokens(String.fromCodePoint(c)).length === 1) !== w.has(c));
    expect(diff.map((c) => c.toString(16))).toEqual([]);
  });

  it('\\s: pyCollapseSpace removes a character exactly when Python\'s \\s matches it', () => {
    const s = new Set(table!.s);
    const diff = table!.assigned.filter((c) => (pyCollapseSpace(String.fromCodePoint(c), '') === '') !== s.has(c));
    expect(diff.map((c) => c.toString(16))).toEqual([]);
  });

  it('lower(): toLowerCase gives Python\'s str.lower() for every single character', () => {
    const diff = table!.assigned.filter((c) => {
      const ch = String.fromCodePoint(c);
      return ch.toLowerCase() !== (table!.low[String(c)] ?? ch);
    });
    expect(diff.map((c) => c.toString(16))).toEqual([]);
  });
});

describe.skipIf(NO_PYTHON)(`difflib and norm_text against CPython ${NO_PYTHON ? '(skipped: python3 is not available)' : ''}`, () => {
  const rnd = prng(7);
  const alphabets = ['ab', 'abc ', 'ئۇيغۇر ', '中文标点，', 'xyz01'];
  const randomText = (): string => {
    const alphabet = Array.from(alphabets[Math.floor(rnd() * alphabets.length)]!);
    const length = Math.floor(rnd() ** 2 * 420); // many short, some 200+ (autojunk)
    return Array.from({ length }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');
  };
  const pairs = Array.from({ length: 400 }, () => [randomText(), randomText()] as const);

  it('sequenceRatio equals SequenceMatcher(None, a, b).ratio() on 400 random pairs (lengths 0-420)', () => {
    const expected = pythonMap('difflib.SequenceMatcher(None, x[0], x[1]).ratio()', pairs, 'difflib') as number[];
    const diff = pairs.flatMap(([a, b], i) => (Math.abs(sequenceRatio(a, b) - expected[i]!) > 1e-12 ? [`${a.length}/${b.length}: ${sequenceRatio(a, b)} vs ${expected[i]}`] : []));
    expect(diff).toEqual([]);
  });

  it('normText equals score.py norm_text on texts with NFKC-sensitive and separator characters', () => {
    const texts = ['  Ｔｉｔｌｅ — Site ', 'ﬁnal • ', '\u0085x\u3000y\u001c', '— | _ : · •', 'ＡＢＣ：', 'İstanbul ΣΑΣ', '\ufeff a'];
    const code = "(lambda s: __import__('unicodedata').normalize('NFKC', s))(x)";
    const expected = pythonMap(`(lambda s: re.sub(r'\\s+', ' ', ${code}).strip().lower().strip(' \\t-–—|_:·•'))(x)`, texts, 're') as string[];
    expect(texts.map((t) => normText(t))).toEqual(expected);
  });
});
