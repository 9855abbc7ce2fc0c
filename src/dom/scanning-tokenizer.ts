/**
 * htmlparser2's tokenizer with its character-by-character scans done by `String.prototype.indexOf`.
 *
 * The stock tokenizer's main loop calls one state method per character of the page. In text and in
 * quoted attribute values (with entities decoded, as matn parses) nothing happens until a `<`, the
 * closing quote or a `&`; inside `<script>`, `<style>` and comments it waits for one character
 * (`fastForwardTo`) with a loop of its own. These replacements jump straight to that character, which
 * V8's `indexOf` finds many times faster than a loop of `charCodeAt` (a third less parse time on
 * news pages). Every callback is made at the same index with the same arguments, under any options:
 * `test/dom/scanning-tokenizer.test.ts` checks the event streams against the stock methods'.
 *
 * They are installed on htmlparser2's own `Tokenizer.prototype`, once, before matn parses its first
 * page, so from then on every parser of that htmlparser2 copy in the process scans this way. A subclass would leave the stock
 * main loop shared by two kinds of tokenizer: a process parsing with both (matn beside linkedom, or
 * the benchmark's floor) then ran V8's polymorphic, deoptimized loop, and both became slower (matn's
 * extract() 2×, the stock parse 7×). The methods are private in htmlparser2's typings; when a future
 * htmlparser2 no longer has them, nothing is installed (the test then fails loudly).
 * @module
 */
import { Tokenizer } from 'htmlparser2';

/** The members of htmlparser2's `Tokenizer` (12.x) the scans read or replace; private in its typings. */
interface TokenizerInternals {
  buffer: string;
  index: number;
  offset: number;
  readonly decodeEntities: boolean;
  /**
   * Offset in `buffer` of the next `&` at or after the last point searched from, `buffer.length` for
   * none; −1 (or absent, before the first write) when unknown. Added by these scans.
   */
  nextAmpersand?: number;
  write(chunk: string): void;
  fastForwardTo(c: number): boolean;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
}

const LT = 0x3c;
const AMP = 0x26;

type ScanMethods = Pick<TokenizerInternals, 'write' | 'fastForwardTo' | 'stateText' | 'handleInAttributeValue'>;

/** Holds the stock methods on the prototype once the scans are installed (a registry symbol: two copies of matn install them once). */
const INSTALLED = Symbol.for('matn.indexOfScans');
const prototype = Tokenizer.prototype as unknown as TokenizerInternals & { [INSTALLED]?: ScanMethods };

/**
 * Offset in the buffer of the first `stop` or `&` from buffer offset `from`, or the buffer's length.
 * The next `&` is remembered, so a page with few of them is not searched to its end at every run.
 */
function runEnd(t: TokenizerInternals, from: number, stop: string): number {
  const buffer = t.buffer;
  let amp = t.nextAmpersand ?? -1;
  if (amp < from) {
    amp = buffer.indexOf('&', from);
    if (amp === -1) amp = buffer.length;
    t.nextAmpersand = amp;
  }
  const at = buffer.indexOf(stop, from);
  return at === -1 || at > amp ? amp : at;
}

/** The stock methods the scans replace, or null when htmlparser2 no longer has them all. */
function stockMethods(): ScanMethods | null {
  const installed = prototype[INSTALLED];
  if (installed !== undefined) return installed;
  const { write, fastForwardTo, stateText, handleInAttributeValue } = prototype;
  const methods: ScanMethods = { write, fastForwardTo, stateText, handleInAttributeValue };
  return Object.values(methods).every((m) => typeof m === 'function') ? methods : null;
}

/**
 * htmlparser2's own methods, as they were before the scans were installed (tests compare against them);
 * null when the scans do not apply to the installed htmlparser2.
 * @internal
 */
export const STOCK_SCANS: Readonly<ScanMethods> | null = stockMethods();

/** Puts the scans on htmlparser2's `Tokenizer.prototype` (see {@link installIndexOfScans}). */
function install(stock: ScanMethods): void {
  Object.defineProperty(prototype, INSTALLED, { value: stock });
  // the remembered `&` is an offset into one buffer: forgotten when a buffer is written (a reset's empty one never is scanned)
  prototype.write = function (this: TokenizerInternals, chunk: string): void {
    this.nextAmpersand = -1;
    stock.write.call(this, chunk);
  };
  // as the stock loop: stops on the character (true) or on the buffer's last one (false); the main loop steps past it
  prototype.fastForwardTo = function (this: TokenizerInternals, c: number): boolean {
    const at = this.buffer.indexOf(String.fromCharCode(c), this.index + 1 - this.offset);
    this.index = (at === -1 ? this.buffer.length - 1 : at) + this.offset;
    return at !== -1;
  };
  // a character of text that is neither `<` nor `&` does nothing: the index moves to just before the next one
  prototype.stateText = function (this: TokenizerInternals, c: number): void {
    if (c === LT || c === AMP || !this.decodeEntities) stock.stateText.call(this, c);
    else this.index = runEnd(this, this.index - this.offset, '<') + this.offset - 1;
  };
  prototype.handleInAttributeValue = function (this: TokenizerInternals, c: number, quote: number): void {
    if (c === quote || c === AMP || !this.decodeEntities) stock.handleInAttributeValue.call(this, c, quote);
    else this.index = runEnd(this, this.index - this.offset, String.fromCharCode(quote)) + this.offset - 1;
  };
}

/**
 * Installs the scans on htmlparser2's tokenizer, on the first call (matn's parsers call it before each
 * page; later calls only answer). Returns whether they apply: false when the installed htmlparser2 no
 * longer has the methods they replace, which then parses as it ships.
 * @internal
 */
export function installIndexOfScans(): boolean {
  if (STOCK_SCANS === null) return false;
  if (prototype[INSTALLED] === undefined) install(STOCK_SCANS);
  return true;
}
