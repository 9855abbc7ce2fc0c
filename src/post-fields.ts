/**
 * What the pipeline adds to each post and comment: its language and direction (a thread mixes
 * Uyghur, Arabic and Latin posts) and its own invisible/bidi-control report, with a warning for a
 * right-to-left override inside a post (a moderation feed must never pass one on silently).
 * @module
 */
import { diagnostic, type Diagnostic } from './core/diagnostics.js';
import { scanInvisible } from './encoding/invisible.js';
import { detectScript, isRightToLeftScript } from './encoding/script.js';
import type { InvisibleReport } from './encoding/types.js';
import type { Direction } from './metadata/language.js';
import { guessByScript, guessLanguage } from './metadata/language.js';
import type { Post } from './threads/types.js';
import type { MatchingFields } from './moderation/page.js';

/**
 * A post or comment as {@link extract} returns it.
 * @category Pipeline
 */
export interface PagePost extends Post {
  /** Primary language subtag of the post: the page's when the post is in the page's script, else guessed from its letters; null when unknown. */
  readonly lang: string | null;
  /** Direction of the post's text, from the script most of its letters are in. */
  readonly dir: Direction;
  /** Invisible and bidi-control characters in {@link Post.text} (positions are offsets into it). */
  readonly invisible: InvisibleReport;
  /** The post's own words as minimal, safe HTML (see `PageResult.contentHtml`). */
  readonly contentHtml: string;
  /** The post's matching form; only with `ExtractOptions.matching` on (docs/moderation.md). */
  readonly match?: MatchingFields['match'];
  /** Moderation checks on the post (offsets into {@link Post.text}); only with `matching` on. */
  readonly checks?: MatchingFields['checks'];
}

/** Code points that override the text's direction (LRO, RLO) or isolate/embed it. */
const OVERRIDES = new Set(['U+202D', 'U+202E']);

/** What a post's language is read against: the page's language and the script of its letters. */
export interface PageLanguage {
  readonly lang: string | null;
  readonly script: string;
}

/**
 * A post with its language, direction and invisible report; `diagnostics` gets a warning for a
 * direction override. A post whose script tells its language (Uyghur, Arabic, Persian, Chinese, …)
 * gets it; a post in the page's script otherwise takes the page's language (a short reply is too
 * little text for letter trigrams, the costliest step); a post in another script (a Latin reply in a
 * Uyghur thread) gets its own trigram guess.
 */
export function withPostFields(post: Post, index: number, list: 'posts' | 'comments', page: PageLanguage, diagnostics: Diagnostic[]): Omit<PagePost, 'contentHtml'> {
  const scriptReport = detectScript(post.text, { markup: false });
  const script = scriptReport.script;
  const { report } = scanInvisible(post.text, { strip: false, script });
  const overrides = report.characters.filter((c) => OVERRIDES.has(c.codePoint));
  if (overrides.length > 0) {
    diagnostics.push(diagnostic('post-bidi-override', `${list}[${index}] holds a direction override (${overrides.map((c) => c.codePoint).join(', ')})`, 'warning', { list, index, positions: overrides.flatMap((c) => c.positions) }));
  }
  const byScript = guessByScript(post.text, undefined, scriptReport);
  const lang = byScript !== undefined ? byScript : page.lang !== null && script === page.script ? page.lang : guessLanguage(post.text);
  return { ...post, lang, dir: isRightToLeftScript(script) ? 'rtl' : 'ltr', invisible: report };
}
