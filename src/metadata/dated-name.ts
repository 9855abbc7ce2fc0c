/**
 * A personal name written next to the story's date without a cue word (`04.02.2022 | 13:10 Uhr | Uta
 * Helkenberg`, `Janic Cathomen, 01.12.2021`, `Emmanuelle Ducros` / `15 Mai 2019 à 06h00`): a byline is a
 * name and a date set together under the headline, whatever the language.
 * @module
 */
import { findDates } from '../vocabulary/dates.js';
import { LINE_START_AUTHOR_CUES } from '../vocabulary/byline-cues.js';
import { isPersonalName, nameAfterByWord, type NameLimits } from './byline.js';
import type { MetadataOptions } from './options.js';

/** Separators between the fields of a dateline: `|`, `·`, `•`, `/`, `,`, dashes. */
const FIELD_SEPARATOR_RE = /\s*[|·•/,;–—]\s*|\s+-\s+|^\s*-\s*|\s*-\s*$/u;
/** A line of punctuation only (`,`, `|`): skipped when looking at the lines around a date. */
const PUNCTUATION_LINE_RE = /^[\p{P}\p{S}\s]*$/u;
/**
 * A capitalized one-word "by" cue glued to the name after it (`ByAlex Bozarjian`: the page sets the cue
 * and the name in elements of their own, with no space between).
 */
const GLUED_CUE_RE = new RegExp(
  `^(?:${LINE_START_AUTHOR_CUES.filter((c) => !c.includes(' ')).map((c) => c.charAt(0).toUpperCase() + c.slice(1)).join('|')})(?=\\p{Lu}\\p{Ll})`,
  'u',
);

const DIGIT_RE = /\p{N}/u;
const LOWER_CASE_START_RE = /^\p{Ll}/u;

/**
 * A login: one token of letters (and digits, `_`, `.`, `-`) with a capital inside a word or a digit
 * (`HansEhrlich`, `freeman1984`): a word of a language has neither.
 */
const LOGIN_RE = /^\p{L}[\p{L}\p{N}_.-]*(?:\p{Ll}\p{Lu}|\p{L}\p{N})[\p{L}\p{N}_.-]*$/u;

/** The login that opens a line right before its first date (`HansEhrlich 17.10.2019`), or null. */
function loginBeforeDate(line: string): string | null {
  const first = findDates(line)[0];
  const before = first === undefined ? '' : line.slice(0, first.index).trim();
  return LOGIN_RE.test(before) ? before : null;
}

/** Where a date was cut out of a line. */
const DATE_MARK = '\u0000';

/**
 * The fields of a line without its dates: what is left between separators, trimmed. With `separated`,
 * only fields a separator parts from the date (`Janic Cathomen, 01.12.2021`), not a text the date merely
 * follows (`Pressemitteilung Aktuell 02. November 2021`, a section label before the date).
 */
function fieldsWithoutDates(line: string, separated: boolean): string[] {
  let rest = '';
  let at = 0;
  for (const d of findDates(line)) {
    rest += `${line.slice(at, d.index)}${DATE_MARK}`;
    at = d.index + d.length;
  }
  rest += line.slice(at);
  const fields = rest.split(FIELD_SEPARATOR_RE).filter((f) => !separated || f.trim() === DATE_MARK || !f.includes(DATE_MARK));
  return fields.flatMap((f) => f.split(DATE_MARK)).map((f) => f.trim()).filter((f) => f !== '');
}

/** The nearest line before (`step` −1) or after (+1) line `i` that holds more than punctuation, trimmed, or ''. */
function neighbour(lines: readonly string[], i: number, step: -1 | 1): string {
  for (let k = i + step; k >= 0 && k < lines.length; k += step) {
    const line = lines[k].trim();
    if (!PUNCTUATION_LINE_RE.test(line)) return line.replace(/^[|·•,–—-]\s*|\s*[|·•,–—-]$/gu, '');
  }
  return '';
}

