import { describe, expect, it } from 'vitest';
import { derivedOptions, resolveOptions } from '../../src/core/options.js';

interface Demo {
  reach?: number;
  label?: string;
}
const DEFAULTS: Readonly<Required<Demo>> = Object.freeze({ reach: 3, label: 'x' });
const OTHER: Readonly<Required<Demo>> = Object.freeze({ reach: 9, label: 'y' });

describe('resolveOptions', () => {
  it('merges given values over the defaults, skipping undefined, into a frozen object', () => {
    const o = resolveOptions(DEFAULTS, { reach: 5, label: undefined }, 'demo');
    expect(o).toEqual({ reach: 5, label: 'x' });
    expect(Object.isFrozen(o)).toBe(true);
  });

  it('gives back an object it resolved from the same defaults as it is, with the same values', () => {
    const once = resolveOptions(DEFAULTS, { reach: 5 }, 'demo');
    expect(resolveOptions(DEFAULTS, once, 'demo')).toBe(once);
    expect(resolveOptions(DEFAULTS, DEFAULTS, 'demo')).toBe(DEFAULTS);
  });

  it('merges a resolved object of other defaults again like any options object', () => {
    const fromOther = resolveOptions(OTHER, { label: 'z' }, 'other');
    const merged = resolveOptions(DEFAULTS, fromOther, 'demo');
    expect(merged).not.toBe(fromOther);
    expect(merged).toEqual({ reach: 9, label: 'z' });
    expect(resolveOptions(DEFAULTS, merged, 'demo')).toBe(merged);
  });

  it('still rejects unknown names and non-objects', () => {
    expect(() => resolveOptions(DEFAULTS, { reech: 1 } as Demo, 'demo')).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
    expect(() => resolveOptions(DEFAULTS, 'reach' as unknown as Demo, 'demo')).toThrow(expect.objectContaining({ code: 'invalid-argument' }));
  });
});

describe('derivedOptions', () => {
  const DEFAULTS = Object.freeze({ limit: 5, mode: 'a' }) as Readonly<Required<{ limit?: number; mode?: string }>>;
  const halve = (o: typeof DEFAULTS): { limit: number } => ({ limit: o.limit / 2 });
  it('derives once per options object and function, frozen, so the next resolution is remembered too', () => {
    const from = resolveOptions(DEFAULTS, { limit: 8 }, 'test');
    const first = derivedOptions(from, halve);
    expect(first).toEqual({ limit: 4 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(derivedOptions(from, halve)).toBe(first);
    expect(resolveOptions(DEFAULTS, first, 'test')).toBe(resolveOptions(DEFAULTS, derivedOptions(from, halve), 'test'));
  });
  it('derives anew from other options or with another function', () => {
    const from = resolveOptions(DEFAULTS, { limit: 8 }, 'test');
    const other = resolveOptions(DEFAULTS, { limit: 2 }, 'test');
    expect(derivedOptions(other, halve)).toEqual({ limit: 1 });
    expect(derivedOptions(from, (o) => ({ limit: o.limit * 2 }))).toEqual({ limit: 16 });
  });
});
