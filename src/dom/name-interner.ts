/**
 * Tag and attribute names found in the page's source without cutting a string per tag. htmlparser2's
 * parser cuts every start tag's, end tag's and attribute's name out of the source and lower-cases it:
 * two new strings each (on a page of 100,000 `<p>`, about 4× the page in garbage, a third of what a call
 * allocates). A name seen before is found here by a hash of its lower-cased characters and checked
 * character by character against the source, so the same string object comes back each time.
 * @module
 */

/** Longest name looked up; a longer one (rare: custom elements) is cut and lower-cased as before. */
const MAX_NAME_LENGTH = 32;
/** Keeps the hash a small integer, so that no step of it allocates before the code is optimized. */
const HASH_MASK = 0x3fffffff;

/**
 * Lower-case ASCII names of ranges of one source string, remembered once seen.
 * @category DOM
 */
export class NameInterner {
  private readonly names = new Map<number, string>();

  /** @param source the string the ranges point into */
  constructor(private readonly source: string) {}

  /**
   * The remembered name spelled by `source[start, end)` with ASCII letters lower-cased, or undefined when
   * none is: the range is empty, longer than {@link MAX_NAME_LENGTH} or outside the source, or its name was
   * not remembered (or another with the same hash was). This is the range's `toLowerCase()`: a remembered
   * name's other characters are ones `toLowerCase()` kept, and it keeps them beside letters of either case.
   */
  find(start: number, end: number): string | undefined {
    const hash = this.hash(start, end);
    if (hash < 0) return undefined;
    const name = this.names.get(hash);
    return name !== undefined && this.spells(name, start, end) ? name : undefined;
  }

  /**
   * Remembers `name` for later ranges spelling it, when `source[start, end)` spells it with ASCII letters
   * lower-cased and its hash is free. A name that was adjusted (`image` read as `img`) or that
   * `toLowerCase()` changed beyond ASCII is not kept: {@link find} could never give it, and it would hold
   * its hash.
   */
  remember(start: number, end: number, name: string): void {
    const hash = this.hash(start, end);
    if (hash >= 0 && !this.names.has(hash) && this.spells(name, start, end)) this.names.set(hash, name);
  }

  /** The hash of the range with ASCII letters lower-cased, or −1 when the range is not looked up (see {@link find}). */
  private hash(start: number, end: number): number {
    if (start < 0 || end <= start || end > this.source.length || end - start > MAX_NAME_LENGTH) return -1;
    let hash = end - start;
    for (let i = start; i < end; i++) hash = (Math.imul(hash, 31) + lowerAscii(this.source.charCodeAt(i))) & HASH_MASK;
    return hash;
  }

  /** Whether `source[start, end)` with ASCII letters lower-cased is `name`. */
  private spells(name: string, start: number, end: number): boolean {
    if (name.length !== end - start) return false;
    for (let i = start; i < end; i++) if (lowerAscii(this.source.charCodeAt(i)) !== name.charCodeAt(i - start)) return false;
    return true;
  }
}

/** The UTF-16 code unit `c` with A–Z lower-cased. */
function lowerAscii(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}
