/** Strings inside `value` (plain objects and arrays, walked iteratively) that hold a C0 control other than tab/LF, or a lone surrogate. */
export function findUncleanStrings(value: unknown, skipKeys: ReadonlySet<string> = new Set()): string[] {
  const bad = /[\x00-\x08\x0B-\x1F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const found: string[] = [];
  const stack: unknown[] = [value];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (bad.test(v)) found.push(v);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v) && !seen.has(v)) {
      seen.add(v);
      for (const [key, child] of Object.entries(v)) if (!skipKeys.has(key)) stack.push(child);
    }
  }
  return found;
}
