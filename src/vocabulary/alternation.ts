/**
 * The one way a word list becomes a regular expression: an alternation of the escaped words, longest
 * first, so a longer cue wins over its prefix (`sept` over `sep`, `发布时间` over `发布`). The date
 * recognizer, the date cues and the byline cues all build their patterns with it.
 * @module
 */
import { escapeRegExp } from '../core/regexp.js';

/**
 * Options of {@link wordAlternation}.
 * @category Metadata
 */
export interface AlternationOptions {
  /**
   * When true, a space inside a word matches any run of spaces and tabs (`published on` matches
   * `published  on`); when false it matches one space only.
   * @default false
   */
  readonly spaceRuns?: boolean;
}

/** Defaults of {@link AlternationOptions}. @category Metadata */
export const DEFAULT_ALTERNATION_OPTIONS: Readonly<Required<AlternationOptions>> = Object.freeze({ spaceRuns: false });

/**
 * `a|b|c` of `words` escaped, longest first (a stable sort: words of one length keep their order).
 * @example wordAlternation(['sep', 'sept']) // 'sept|sep'
 * @category Metadata
 */
export function wordAlternation(words: Iterable<string>, options: AlternationOptions = {}): string {
  const { spaceRuns } = { ...DEFAULT_ALTERNATION_OPTIONS, ...options };
  const sorted = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return (spaceRuns ? sorted.map((w) => w.replace(/ /gu, '[ \\t]+')) : sorted).join('|');
}

/**
 * The words of `words` that contain no other of them (`author`, not `post-author`): a text that holds one
 * of `words` holds one of these, so a search for these alone finds every text worth a closer look.
 * @example innermostWords(['date', 'pubdate', 'time']) // ['date', 'time']
 * @category Metadata
 */
export function innermostWords(words: Iterable<string>): string[] {
  const all = [...new Set(words)];
  return all.filter((w) => !all.some((other) => other !== w && w.includes(other)));
}
