/**
 * Which accepted page `matn serve` hands to a worker next, and how long each may take.
 *
 * - Smallest first: extraction time grows with the page's size (linearly: docs/limits.md), so a
 *   small page is not held behind large ones that arrived before it.
 * - A page waits at most `timeoutMs` for a worker; past it, it is answered `busy` without ever
 *   being started (no worker is ended for it).
 * - A running page may run `timeoutMs`, counted from its start; past it, it is withdrawn: its
 *   worker is ended (the pool starts another) and it is answered `timeout`. Counting from the
 *   start matters: a page that waited must not be ended a moment after it started, taking a
 *   worker with it for no fault of its own (under load those ends fed each other).
 * @module
 */
import { PageError } from '../fetching/page-error.js';
import { failedOutcome, type PageOutcome, type PageTask } from '../runner/page.js';
import type { PageRunner } from '../runner/pool.js';

/** Options of {@link createDispatch}. */
export interface DispatchOptions {
  /** Pages running at once (the pool's jobs). */
  readonly jobs: number;
  /** Most time a page waits for a worker, and most time it runs, each in ms. */
  readonly timeoutMs: number;
}

/** Hands pages to the runner; `run` never rejects. */
export interface Dispatch {
  run(task: PageTask): Promise<PageOutcome>;
  /** Pages waiting for a worker and running now. */
  readonly counts: { readonly waiting: number; readonly running: number };
}

interface Waiting {
  readonly task: PageTask;
  readonly size: number;
  readonly timer: NodeJS.Timeout;
  readonly resolve: (outcome: PageOutcome) => void;
}

/** Pages smallest first (ties in arrival order), at most `jobs` at once, each with its two time limits. */
export function createDispatch(runner: PageRunner, options: DispatchOptions): Dispatch {
  const waiting: Waiting[] = [];
  let running = 0;
  const failed = (task: PageTask, error: PageError): PageOutcome => failedOutcome(task, error, 'jsonl', null);

  const start = (entry: Waiting): void => {
    running++;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new PageError('timeout', `extraction took more than ${options.timeoutMs} ms (--extract-timeout); its worker was ended`)), options.timeoutMs);
    void runner.run(entry.task, { signal: deadline.signal }).then(entry.resolve).finally(() => {
      clearTimeout(timer);
      running--;
      pump();
    });
  };
  const pump = (): void => {
    while (running < options.jobs && waiting.length > 0) {
      const entry = waiting.shift() as Waiting;
      clearTimeout(entry.timer);
      start(entry);
    }
  };

  return {
    get counts() { return { waiting: waiting.length, running }; },
    run(task) {
      return new Promise((resolve) => {
        const size = task.bytes?.byteLength ?? 0;
        const timer = setTimeout(() => {
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
          resolve(failed(task, new PageError('busy', `no worker was free within ${options.timeoutMs} ms (--extract-timeout); the page was not started`)));
        }, options.timeoutMs);
        const entry: Waiting = { task, size, timer, resolve };
        // insertion keeps the list sorted; it holds at most --concurrency pages
        let at = waiting.length;
        while (at > 0 && waiting[at - 1].size > size) at--;
        waiting.splice(at, 0, entry);
        pump();
      });
    },
  };
}
