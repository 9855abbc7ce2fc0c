/**
 * A mailing-list archive's message page (Mailman's pipermail, hypermail, MHonArc and their kin): one
 * message under a header that names its sender by an e-mail address and gives its date. Read from
 * what mail itself fixes, not from an archiver's markup: an address (written `a@b.c`, `a at b.c`,
 * `a_at_b.c` or masked) beside a name, a date line next to it, and a body whose quoted lines start
 * with `>` (RFC 3676), whose attribution line ("X wrote:") names the quoted author and whose
 * signature follows a `-- ` line. The message becomes the page's one post: its own lines are the
 * text, its quoted lines the quotes.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { NodeKind } from '../analysis/types.js';
import { textDataOf } from '../analysis/node-data.js';
import type { TextBlockTable } from '../analysis/text-blocks.js';
import { findDates } from '../vocabulary/dates.js';
import { BYLINE_CUE_WORDS, nameInLine } from './author.js';
import type { Post, Quote } from './types.js';
import { pushAll } from '../core/lists.js';

/**
 * Options of {@link readMailMessage} (part of {@link ThreadOptions}).
 * @category Threads
 */
export interface MailOptions {
  /** Longest header line (sender, date) and attribution line, in characters. */
  readonly maxMailHeaderChars: number;
  /** Lines between the sender line and the date line at most (the subject or a list name may stand between). */
  readonly mailHeaderReach: number;
  /** Longest author name. */
  readonly maxAuthorLength: number;
}

