/**
 * Byline parsing shared by the author finder: cue words that introduce an author name in the
 * scripts we support (the words live in src/vocabulary/byline-cues.ts), and a cutter that keeps only the
 * name (seed 002: the author is found by regular expressions over cue words near the title).
 * @module
 */
import { DEFAULT_METADATA_OPTIONS, type MetadataOptions } from './options.js';
import { wordAlternation } from '../vocabulary/alternation.js';
import {
  AUTHOR_MARK_CUES, AUTHOR_NOUN_CUES, EDITOR_NOUN_CUES, HAN_AUTHOR_CUES, HAN_ROLE_WORDS, HAN_SLASH_AUTHOR_CUES, LINE_START_AUTHOR_CUES, NAME_PARTICLES, NEWS_AGENCIES, NOT_NAME_WORDS,
  POSTED_SUFFIX_CUES, RANK_LABELS, REPORTED_SUFFIX_CUES,
} from '../vocabulary/byline-cues.js';

/** An alternation of `words`, longest first, spaces inside a cue matching any run of spaces. */
function alternation(words: readonly string[]): string {
  return wordAlternation(words, { spaceRuns: true });
}

/**
 * Words that introduce an editor: a fallback when no author cue is found (编辑, 责任编辑, مۇھەررىر, المحرر,
 * Edited by, and {@link EDITOR_NOUN_CUES} before a colon: `Redaktion: Eberhard Fuhr`).
 */
export const EDITOR_CUE_RE = new RegExp(
  '(?:(?:^|\\n)[ \\t]*(?:[Ee]dited by)|(?:^|[\\s|(（【\\[·])(?:المحرر|مۇھەررىر|مەسئۇل مۇھەررىر))(?:\\s*[:：]\\s*|\\s+)|(?:责任编辑|编辑|责编)\\s*[:：]\\s*'
  + `|(?<![\\p{L}\\p{M}\\p{N}])(?:${wordAlternation(EDITOR_NOUN_CUES.map((c) => c.charAt(0).toUpperCase() + c.slice(1)))})[ \\t]*[:：][ \\t]*`,
  'u',
);

const SEP = '(?:[ \\t\\u3000]*[:：][ \\t\\u3000]*|[ \\t\\u3000]+)';
/**
 * A cue at a line start or after a field separator (`| By Jane Roe |`, `· von Jane Roe ·`; any cue), a noun
 * cue alone on its line (the name on the next), a noun cue before a colon anywhere, a mark cue after a
 * non-letter, or a Han cue.
 */
