import { describe, expect, it } from 'vitest';
import { replaceAll } from '../../src/encoding/replace-all.js';

describe('replaceAll', () => {
  it.each([
    ['replaces and counts', 'a1b22c', /\d+/g, (m: RegExpExecArray) => `<${m[0]}>`, 'a<1>b<22>c', 2],
    ['undefined keeps the match', 'a1b2', /\d/g, (m: RegExpExecArray) => (m[0] === '1' ? 'one' : undefined), 'aoneb2', 1],
    ['empty replacement deletes', 'a-b-c', /-/g, () => '', 'abc', 2],
    ['no match returns the input', 'abc', /\d/g, () => 'x', 'abc', 0],
    ['empty matches are skipped', 'abc', /x*/g, () => 'y', 'abc', 0],
  ])('%s', (_name, text, re, fn, expected, count) => {
    expect(replaceAll(text, re, fn)).toEqual({ text: expected, count });
    expect(re.lastIndex).toBe(0);
  });
});
