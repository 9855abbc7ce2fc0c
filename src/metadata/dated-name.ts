/**
 * A personal name written next to the story's date without a cue word (`04.02.2022 | 13:10 Uhr | Uta
 * Helkenberg`, `Janic Cathomen, 01.12.2021`, `Emmanuelle Ducros` / `15 Mai 2019 à 06h00`): a byline is a
 * name and a date set together under the headline, whatever the language.
 * @module
 */
import { findDates } from '../vocabulary/dates.js';
import { LINE_START_AUTHOR_CUES } from '../vocabulary/byline-cues.js';
import { isPersonalName, type NameLimits } from './byline.js';

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
 * or above it, where section labels stand beside the date (`Ehrenamt Jugendverbände 23.01.2020`): only a
 * field a separator parts from the date (`04.02.2022 | 13:10 Uhr | Uta Helkenberg`).
 */
export type DatedNamePlace = 'under' | 'above';

/**
 * The first personal name ({@link isPersonalName}) set next to a date in `text` (whole lines): a field of the date's own line (`11.12.2019 - Amelie Loevenich`),
 * else, under the headline, the line right before it, else the line right after it (punctuation-only
 * lines skipped). Names `isExcluded` rejects (the site's, the title) are skipped.
 * @example nameNextToDate('Essay\n25.10.2022 - Reiner Nagel\nWhat do driverless cars…\n', limits, 'under', () => false); // 'Reiner Nagel'
 */
export function nameNextToDate(text: string, limits: NameLimits, place: DatedNamePlace, isExcluded: (name: string) => boolean): string | null {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (findDates(lines[i]).length === 0) continue;
    const fields = fieldsWithoutDates(lines[i], place === 'above');
    const candidates = place === 'above' ? fields : [...fields, neighbour(lines, i, -1), neighbour(lines, i, 1)];
    const name = candidates.map((c) => c.replace(GLUED_CUE_RE, '')).find((c) => isPersonalName(c, limits) && !isExcluded(c));
    if (name !== undefined) return name;
  }
  return null;
}
