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
import { FRESH_ARRAYS, type TypedArraySource } from '../core/scratch.js';
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
 * Ctext lines (index `k` is line `k`, in page order): the characters of every line as a column, the
 * source offsets of a line read by its index (see {@link LineColumns}).
 * @category Analysis
 */
export interface LineTable {
  /** The normalized HTML the lines were read from. */
  readonly html: string;
  /** `html` lower-cased when its case hazards need it for the raw-text close search (see `ctext-scan.ts`), else null. */
  readonly lower: string | null;
  /** Number of lines. */
  readonly length: number;
  /** Non-whitespace code points of each line (`line-blocks` hands it out as a series). */
  readonly chars: Int32Array;
  /** 0-based source line of line `k` (several lines share one when a long line was cut). */
  sourceLine(k: number): number;
  /** Offset in `html` where line `k`'s markup begins (a source line's start, or the tag a long line was cut at). */
  sourceStart(k: number): number;
  /** Offset in `html` where line `k`'s markup ends (exclusive). */
  sourceEnd(k: number): number;
  /** Offset in `html` where line `k`'s Ctext begins: outside markup, so the line's text can be stripped from there. */
  textFrom(k: number): number;
  /** Offset in `html` where line `k`'s Ctext ends (exclusive): no markup piece crosses it. */
  textTo(k: number): number;
}

/** Lines (or source lines) of the first chunk of {@link IntRows}, and the most of any chunk. */
const MIN_CHUNK_ROWS = 256;
const MAX_CHUNK_ROWS = 16384;

/**
 * Rows of three 32-bit integers in chunks that grow with the row count up to {@link MAX_CHUNK_ROWS}, read
 * in place. Why chunks: a buffer doubled when outgrown left each smaller one as garbage and the last up to
 * half unused (a one-line page of 136,000 paragraphs, cut into as many lines, held 18 MB of array buffers
 * during the scan for 2.7 MB of columns); and copying the fields into columns at the end held them twice.
 */
class IntRows {
  length = 0;
  /** The chunks (the last one being filled) and the row each begins with. */
  private readonly chunks: Int32Array[];
  private readonly firstRows: number[] = [0];
  private at = 0;

  /** @param arrays where the chunks (and columns) are taken (scratch of the caller's call, or new) */
  constructor(private readonly arrays: TypedArraySource) {
    this.chunks = [arrays.int32(3 * MIN_CHUNK_ROWS)];
  }

  push(a: number, b: number, c: number): void {
    let chunk = this.chunks[this.chunks.length - 1];
    if (this.at === chunk.length) {
      chunk = this.arrays.int32(3 * Math.min(MAX_CHUNK_ROWS, Math.max(MIN_CHUNK_ROWS, this.length)));
      this.chunks.push(chunk);
      this.firstRows.push(this.length);
      this.at = 0;
    }
    const k = this.at;
    chunk[k] = a;
    chunk[k + 1] = b;
    chunk[k + 2] = c;
    this.at = k + 3;
    this.length++;
  }

  /** Field `field` (0, 1 or 2) of row `k` (the chunk found by bisection over the chunks' first rows). */
  read(k: number, field: number): number {
    const firstRows = this.firstRows;
    let lo = 0;
    let hi = firstRows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (firstRows[mid] <= k) lo = mid;
      else hi = mid - 1;
    }
    return this.chunks[lo][(k - firstRows[lo]) * 3 + field];
  }

  /** Field `field` of every row, exactly sized. */
  column(field: number): Int32Array {
    const out = this.arrays.int32(this.length);
    let row = 0;
    for (const chunk of this.chunks) for (let k = field; k < chunk.length && row < this.length; k += 3) out[row++] = chunk[k];
    return out;
  }
}

/** Fields of a line's row in {@link LineColumns}, and of a source line's. */
const [CHARS, SOURCE_END, TEXT_TO] = [0, 1, 2];
const [FIRST_LINE, SOURCE_START, TEXT_FROM] = [0, 1, 2];