/**
 * Where {@link nameNextToDate} looks: `under` the headline (the date's line and the lines around it),
 * `above` it, where section labels stand beside the date (`Ehrenamt Jugendverbände 23.01.2020`): only a
 * field a separator parts from the date (`04.02.2022 | 13:10 Uhr | Uta Helkenberg`), or at the `end` of the
 * story, where comments begin: only a name a "by" word credits (`Gespeichert von jroe am 24. Juli 2017`).
 */
export type DatedNamePlace = 'under' | 'above' | 'end';

/** What {@link nameNextToDate} asks about a name it found. */
export interface DatedNameChecks {
  /** A name that is not a byline's: the site's, the title. */
  readonly isExcluded: (name: string) => boolean;
  /** A word the page writes in lower case (`view`, `im`): a capitalized pair of such words is furniture, not a name. */
  readonly isCommonWord: (word: string) => boolean;
  /** A word in lower case the page writes more often than a login is (`the`, `der`). */
  readonly isFrequentWord: (word: string) => boolean;
}

/**
 * The name set next to a date in `text` (whole lines; under the headline, `text` starts after the
 * headline's own line: `Bericht vom 22.04.2020 – …` is no byline). On a short date line (at most
 * `maxBylineChars`), the name after a "by" word anywhere (`Posted in News by jroe on March 3, 2019`: a
 * login too). Else a personal name ({@link isPersonalName}) whose first word the page never writes in
 * lower case: a field of the date's own line (`11.12.2019 - Amelie Loevenich`), else, under the headline,
 * the line right before it, else the line right after it (punctuation-only lines skipped); else, under
 * the headline, a login opening the date's line (`HansEhrlich 17.10.2019`). Names `checks.isExcluded`
 * rejects are skipped.
 * @example nameNextToDate('Essay\n25.10.2022 - Reiner Nagel\nWhat do driverless cars…\n', options, 'under', checks); // 'Reiner Nagel'
 */
export function nameNextToDate(text: string, limits: NameLimits & Readonly<Required<Pick<MetadataOptions, 'maxBylineChars' | 'maxBylineFields'>>>, place: DatedNamePlace, checks: DatedNameChecks): string | null {
  const lines = text.split('\n');
  const isName = (c: string): boolean => isPersonalName(c, limits) && !checks.isExcluded(c) && !checks.isCommonWord(c.split(' ', 1)[0].toLowerCase());
  for (let i = 0; i < lines.length; i++) {
    if (findDates(lines[i]).length === 0) continue;
    const cued = lines[i].length <= limits.maxBylineChars ? nameAfterByWord(lines[i], limits) : null;
    // credited by a "by" word, a name is taken even when it is the site's (a blog signed with its owner's
    // login); in lower case, when the page seldom writes it (`by the end of 2019` is no byline)
    if (cued !== null && (!LOWER_CASE_START_RE.test(cued) || !checks.isFrequentWord(cued.split(' ', 1)[0]))) return cued;
    if (place === 'end') continue;
    const fields = fieldsWithoutDates(lines[i], place === 'above');
    // a date followed by a list of words is a post's tags (`März 7, 2018 Allgemein, Beauty Braun, Haarfarbe, …`)
    if (fields.filter((f) => !DIGIT_RE.test(f)).length > limits.maxBylineFields) continue;
    const candidates = place === 'above' ? fields : [...fields, neighbour(lines, i, -1), neighbour(lines, i, 1)];
    const name = candidates.map((c) => c.replace(GLUED_CUE_RE, '')).find(isName);
    if (name !== undefined) return name;
    // a login right before the date under the headline (`HansEhrlich 17.10.2019, 13:56 Uhr`)
    const login = place === 'under' ? loginBeforeDate(lines[i]) : null;
    if (login !== null && !checks.isExcluded(login)) return login;
  }
  return null;
}
