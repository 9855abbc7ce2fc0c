/**
 * Joins pieces of one text with separators, as `parts.join('')` would, but holds a run of pieces
 * whose separators are the text's own gaps between them as one range, not one string per piece.
 * Why: a block's text was a list of every text node's slice plus a separator each, so a page of
 * 250,000 `word<br>` held 500,000 small strings per block list at once (issue 16's memory bound);
 * now it holds one range, sliced once. The joined string is the same.
 * @module
 */

/**
 * Joiner over one `text` (reset between uses, so one instance serves a whole page).
 * @category Analysis
 */
export class SliceJoiner {
  private readonly parts: string[] = [];
  /** The open run `text[runStart, runEnd)`, or runStart −1 when none is open. */
  private runStart = -1;
  private runEnd = -1;

  constructor(private readonly text: string) {}

  /** True when nothing has been appended since the last reset. */
  get isEmpty(): boolean {
    return this.runStart < 0 && this.parts.length === 0;
  }

  /**
   * Appends `separator` (none when null) and then `text[start, end)`. `gapFrom` is where the gap the
   * separator stands for begins (the previous piece's end): when the separator is exactly
   * `text[gapFrom, start)` and the open run ends at `gapFrom`, the run grows instead.
   */
  append(separator: string | null, gapFrom: number, start: number, end: number): void {
    if (this.runStart >= 0) {
      if (separator !== null && gapFrom === this.runEnd && this.isGap(separator, gapFrom, start)) {
        this.runEnd = end;
        return;
      }
      this.parts.push(this.text.slice(this.runStart, this.runEnd));
    }
    if (separator !== null) this.parts.push(separator);
    this.runStart = start;
    this.runEnd = end;
  }

  /** Appends `separator` (none when null) and then `piece`, a string that is no range of the text. */
  appendString(separator: string | null, piece: string): void {
    if (this.runStart >= 0) this.parts.push(this.text.slice(this.runStart, this.runEnd));
    if (separator !== null) this.parts.push(separator);
    this.parts.push(piece);
    this.runStart = -1;
    this.runEnd = -1;
  }

  /** The joined string. */
  join(): string {
    const run = this.runStart >= 0 ? this.text.slice(this.runStart, this.runEnd) : '';
    if (this.parts.length === 0) return run;
    return this.runStart >= 0 ? this.parts.join('') + run : this.parts.join('');
  }

  /** Empties the joiner for the next use. */
  reset(): void {
    // only when something is held: setting the length costs a call even on an empty list
    if (this.parts.length > 0) this.parts.length = 0;
    this.runStart = -1;
    this.runEnd = -1;
  }

  private isGap(separator: string, from: number, to: number): boolean {
    return separator.length === to - from && this.text.startsWith(separator, from);
  }
}
