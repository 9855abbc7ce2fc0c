/**
 * The distributed mode: pages as BullMQ jobs on Redis, extracted by any number of workers.
 * @module
 */
export { enqueuePages, type EnqueueResult, type EnqueueOptions } from './producer.js';
export { startWorker, type WorkerOptions, type RunningWorker, type ResultSink } from './worker.js';
export { queueStatus, unionLength, THROUGHPUT_SAMPLE, type QueueStatus, type Interval } from './status.js';
export { jobIdOf, jobDataOf, type PageJobData, type JobOrRefusal, type Refusal } from './jobs.js';
export { DEFAULT_QUEUE_OPTIONS, deadLetterKey, type QueueTarget, type JobOptions } from './options.js';
