/**
 * The Ctext lines of a page (`lines.ts`) as columns, from one scan of the normalized HTML that only
 * counts: each line's non-whitespace characters and source range, never its text. The line-block
 * extractor reads the counts of every line and the text of the few lines it keeps; a line's text is
 * stripped on demand from the source range the scan recorded ({@link lineText}), so the page's tag-free
 * copy, its split into line strings and their whitespace collapsing are no longer made for every line.
 * The result is the one the eager strip-then-split reading gave (`splitLines`), line for line: same
 * tokenizer (`ctext-scan.ts`), same newlines (source newlines, newlines inside markup, and a decoded
 * `&#10;`), same cuts of long lines at block-level tags.
 * @module
 */
import { MatnError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { collapseLine, countChars, countsAsChar, hasCaseHazard, markupEnd, readReferenceAt, stripRange, type Markup, type ReferenceRead } from './ctext-scan.js';

/**
 * Options of {@link scanLines} (and of `splitLines` / `listLines`, `lines.ts`).
 * @category Analysis
 */
export interface LineOptions {
  /**
   * A source line whose tag-free text has more than this many non-whitespace characters is cut into
   * several lines where block-level tags (`p`, `div`, `li`, `td`, `h1`…, see `BLOCK_TAGS`) or `<br>`
   * stood. 0 disables the cut (the paper's plain behaviour); every line is then a source line.
   * @default 400 (not in the paper; it assumes "every HTML line is one complete semantic unit", §4,
   * which minified pages break)
   */
  longLineChars?: number;
}

/**
 * Defaults of {@link LineOptions}.
 * @category Analysis
 */
export const DEFAULT_LINE_OPTIONS: Readonly<Required<LineOptions>> = Object.freeze({
  longLineChars: 400,
});

/**
 * Ctext lines as columns (index `k` is line `k`, in page order).
 * @category Analysis
 */
export interface LineTable {
  /** The normalized HTML the lines were read from. */
  readonly html: string;
  /** `html` lower-cased when its case hazards need it for the raw-text close search (see `ctext-scan.ts`), else null. */
  readonly lower: string | null;
  /** Number of lines. */
  readonly length: number;
  /** Non-whitespace code points of each line. A plain array: `line-blocks` hands it out as a series. */
  readonly chars: readonly number[];
  /** 0-based source line of each line (several lines share one when a long line was cut). */
  readonly sourceLine: Int32Array;
  /** Offset in `html` where each line's markup begins (a source line's start, or the tag a long line was cut at). */
  readonly sourceStart: Int32Array;
  /** Offset in `html` where each line's markup ends (exclusive). */
  readonly sourceEnd: Int32Array;
  /** Offset in `html` where each line's Ctext begins: outside markup, so the line's text can be stripped from there. */
  readonly textFrom: Int32Array;
  /** Offset in `html` where each line's Ctext ends (exclusive): no markup piece crosses it. */
  readonly textTo: Int32Array;
}

/** The source offsets of the lines, five `Int32Array` columns in one buffer, doubled when outgrown. */
class OffsetColumns {
  length = 0;
  sourceLine: Int32Array;
  sourceStart: Int32Array;
  sourceEnd: Int32Array;
  textFrom: Int32Array;
  textTo: Int32Array;

  constructor(private capacity: number) {
    [this.sourceLine, this.sourceStart, this.sourceEnd, this.textFrom, this.textTo] = OffsetColumns.allocate(capacity);
  }

  private static allocate(capacity: number): Int32Array[] {
    const buffer = new ArrayBuffer(5 * 4 * capacity);
    return [0, 1, 2, 3, 4].map((k) => new Int32Array(buffer, k * 4 * capacity, capacity));
  }

  push(line: number, start: number, end: number, textFrom: number, textTo: number): void {
    if (this.length === this.capacity) this.grow();
    const k = this.length++;
    this.sourceLine[k] = line;
    this.sourceStart[k] = start;
    this.sourceEnd[k] = end;
    this.textFrom[k] = textFrom;
    this.textTo[k] = textTo;
  }

  private grow(): void {
    this.capacity *= 2;
    const [a, b, c, d, e] = OffsetColumns.allocate(this.capacity);
    a.set(this.sourceLine);
    b.set(this.sourceStart);
    c.set(this.sourceEnd);
    d.set(this.textFrom);
    e.set(this.textTo);
    [this.sourceLine, this.sourceStart, this.sourceEnd, this.textFrom, this.textTo] = [a, b, c, d, e];
  }
}

/** Columns being filled, and the state of the Ctext line being read. */
class TableBuilder {
  readonly chars: number[] = [];
  private readonly offsets = new OffsetColumns(256);
  /** Non-whitespace characters of the open line so far. */
  lineChars = 0;
  /** Where the open line's Ctext begins in the source. */
  lineFrom = 0;
  /**
   * Block-level tags met on the open line: pairs (characters before the tag, the tag's source offset),
   * `breakCount` numbers in use (reused across lines; doubled when outgrown: a plain list grown an index
   * at a time was most of the scan of a one-line page of 100,000 paragraphs).
   */
  private lineBreaks = new Int32Array(64);
  private breakCount = 0;
  /** Source line the next Ctext line is given, and where that source line starts (the eager reading counted them in order). */
  private nextSourceLine = 0;
  private nextSourceOffset = 0;
  /** True while every line ended at a source newline: line k then ends source line k. */
  private inStep = true;

  constructor(
    private readonly html: string,
    private readonly longLineChars: number,
  ) {}

  /**
   * Closes the open line: its Ctext ends at `textTo`, the next line's begins at `nextFrom`. `newline` is the
   * source newline that ends it (`html.length` at the end of the page), or −1 for a decoded `&#10;`.
   */
  endLine(textTo: number, nextFrom: number, newline: number): void {
    const html = this.html;
    // Ctext line k is given source line k (exact while no `&#10;` added a Ctext newline; kept as the eager reading had it)
    const start = this.nextSourceOffset;
    // while every line so far ended at a source newline, in order, source line k ends at the newline ending
    // this line; after a `&#10;` the source lines lag behind and the next newline from `start` is searched
    if (newline === -1) this.inStep = false;
    const nl = this.inStep ? (newline === html.length ? -1 : newline) : html.indexOf('\n', start);
    const end = nl === -1 ? html.length : nl;
    const line = this.nextSourceLine;
    if (this.longLineChars > 0 && this.lineChars > this.longLineChars) this.cut(line, start, end, textTo);
    else this.push(this.lineChars, line, start, end, this.lineFrom, textTo);
    this.nextSourceLine++;
    this.nextSourceOffset = nl === -1 ? html.length : nl + 1;
    this.lineChars = 0;
    this.lineFrom = nextFrom;
    this.breakCount = 0;
  }

  /** Records a block-level tag at source offset `tag` on the open line. */
  addBreak(tag: number): void {
    if (this.breakCount === this.lineBreaks.length) {
      const grown = new Int32Array(2 * this.breakCount);
      grown.set(this.lineBreaks);
      this.lineBreaks = grown;
    }
    this.lineBreaks[this.breakCount++] = this.lineChars;
    this.lineBreaks[this.breakCount++] = tag;
  }

  private push(chars: number, line: number, start: number, end: number, textFrom: number, textTo: number): void {
    this.chars.push(chars);
    this.offsets.push(line, start, end, textFrom, textTo);
  }

  /**
   * Cuts the open (long) line at its block-level tags, merging cuts with no character between them:
   * each piece runs from one kept cut to the next, the last to the line's end.
   */
  private cut(line: number, start: number, end: number, textTo: number): void {
    const breaks = this.lineBreaks;
    let fromChars = 0;
    let fromSource = start;
    let fromText = this.lineFrom;
    let pushed = 0;
    for (let b = 0; b < this.breakCount; b += 2) {
      const at = breaks[b];
      const tag = breaks[b + 1];
      if (at - fromChars > 0) {
        this.push(at - fromChars, line, fromSource, tag, fromText, tag);
        pushed++;
        fromChars = at;
        fromSource = tag;
        fromText = tag;
      }
    }
    const rest = this.lineChars - fromChars;
    if (rest > 0 || pushed === 0) this.push(rest, line, fromSource, end, fromText, textTo);
  }

  table(lower: string | null): LineTable {
    const o = this.offsets;
    const n = o.length;
    return {
      html: this.html, lower, length: n, chars: this.chars, sourceLine: o.sourceLine.subarray(0, n),
      sourceStart: o.sourceStart.subarray(0, n), sourceEnd: o.sourceEnd.subarray(0, n), textFrom: o.textFrom.subarray(0, n), textTo: o.textTo.subarray(0, n),
    };
  }
}

/** Counts the text piece `html[from, to)` into the open line; a source newline or a decoded `&#10;` ends it. */
function countText(html: string, from: number, to: number, b: TableBuilder, ref: ReferenceRead): void {
  // the open line's count is kept in a local and written back around every line end
  let chars = b.lineChars;
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    if (c > 0x26 && c < 0x7f) {
      chars++; // printable ASCII past `&`: the common case, one comparison pair
    } else if (c === 0x20) {
      // a space: the next most common, counts nothing
    } else if (c === 10) {
      b.lineChars = chars;
      b.endLine(i, i + 1, i);
      chars = 0;
    } else if (c === 38 /* & */ && readReferenceAt(html, i, ref)) {
      const text = ref.text;
      if (text === '\n') {
        b.lineChars = chars;
        b.endLine(i, ref.end, -1);
        chars = 0;
      } else {
        chars += countChars(text);
      }
      i = ref.end - 1;
    } else if (countsAsChar(c)) {
      chars++;
    }
  }
  b.lineChars = chars;
}

