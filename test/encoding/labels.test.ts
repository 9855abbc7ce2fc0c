import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM generator script without type declarations
import { renderWhatwgLabels, JSON_PATH, TS_PATH } from '../../charsets/build-whatwg-labels.mjs';
import { resolveCharsetLabel, resolveLabel } from '../../src/encoding/labels.js';
import { WHATWG_ENCODING_NAMES, WHATWG_LABELS } from '../../src/encoding/whatwg-labels.js';

describe('resolveLabel (WHATWG get an encoding)', () => {
  it.each([
    ['utf-8', 'utf-8'], ['UTF8', 'utf-8'], ['unicode-1-1-utf-8', 'utf-8'],
    ['gb2312', 'gbk'], ['GB_2312-80', 'gbk'], ['x-gbk', 'gbk'], ['gb18030', 'gb18030'],
    ['iso-8859-1', 'windows-1252'], ['ascii', 'windows-1252'], ['latin1', 'windows-1252'], ['us-ascii', 'windows-1252'],
    ['iso-8859-9', 'windows-1254'], ['tis-620', 'windows-874'], ['x-sjis', 'shift_jis'], ['ms932', 'shift_jis'],
    ['windows-1256', 'windows-1256'], ['cp1256', 'windows-1256'], ['arabic', 'iso-8859-6'], ['iso-8859-6-i', 'iso-8859-6'],
    ['ks_c_5601-1987', 'euc-kr'], ['big5-hkscs', 'big5'], ['x-mac-ukrainian', 'x-mac-cyrillic'], ['mac', 'macintosh'],
    ['utf-16', 'utf-16le'], ['utf-16be', 'utf-16be'], ['iso-2022-kr', 'replacement'], ['hz-gb-2312', 'replacement'],
    [' \t\nWINDOWS-1251\f\r', 'windows-1251'], ['koi8_r', 'koi8-r'],
  ])('%j -> %s', (label, name) => {
    expect(resolveLabel(label)).toBe(name);
  });

  it.each([['utf-32'], ['ibm855'], ['cp949'], ['windows 1252'], [''], ['\u00A0utf-8'], ['maccyrillic']])('%j is not a WHATWG label', (label) => {
    expect(resolveLabel(label)).toBeNull();
  });
});

describe('resolveCharsetLabel (WHATWG + other encodings)', () => {
  it.each([
    ['UTF-32', 'utf-32le'], ['utf-32-be', 'utf-32be'], ['IBM855', 'ibm855'], ['cp855', 'ibm855'], ['Johab', 'johab'],
    ['ISO-2022-KR', 'iso-2022-kr'], ['MacCyrillic', 'x-mac-cyrillic'], ['CP949', 'euc-kr'], ['CP932', 'shift_jis'],
    ['utf-16-le', 'utf-16le'], ['EUC-TW', 'euc-tw'], ['iso8859-15', 'iso-8859-15'], ['gb2312', 'gbk'], ['SHIFT-JIS', 'shift_jis'],
  ])('%j -> %s', (label, name) => {
    expect(resolveCharsetLabel(label)).toBe(name);
  });

  it('returns null for unknown labels', () => {
    expect(resolveCharsetLabel('no-such-charset')).toBeNull();
  });
});

describe('generated WHATWG table', () => {
  it('has every name of the standard and labels only of those names', () => {
    expect(WHATWG_ENCODING_NAMES).toHaveLength(40);
    for (const name of Object.values(WHATWG_LABELS)) expect(WHATWG_ENCODING_NAMES).toContain(name);
    for (const name of WHATWG_ENCODING_NAMES) expect(WHATWG_LABELS[name] ?? resolveLabel(name === 'replacement' ? 'iso-2022-kr' : name)).toBe(name);
  });

  it('matches its generator (regenerate with `node charsets/build-whatwg-labels.mjs`)', () => {
    const { json, ts } = renderWhatwgLabels();
    expect(readFileSync(JSON_PATH, 'utf8')).toBe(json);
    expect(readFileSync(TS_PATH, 'utf8')).toBe(ts);
  });
});
