/**
 * htmlparser2's tokenizer with its character-by-character scans done by `String.prototype.indexOf`.
 *
 * The stock tokenizer's main loop calls one state method per character of the page. In text and in
 * quoted attribute values (with entities decoded, as matn parses) nothing happens until a `<`, the
 * closing quote or a `&`; inside `<script>`, `<style>` and comments it waits for one character
 * (`fastForwardTo`) with a loop of its own. These overrides jump straight to that character, which
 * V8's `indexOf` finds many times faster than a loop of `charCodeAt` (a third less parse time on
 * news pages). Every callback is made at the same index with the same arguments:
 * `test/dom/scanning-tokenizer.test.ts` checks the event streams of both tokenizers against each other.
 *
 * The overridden methods are private in htmlparser2's typings, so they are set on the prototype, and
 * the stock tokenizer is used when a future htmlparser2 no longer has them (the test then fails loudly).
 * @module
 */
import { Tokenizer } from 'htmlparser2';

/** The members of htmlparser2's `Tokenizer` (12.x) the scans read or replace; private in its typings. */
interface TokenizerInternals {
  buffer: string;
  index: number;
  offset: number;
  readonly decodeEntities: boolean;
  /** Offset in `buffer` of the next `&` at or after the last point searched from, `buffer.length` for none; −1 unknown. */
  nextAmpersand: number;
  write(chunk: string): void;
  fastForwardTo(c: number): boolean;
  stateText(c: number): void;
  handleInAttributeValue(c: number, quote: number): void;
}

const LT = 0x3c;
const AMP = 0x26;

const stock = Tokenizer.prototype as unknown as TokenizerInternals;
const REPLACED = ['write', 'fastForwardTo', 'stateText', 'handleInAttributeValue'] as const;

/**
 * Whether htmlparser2's tokenizer still has every method the scans replace.
 * @internal
 */
export const SCANS_APPLY = REPLACED.every((name) => typeof stock[name] === 'function');

/**
 * Offset in the buffer of the first `stop` or `&` from buffer offset `from`, or the buffer's length.
 * The next `&` is remembered, so a page with few of them is not searched to its end at every run.
 */
function runEnd(t: TokenizerInternals, from: number, stop: string): number {
  const buffer = t.buffer;
  let amp = t.nextAmpersand;
  if (amp < from) {
    amp = buffer.indexOf('&', from);
    if (amp === -1) amp = buffer.length;
    t.nextAmpersand = amp;
  }
  const at = buffer.indexOf(stop, from);
  return at === -1 || at > amp ? amp : at;
}

class ScanningTokenizerClass extends Tokenizer {
  /** See {@link TokenizerInternals}; set here so every instance has it from the start. */
  nextAmpersand = -1;
}

if (SCANS_APPLY) {
  const scanning = ScanningTokenizerClass.prototype as unknown as TokenizerInternals;
  // the remembered `&` is an offset into one buffer: forgotten when a buffer is written (a reset's empty one never is scanned)
  scanning.write = function (this: TokenizerInternals, chunk: string): void {
    this.nextAmpersand = -1;
    stock.write.call(this, chunk);
  };
  // as the stock loop: stops on the character (true) or on the buffer's last one (false); the main loop steps past it
  scanning.fastForwardTo = function (this: TokenizerInternals, c: number): boolean {
    const at = this.buffer.indexOf(String.fromCharCode(c), this.index + 1 - this.offset);
    this.index = (at === -1 ? this.buffer.length - 1 : at) + this.offset;
    return at !== -1;
  };
  // a character of text that is neither `<` nor `&` does nothing: the index moves to just before the next one
  scanning.stateText = function (this: TokenizerInternals, c: number): void {
    if (c === LT || c === AMP || !this.decodeEntities) stock.stateText.call(this, c);
    else this.index = runEnd(this, this.index - this.offset, '<') + this.offset - 1;
  };
  scanning.handleInAttributeValue = function (this: TokenizerInternals, c: number, quote: number): void {
    if (c === quote || c === AMP || !this.decodeEntities) stock.handleInAttributeValue.call(this, c, quote);
    else this.index = runEnd(this, this.index - this.offset, String.fromCharCode(quote)) + this.offset - 1;
  };
}

/**
 * The tokenizer matn's parsers use: htmlparser2's own, with its scans done by `indexOf` (see the
 * module comment); the stock one when the scans do not apply to the installed htmlparser2.
 * @internal
 */
export const ScanningTokenizer: typeof Tokenizer = SCANS_APPLY ? ScanningTokenizerClass : Tokenizer;
