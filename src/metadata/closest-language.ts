/**
 * franc's first answer (`francAll(value, { minLength, only })[0][0]`), a few times faster.
 *
 * franc scores a text against each language of its most frequent script as the sum, over the text's
 * trigrams, of |count − rank − 1| (or {@link MAX_DIFFERENCE} for a trigram the language lacks), then
 * sorts, looking each trigram up in one object per language. Here the profiles of a script are
 * listed trigram by trigram: a text's trigram is looked up once and adds its terms to the few
 * languages that have it (the others take the missing-trigram distance, counted once for all).
 * The sums are the same integers, and the smallest,
 * the first in franc's order on a tie (its sort is stable), is franc's answer. Only the language
 * identification of a page that declares none, and of posts in Latin or Cyrillic script, calls it;
 * franc's own `getDistance` was the hottest function of a thread page's extraction.
 *
 * franc's data, script expressions and trigrams (`trigram-utils`, franc's own dependency: cleaned and
 * padded as franc does) are used as they are; the counting per trigram and the search are ours.
 * @module
 */
import { data as FRANC_DATA } from 'franc/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc/expressions.js';
import { clean } from 'trigram-utils';
import { buildTrigramTable, type TrigramTable, trigramId } from './trigram-table.js';

/** franc's distance for a trigram the language's profile lacks. */
const MAX_DIFFERENCE = 300;
/** franc reads at most this many characters. */
const MAX_LENGTH = 2048;
/** franc's answer when no language fits. */
const UNDETERMINED = 'und';

/**
 * The profiles of a script's candidate languages, trigram by trigram: each trigram of any of them has
 * an id, and the languages whose profile holds it are listed with its rank there (0 = most frequent,
 * the first occurrence in franc's `|`-separated list, as franc builds it), entries
 * `[start[id], start[id + 1])` of `language` and `rank`. A trigram is in few profiles (4.7 of the 126
 * Latin ones on average), so a text's trigram adds to those languages only; every other language
 * takes franc's {@link MAX_DIFFERENCE} for it, added once for all.
 */
interface ScriptProfiles {
  readonly codes: readonly string[];
  /** Trigram → id, looked up by code units (see `trigram-table.ts`). */
  readonly ids: TrigramTable;
  readonly start: Int32Array;
  readonly language: Uint16Array;
  readonly rank: Int16Array;
  /**
   * Scratch: a text's count of each trigram id, all 0 between calls (a search resets the cells it
   * used). Counting into one typed array replaces trigram-utils' `asTuples` (a dictionary object, then
   * an array of pairs sorted by count), which was half the search's time; the sums need no order.
   */
  readonly counts: Int32Array;
}

/**
 * {@link ScriptProfiles} of the candidate languages of a script (in franc's order). Each language's list
 * is read as trigram ids, and a trigram's first occurrence in it (its rank) is told by marking the id
 * with the language: no map per language.
 */
function scriptProfiles(models: readonly (readonly [string, string])[]): ScriptProfiles {
  const ids = new Map<string, number>();
  const lists = models.map(([, model]) => Int32Array.from(model.split('|'), (trigram) => {
    let id = ids.get(trigram);
    if (id === undefined) ids.set(trigram, (id = ids.size));
    return id;
  }));
  // calls `visit(id, language, rank)` for each trigram's first occurrence in each language's list, languages in order
  const eachFirstOccurrence = (visit: (id: number, language: number, rank: number) => void): void => {
    const seenIn = new Int32Array(ids.size).fill(-1);
    lists.forEach((list, l) => {
      for (let r = 0; r < list.length; r++) {
        if (seenIn[list[r]] === l) continue;
        seenIn[list[r]] = l;
        visit(list[r], l, r);
      }
    });
  };
  const start = new Int32Array(ids.size + 1);
  eachFirstOccurrence((id) => start[id + 1]++);
  for (let id = 0; id < ids.size; id++) start[id + 1] += start[id];
  const fill = start.slice(0, ids.size);
  const language = new Uint16Array(start[ids.size]);
  const rank = new Int16Array(start[ids.size]);
  eachFirstOccurrence((id, l, r) => {
    language[fill[id]] = l;
    rank[fill[id]++] = r;
  });
  return { codes: models.map(([code]) => code), ids: buildTrigramTable([...ids.keys()]), start, language, rank, counts: new Int32Array(ids.size) };
}

/** Any UTF-16 surrogate unit (no `u` flag: a pair is two units here, each matched). */
const SURROGATE = /[\ud800-\udfff]/;

/** How many matches franc's script expression `expression` (global) has in `value`: `value.match(expression)?.length ?? 0`. */
function countMatches(value: string, expression: RegExp): number {
  return value.match(expression)?.length ?? 0;
}

/** franc's script expressions in its order, and a copy of each for a test on one code unit (no `g`: no `lastIndex`). */
const SCRIPT_ENTRIES = Object.entries(FRANC_SCRIPTS);
const SCRIPT_UNIT_TESTS = SCRIPT_ENTRIES.map(([, expression]) => new RegExp(expression.source, expression.flags.replace('g', '')));
/** Marks a code unit of {@link SCRIPT_MASKS} as read (its mask may be empty: a digit, a space); franc has 30 expressions, so it is bit 30 (a test checks the count). */
const MASK_KNOWN = 1 << SCRIPT_ENTRIES.length;
/**
 * Per BMP code unit, once read: {@link MASK_KNOWN} plus one bit per script expression (in
 * {@link SCRIPT_ENTRIES}' order) that matches the unit alone; 0 while not read. Filled on first sight,
 * for the process (64K entries at most).
 */
