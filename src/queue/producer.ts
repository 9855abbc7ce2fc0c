/**
 * `matn queue add`: enqueue pages (files, directories, URL lists, WARC files) as BullMQ jobs with
 * idempotent ids, retries and exponential backoff; what cannot be a job is refused with its reason.
 * @module
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { PageSource } from '../runner/inputs.js';
import { jobDataOf, jobIdOf, type PageJobData, type Refusal } from './jobs.js';
import { assertRedisReachable, connectionOf, DEFAULT_QUEUE_OPTIONS, KEY_PREFIX, type JobOptions, type QueueTarget } from './options.js';

/** What {@link enqueuePages} did. */
export interface EnqueueResult {
  /** Jobs submitted (a page already in the queue is submitted but not added again). */
  readonly submitted: number;
  /** Jobs created by this call (submitted minus those whose id already existed just before). */
  readonly added: number;
  /** Sources that cannot be queued: lines that are not http(s) URLs, standard input, damaged WARC files. */
  readonly refused: number;
}

/** Options of {@link enqueuePages}. */
export interface EnqueueOptions extends JobOptions {
  /** Called for each source that cannot be queued, with the reason. */
  readonly onRefused?: (refusal: Refusal) => void | Promise<void>;
}

/**
 * Adds one job per source, in batches of `DEFAULT_QUEUE_OPTIONS.addBatch`.
 * @throws MatnError `io-error` when Redis cannot be reached.
 */
export async function enqueuePages(sources: AsyncIterable<PageSource>, target: QueueTarget, options: EnqueueOptions = {}): Promise<EnqueueResult> {
  await assertRedisReachable(target.redis);
  const name = target.name ?? DEFAULT_QUEUE_OPTIONS.name;
  const queue = new Queue<PageJobData>(name, { connection: connectionOf(target.redis) });
  // our own connection to tell new jobs from existing ones (BullMQ's addBulk does not say)
  const client = new Redis(target.redis, { maxRetriesPerRequest: null });
  queue.on('error', () => undefined); // connection drops: ioredis reconnects, the pending call resumes
  const opts = {
    attempts: options.attempts ?? DEFAULT_QUEUE_OPTIONS.attempts,
    backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_QUEUE_OPTIONS.backoffMs },
  };
  let submitted = 0;
  let added = 0;
  let refused = 0;
  let batch: { name: string; data: PageJobData; opts: typeof opts & { jobId: string } }[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const existing = await client.exists(...batch.map((job) => `${KEY_PREFIX}:${name}:${job.opts.jobId}`));
    await queue.addBulk(batch);
    submitted += batch.length;
    added += batch.length - existing;
    batch = [];
  };
  try {
    for await (const source of sources) {
      const made = jobDataOf(source);
      if ('refused' in made) {
        refused++;
        await options.onRefused?.(made.refused);
        continue;
      }
      batch.push({ name: 'page', data: made.job, opts: { ...opts, jobId: jobIdOf(made.job.id) } });
      if (batch.length >= DEFAULT_QUEUE_OPTIONS.addBatch) await flush();
    }
    await flush();
  } finally {
    await queue.close();
    await client.quit();
  }
  return { submitted, added, refused };
}
