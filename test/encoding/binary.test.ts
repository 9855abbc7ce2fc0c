import { describe, expect, it } from 'vitest';
import { classifyNulPattern, findBinarySignature } from '../../src/encoding/binary.js';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const wide = (text: string, width: 2 | 4, bigEndian: boolean) => {
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.charCodeAt(0);
    const unit = width === 2 ? [cp & 0xff, cp >> 8] : [cp & 0xff, cp >> 8, 0, 0];
    out.push(...(bigEndian ? unit.reverse() : unit));
  }
  return new Uint8Array(out);
};
const page = '<html><body><p>Hello, world — شى</p></body></html>';

describe('findBinarySignature', () => {
  it.each([
    ['\x89PNG\r\n\x1a\n....', 'png'],
    ['\xff\xd8\xff\xe0', 'jpeg'],
    ['GIF87a..', 'gif'],
    ['%PDF-1.4', 'pdf'],
    ['PK\x03\x04', 'zip'],
    ['\x1f\x8b\x08', 'gzip'],
    ['\x00\x00\x00\x20ftypisom', 'mp4/mov/heic'],
    ['\x7fELF', 'elf'],
    ['<!DOCTYPE html>', null],
    ['PK', null],
    ['', null],
  ])('%j → %s', (input, format) => {
    expect(findBinarySignature(bytes(input))).toBe(format);
  });
});

describe('classifyNulPattern', () => {
  it.each([
    ['plain ASCII', bytes(page), 'none'],
    ['a few stray NULs', bytes(`${page}\x00${page}`), 'few'],
    ['UTF-16LE', wide(page, 2, false), 'utf-16le'],
    ['UTF-16BE', wide(page, 2, true), 'utf-16be'],
    ['UTF-32LE', wide(page, 4, false), 'utf-32le'],
    ['UTF-32BE', wide(page, 4, true), 'utf-32be'],
    ['random NUL-heavy bytes', Uint8Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 || i % 7 === 0 ? 0 : (i * 31) & 0xff)), 'binary'],
  ] as const)('%s → %s', (_name, input, pattern) => {
    expect(classifyNulPattern(input)).toBe(pattern);
  });
});