/** An address as archives print it: `a@b.c`, `a at b.c`, `a_at_b.c`, `a [at] b.c`, or with the domain masked (`a@xxxxxx`). */
const ADDRESS = /[\p{L}\p{N}._%+-]+(?:(?:@|\s+at\s+|_at_|\s*[[(]at[\])]\s*)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|@[\p{L}\p{N}.-]{3,})/u;
/** A header label: `From:`, `Date:`, `Von:`, `发件人：` (a short run of letters and a colon at the line's start). */
const LABEL = /^[\p{L}][\p{L}\p{M} -]{0,24}[:：]\s*/u;
/** A quoted line's marks: `>`, `> >`, `>>` (the depth is the count of `>`). */
const QUOTE_MARKS = /^(?:[ \t]*>)+/u;
/** A line (of a text of several) whose first character other than whitespace is `>`: a quoted line, tested without splitting the text. */
const QUOTED_LINE = /(?:^|\n)[^\S\n]*>/u;
/** The signature separator of RFC 3676 (`-- `), trailing space often lost. */
const SIGNATURE = /^--\s*$/u;
const COLON_END = /[:：]\s*$/u;
const ENCLOSERS = /[<>()[\]"'«»“”]/gu;
const SPACES = /\s+/gu;

/** One line of the page in reading order: its text and the block it is in. */
interface Line {
  readonly text: string;
  readonly block: number;
}

/** The nearest ancestor-or-self of `id` that keeps its white space (`pre`, `listing`, `xmp`, `plaintext`), or −1. */
function preformattedAncestor(doc: AnalyzedDocument, id: number): number {
  for (let i = id; i >= 0; i = doc.index.parent[i]) {
    const tag = doc.index.tagOf(i);
    if (tag === 'pre' || tag === 'listing' || tag === 'xmp' || tag === 'plaintext') return i;
  }
  return -1;
}

/** The lines of a preformatted element as written (its own line breaks, `<br>` too), right-trimmed. */
function preformattedLines(doc: AnalyzedDocument, pre: number): string[] {
  const { subtreeEnd, kind, excluded, tagOf } = doc.index;
  let text = '';
  for (let i = pre + 1; i < subtreeEnd[pre]; i++) {
    if (excluded[i]) { i = subtreeEnd[i] - 1; continue; }
    if (kind[i] === NodeKind.Text) text += textDataOf(doc, i);
    else if (tagOf(i) === 'br') text += '\n';
  }
  return text.replace(/^\n/u, '').split('\n').map((l) => l.replace(/\s+$/u, ''));
}

/** The page's lines: each block's lines, a preformatted element's own lines once. */
function pageLines(doc: AnalyzedDocument, blocks: TextBlockTable): Line[] {
  const out: Line[] = [];
  const seenPre = new Set<number>();
  for (let k = 0; k < blocks.length; k++) {
    const pre = preformattedAncestor(doc, blocks.node[k]);
    if (pre < 0) {
      for (const text of blocks.text(k).split('\n')) if (text.trim()) out.push({ text: text.trim(), block: k });
    } else if (!seenPre.has(pre)) {
      seenPre.add(pre);
      for (const text of preformattedLines(doc, pre)) out.push({ text, block: k });
    }
  }
  return out;
}

/** True when a line is a date and little else (a header label aside). */
function isDateLine(text: string): boolean {
  const value = text.replace(LABEL, '');
  const covered = findDates(value).reduce((s, d) => s + d.length, 0);
  return covered > 0 && covered * 2 >= value.replace(SPACES, '').length;
}

/** A trailing date line ("Received on …") or a bare label ("Follow-Ups:"): the archive's, not the sender's. */
function isArchiveTrailer(text: string): boolean {
  return isDateLine(text) || (LABEL.test(text) && text.replace(LABEL, '') === '');
}

/** The sender's name in a header line: the line without its label, address and brackets; null when nothing is left. */
function senderName(line: string, maxLength: number): string | null {
  const name = line.replace(LABEL, '').replace(ADDRESS, ' ').replace(ENCLOSERS, ' ').replace(SPACES, ' ').trim();
  return name && name.length <= maxLength && !isDateLine(name) ? name : null;
}

/**
 * The header: a date line and, within reach of it, the nearest short line with an address (the
 * sender's: `From` stands next to `Date` in every archive's order, `To` and `Reply-To` further off).
 */
function findHeader(lines: readonly Line[], o: MailOptions): { from: number; date: number } | null {
  const isAddressLine = (i: number): boolean => lines[i].text.length <= o.maxMailHeaderChars && ADDRESS.test(lines[i].text);
  for (let d = 0; d < lines.length; d++) {
    if (lines[d].text.length > o.maxMailHeaderChars || !isDateLine(lines[d].text)) continue;
    for (let step = 1; step <= o.mailHeaderReach; step++) {
      if (d - step >= 0 && isAddressLine(d - step)) return { from: d - step, date: d };
      if (d + step < lines.length && isAddressLine(d + step)) return { from: d + step, date: d };
    }
  }
  return null;
}

/** Index of the last line of the header: the sender and date lines and the labelled lines that follow them (`Message-ID:`, `Reply-To:`). */
function headerEnd(lines: readonly Line[], header: { from: number; date: number }, o: MailOptions): number {
  let end = Math.max(header.from, header.date);
  while (end + 1 < lines.length) {
    const text = lines[end + 1].text;
    if (text.length > o.maxMailHeaderChars || !LABEL.test(text) || !(ADDRESS.test(text) || isDateLine(text))) break;
    end++;
  }
  return end;
}

/** The name an attribution line ("On Mon, X <x@y.z> wrote:", "X пишет:") gives, or null. */
function attributionName(line: string, o: MailOptions): string | null {
  return nameInLine(line.replace(ADDRESS, ' ').replace(ENCLOSERS, ' '), BYLINE_CUE_WORDS, o.maxAuthorLength);
}

/**
 * The quotes of one run of `>` lines: a quote per depth, outer first; inside a quote, a short line
 * ending in a colon just before deeper lines is the deeper quote's attribution.
 */
function quotesOfRun(run: readonly { depth: number; text: string }[], attribution: string | null, o: MailOptions): Quote[] {
  const byDepth = new Map<number, string[]>();
  const authors = new Map<number, string | null>([[run[0]?.depth ?? 1, attribution]]);
  run.forEach((line, n) => {
    const next = run[n + 1];
    if (next && next.depth > line.depth && line.text.length <= o.maxMailHeaderChars && COLON_END.test(line.text)) {
      authors.set(next.depth, attributionName(line.text, o));
      return;
    }
    if (!byDepth.has(line.depth)) byDepth.set(line.depth, []);
    if (line.text) byDepth.get(line.depth)!.push(line.text);
  });
  return [...byDepth.keys()].sort((a, b) => a - b)
    .map((depth) => ({ author: authors.get(depth) ?? null, text: byDepth.get(depth)!.join('\n') }))
    .filter((q) => q.text !== '');
}

/**
 * The body's lines split into the sender's own words and the quotes: runs of `>` lines are quotes
 * (a deeper run nested in the one around it, listed after it); a short line ending in a colon just
 * before a run is its attribution (neither text nor quote); the signature after `-- ` is dropped up
 * to the end of its part.
 */
function splitBody(body: readonly Line[], o: MailOptions): { own: string[]; quotes: Quote[] } {
  const lines = body.map((l) => l.text);
  const own: string[] = [];
  const quotes: Quote[] = [];
  let lastOwn = -1; // line index of own's last entry
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    if (SIGNATURE.test(line)) {
      // the signature runs to the end of its part (a block, or a preformatted element): an attached part may follow
      const part = body[i].block;
      while (i < lines.length && body[i].block === part) i++;
      continue;
    }
    const marks = QUOTE_MARKS.exec(line);
    if (!marks) {
      if (line.trim()) { own.push(line.trim()); lastOwn = i; }
      i++;
      continue;
    }
    // the run of quoted lines, with the own line right before it (blank lines aside) as its attribution when it reads as one
    const last = own[own.length - 1];
    const adjacent = lastOwn >= 0 && lines.slice(lastOwn + 1, i).every((l) => !l.trim());
    let attribution: string | null = null;
    if (adjacent && last.length <= o.maxMailHeaderChars && COLON_END.test(last)) {
      attribution = attributionName(own.pop()!, o);
      lastOwn = -1;
    }
    const run: { depth: number; text: string }[] = [];
    for (; i < lines.length; i++) {
      const m = QUOTE_MARKS.exec(lines[i]);
      if (!m) break;
      run.push({ depth: m[0].split('>').length - 1, text: lines[i].slice(m[0].length).trim() });
    }
    pushAll(quotes, quotesOfRun(run, attribution, o));
  }
  return { own, quotes };
}

