/**
 * franc's first answer (`francAll(value, { minLength, only })[0][0]`) without computing the distance
 * of every language in full.
 *
 * franc scores a text against each language of its most frequent script as the sum, over the text's
 * trigrams, of |count − rank − 1| (or {@link MAX_DIFFERENCE} for a trigram the language lacks), then
 * sorts. A sum of non-negative terms only grows, so a language can stop being summed as soon as it
 * reaches the best sum so far (branch and bound): the winner, and the winner among equal sums (the
 * first in franc's order, as its stable sort keeps), are franc's. Only the language identification
 * of a page that declares none, and of posts in Latin or Cyrillic script, calls it; franc's own
 * `getDistance` was the hottest function of a thread page's extraction.
 *
 * franc's data, script expressions and trigram counting (`trigram-utils`, franc's own dependency)
 * are used as they are; only the search is ours.
 * @module
 */
import { data as FRANC_DATA } from 'franc/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc/expressions.js';
import { asTuples } from 'trigram-utils';

/** franc's distance for a trigram the language's profile lacks. */
const MAX_DIFFERENCE = 300;
/** franc reads at most this many characters. */
const MAX_LENGTH = 2048;
/** franc's answer when no language fits. */
const UNDETERMINED = 'und';

/** A language's trigram profile: trigram → rank (0 = most frequent), as franc builds it. */
type Profile = ReadonlyMap<string, number>;

/** Profiles per script, built on first use, for one candidate list. */
type ProfileCache = Map<string, readonly (readonly [string, Profile])[]>;

/** franc's profile of a language: its `|`-separated trigrams, the first occurrence of one giving its rank. */
function profileOf(model: string): Profile {
  const trigrams = model.split('|');
  const profile = new Map<string, number>();
  for (let rank = trigrams.length - 1; rank >= 0; rank--) profile.set(trigrams[rank], rank);
  return profile;
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
  const cache: ProfileCache = new Map();
  const profilesOf = (script: string): readonly (readonly [string, Profile])[] => {
    let profiles = cache.get(script);
    if (profiles === undefined) {
      const byLanguage = (FRANC_DATA as Record<string, Record<string, string>>)[script];
      profiles = Object.entries(byLanguage).filter(([code]) => allowed.has(code)).map(([code, model]) => [code, profileOf(model)] as const);
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
    const profiles = profilesOf(script);
    if (profiles.length === 0) return UNDETERMINED;
    const tuples = asTuples(value);
    let best = Number.POSITIVE_INFINITY;
    let bestCode = UNDETERMINED;
    for (const [code, profile] of profiles) {
      let distance = 0;
      for (let i = 0; i < tuples.length && distance < best; i++) {
        const [trigram, count] = tuples[i];
        const rank = profile.get(trigram);
        distance += rank === undefined ? MAX_DIFFERENCE : Math.abs(count - rank - 1);
      }
      // strictly smaller: on a tie the language franc lists first stays
      if (distance < best) {
        best = distance;
        bestCode = code;
      }
    }
    return bestCode;
  };
}
