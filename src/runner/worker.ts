/**
 * The worker-thread entry of the `--jobs` pool (piscina): processes one page per call with the
 * batch's {@link PageConfig}, which piscina hands over as `workerData`.
 * @module
 */
import { workerData } from 'piscina';
import { processPage, type PageConfig, type PageOutcome, type PageTask } from './page.js';

const config = workerData as PageConfig;

/** Processes one page (see {@link processPage}). */
export default function run(task: PageTask): Promise<PageOutcome> {
  return processPage(task, config);
}
