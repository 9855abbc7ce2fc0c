/**
 * `matn queue status`: job counts, the dead-letter list's length, connected workers, and the
 * throughput of the last completed pages over the time some of them were being processed (from
 * the start and finish times BullMQ records for each job's last attempt).
 * @module
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { assertRedisReachable, connectionOf, deadLetterKey, DEFAULT_QUEUE_OPTIONS, type QueueTarget } from './options.js';

/** The state of a queue. */
export interface QueueStatus {
  readonly name: string;
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly completed: number;
  readonly failed: number;
  /** Entries of the dead-letter list. */
  readonly deadLetter: number;
  /** Workers connected to the queue. */
  readonly workers: number;
  /**
   * Pages per second over the last `sample` completed pages, counted over their active window:
   * the time at least one of them was being processed (null when none was timed). A worker that
   * died holding a page leaves a stretch in which nobody processed it (until its lock expired and
   * another worker took it again); that stretch is not work and is not counted.
   */
  readonly pagesPerSecond: number | null;
  /** Completed pages the throughput is measured on. */
  readonly sample: number;
  /** Seconds of the active window. */
  readonly activeSeconds: number;
}

/** A processing interval, in ms: `[start, end]`. */
export type Interval = readonly [number, number];

/** Total length of the union of `intervals` (overlaps counted once), in ms. */
export function unionLength(intervals: readonly Interval[]): number {
  const sorted = intervals.filter(([a, b]) => b >= a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of sorted) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** Completed jobs the throughput is measured on, at most. */
export const THROUGHPUT_SAMPLE = 1000;

/** Reads the state of a queue. @throws MatnError `io-error` when Redis cannot be reached. */
export async function queueStatus(target: QueueTarget): Promise<QueueStatus> {
  await assertRedisReachable(target.redis);
  const name = target.name ?? DEFAULT_QUEUE_OPTIONS.name;
  const queue = new Queue(name, { connection: connectionOf(target.redis) });
  queue.on('error', () => undefined);
  try {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
    const client = new Redis(target.redis, { maxRetriesPerRequest: null });
    const deadLetter = await client.llen(deadLetterKey(name)).finally(() => client.quit());
    const workers = (await queue.getWorkers()).length;
    // newest first: BullMQ keeps completed jobs in a set ordered by finish time
    const recent = await queue.getJobs(['completed'], 0, THROUGHPUT_SAMPLE - 1, false);
    const timed: Interval[] = recent.filter((j) => (j.processedOn ?? 0) > 0 && (j.finishedOn ?? 0) > 0).map((j) => [j.processedOn as number, j.finishedOn as number]);
    const active = unionLength(timed) / 1000;
    return {
      name,
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      completed: counts.completed ?? 0,
      failed: counts.failed ?? 0,
      deadLetter,
      workers,
      pagesPerSecond: active > 0 ? timed.length / active : null,
      sample: timed.length,
      activeSeconds: active,
    };
  } finally {
    await queue.close();
  }
}
