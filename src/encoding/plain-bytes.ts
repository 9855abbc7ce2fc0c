/**
 * What `normalize` asks of the decoded text of valid UTF-8 — does it hold a C0 control that
 * `cleanHtmlSource` drops, a presentation form or an invisible character? — answered on the bytes,
 * which are final before decoding: a C0 control is one byte, and any other character is found by its
 * lead byte. Native `Buffer#indexOf` searches (memchr) replace a regex pass over the two-byte string of
 * most pages (on en-news the regex took about half as long as decoding the page).
 * @module
 */
import { hasSourceControls } from '../core/clean-text.js';
import { asBuffer } from './buffer-view.js';

/** The C0 controls `cleanHtmlSource` drops (0x00–0x08, 0x0B, 0x0E–0x1F), as bytes. */
const SOURCE_CONTROL_BYTES: readonly number[] = Array.from({ length: 0x20 }, (_, c) => c).filter((c) => hasSourceControls(String.fromCharCode(c)));

/** True when valid UTF-8 `bytes` hold a C0 control that is not HTML whitespace (what `hasSourceControls` says of their text). */
export function hasSourceControlBytes(bytes: Uint8Array): boolean {
  const buf = asBuffer(bytes);
  for (const c of SOURCE_CONTROL_BYTES) if (buf.indexOf(c) !== -1) return true;
  return false;
}

/**
 * A search for a set of BMP code points from U+0080 up in valid UTF-8 bytes. Every such character starts
 * with a lead byte (0xC2–0xEF) that no other byte of valid UTF-8 equals, and its first two bytes fix it
 * but for the last six bits of a three-byte character. Per lead byte present in the bytes (one memchr
 * each), a two-byte prefix held by one member is searched as that member's whole sequence; a prefix held by
 * several is searched alone and the third byte of each match looked up.
 */
export class CodePointSearch {
  /** The set, one flag per BMP code point. */
  private readonly members = new Uint8Array(0x10000);
  /** Per lead byte: its members' byte sequences (`whole`: one member's sequence; else a shared two-byte prefix). */
  private readonly byLead = new Map<number, { needle: Buffer; whole: boolean }[]>();

  constructor(codePoints: Iterable<number>) {
    const byPrefix = new Map<number, number[]>();
    for (const cp of codePoints) {
      if (cp < 0x80 || cp > 0xffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new RangeError(`CodePointSearch: U+${cp.toString(16)} is not a non-ASCII BMP character`);
      if (this.members[cp] === 1) continue;
      this.members[cp] = 1;
      // the first two bytes of its UTF-8 form, as one number
      const prefix = cp < 0x800 ? ((0xc0 | (cp >> 6)) << 8) | (0x80 | (cp & 0x3f)) : ((0xe0 | (cp >> 12)) << 8) | (0x80 | ((cp >> 6) & 0x3f));
      const list = byPrefix.get(prefix);
      if (list === undefined) byPrefix.set(prefix, [cp]);
      else list.push(cp);
    }
    for (const [prefix, cps] of byPrefix) {
      const whole = cps.length === 1;
      const needle = whole ? Buffer.from(String.fromCharCode(cps[0]), 'utf8') : Buffer.from([prefix >> 8, prefix & 0xff]);
      const lead = prefix >> 8;
      const searches = this.byLead.get(lead);
      if (searches === undefined) this.byLead.set(lead, [{ needle, whole }]);
      else searches.push({ needle, whole });
    }
  }

  /** True when valid UTF-8 `bytes` hold a member of the set. */
  test(bytes: Uint8Array): boolean {
    const buf = asBuffer(bytes);
    for (const [lead, searches] of this.byLead) {
      if (buf.indexOf(lead) === -1) continue;
      for (const { needle, whole } of searches) {
        if (whole) {
          if (buf.indexOf(needle) !== -1) return true;
          continue;
        }
        // a shared prefix is three-byte (a two-byte character's prefix is the whole character)
        const high = ((needle[0] & 0x0f) << 12) | ((needle[1] & 0x3f) << 6);
        for (let i = buf.indexOf(needle); i !== -1; i = buf.indexOf(needle, i + 2)) {
          if (this.members[high | (buf[i + 2] & 0x3f)] === 1) return true;
        }
      }
    }
    return false;
  }
}
