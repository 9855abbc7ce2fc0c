/**
 * The distributed mode: pages as BullMQ jobs on Redis, extracted by any number of workers.
 * @module
 */
export { enqueuePages, type EnqueueResult } from './producer.js';
export { startWorker, type WorkerOptions, type RunningWorker, type ResultSink } from './worker.js';
export { queueStatus, THROUGHPUT_SAMPLE, type QueueStatus } from './status.js';
export { jobIdOf, jobDataOf, type PageJobData } from './jobs.js';
export { DEFAULT_QUEUE_OPTIONS, deadLetterKey, type QueueTarget, type JobOptions } from './options.js';
