/**
 * Byte-order-mark sniffing.
 * @module
 */

/** A byte-order mark found at the start of the bytes. */
export interface BomMatch {
  /** Encoding named by the BOM: `utf-8`, `utf-16le`, `utf-16be`, `utf-32le` or `utf-32be`. */
  readonly charset: 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';
  /** Length of the BOM in bytes (to skip before decoding). */
  readonly length: number;
}

/**
 * Finds a byte-order mark. The WHATWG standard knows the UTF-8 and UTF-16 BOMs; the UTF-32 ones are
 * recognized too (`FF FE 00 00` is read as UTF-32LE, not as UTF-16LE followed by a NUL, because a
 * UTF-16 document does not start with U+0000).
 * @returns the match, or null when the bytes start with no BOM.
 * @see https://encoding.spec.whatwg.org/#bom-sniff
 * @category Encoding
 */
export function sniffBom(bytes: Uint8Array): BomMatch | null {
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (bytes.length >= 3 && b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return { charset: 'utf-8', length: 3 };
  if (bytes.length >= 4 && b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return { charset: 'utf-32le', length: 4 };
  if (bytes.length >= 4 && b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return { charset: 'utf-32be', length: 4 };
  if (bytes.length >= 2 && b0 === 0xff && b1 === 0xfe) return { charset: 'utf-16le', length: 2 };
  if (bytes.length >= 2 && b0 === 0xfe && b1 === 0xff) return { charset: 'utf-16be', length: 2 };
  return null;
}
