import { describe, expect, it } from 'vitest';
import { sniffBom } from '../../src/encoding/bom.js';

describe('sniffBom', () => {
  it.each([
    [[0xef, 0xbb, 0xbf, 0x3c], 'utf-8', 3],
    [[0xff, 0xfe, 0x3c, 0x00], 'utf-16le', 2],
    [[0xfe, 0xff, 0x00, 0x3c], 'utf-16be', 2],
    [[0xff, 0xfe, 0x00, 0x00, 0x3c, 0, 0, 0], 'utf-32le', 4],
    [[0x00, 0x00, 0xfe, 0xff, 0, 0, 0, 0x3c], 'utf-32be', 4],
    [[0xff, 0xfe], 'utf-16le', 2],
  ])('%j -> %s', (bytes, charset, length) => {
    expect(sniffBom(Uint8Array.from(bytes))).toEqual({ charset, length });
  });

  it.each([[[]], [[0xef, 0xbb]], [[0x3c, 0x68]], [[0xfe]], [[0xbb, 0xef, 0xbf]]])('no BOM in %j', (bytes) => {
    expect(sniffBom(Uint8Array.from(bytes))).toBeNull();
  });
});
