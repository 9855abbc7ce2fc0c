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

/** {@link ScriptProfiles} of the candidate languages of a script (in franc's order). */
function scriptProfiles(models: readonly (readonly [string, string])[]): ScriptProfiles {
  const lists = models.map(([, model]) => model.split('|'));
  const ids = new Map<string, number>();
  for (const list of lists) for (const trigram of list) if (!ids.has(trigram)) ids.set(trigram, ids.size);
  // each language's rank of each trigram (its first occurrence), then one entry per (trigram, language)
  const rankOf = lists.map((list) => {
    const ranks = new Map<number, number>();
    for (let r = list.length - 1; r >= 0; r--) ranks.set(ids.get(list[r])!, r);
    return ranks;
  });
  const start = new Int32Array(ids.size + 1);
  for (const ranks of rankOf) for (const id of ranks.keys()) start[id + 1]++;
  for (let id = 0; id < ids.size; id++) start[id + 1] += start[id];
  const fill = start.slice(0, ids.size);
  const language = new Uint16Array(start[ids.size]);
  const rank = new Int16Array(start[ids.size]);
  rankOf.forEach((ranks, l) => {
    for (const [id, r] of ranks) {
      language[fill[id]] = l;
      rank[fill[id]++] = r;
    }
  });
  return { codes: models.map(([code]) => code), ids: buildTrigramTable([...ids.keys()]), start, language, rank, counts: new Int32Array(ids.size) };
}

/** Any UTF-16 surrogate unit (no `u` flag: a pair is two units here, each matched). */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * How many matches franc's script expression `expression` (global) has in `value`, as
 * `value.match(expression)?.length ?? 0`. Each alternative of franc's expressions is one class of BMP
 * characters or starts with a high surrogate (checked by the tests), so in a text without surrogates
 * every match is one code unit: the count is the number of units a replace removes (one string built,
 * not an array of one-character strings).
 */
function countMatches(value: string, expression: RegExp, noSurrogates: boolean): number {
  if (!noSurrogates) return value.match(expression)?.length ?? 0;
  return value.length - value.replace(expression, '').length;
}

/** The script (franc's expressions) with the largest share of `value`'s characters, and that share. */
function topScript(value: string): [script: string | undefined, share: number] {
  const noSurrogates = !SURROGATE.test(value);
  let top: string | undefined;
  let topShare = -1;
  for (const [script, expression] of Object.entries(FRANC_SCRIPTS)) {
    const share = countMatches(value, expression, noSurrogates) / value.length || 0;
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