/**
 * The counts and source offsets of the lines, read in place. A line's row holds its characters, source end
 * and text end; where it begins is written once per source line: every later piece of a source line cut at
 * block-level tags begins, source and text, where the piece before it ended (the tag it was cut at). A
 * one-line page of 100,000 paragraphs is one source line of 100,000 pieces: 12 bytes a line, not 24.
 */
class LineColumns {
  private readonly lines: IntRows;
  /** Per source line: its first Ctext line, where its markup and its text begin. */
  private readonly sourceLines: IntRows;

  constructor(arrays: TypedArraySource) {
    this.lines = new IntRows(arrays);
    this.sourceLines = new IntRows(arrays);
  }

  get length(): number {
    return this.lines.length;
  }

  /** Adds a line; `opensSourceLine` when it is the first of its source line, else it begins where the line before it ended. */
  push(chars: number, start: number, end: number, textFrom: number, textTo: number, opensSourceLine: boolean): void {
    if (opensSourceLine) this.sourceLines.push(this.lines.length, start, textFrom);
    this.lines.push(chars, end, textTo);
  }

  /** 0-based source line of line `k`: the last source line that opened at or before it (bisection). */
  sourceLine(k: number): number {
    const rows = this.sourceLines;
    let lo = 0;
    let hi = rows.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (rows.read(mid, FIRST_LINE) <= k) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  sourceEnd(k: number): number {
    return this.lines.read(k, SOURCE_END);
  }

  textTo(k: number): number {
    return this.lines.read(k, TEXT_TO);
  }

  /** Where line `k` begins: field `field` of its source line when it opens one, else the end of the line before it. */
  begin(k: number, field: typeof SOURCE_START | typeof TEXT_FROM): number {
    const s = this.sourceLine(k);
    return this.sourceLines.read(s, FIRST_LINE) === k ? this.sourceLines.read(s, field) : this.sourceEnd(k - 1);
  }

  /** The characters of every line, exactly sized. */
  charsColumn(): Int32Array {
    return this.lines.column(CHARS);
  }
}

/** Columns being filled, and the state of the Ctext line being read. */
class TableBuilder {
  private readonly columns: LineColumns;
  /** Non-whitespace characters of the open line so far. */
  lineChars = 0;
  /** Where the open line's Ctext begins in the source. */
  lineFrom = 0;
  /**
   * Block-level tags met on the open line while it is not known to be long: pairs (characters before the
   * tag, the tag's source offset), `breakCount` numbers in use (reused across lines; doubled when
   * outgrown), one tag per character count (see {@link addBreak}). Once the line is long its tags are cut
   * at as they come (`cutState`), not listed.
   */
  private lineBreaks = new Int32Array(64);
  private breakCount = 0;
  /**
   * The cut of the open line once it is known to be long (`open`): where its last piece ended (characters
   * into the line, source and text offsets) and how many pieces it gave.
   */
  private readonly cutState = { open: false, fromChars: 0, fromSource: 0, fromText: 0, pieces: 0 };
  /**
   * Where the source line the next Ctext line is given starts (the eager reading counted them in order: the
   * source line of a Ctext line is the count of lines ended before it, see {@link LineColumns.sourceLine}).
   */
  private nextSourceOffset = 0;
  /** True while every line ended at a source newline: line k then ends source line k. */
  private inStep = true;

  constructor(
    private readonly html: string,
    private readonly longLineChars: number,
    arrays: TypedArraySource,
  ) {
    this.columns = new LineColumns(arrays);
  }

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
    if (this.longLineChars > 0 && this.lineChars > this.longLineChars) this.cut(end, textTo);
    else this.columns.push(this.lineChars, start, end, this.lineFrom, textTo, true);
    this.nextSourceOffset = nl === -1 ? html.length : nl + 1;
    this.lineChars = 0;
    this.lineFrom = nextFrom;
    this.breakCount = 0;
    this.cutState.open = false;
  }

