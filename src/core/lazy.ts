/**
 * Fields computed on first read. The structured content of a result (`contentHtml`, `images`) is
 * rendered from the analyzed document; most callers (the CLI's default record, a moderation feed
 * reading `posts[i].text`) never read it, so it is rendered only when read.
 * @module
 */

/**
 * `compute`, called at most once: the first call runs it and keeps its answer, later calls return
 * that answer. `compute` (and what it holds, e.g. an analyzed document) is released after its run.
 */
export function once<T>(compute: () => T): () => T {
  let pending: (() => T) | null = compute;
  let value: T;
  return () => {
    if (pending !== null) {
      value = pending();
      pending = null;
    }
    return value;
  };
}

/** Objects given a field by {@link defineLazyField}, with the names of those fields: walkers that must not compute them look them up here. */
const LAZY_KEYS = new WeakMap<object, Set<string>>();

/** True when `value` was given a field computed on first read (its getter may still be unread). */
export function hasLazyFields(value: object): boolean {
  return LAZY_KEYS.has(value);
}

/**
 * Names of the fields {@link defineLazyField} gave `value` (computed or not yet), or undefined when it
 * gave none: a walker checks only these for a getter, not every property.
 */
export function lazyFieldNames(value: object): ReadonlySet<string> | undefined {
  return LAZY_KEYS.get(value);
}

/**
 * Defines `key` on `target` as an enumerable read-only field whose value is `read()`, asked on the
 * first read only: the getter then replaces itself by a plain data property. Spreading the object,
 * `Object.keys`, `JSON.stringify` and deep equality see it like any other field (they read it).
 * @returns `target`, with the field added after its current fields (key order as if assigned).
 */
export function defineLazyField<T extends object, K extends string, V>(target: T, key: K, read: () => V): T & { readonly [P in K]: V } {
  const names = LAZY_KEYS.get(target);
  if (names) names.add(key);
  else LAZY_KEYS.set(target, new Set([key]));
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get(this: T): V {
      const value = read();
      Object.defineProperty(this, key, { value, enumerable: true, configurable: false, writable: false });
      return value;
    },
  });
  return target as T & { readonly [P in K]: V };
}
