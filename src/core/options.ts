import { MatnError } from './errors.js';

/** The defaults each object returned by {@link resolveOptions} was resolved from. */
const RESOLVED_FROM = new WeakMap<object, object>();
/**
 * Resolutions of frozen options objects, by options then defaults: a frozen object cannot change, so its
 * resolution is the same every time (stages pass the same frozen option objects down for every page).
 */
const FROZEN_RESOLUTIONS = new WeakMap<object, WeakMap<object, object>>();

/**
 * Merges user options over frozen defaults once, rejecting unknown keys so that a typo
 * (`treshold`) is an error rather than a silently ignored setting.
 */
export function resolveOptions<T extends object>(defaults: Readonly<Required<T>>, options: Partial<T> | undefined, what: string): Readonly<Required<T>> {
  if (options === undefined || options === defaults) return defaults;
  // An object this function returned for the same defaults is frozen and complete: merging it again gives
  // its own values (stages hand their resolved options down to helpers that resolve them again).
  if (RESOLVED_FROM.get(options) === defaults) return options as Readonly<Required<T>>;
  if (options === null || typeof options !== 'object') {
    throw new MatnError('invalid-argument', `${what}: options must be an object`);
  }
  const frozen = Object.isFrozen(options);
  if (frozen) {
    const known = FROZEN_RESOLUTIONS.get(options)?.get(defaults);
    if (known !== undefined) return known as Readonly<Required<T>>;
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
  Object.freeze(merged);
  RESOLVED_FROM.set(merged, defaults);
  if (frozen) {
    let byDefaults = FROZEN_RESOLUTIONS.get(options);
    if (byDefaults === undefined) FROZEN_RESOLUTIONS.set(options, (byDefaults = new WeakMap()));
    byDefaults.set(defaults, merged);
  }
  return merged;
}

/** Answers of {@link derivedOptions}, by the options derived from, then by the deriving function. */
const DERIVED = new WeakMap<object, WeakMap<object, object>>();

/**
 * `derive(from)`, frozen, remembered per `from` object and `derive` function. A stage that hands options
 * built from its own resolved (frozen, reused) options to the next stage hands the same frozen object
 * on every page, so the next stage's {@link resolveOptions} answers from its memo instead of merging
 * and checking every key again per page.
 */
export function derivedOptions<S extends object, T extends object>(from: S, derive: (options: S) => T): Readonly<T> {
  let byFunction = DERIVED.get(from);
  if (byFunction === undefined) DERIVED.set(from, (byFunction = new WeakMap()));
  let derived = byFunction.get(derive) as Readonly<T> | undefined;
  if (derived === undefined) byFunction.set(derive, (derived = Object.freeze(derive(from))));
  return derived;
}