const AUTHOR_CUE_RE = new RegExp(
  `(?:^|\\n|[|·•][ \\t]*)[ \\t]*(?:(?<word>${alternation(LINE_START_AUTHOR_CUES)})|${alternation(AUTHOR_NOUN_CUES)})${SEP}`
  + `|(?:^|\\n)[ \\t]*(?<line>${alternation(AUTHOR_NOUN_CUES)})[ \\t]*[:：]?[ \\t]*\\n[ \\t]*`
  + `|(?<![\\p{L}\\p{M}\\p{N}])(?:${alternation(AUTHOR_NOUN_CUES)})[ \\t\\u3000]*[:：][ \\t\\u3000]*`
  + `|(?<![\\p{L}\\p{M}\\p{N}])(?:${alternation(AUTHOR_MARK_CUES)})${SEP}`
  + `|(?:${alternation(HAN_AUTHOR_CUES)})(?:[ \\t\\u3000]*[:：】\\]][ \\t\\u3000]*|[ \\t\\u3000]+|(?<=[（(][ \\t\\u3000]*(?:${alternation(HAN_AUTHOR_CUES)}))(?=\\p{Script=Han}{2,4}[、，,）)]))`
  + `|(?<!\\p{Script=Han})(?:${alternation(HAN_SLASH_AUTHOR_CUES)})[ \\t\\u3000]*[/／|｜][ \\t\\u3000]*`,
  'iu',
);
/** A name of 2–4 Han characters or Hangul syllables that opens a clause: at a line start, after a bracket (a Korean dateline `(서울=연합뉴스) NAME 기자`), `|`, a dash, 由 (Chinese "by") or a sentence's end. */
const CJK_NAME = '(?:^|[\\n(（\\[【|—–)）-]|由|[.。!！?？][ \\t\\u3000]*)[ \\t\\u3000]*(?:由[ \\t\\u3000]*)?([\\p{Script=Han}\\p{Script=Hangul}]{2,4})';
/** A login or one-word name (not CJK) that opens a line, follows a bracket, `|` or 由 (Chinese "by"). */
const LOGIN_NAME = '(?:^|[\\n(（\\[【|]|由)[ \\t\\u3000]*((?:(?![\\p{Script=Han}\\p{Script=Hangul}])[\\p{L}\\p{N}_.-]){2,30}?)';
const POSTED = `[ \\t\\u3000]*(?:${alternation(POSTED_SUFFIX_CUES)})[ \\t\\u3000:：@]{0,4}(?=\\d)`;
/** NAME before a posted cue and a date. */
const POSTED_BY_RE = new RegExp(`${CJK_NAME}${POSTED}|${LOGIN_NAME}${POSTED}`, 'iu');
/** NAME, a space, an optional place, a reported cue, then the clause closes (bracket, `=`, line end). */
const REPORTED_BY_RE = new RegExp(
  `${CJK_NAME}[ \\t\\u3000]+(?:\\p{Script=Han}{1,8}?)?(?:${alternation(REPORTED_SUFFIX_CUES)})[ \\t\\u3000]*(?=[)）\\]】=\\n]|$)`,
  'u',
);
/** Names alone in brackets `open`…`close` (2–4 Han characters each, up to four). */
function bracketedNamesPattern(open: string, close: string): string {
  return `${open}[ \\t\\u3000]*(\\p{Script=Han}{2,4}(?:[ \\t\\u3000]+\\p{Script=Han}{2,4}){0,3})[ \\t\\u3000]*${close}`;
}
/** Names in square brackets right after a date or time on the dateline: `2004年7月16日08:19 [ NAME ]`. */
const NAMES_AFTER_DATE_RE = new RegExp(`\\d[ \\t\\u3000]*${bracketedNamesPattern('[\\[【]', '[\\]】]')}`, 'u');
/** Names in parentheses closing a line, as Chinese stories sign off: `……佳节。（NAME NAME）`. */
const SIGN_OFF_RE = new RegExp(`${bracketedNamesPattern('[(（]', '[)）]')}[ \\t\\u3000]*$`, 'mu');

/** A line that is only a Chinese name: 2–4 Han characters, single spaces allowed between them (赵 培). */
const BARE_HAN_NAME_RE = /^\p{Script=Han}(?:[ \u3000]?\p{Script=Han}){1,3}$/u;
const NAME_SPACE_RE = /[ \u3000]/gu;
/**
 * True when a whole line is a bare Chinese name, as essays sign under their headline (`胡平` on the
 * line after `犬儒病`): 2–4 Han characters, single spaces allowed, not a furniture or section word.
 * @example isBareName('胡平'); // true
 * @example isBareName('赵 培'); // true
 * @example isBareName('前言'); // false
 */
export function isBareName(line: string): boolean {
  const trimmed = line.trim();
  return BARE_HAN_NAME_RE.test(trimmed) && !NOT_NAME_WORDS.has(trimmed.replace(NAME_SPACE_RE, ''));
}

