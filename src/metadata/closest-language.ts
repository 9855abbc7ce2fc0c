/**
 * franc's first answer (`francAll(value, { minLength, only })[0][0]`), a few times faster.
 *
 * franc scores a text against each language of its most frequent script as the sum, over the text's
 * trigrams, of |count − rank − 1| (or {@link MAX_DIFFERENCE} for a trigram the language lacks), then
 * sorts, looking each trigram up in one object per language. Here the profiles of a script are one
 * table of integer ranks, trigram by trigram: a text's trigram is looked up once and its terms for
 * every language are added from adjacent cells. The sums are the same integers, and the smallest,
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
import { trigrams } from 'trigram-utils';

/** franc's distance for a trigram the language's profile lacks. */
const MAX_DIFFERENCE = 300;
/** franc reads at most this many characters. */
const MAX_LENGTH = 2048;
/** franc's answer when no language fits. */
const UNDETERMINED = 'und';

/**
 * The profiles of a script's candidate languages as one table: each trigram of any of them has an id,
 * and `ranks[id × languages + language]` is its rank in that language (0 = most frequent, the first
 * occurrence in franc's `|`-separated list, as franc builds it), −1 when the language lacks it. A
 * text's trigram is looked up once, not once per language, and the ranks of all languages for it are
 * side by side in memory.
 */
interface ScriptProfiles {
  readonly codes: readonly string[];
  readonly ids: ReadonlyMap<string, number>;
  readonly ranks: Int16Array;
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
  const ranks = new Int16Array(models.length * ids.size).fill(-1);
  lists.forEach((list, language) => {
    for (let rank = list.length - 1; rank >= 0; rank--) ranks[ids.get(list[rank])! * models.length + language] = rank;
  });
  return { codes: models.map(([code]) => code), ids, ranks, counts: new Int32Array(ids.size) };
}

/** The script (franc's expressions) with the largest share of `value`'s characters, and that share. */
function topScript(value: string): [script: string | undefined, share: number] {
  let top: string | undefined;
  let topShare = -1;
  for (const [script, expression] of Object.entries(FRANC_SCRIPTS)) {
    const share = (value.match(expression)?.length ?? 0) / value.length || 0;
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
    const { codes, ids, ranks, counts } = profilesOf(script);
    if (codes.length === 0) return UNDETERMINED;
    // the text's trigrams as franc counts them (trigram-utils: cleaned, padded), counted by profile id;
    // a trigram no language has adds the same to every distance: it changes no ranking
    const seen: number[] = [];
    for (const trigram of trigrams(value)) {
      const id = ids.get(trigram);
      if (id === undefined) continue;
      if (counts[id]++ === 0) seen.push(id);
    }
    const languages = codes.length;
    // integer sums, as franc's: the same distances exactly
    const distances = new Int32Array(languages);
    for (const id of seen) {
      const count = counts[id];
      counts[id] = 0;
      const row = id * languages;
      for (let language = 0; language < languages; language++) {
        const rank = ranks[row + language];
        distances[language] += rank < 0 ? MAX_DIFFERENCE : Math.abs(count - rank - 1);
      }
    }
    // the smallest; on a tie the language franc lists first (its sort is stable)
    let best = 0;
    for (let language = 1; language < languages; language++) if (distances[language] < distances[best]) best = language;
    return codes[best];
  };
}
