/**
 * Byline parsing shared by the author and date finders: cue words that introduce an author name in
 * the scripts we support, and a cutter that keeps only the name.
 * @module
 */

/**
 * Words that introduce the author in a byline, one per language:
 * English `By`/`Written by`/`Author`, Chinese 作者/记者/文, Arabic بقلم/كتب/الكاتب/المحرر,
 * Uyghur مۇخبىر (reporter)/ئاپتور/يازغۇچى/يوللىغۇچى (poster). A cue is followed by `:`/`：` or a space.
 */
export const AUTHOR_CUE_RE = /(?:^|[\s|(（【\[·])(?:[Ww]ritten by|[Bb]y|[Aa]uthor|作者|记者|撰文|بقلم|كتب|الكاتب|مۇخبىر|ئاپتور|يازغۇچى|يوللىغۇچى)\s*[:：]?\s+|(?:作者|记者|撰文)[:：]\s*/u;

const NAME_STOP_RE = /[:：|·•،,;؛/\d]/u;
const LABEL_COLON_RE = /^[:：]$/u;
const LEADING_BY_RE = /^(?:written by|by)\s+/iu;
const WORD_SPLIT_RE = /\s+/u;

/** Longest plausible name, in words. */
export const MAX_NAME_WORDS = 4;
/** Longest plausible name, in characters. */
export const MAX_NAME_CHARS = 60;

/**
 * Keeps the name at the start of a byline fragment: words up to the next label (a word with a
 * colon), separator, comma or digit, at most {@link MAX_NAME_WORDS} words. Returns null when nothing
 * name-like is left.
 * @example cutName('Miriam Okafor · April 22, 2019'); // 'Miriam Okafor'
 * @example cutName('王丽 责任编辑：张强'); // '王丽'
 */
export function cutName(fragment: string): string | null {
  const words: string[] = [];
  for (const word of fragment.replace(LEADING_BY_RE, '').trim().split(WORD_SPLIT_RE)) {
    const stop = NAME_STOP_RE.exec(word);
    if (stop) {
      // `word:` after a name is the next label (责任编辑：, كۆرۈلۈشى:), not part of the name.
      const head = word.slice(0, stop.index);
      const isLabel = LABEL_COLON_RE.test(stop[0]) && words.length > 0;
      if (head !== '' && !isLabel) words.push(head);
      break;
    }
    words.push(word);
    if (words.length >= MAX_NAME_WORDS) break;
  }
  const name = words.join(' ').trim();
  return name === '' || name.length > MAX_NAME_CHARS ? null : name;
}

/**
 * The name after the first author cue in `text`, or null.
 * @example nameAfterCue('2015-11-03 来源：晨光日报 作者：王丽 责任编辑：张强'); // '王丽'
 */
export function nameAfterCue(text: string): string | null {
  const m = AUTHOR_CUE_RE.exec(text);
  return m ? cutName(text.slice(m.index + m[0].length)) : null;
}
