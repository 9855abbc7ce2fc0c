/**
 * `matn queue status`: job counts, the dead-letter list's length, connected workers, and the
 * throughput of the last completed pages (from their finish times, which BullMQ records).
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
  /** Pages per second over the last `sample` completed pages (null with fewer than two). */
  readonly pagesPerSecond: number | null;
  /** Completed pages the throughput is measured on. */
  readonly sample: number;
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
    const finished = recent.map((j) => j.finishedOn ?? 0).filter((t) => t > 0);
    const span = finished.length > 1 ? (Math.max(...finished) - Math.min(...finished)) / 1000 : 0;
    return {
      name,
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
      completed: counts.completed ?? 0,
      failed: counts.failed ?? 0,
      deadLetter,
      workers,
      pagesPerSecond: span > 0 ? (finished.length - 1) / span : null,
      sample: finished.length,
    };
  } finally {
    await queue.close();
  }
}
