/**
 * Clean text: what matn guarantees about every string it outputs. No NUL, no C0 control other than
 * tab and line feed, no lone surrogate (a UTF-16 code unit that is half of a pair without the other
 * half, which UTF-16/UTF-32 decoding, JSON `\ud800` escapes and string input can all produce).
 * @module
 */
import { hasLazyFields, lazyFieldNames } from './lazy.js';

/** Anything {@link cleanText} changes: C0 controls but tab and line feed, and lone surrogates. */
const UNCLEAN_RE = /[\x00-\x08\x0B-\x1F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNCLEAN_GLOBAL_RE = new RegExp(UNCLEAN_RE.source, 'g');

/** The C0 controls {@link cleanText} changes (tab and line feed are kept). */
const CONTROL_RE = /[\x00-\x08\x0B-\x1F]/;

/** The C0 controls {@link cleanHtmlSource} drops (tab, LF, FF and CR are kept), as the body of a regex character class. */
const SOURCE_CONTROL_CLASS = '\\x00-\\x08\\x0B\\x0E-\\x1F';
const SOURCE_CONTROL_RE = new RegExp(`[${SOURCE_CONTROL_CLASS}]`);

/**
 * True when `text` holds no lone surrogate: `String.prototype.isWellFormed` (Node 20, ES2024, not in
 * the ES2023 lib this project compiles against), one native scan where the lookaround pattern of
 * `UNCLEAN_RE` takes several times longer on a whole page.
 */
function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The controls {@link cleanHtmlSource} drops: C0 but the HTML whitespace (tab, LF, FF, CR), which the parser needs. */
const UNCLEAN_SOURCE_GLOBAL_RE = new RegExp(`[${SOURCE_CONTROL_CLASS}]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`, 'g');

/** How many characters {@link cleanText} changed, by kind. @category Text */
export interface CleanTextCounts {
  /** C0 controls removed (NUL included); a carriage return became a line feed or was dropped before one. */
  controls: number;
  /** Lone surrogates replaced by U+FFFD. */
  surrogates: number;
}

/** True when `text` holds a character {@link cleanText} would change. @category Text */
export function hasUncleanText(text: string): boolean {
  return CONTROL_RE.test(text) || !isWellFormed(text);
}

/**
 * `text` with C0 controls removed (a carriage return becomes a line feed, or goes when a line feed
 * follows), tab and line feed kept, and lone surrogates replaced by U+FFFD (what the WHATWG decoders
 * do with unpaired halves). `counts` is incremented in place when given.
 * @category Text
 */
export function cleanText(text: string, counts?: CleanTextCounts): string {
  if (!hasUncleanText(text)) return text;
  return text.replace(UNCLEAN_GLOBAL_RE, (ch: string, offset: number) => {
    const code = ch.charCodeAt(0);
    if (code >= 0xd800) {
      if (counts) counts.surrogates++;
      return '\uFFFD';
    }
    if (counts) counts.controls++;
    if (code === 0x0d) return text.charCodeAt(offset + 1) === 0x0a ? '' : '\n';
    return '';
  });
}

/**
 * True when `html` holds a C0 control that {@link cleanHtmlSource} drops (NUL, U+0001–U+0008, VT,
 * U+000E–U+001F). A caller that knows its text has no lone surrogate (the output of a UTF-8 decoder)
 * needs no other test to know that `cleanHtmlSource` would return it unchanged.
 * @category Text
 */
export function hasSourceControls(html: string): boolean {
  return SOURCE_CONTROL_RE.test(html);
}

/**
 * An HTML source with C0 controls that are not HTML whitespace (NUL, U+0001–U+0008, VT, U+000E–U+001F)
 * dropped and lone surrogates replaced by U+FFFD; tab, LF, FF and CR stay for the parser, which
 * reads them as whitespace. `counts` is incremented in place when given.
 * @category Text
 */
export function cleanHtmlSource(html: string, counts?: CleanTextCounts): string {
  // the source test leaves out FF and CR, which the source keeps: a page with CRLF line ends needs no pass
  if (!hasSourceControls(html) && isWellFormed(html)) return html;
  return html.replace(UNCLEAN_SOURCE_GLOBAL_RE, (ch: string) => {
    if (ch.charCodeAt(0) >= 0xd800) {
      if (counts) counts.surrogates++;
      return '\uFFFD';
    }
    if (counts) counts.controls++;
    return '';
  });
}

/**
 * A deep copy of plain data (objects, arrays, strings) with every string passed through
 * {@link cleanText}; anything else (numbers, typed arrays, class instances) is kept as it is.
 * Values with no unclean string are returned unchanged (same reference), so the common case copies
 * nothing. Iterative, so deeply nested data cannot overflow the stack. Accessor properties (fields
 * computed on first read) are neither read nor cleaned: they are carried over as they are.
 * @category Text
 */
export function cleanStrings<T>(value: T, counts?: CleanTextCounts): T {
  if (typeof value === 'string') return cleanText(value, counts) as T;
  if (!isPlainContainer(value) || !containsUnclean(value)) return value;
  return copyClean(value, counts) as T;
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * True when some string inside `root` (plain containers only) is unclean. Only a container that stacked
 * another one is remembered as seen: only such a container can lie on a cycle, and a result's leaves (a
 * block with its span list, 100,000 of them on a page of short paragraphs) then cost no set entry; a leaf
 * reached twice is merely tested twice.
 */
function containsUnclean(root: unknown): boolean {
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (hasUncleanText(value)) return true;
    } else if (typeof value === 'object' && value !== null && !seen.has(value) && isPlainContainer(value)) {
      const stacked = stack.length;
      if (pushDataValues(value, stack)) return true;
      if (stack.length > stacked) seen.add(value);
    }
  }
  return false;
}

