/**
 * Options shared by the queue's producer, workers and status: where Redis is, which queue, and how
 * jobs are retried. BullMQ (on Redis) is the engine: it gives atomic job moves, locks that expire
 * when a worker dies (the job goes back to the queue), retries with backoff, and idempotent job ids.
 * @module
 */
import { MatnError } from '../core/errors.js';

/** Options naming a queue on a Redis server. */
export interface QueueTarget {
  /** Redis URL, e.g. `redis://127.0.0.1:6379/0`. */
  readonly redis: string;
  /** Queue name. @default 'matn' */
  readonly name?: string;
}

/** Options of the jobs a producer adds. */
export interface JobOptions {
  /** Attempts per page (1 = no retry). @default 3 */
  readonly attempts?: number;
  /** Delay before the first retry, doubled for each next one (exponential backoff), in ms. @default 1000 */
  readonly backoffMs?: number;
}

/** Defaults of the queue options. */
export const DEFAULT_QUEUE_OPTIONS = Object.freeze({
  name: 'matn',
  attempts: 3,
  backoffMs: 1000,
  /** How long a worker's claim on a job lasts without renewal: a killed worker's job is taken again after it. */
  lockMs: 30_000,
  /** Jobs added per Redis round trip by `queue add`. */
  addBatch: 500,
} as const);

/** BullMQ's key prefix (its default). */
export const KEY_PREFIX = 'bull';

/** The Redis list of pages that failed every attempt (JSON entries, newest first). */
export function deadLetterKey(name: string): string {
  return `${KEY_PREFIX}:${name}:dead-letter`;
}

/** BullMQ connection options for a Redis URL (workers block on Redis, so no per-request retry limit). */
export function connectionOf(redis: string): { url: string; maxRetriesPerRequest: null } {
  return { url: redis, maxRetriesPerRequest: null };
}

/** How long {@link assertRedisReachable} waits for Redis to answer, in ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 5000;

/**
 * Fails fast when Redis cannot be reached: BullMQ's connections retry forever (right for a running
 * worker riding out a Redis restart, wrong for a mistyped URL at start).
 * @throws MatnError `io-error` naming the URL and the cause.
 */
export async function assertRedisReachable(redis: string, timeoutMs: number = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
  const { Redis } = await import('ioredis');
  const client = new Redis(redis, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs, enableOfflineQueue: false });
  // the socket's error (ECONNREFUSED, ENOTFOUND) arrives as an event; connect() only says "closed"
  let cause: Error | null = null;
  client.on('error', (error: Error) => { cause ??= error; });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const reason = (cause as Error | null) ?? (error as Error);
    throw new MatnError('io-error', `cannot reach Redis at ${redis}: ${reason.message}`, { redis }, { cause: reason });
  } finally {
    client.disconnect();
  }
}