/** Characters that end a name and are dropped (a separator, a digit, the next field). */
const NAME_STOP_RE = /[:：|·•،,;؛/\d，。、；（）()【】\[\]「」『』<>]/u;
/** Characters a name never contains: a name with them is markup or code, not a name. */
const NOT_NAME_RE = /[=<>{}"@#]|https?:|www\./iu;
/** Words that end the name and are dropped: the place or photo note after it (上海报道, 摄). */
const NAME_END_WORD_RE = /(?:报道|摄影?|来源|编辑|责编|通讯员|发自|供稿)$/u;
/** A Han word that ends in a role (`新华社记者`, `本报评论员`): who the next name is, or an outlet's staff, never a name. */
const HAN_ROLE_WORD_RE = new RegExp(`^\\p{Script=Han}*(?:${HAN_ROLE_WORDS.join('|')})$`, 'u');
/** Words that start the next credit or date after an English name and are dropped (`Edited by`, `Updated`). */
const NAME_END_LATIN_RE = /^(?:edited|updated|published|posted|reviewed|translated|photos?|photographs?|illustrations?|publié|publicado|publicada|pubblicato|veröffentlicht|aktualisiert|gepubliceerd|opublikowano|yayınlanma|опубликовано)$/iu;
const LABEL_COLON_RE = /^[:：]$/u;
/** A slash right after a Han word (`图/张强`, a photo credit): the word is the next label. */
const SLASH_RE = /^[/／]$/u;
const HAN_WORD_RE = /^\p{Script=Han}+$/u;
/** A Latin-script nickname or initials in parentheses inside a name: `(R.J.)`, `(Brad)`. */
const INNER_NICKNAME_RE = /^\(\p{Script=Latin}[\p{Script=Latin}.'’-]*\)$/u;
const TRAILING_NICKNAME_RE = /(?:\s+\(\p{Script=Latin}[\p{Script=Latin}.'’-]*\))+$/u;
/** A "by" word or an author noun opening a byline fragment (`By`, `Par`, `Autor:`), dropped by {@link cutName}. */
const LEADING_CUE_RE = new RegExp(`^(?:(?:${alternation(LINE_START_AUTHOR_CUES)})[ \\t]+|(?:${alternation(AUTHOR_NOUN_CUES)})(?:[ \\t]*[:：][ \\t]*|[ \\t]+))`, 'iu');
/** A capitalized word of a name: a capital, then letters, marks, `.`, `'`, `-` (`O'Mahony`, `T.`, `Jean-Luc`). */
const NAME_WORD_RE = /^\p{Lu}[\p{L}\p{M}'’.-]*$/u;
/** A letter of a script with case. */
const CASED_LETTER_RE = /[\p{Lu}\p{Ll}]/u;
const LOWER_CASE_START_RE = /^\p{Ll}/u;
const CASED_START_RE = /^[\p{Lu}\p{Ll}]/u;
/** A login: letters, then digits, in one token (`freeman1984`, `CC7567`). */
const LOGIN_WORD_RE = /^\p{L}[\p{L}_]*\p{N}+[\p{L}\p{N}_]*$/u;
const WORD_SPLIT_RE = /[ \t\u00a0\u3000]+/u;
const SINGLE_HAN_RE = /^\p{Script=Han}$/u;
const HAS_LETTER_RE = /\p{L}.*\p{L}|\p{Script=Han}/u;

/** How long a name may be: the `maxNameWords` and `maxNameChars` of {@link MetadataOptions}. */
export type NameLimits = Readonly<Required<Pick<MetadataOptions, 'maxNameWords' | 'maxNameChars'>>>;

/** How {@link cutName} reads a fragment. */
export interface CutNameOptions {
  /**
   * The fragment is a declared author (a meta, JSON-LD), not running text: a lower-case word does not end
   * the name there (`Ink and Paper`, `Ministerium für Wirtschaft und Energie`).
   * @default false
   */
  readonly isDeclared?: boolean;
}

/**
 * Keeps the name at the start of a byline fragment: words on its first line up to the next label
 * (a word with a colon), separator, comma, bracket or digit, at most `maxNameWords` words; in running
 * text, a name in a cased script also ends at a lower-case word that is no name particle
 * ({@link NAME_PARTICLES}: `Fabian am Dienstag` → `Fabian`, `Ursula von der Leyen` stays).
 * Returns null when nothing name-like is left (no two letters, markup, a URL) or when what is left is
 * a news agency standing alone or a rank label ({@link isNotAuthorName}).
 * @example cutName('Miriam Okafor · April 22, 2019'); // 'Miriam Okafor'
 * @example cutName('王丽 责任编辑：张强'); // '王丽'
 * @example cutName('彭冲 山东冠县报道'); // '彭冲'
 * @example cutName('Rob Ewaschuk Edited by Betsy Beyer'); // 'Rob Ewaschuk'
 * @example cutName('Richard (R.J.) Eskow'); // 'Richard (R.J.) Eskow'
 */
export function cutName(fragment: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS, options: CutNameOptions = {}): string | null {
  const endsAtLowerCase = !(options.isDeclared ?? false);
  const line = fragment.trim().replace(LEADING_CUE_RE, '').trim().split('\n')[0];
  const words: string[] = [];
  for (const word of line.trim().split(WORD_SPLIT_RE)) {
    if ((NAME_END_WORD_RE.test(word) || NAME_END_LATIN_RE.test(word)) && words.length > 0) break;
    if (words.length === 0 && HAN_ROLE_WORD_RE.test(word)) continue; // `作者：新华社记者 王丽`: the name follows the role
    // a name in a cased script ends at a lower-case word, unless a particle (`von der`, `van`, `bin`): `Fabian am Dienstag`
    if (endsAtLowerCase && words.length > 0 && CASED_START_RE.test(words[0]) && LOWER_CASE_START_RE.test(word) && !NAME_PARTICLES.has(word)) break;
    if (INNER_NICKNAME_RE.test(word) && words.length > 0) {
      words.push(word); // Richard (R.J.) Eskow: initials or a nickname in parentheses inside a Latin name
      continue;
    }
    // a login is one token of letters and digits (`freeman1984`): its digits are no date
    const stop = words.length === 0 && LOGIN_WORD_RE.test(word) ? null : NAME_STOP_RE.exec(word);
    if (stop) {
      // `word:` after a name is the next label (责任编辑：, كۆرۈلۈشى:), not part of the name.
      const head = word.slice(0, stop.index);
      // a first word closed by a colon is a label, not a name (a menu's `autoren: unerhört: media:`)
      if (LABEL_COLON_RE.test(stop[0]) && words.length === 0 && head !== '' && stop.index === word.length - 1) return null;
      const isLabel = words.length > 0 && (LABEL_COLON_RE.test(stop[0]) || (SLASH_RE.test(stop[0]) && HAN_WORD_RE.test(head)));
      if (head !== '' && !isLabel) words.push(head);
      break;
    }
    words.push(word);
    if (words.length >= limits.maxNameWords) break;
  }
  // Two-character Chinese names are often spaced for alignment (赵 培): single Han characters join up.
  const joined = words.every((w) => SINGLE_HAN_RE.test(w)) ? words.join('') : words.join(' ');
  // a nickname kept only inside a name: `Jane (J.R.)` at the end is cut back to `Jane`
  const name = joined.replace(TRAILING_NICKNAME_RE, '').trim();
  if (name === '' || name.length > limits.maxNameChars || NOT_NAME_RE.test(name) || !HAS_LETTER_RE.test(name) || isNotAuthorName(name)) return null;
  return name;
}

/**
 * True for a personal name in a cased script: two to `maxNameWords` words, capitalized or a particle
 * (`Ursula von der Leyen`), the first and the last capitalized, at most `maxNameChars` characters.
 * @example isPersonalName('Uta Helkenberg'); // true
 * @example isPersonalName('Read more'); // false
 */
export function isPersonalName(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): boolean {
  const words = text.split(WORD_SPLIT_RE);
  if (words.length < 2 || words.length > limits.maxNameWords || text.length > limits.maxNameChars) return false;
  let capitalized = 0;
  for (const word of words) {
    if (NAME_WORD_RE.test(word)) capitalized++;
    else if (!NAME_PARTICLES.has(word)) return false;
  }
  // a name opens and closes on a name word: `Bericht zur Coronalage vom` is a headline's start
  return capitalized >= 2 && NAME_WORD_RE.test(words[0]) && NAME_WORD_RE.test(words[words.length - 1]) && !isNotAuthorName(text);
}

/** The name after the first match of `cue` in `text`, trying later matches when one gives no name. */
function nameAfter(cue: RegExp, text: string, limits: NameLimits): string | null {
  let rest = text;
  for (let guard = 0; guard < 8; guard++) {
    const m = cue.exec(rest);
    if (!m) return null;
    rest = rest.slice(m.index + m[0].length);
    const name = cutName(rest, limits);
    // after a "by" word, a name never starts in lower case: `By the way`, `Por qué` are not bylines;
    // under a label alone on its line, a name in a cased script is a personal name (a menu's `Authors` / `About` is not)
    const isName = name !== null && (m.groups?.word === undefined || !LOWER_CASE_START_RE.test(name))
      && (m.groups?.line === undefined || !CASED_LETTER_RE.test(name) || isPersonalName(name, limits));
    if (isName) return name;
  }
  return null;
}

/**
 * The name after the first author cue in `text`, or null.
 * @example nameAfterCue('2015-11-03 来源：晨光日报 作者：王丽 责任编辑：张强'); // '王丽'
 */
export function nameAfterCue(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  return nameAfter(AUTHOR_CUE_RE, text, limits);
}

/** A "by" word anywhere after a non-letter (not only at a line start), then the name. */
const BY_WORD_RE = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${alternation(LINE_START_AUTHOR_CUES)})[ \\t]*[:：]?[ \\t]+`, 'iu');

/**
 * The name after a "by" word anywhere in a text known to be a byline (an author element's text, a short
 * dateline): `View all posts by Daniel Lemire`, `Posted in News by jroe on March 3, 2019`. There a name in
 * lower case is a login, not running text.
 * @example nameAfterByWord('Posted in News by jroe on March 3, 2019'); // 'jroe'
 */
export function nameAfterByWord(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  const m = BY_WORD_RE.exec(text);
  return m === null ? null : cutName(text.slice(m.index + m[0].length), limits);
}

/**
 * The name after the first editor cue in `text`, or null.
 * @example nameAfterEditorCue('来源：新闻晨报\n编辑：山石'); // '山石'
 */
export function nameAfterEditorCue(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  return nameAfter(EDITOR_CUE_RE, text, limits);
}

/** Each bracketed name is a name (not a furniture word such as 组图, 待续), or null; several are kept as the page lists them. */
function bracketedNames(found: string | undefined): string | null {
  if (found === undefined) return null;
  const names = found.trim().split(/[ \t\u3000]+/u);
  return names.every((n) => !NOT_NAME_WORDS.has(n)) ? names.join(' ') : null;
}

/**
 * A name given without a cue word before it, by the byline grammar: a name followed by a cue of
 * {@link POSTED_SUFFIX_CUES} and a date (`NAME 发表于 2005-9-15`, `由NAME张贴 @ 2005-06-12`,
 * `NAME写于2005年6月12日`, `NAME posted on 3/4/2019`), a reporter's name followed by a cue of
 * {@link REPORTED_SUFFIX_CUES} closing the clause (`（NAME 上海报道）`, `NAME 기자 =`), or names
 * alone in brackets right after the dateline's date (`2004年7月16日08:19 [ NAME ]`).
 * @example nameInDateline('……的过程吗？（林晓 杭州报道）'); // '林晓'
 */
export function nameInDateline(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  for (const re of [REPORTED_BY_RE, NAMES_AFTER_DATE_RE, POSTED_BY_RE]) {
    const m = re.exec(text);
    const found = m?.[1] ?? m?.[2];
    if (found === undefined || NOT_NAME_WORDS.has(found)) continue;
    const name = re === NAMES_AFTER_DATE_RE ? bracketedNames(found) : cutName(found, limits);
    if (name) return name;
  }
  return null;
}

/**
 * Names alone in brackets closing a line, as Chinese stories sign off (`（林晓 王丽）`), or null.
 * Several names are kept as the page lists them.
 * @example nameInSignOff('……过一个平安的新春佳节。（林晓 王丽 ）'); // '林晓 王丽'
 */
export function nameInSignOff(text: string): string | null {
  return bracketedNames(SIGN_OFF_RE.exec(text)?.[1]);
}

/**
 * True when a name found as the author is not a person's byline: a news agency standing alone, or a
 * forum rank or role label.
 * @example isNotAuthorName('AFP'); // true
 * @example isNotAuthorName('Jane Roe'); // false
 * @category Metadata
 */
export function isNotAuthorName(name: string): boolean {
  const key = name.trim().toLowerCase().replace(/\s+/gu, ' ');
  return NEWS_AGENCIES.has(key) || RANK_LABELS.has(key);
}