  /** Records a block-level tag at source offset `tag` on the open line. */
  addBreak(tag: number): void {
    if (this.longLineChars > 0 && this.lineChars > this.longLineChars) {
      // the open line is long already, so it is cut: at this tag now, not from a list of every tag at its end
      this.flushBreaks();
      this.cutAt(this.lineChars, tag);
      return;
    }
    // a tag with no character before it on the line, or none since the tag listed last, is never cut at
    // (`cutAt` merges it): not listed, the list holds a tag per character count at most (a page of nested
    // `div`s around one word listed 300,000 tags, 8 MB of doubled buffers). No line is cut when cutting is off.
    const last = this.breakCount > 0 ? this.lineBreaks[this.breakCount - 2] : 0;
    if (this.longLineChars === 0 || this.lineChars === last) return;
    if (this.breakCount === this.lineBreaks.length) {
      const grown = new Int32Array(2 * this.breakCount);
      grown.set(this.lineBreaks);
      this.lineBreaks = grown;
    }
    this.lineBreaks[this.breakCount++] = this.lineChars;
    this.lineBreaks[this.breakCount++] = tag;
  }

  /**
   * Cuts the open (long) line at its block-level tags, merging cuts with no character between them:
   * each piece runs from one kept cut to the next, the last to the line's end.
   */
  private cut(end: number, textTo: number): void {
    this.flushBreaks();
    const c = this.cutState;
    const rest = this.lineChars - c.fromChars;
    if (rest > 0 || c.pieces === 0) this.columns.push(rest, c.fromSource, end, c.fromText, textTo, c.pieces === 0);
  }

  /** Cuts the open line at the tags listed so far (starting its cut state on its first call for the line), and empties the list. */
  private flushBreaks(): void {
    const c = this.cutState;
    if (!c.open) Object.assign(c, { open: true, fromChars: 0, fromSource: this.nextSourceOffset, fromText: this.lineFrom, pieces: 0 });
    for (let b = 0; b < this.breakCount; b += 2) this.cutAt(this.lineBreaks[b], this.lineBreaks[b + 1]);
    this.breakCount = 0;
  }

  /** Cuts the open line at the tag at source offset `tag`, `at` characters into the line, unless no character lies since the last cut. */
  private cutAt(at: number, tag: number): void {
    const c = this.cutState;
    if (at - c.fromChars <= 0) return;
    this.columns.push(at - c.fromChars, c.fromSource, tag, c.fromText, tag, c.pieces === 0);
    c.pieces++;
    c.fromChars = at;
    c.fromSource = tag;
    c.fromText = tag;
  }

  table(lower: string | null): LineTable {
    const lines = this.columns;
    return {
      html: this.html, lower, length: lines.length, chars: lines.charsColumn(),
      sourceLine: (k) => lines.sourceLine(k), sourceStart: (k) => lines.begin(k, SOURCE_START), sourceEnd: (k) => lines.sourceEnd(k),
      textFrom: (k) => lines.begin(k, TEXT_FROM), textTo: (k) => lines.textTo(k),
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
 * `arrays` gives the table's columns: page scratch when the table does not outlive the caller's call
 * (`core/scratch.ts`), new arrays by default.
 * @example scanLines('<p>一</p>\n<p>二三</p>').chars; // Int32Array [1, 2]
 * @category Analysis
 */
export function scanLines(html: string, options?: LineOptions, arrays: TypedArraySource = FRESH_ARRAYS): LineTable {
  if (typeof html !== 'string') throw new MatnError('invalid-argument', 'scanLines: html must be a string');
  const { longLineChars } = resolveOptions(DEFAULT_LINE_OPTIONS, options, 'scanLines');
  const lower = hasCaseHazard(html) ? html.toLowerCase() : null;
  const b = new TableBuilder(html, longLineChars, arrays);
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
  return collapseLine(stripRange(table.html, table.textFrom(k), table.textTo(k), table.lower));
}
