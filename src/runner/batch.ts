/**
 * A bounded pipeline: pulls items from an async iterable, processes at most `window` of them at a
 * time, and emits results one at a time, in input order (`ordered`) or as they complete. Memory is
 * bounded by `window` whatever the size of the batch: no item is pulled while `window` items are
 * started but not yet emitted.
 * @module
 */

/** Options of {@link runBounded}. */
export interface BoundedOptions {
  /** Items started but not yet emitted, at most. */
  readonly window: number;
  /** Emit in input order (else in completion order). */
  readonly ordered: boolean;
}

/**
 * Runs `process` over `items` with {@link BoundedOptions}; `emit` is awaited for each result, one
 * at a time. `process` should not reject (turn failures into results); if it or `emit` does, the
 * batch stops starting items and the error is thrown once the started ones have settled.
 */
export async function runBounded<I, R>(
  items: AsyncIterable<I>,
  process: (item: I) => Promise<R>,
  emit: (result: R) => Promise<void>,
  options: BoundedOptions,
): Promise<void> {
  const window = Math.max(1, options.window);
  const ready = new Map<number, R>();
  let started = 0;
  let nextEmit = 0;
  let emitted = 0;
  let emitting: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const signal = (): void => { wake?.(); wake = null; };
  const inFlight = new Set<Promise<void>>();

  const drain = async (): Promise<void> => {
    for (;;) {
      const key = options.ordered ? nextEmit : (ready.keys().next().value as number | undefined);
      if (key === undefined || !ready.has(key)) return;
      const result = ready.get(key) as R;
      ready.delete(key);
      if (options.ordered) nextEmit++;
      await emit(result);
      emitted++;
      signal();
    }
  };
  const settle = (seq: number, result: R): void => {
    ready.set(seq, result);
    emitting = emitting.then(drain).catch((error: unknown) => { failure ??= { error }; signal(); });
  };

  for await (const item of items) {
    while (started - emitted >= window && !failure) await new Promise<void>((resolve) => { wake = resolve; });
    if (failure) break;
    const seq = started++;
    const task = process(item).then((r) => settle(seq, r), (error: unknown) => { failure ??= { error }; signal(); });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  }
  await Promise.all(inFlight);
  await emitting;
  if (failure) throw (failure as { error: unknown }).error;
}