const SCRIPT_MASKS = new Int32Array(65536);

/** The script bits of code unit `unit` (see {@link SCRIPT_MASKS}), read on first sight. */
function scriptBits(unit: number): number {
  let mask = SCRIPT_MASKS[unit];
  if (mask === 0) {
    const char = String.fromCharCode(unit);
    mask = MASK_KNOWN;
    for (let k = 0; k < SCRIPT_UNIT_TESTS.length; k++) if (SCRIPT_UNIT_TESTS[k].test(char)) mask |= 1 << k;
    SCRIPT_MASKS[unit] = mask;
  }
  return mask & ~MASK_KNOWN;
}

/**
 * How many code units of `value` each script expression matches, in {@link SCRIPT_ENTRIES}' order. In a
 * text without surrogates that is each expression's number of matches: every alternative of franc's
 * expressions is one class of BMP characters or starts with a high surrogate (checked by the tests), so
 * every match is one code unit that the expression matches alone. One pass over the text instead of a
 * `replace` per script (30).
 */
function countScriptUnits(value: string): Int32Array {
  const counts = new Int32Array(SCRIPT_ENTRIES.length);
  for (let i = 0; i < value.length; i++) {
    for (let bits = scriptBits(value.charCodeAt(i)), k = 0; bits !== 0; bits >>>= 1, k++) if ((bits & 1) === 1) counts[k]++;
  }
  return counts;
}

/** The script (franc's expressions) with the largest share of `value`'s characters, and that share. @internal */
export function topScript(value: string): [script: string | undefined, share: number] {
  const noSurrogates = !SURROGATE.test(value);
  const units = noSurrogates ? countScriptUnits(value) : null;
  let top: string | undefined;
  let topShare = -1;
  for (let k = 0; k < SCRIPT_ENTRIES.length; k++) {
    const [script, expression] = SCRIPT_ENTRIES[k];
    const share = (units === null ? countMatches(value, expression) : units[k]) / value.length || 0;
    if (share > topShare) {
      topShare = share;
      top = script;
    }
  }
  return [top, topShare];
}

/**
 * A closest-language search over a fixed candidate list (ISO 639-3 codes, as franc's `only`).
 * @category Metadata
 */
export function closestLanguageSearch(candidates: readonly string[]): (value: string, minLength: number) => string {
  const allowed = new Set(candidates);
  const cache = new Map<string, ScriptProfiles>();
  const profilesOf = (script: string): ScriptProfiles => {
    let profiles = cache.get(script);
    if (profiles === undefined) {
      const byLanguage = (FRANC_DATA as Record<string, Record<string, string>>)[script];
      profiles = scriptProfiles(Object.entries(byLanguage).filter(([code]) => allowed.has(code)));
      cache.set(script, profiles);
    }
    return profiles;
  };
  return (text, minLength) => {
    if (!text || text.length < minLength) return UNDETERMINED;
    const value = text.slice(0, MAX_LENGTH);
    const [script, share] = topScript(value);
    if (script === undefined || !Object.hasOwn(FRANC_DATA, script)) {
      // a script of one language (Greek, Thai, …)
      return script === undefined || share === 0 || !allowed.has(script) ? UNDETERMINED : script;
    }
    const { codes, ids, start, language, rank, counts } = profilesOf(script);
    if (codes.length === 0) return UNDETERMINED;
    // the text's trigrams as franc counts them (trigram-utils: cleaned, padded), counted by profile id;
    // a trigram no language has adds the same to every distance: it changes no ranking
    // (trigram-utils' `trigrams`: every three-unit slice of the cleaned text padded with a space each
    // side, here read in place by code units instead of one string each)
    const padded = ` ${clean(value)} `;
    const seen: number[] = [];
    for (let i = 0; i + 3 <= padded.length; i++) {
      const id = trigramId(ids, padded.charCodeAt(i), padded.charCodeAt(i + 1), padded.charCodeAt(i + 2));
      if (id < 0) continue;
      if (counts[id]++ === 0) seen.push(id);
    }
    const languages = codes.length;
    // integer sums, as franc's: every language starts at MAX_DIFFERENCE per trigram (as if it lacked
    // them all), and the languages that have a trigram trade that for |count − rank − 1|; the same
    // distances exactly
    const distances = new Int32Array(languages).fill(seen.length * MAX_DIFFERENCE);
    for (const id of seen) {
      const count = counts[id];
      counts[id] = 0;
      for (let e = start[id]; e < start[id + 1]; e++) distances[language[e]] += Math.abs(count - rank[e] - 1) - MAX_DIFFERENCE;
    }
    // the smallest; on a tie the language franc lists first (its sort is stable)
    let best = 0;
    for (let language = 1; language < languages; language++) if (distances[language] < distances[best]) best = language;
    return codes[best];
  };
}
