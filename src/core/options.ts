import { MatnError } from './errors.js';

/**
 * Merges user options over frozen defaults once, rejecting unknown keys so that a typo
 * (`treshold`) is an error rather than a silently ignored setting.
 */
export function resolveOptions<T extends object>(defaults: Readonly<Required<T>>, options: Partial<T> | undefined, what: string): Readonly<Required<T>> {
  if (options === undefined) return defaults;
  if (options === null || typeof options !== 'object') {
    throw new MatnError('invalid-argument', `${what}: options must be an object`);
  }
  for (const key of Object.keys(options)) {
    if (!(key in defaults)) {
      throw new MatnError('invalid-argument', `${what}: unknown option "${key}"`, { option: key, known: Object.keys(defaults) });
    }
  }
  const merged = { ...defaults } as Required<T>;
  for (const [key, value] of Object.entries(options) as [keyof T, unknown][]) {
    if (value !== undefined) (merged as Record<keyof T, unknown>)[key] = value;
  }
  return Object.freeze(merged);
}