/**
 * Reads the Ctext lines of normalized HTML as a {@link LineTable} (see the module comment). O(N).
 * @example scanLines('<p>一</p>\n<p>二三</p>').chars; // [1, 2]
 * @category Analysis
 */
export function scanLines(html: string, options?: LineOptions): LineTable {
  if (typeof html !== 'string') throw new MatnError('invalid-argument', 'scanLines: html must be a string');
  const { longLineChars } = resolveOptions(DEFAULT_LINE_OPTIONS, options, 'scanLines');
  const lower = hasCaseHazard(html) ? html.toLowerCase() : null;
  const b = new TableBuilder(html, longLineChars);
  const markup: Markup = { end: 0, name: '' };
  const ref: ReferenceRead = { end: 0, text: '' };
  let nextNewline = html.indexOf('\n');
  let pos = 0;
  while (pos < html.length) {
    let lt = html.indexOf('<', pos);
    while (lt !== -1 && !markupEnd(html, lt, lower, markup)) lt = html.indexOf('<', lt + 1);
    countText(html, pos, lt === -1 ? html.length : lt, b, ref);
    if (lt === -1) break;
    if (markup.name === 'br' || BLOCK_TAGS.has(markup.name)) b.addBreak(lt);
    // each newline inside the markup ends a line: the first ends the open line's text at the markup, the others are empty
    if (nextNewline !== -1 && nextNewline < lt) nextNewline = html.indexOf('\n', lt);
    let textTo = lt;
    while (nextNewline !== -1 && nextNewline < markup.end) {
      b.endLine(textTo, markup.end, nextNewline);
      textTo = markup.end;
      nextNewline = html.indexOf('\n', nextNewline + 1);
    }
    pos = markup.end;
  }
  b.endLine(html.length, html.length, html.length);
  return b.table(lower);
}

/**
 * The text of line `k`: its Ctext, whitespace runs collapsed to one space, trimmed.
 * @category Analysis
 */
export function lineText(table: LineTable, k: number): string {
  return collapseLine(stripRange(table.html, table.textFrom[k], table.textTo[k], table.lower));
}