/**
 * Pushes the object values of the own enumerable data properties of `value` onto `stack` and tests its
 * strings at once (true when one is unclean); numbers and other primitives are passed over (a result
 * holds arrays of thousands of span offsets). An accessor is not read: it may compute its value on first
 * read. No array of values or `[key, value]` pairs per container: this walk runs over every result
 * `extract()` returns.
 */
function pushDataValues(value: Record<string, unknown> | unknown[], stack: unknown[]): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (takeValue(value[i], stack)) return true;
    return false;
  }
  const lazy = lazyFieldNames(value);
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (lazy !== undefined && lazy.has(key)) {
      // only the fields defineLazyField made can be accessors (result objects are built as plain data)
      const d = Object.getOwnPropertyDescriptor(value, key)!;
      if ('value' in d && takeValue(d.value, stack)) return true;
    } else if (takeValue(value[key], stack)) return true;
  }
  return false;
}

/**
 * Tests a string value (true when unclean), stacks an object, passes over anything else. An array of
 * primitives (a span list) is tested in place, not stacked, so that its holder stays a leaf (see
 * {@link containsUnclean}); an array holding an object is stacked.
 */
function takeValue(child: unknown, stack: unknown[]): boolean {
  if (typeof child === 'string') return hasUncleanText(child);
  if (typeof child !== 'object' || child === null) return false;
  if (Array.isArray(child)) {
    for (let i = 0; i < child.length; i++) {
      const item: unknown = child[i];
      if (typeof item === 'string') {
        if (hasUncleanText(item)) return true;
      } else if (typeof item === 'object' && item !== null) {
        stack.push(child);
        return false;
      }
    }
    return false;
  }
  stack.push(child);
  return false;
}

/** The own enumerable data properties of `value` (an accessor is not read: it may compute its value on first read). */
function dataEntries(value: Record<string, unknown> | unknown[]): [string, unknown][] {
  // descriptors only where a lazy field may be (they cost an allocation per property)
  if (!hasLazyFields(value)) return Object.entries(value);
  const out: [string, unknown][] = [];
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(value))) if (d.enumerable && 'value' in d) out.push([key, d.value]);
  return out;
}

/** The copy of {@link cleanStrings}, built top-down with an explicit stack (shared sub-values copied once). */
function copyClean(root: Record<string, unknown> | unknown[], counts?: CleanTextCounts): unknown {
  const copies = new Map<unknown, Record<string, unknown> | unknown[]>();
  const copyOf = (value: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] => {
    let copy = copies.get(value);
    if (!copy) {
      copy = Array.isArray(value) ? new Array<unknown>(value.length) : (Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>);
      copies.set(value, copy);
      pending.push([value, copy]);
    }
    return copy;
  };
  const pending: [Record<string, unknown> | unknown[], Record<string, unknown> | unknown[]][] = [];
  const frozen: object[] = []; // frozen after filling: a frozen source gives a frozen copy
  const top = copyOf(root);
  while (pending.length > 0) {
    const [source, target] = pending.pop()!;
    if (hasLazyFields(source)) {
      // a field computed on first read goes over unread, getter and all
      for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(source))) if (d.enumerable && !('value' in d)) Object.defineProperty(target, key, d);
    }
    for (const [key, child] of dataEntries(source)) {
      (target as Record<string, unknown>)[key] = typeof child === 'string' ? cleanText(child, counts) : isPlainContainer(child) ? copyOf(child) : child;
    }
    if (Object.isFrozen(source)) frozen.push(target);
  }
  for (const target of frozen) Object.freeze(target);
  return top;
}
