/**
 * The attributes in which a page's markup states a record's author or date, and the elements that
 * have any of them, found in one scan per page (the author and the date readers share it).
 * @module
 */
import { elementsWithAttributes } from '../analysis/attribute-index.js';
import type { AnalyzedDocument } from '../analysis/types.js';

/** Attributes in which the markup states a user's name (NodeBB, Discourse, XenForo). */
export const NAME_ATTRIBUTES: readonly string[] = ['data-username', 'data-author', 'data-user'];

/** Attributes holding a Unix epoch (seconds or milliseconds). */
export const EPOCH_ATTRIBUTES: readonly string[] = ['data-timestamp', 'data-time', 'data-utime', 'data-date-unix'];

/** Every attribute the attribute-date reader looks at (`datetime`, epochs, schema.org `content`, `title`). */
export const DATE_ATTRIBUTES: readonly string[] = ['datetime', ...EPOCH_ATTRIBUTES, 'content', 'title'];

const STATED_ATTRIBUTES: readonly string[] = [...NAME_ATTRIBUTES, ...DATE_ATTRIBUTES];

/**
 * Ids of the elements of `doc` with any attribute of {@link NAME_ATTRIBUTES} or {@link DATE_ATTRIBUTES},
 * in document order: an element with none of them states neither a name nor a date.
 * @category Threads
 */
export function elementsStating(doc: AnalyzedDocument): readonly number[] {
  return elementsWithAttributes(doc, STATED_ATTRIBUTES);
}
