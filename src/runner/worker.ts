/**
 * The worker-thread entry of the `--jobs` pool (piscina): processes one page per call with the
 * batch's {@link PageConfig}, which piscina hands over as `workerData`. With `warmUp`, the worker
 * extracts a small page of its own before it says it is ready, so its first real page does not
 * pay for the lazy loading and the first compilation of the pipeline.
 * @module
 */
import { workerData } from 'piscina';
import { processPage, type PageConfig, type PageOutcome, type PageTask } from './page.js';

/** What the pool hands each worker. */
export interface WorkerData {
  readonly config: PageConfig;
  readonly warmUp: boolean;
}

/** A short article with a byline, a date and two comments: every stage of the pipeline runs on it. */
const WARM_UP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A morning at the river market</title>
<meta name="author" content="A. Writer"></head><body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<article><h1>A morning at the river market</h1><p class="byline">By A. Writer, <time datetime="2024-05-01">1 May 2024</time></p>
<p>The market by the river opened early, and the first boats arrived before the sun was up over the hills.</p>
<p>Traders set out apples, bread and fish on long tables while the town was still quiet and cold.</p>
<p>By nine the square was full, and the old bridge was closed to carts until the afternoon.</p></article>
<section class="comments"><div class="comment"><span class="author">Reader One</span> <time>2 May 2024</time><p>I was there too, the bread was good.</p></div>
<div class="comment"><span class="author">Reader Two</span> <time>3 May 2024</time><p>The bridge should stay closed on market days.</p></div></section>
<footer>© The Town Paper</footer></body></html>`;

const { config, warmUp } = workerData as WorkerData;
// without an output directory processPage does its work before its first await: the warm-up is
// done when the module is (no top-level await: piscina could not load the module under tsx)
if (warmUp) void processPage({ id: 'warm-up', bytes: new TextEncoder().encode(WARM_UP_PAGE) }, { ...config, outDir: null });

/** Answers once the module is loaded (and warmed up): see `PageRunner.ready`. */
export function ready(): true {
  return true;
}

/** Processes one page (see {@link processPage}). */
export default function run(task: PageTask): Promise<PageOutcome> {
  return processPage(task, config);
}
