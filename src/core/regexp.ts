/**
 * RegExp helpers shared by the cue and date readers.
 * @module
 */

/** `literal` with every RegExp metacharacter escaped, to be matched as written inside a pattern. */
export function escapeRegExp(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