/**
 * Reads the message of a mailing-list archive page, or null when the page is not one: a sender line
 * with an address and a date line beside it stand before the body, and the body is preformatted or
 * quotes with `>` lines (a labelled header alone is not enough: press releases print `Contact:` and
 * `Date:` lines too).
 * @param bodyBlocks indexes (into `blocks`) of the blocks the article extractor kept
 * @category Threads
 */
export function readMailMessage(
  doc: AnalyzedDocument, blocks: TextBlockTable, bodyBlocks: readonly number[], o: MailOptions,
): Post | null {
  // the body must be preformatted or quote with `>` lines: checked on the kept blocks first, so that an
  // article page (every page without a thread comes here) is not split into lines for nothing
  const mayBeMail = bodyBlocks.some((k) => preformattedAncestor(doc, blocks.node[k]) >= 0 || QUOTED_LINE.test(blocks.text(k)));
  if (!mayBeMail) return null;
  const lines = pageLines(doc, blocks);
  const header = findHeader(lines, o);
  if (!header) return null;
  const kept = new Set(bodyBlocks);
  const body = lines.slice(headerEnd(lines, header, o) + 1).filter((l) => kept.has(l.block));
  while (body.length > 0 && isArchiveTrailer(body[body.length - 1].text)) body.pop();
  if (body.length === 0) return null;
  const texts = body.map((l) => l.text);
  const preformatted = body.some((l) => preformattedAncestor(doc, blocks.node[l.block]) >= 0);
  if (!preformatted && !texts.some((t) => QUOTE_MARKS.test(t))) return null;
  const { own, quotes } = splitBody(body, o);
  if (own.length === 0) return null;
  const from = lines[header.from];
  // pipermail prints the name and the address on one line; others put the name on the line above
  const author = senderName(from.text, o.maxAuthorLength)
    ?? (header.from > 0 && !ADDRESS.test(lines[header.from - 1].text) ? senderName(lines[header.from - 1].text, o.maxAuthorLength) : null);
  const dateLine = lines[header.date].text.replace(LABEL, '');
  return {
    author,
    date: findDates(dateLine)[0]?.iso ?? null,
    text: own.join('\n'),
    quotes,
    node: blocks.node[body[0].block],
    id: null,
    permalink: null,
  };
}
