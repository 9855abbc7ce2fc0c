/**
 * The content-correlativity extractor (`correlated`): Wang, Zhou & Li's CC with the forum smoothing,
 * plus thread detection that returns forum posts or news comments.
 * @see Wang Rui, Zhou Xi, Li Xiao, 基于正文相关度的维吾尔网页正文提取, Computer Engineering 38(21), 2012
 * @module
 */
import { toAnalyzedDocument } from '../../analysis/as-analyzed.js';
import type { NormalizedDocument } from '../../encoding/types.js';
import { diagnostic, type Diagnostic } from '../../core/diagnostics.js';
import { defineLazyField } from '../../core/lazy.js';
import { defineLazyBlocks } from '../lazy-text.js';
import { derivedOptions, resolveOptions } from '../../core/options.js';
import type { AnalyzedDocument } from '../../analysis/types.js';
import type { Block, Extraction, Extractor, Post, ThreadPages } from '../types.js';
import { lastBlocksBefore, listTextBlocks, type TextBlockTable } from '../../analysis/text-blocks.js';
import { nodeSpans, unionSpans } from '../../analysis/spans.js';
import { type CorrelativityOptions, DEFAULT_CORRELATIVITY_OPTIONS } from './defaults.js';
import { computeCorrelativity, nodeCorrelativity } from './score.js';
import { findRegion, keepOnLayer, smoothBlocks, type SmoothedBlocks } from './smoothing.js';
import { DEFAULT_THREAD_OPTIONS, detectThread, isCalendarWord, readMailMessage, type Thread, type ThreadDetection, type ThreadOptions } from '../../threads/index.js';

export { DEFAULT_CORRELATIVITY_OPTIONS } from './defaults.js';
export type { CorrelativityOptions } from './defaults.js';

/** Paper reference of the extractor. */
const REFERENCE =
  'Wang Rui, Zhou Xi, Li Xiao. Content Extraction of Uighur Web Based on Content Correlativity. Computer Engineering 38(21), 2012. doi:10.3969/j.issn.1000-3428.2012.21.041';

/** Every block is a candidate of {@link selectBody}. */
const ANY_BLOCK = (): boolean => true;

/** Body blocks chosen among the candidates (by index): smoothed content, region, layer demotion. */
function selectBody(
  doc: AnalyzedDocument, blocks: TextBlockTable, smoothed: SmoothedBlocks, isCandidate: (k: number) => boolean, o: Readonly<Required<CorrelativityOptions>>,
): { kept: number[]; region: number } {
  const content: number[] = [];
  for (let k = 0; k < blocks.length; k++) if (smoothed.isContent(k) && isCandidate(k)) content.push(k);
  const region = findRegion(doc, blocks, content, o.regionShare);
  return { kept: keepOnLayer(doc, blocks, content, region), region };
}

/**
 * True for the blocks before the thread's first post: outside the records' list and before its first
 * item, or inside the leading records that hold no post (an article written as one more classless
 * `div` beside the comment `div`s).
 */
function isBeforeThread(doc: AnalyzedDocument, blocks: TextBlockTable, thread: Thread, firstPost: number): (k: number) => boolean {
  const first = thread.items[0];
  const listEnd = doc.index.subtreeEnd[thread.list];
  const outsideList = (node: number): boolean => node < first && !(node >= thread.list && node < listEnd);
  return (k) => outsideList(blocks.node[k]) || (blocks.node[k] >= first && blocks.node[k] < firstPost);
}

/** Longest line that may be a comment count ("16 comments:", "{ 43 comments… read them below or add one }"). */
const MAX_COUNT_LINE = 60;
/**
 * How far above the records a comment count may go, as a share of them (and at least one): the
 * count includes trackbacks and removed comments that are not records (43 for 38 records), never fewer.
 */
const COUNT_LINE_SLACK = 0.25;
const INTEGERS = /\d+/gu;
const HAS_LETTER = /\p{L}/u;
const WORDS = /\p{L}[\p{L}\p{M}]*/gu;
/** Text blocks just before the first record in which the count line may stand (the list's heading). */
const COUNT_LINE_REACH = 3;

/** True when the words of a short line are all month or weekday names ("February 3", "فبراير 3"): a date, not a count. */
function isDayOfMonth(text: string): boolean {
  const words = text.match(WORDS) ?? [];
  return words.length > 0 && words.every(isCalendarWord);
}

/**
 * True when a short line just before the thread counts its records ("16 comments:"), or a few more
 * (trackbacks and removed comments are counted too), never fewer: comment systems announce their
 * list under the article, forums announce replies (one fewer than the posts) and pages, not records
 * (even a short article or a photo post is then the page's body, its records the comments).
 */
function hasCountLine(blocks: TextBlockTable, thread: Thread, posts: number): boolean {
  const first = thread.items[thread.items.length - posts];
  return lastBlocksBefore(blocks, first, COUNT_LINE_REACH).some((k) => {
    const text = blocks.text(k);
    // a count names what it counts ("16 comments"); "#9" is a post number, "February 3" a date
    if (text.length > MAX_COUNT_LINE || !HAS_LETTER.test(text) || isDayOfMonth(text)) return false;
    const numbers = text.match(INTEGERS);
    if (numbers?.length !== 1) return false;
    const count = Number(numbers[0]);
    return count >= posts && count - posts <= Math.max(1, posts * COUNT_LINE_SLACK);
  });
}

/** Records from the first post on: the leading records that hold no post are not counted. */
function countedRecords(thread: Thread, posts: readonly Post[]): number {
  const first = posts[0]?.node ?? thread.items[0];
  return thread.items.filter((it) => it >= first).length;
}

/**
 * True when posts with no article above them make a thread: more than two, or by two people (two
 * records by one author — an embedded tweet and its reply, a post and its continuation — are a part
 * of an article, not a conversation).
 */
function isStandaloneThread(posts: readonly Post[]): boolean {
  if (posts.length > 2) return true;
  return posts.length === 2 && posts[0].author !== posts[1].author;
}

/**
 * True when the thread is the page's main content: most of the characters the plain (thread-blind)
 * correlativity selection keeps lie inside the thread's containers.
 */
function isThreadMain(
  doc: AnalyzedDocument, blocks: TextBlockTable, smoothed: SmoothedBlocks, thread: Thread, o: Readonly<Required<CorrelativityOptions>>,
): boolean {
  const plain = selectBody(doc, blocks, smoothed, ANY_BLOCK, o).kept;
  const inItem = new Uint8Array(doc.index.size);
  thread.items.forEach((it, n) => inItem.fill(1, it, thread.ends[n]));
  const inItems = (node: number): boolean => inItem[node] === 1;
  const total = plain.reduce((s, k) => s + blocks.ta[k], 0);
  const inside = plain.reduce((s, k) => s + (inItems(blocks.node[k]) ? blocks.ta[k] : 0), 0);
  return total === 0 || inside * 2 >= total;
}

/**
 * True when records that name their authors hold more of the page's own (non-link) text than the rest
 * of the page: a thread of short posts, whose few lines the plain selection passes over for a longer
 * footer or notice, is still the page's content (said in `diagnostics`). Most records must name an
 * author and a date (a list of dated headlines names none).
 */
function holdsPageText(doc: AnalyzedDocument, blocks: TextBlockTable, thread: Thread, posts: readonly Post[], diagnostics: Diagnostic[]): boolean {
  if (2 * posts.filter((p) => p.author !== null && p.date !== null).length <= posts.length) return false;
  const inItem = new Uint8Array(doc.index.size);
  thread.items.forEach((it, n) => inItem.fill(1, it, thread.ends[n]));
  let inside = 0;
  let outside = 0;
  for (let k = 0; k < blocks.length; k++) {
    if (inItem[blocks.node[k]] === 1) inside += blocks.ta[k];
    else outside += blocks.ta[k];
  }
  if (inside <= outside) return false;
  diagnostics.push(diagnostic('page-kind', 'authored, dated records hold most of the page\'s text: a thread whose posts are too short for the plain selection', 'info', { kind: 'thread', inside, outside }));
  return true;
}

/** Confidence of an article: how much of the page's content text the chosen blocks hold. */
function articleConfidence(blocks: TextBlockTable, kept: readonly number[], smoothed: SmoothedBlocks): number {
  let total = 0;
  for (let k = 0; k < blocks.length; k++) if (smoothed.isContent(k)) total += blocks.ta[k];
  const got = kept.reduce((s, k) => s + blocks.ta[k], 0);
  if (got === 0) return 0;
  return Math.min(1, (got / Math.max(total, 1)) * Math.min(1, got / 500) + 0.2);
}

/** The thread stage's options from the extractor's: its post count and dated share, then its own (see `derivedOptions`). */
const threadOptionsOf = (o: Readonly<Required<CorrelativityOptions>>): Partial<ThreadOptions> => ({ minPosts: o.minPosts, minDatedShare: o.minDatedShare, ...o.thread });

/**
 * Extracts the main content with the content-correlativity algorithm, and the posts of a forum
 * thread or the comments of an article when the page has them.
 *
 * CC_i = TA_i / max(LA_i, 1) per node; blocks under C become content when CS > S and TD > D; content
 * off the layer of the main region (copyright, footer) is demoted; each text appears once, in
 * source order. A thread (repeated sibling containers, mostly dated) yields `posts` (the opening post
 * is the body) or, after an article of at least `minArticleChars`, `comments`.
 * @example
 * ```ts
 * const result = extractCorrelated(normalize(bytes)); // or extractCorrelated(analyze(normalize(bytes)))
 * result.text; result.posts?.map((p) => p.author);
 * ```
 * @category Extraction
 */
export function extractCorrelated(
  input: AnalyzedDocument | NormalizedDocument, options?: Partial<CorrelativityOptions>,
): Extraction<Required<CorrelativityOptions>> {
  const doc = toAnalyzedDocument(input, 'extractCorrelated');
  const o = resolveOptions(DEFAULT_CORRELATIVITY_OPTIONS, options, 'extractCorrelated');
  const blocks = listTextBlocks(doc);
  const smoothed = smoothBlocks(doc, blocks, o);
  const diagnostics: Diagnostic[] = [];
  const found = detectThread(doc, derivedOptions(o, threadOptionsOf), blocks);
  const thread = found?.thread;
  let posts: readonly Post[] | undefined;
  let comments: readonly Post[] | undefined;
  let kept: number[] = [];
  let text = '';
  let confidence = 0;
  let outBlocks: Block[] = [];
  if (found && thread) {
    const threadPosts = found.posts;
    // an opening record built apart from the others and followed by a line counting the rest is the
    // article above its comments (a blog post in one more sibling of the comment list)
    const articleFirst = found.openingApart && threadPosts.length > 2 && hasCountLine(blocks, thread, countedRecords(thread, threadPosts.slice(1)));
    const replies = articleFirst ? threadPosts.slice(1) : threadPosts;
    const before = selectBody(doc, blocks, smoothed, isBeforeThread(doc, blocks, thread, replies[0]?.node ?? thread.items[0]), o).kept;
    const beforeChars = before.reduce((s, k) => s + blocks.ta[k], 0);
    if (found.kind === 'qa' && threadPosts.length >= o.minPosts) {
      // a question and its answers: the question is the body, whatever stands above it
      posts = threadPosts;
      text = threadPosts[0].text;
      outBlocks = [postBlock(doc, threadPosts[0])];
      confidence = Math.min(1, 0.4 + 0.1 * threadPosts.length) * thread.datedShare;
    } else if (articleFirst || beforeChars >= o.minArticleChars || hasCountLine(blocks, thread, countedRecords(thread, threadPosts))) {
      comments = replies;
      kept = before;
    } else if (isStandaloneThread(threadPosts) && (isThreadMain(doc, blocks, smoothed, thread, o) || holdsPageText(doc, blocks, thread, threadPosts, diagnostics))) {
      posts = threadPosts;
      text = threadPosts[0].text;
      outBlocks = [postBlock(doc, threadPosts[0])];
      confidence = Math.min(1, 0.4 + 0.1 * threadPosts.length) * thread.datedShare;
    } else {
      diagnostics.push(diagnostic('thread-not-main', 'repeated dated containers found, but most content lies outside them; read as an article', 'info', { items: thread.items.length }));
    }
  }
  if (!posts && !comments) {
    kept = selectBody(doc, blocks, smoothed, ANY_BLOCK, o).kept;
    // no repeated records: a mailing-list archive's message page is a thread of one post
    const message = found ? null : readMailMessage(doc, blocks, kept, { ...DEFAULT_THREAD_OPTIONS, ...o.thread });
    if (message) {
      posts = [message];
      text = message.text;
      // the message is read from the kept blocks from its first body block on (its text is theirs, less the header and quote marks)
      const first = blocks.node.indexOf(message.node);
      outBlocks = [{ node: message.node, text, spans: unionSpans(kept.filter((k) => k >= first).map((k) => blocks.spans(k))), score: nodeCorrelativity(doc, message.node) }];
      confidence = articleConfidence(blocks, kept, smoothed);
      diagnostics.push(diagnostic('page-kind', 'a mailing-list message: sender and date from its header, quoted lines as quotes', 'info', { kind: 'thread' }));
    }
  }
  // an article's blocks are the kept text blocks, each with text (the table keeps only blocks that have some)
  const keptBlocks = !posts;
  if (keptBlocks) confidence = articleConfidence(blocks, kept, smoothed);
  if (keptBlocks ? kept.length === 0 : !text) diagnostics.push(diagnostic('no-main-content', 'no node reached the correlativity threshold C', 'warning', { threshold: o.threshold }));
  const result: Extraction<Required<CorrelativityOptions>> = {
    extractor: 'correlated',
    options: o,
    text,
    blocks: outBlocks,
    kind: posts ? found?.kind ?? 'thread' : comments?.length ? 'comments' : 'article',
    ...(posts && found ? { thread: threadPages(found) } : {}),
    ...(posts ? { posts } : {}),
    ...(comments ? { comments } : {}),
    confidence,
    diagnostics,
    series: correlativitySeries(doc, blocks, smoothed),
    trace: {
      thresholds: [
        { series: 'blockCc', name: 'C', value: o.threshold },
        { series: 'blockSmoothed', name: 'C', value: o.threshold },
      ],
      // a thread's result is its posts: the blocks inside the records, else the kept body blocks
      ranges: keptRuns(posts && thread ? blocksInItems(doc, blocks, thread) : kept).map(([start, end]) => ({ series: 'blockSmoothed', start, end, kept: true })),
    },
  };
  if (!keptBlocks) return result;
  // the blocks and their text are made when read: `auto` reads only their spans (views of the table's, or one copy) and whether the text is empty
  return defineLazyBlocks(result, kept.length, blocks.spansOf(kept), (n) => blocks.text(kept[n]),
    (n, blockText) => ({ node: blocks.node[kept[n]], text: blockText, spans: blocks.spans(kept[n]), score: smoothed.at(kept[n]) }), true);
}

/** A post as a block: its own text's spans (`PostContentNodes.spans`) when the post says where it lies, else its record's. */
function postBlock(doc: AnalyzedDocument, post: Post): Block {
  const spans = post.content ? post.content.spans : nodeSpans(doc, post.node);
  return { node: post.node, text: post.text, spans, score: nodeCorrelativity(doc, post.node) };
}

/**
 * The series of a result: every node's CC (a double a node, computed when read: `auto` and the CLI's
 * record never read it), then per text block, for plots (paper figures 3–4), its node and its CC before
 * smoothing and after.
 */
function correlativitySeries(doc: AnalyzedDocument, blocks: TextBlockTable, smoothed: SmoothedBlocks): Record<string, ArrayLike<number>> {
  const series: Record<string, ArrayLike<number>> = defineLazyField({}, 'cc', () => computeCorrelativity(doc));
  series.blockNode = blocks.node;
  defineLazyField(series, 'blockCc', () => smoothed.ccValues());
  return defineLazyField(series, 'blockSmoothed', () => smoothed.smoothedValues());
}

/** Indexes of the blocks inside the thread's records (one mark per node, then one pass: O(n)). */
function blocksInItems(doc: AnalyzedDocument, blocks: TextBlockTable, thread: Thread): number[] {
  const inItem = new Uint8Array(doc.index.size);
  thread.items.forEach((it, n) => inItem.fill(1, it, thread.ends[n]));
  const inside: number[] = [];
  for (let k = 0; k < blocks.length; k++) if (inItem[blocks.node[k]] === 1) inside.push(k);
  return inside;
}

/** Sorted block indexes as maximal runs [start, end) of consecutive indexes. */
function keptRuns(kept: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const k of kept) {
    const last = runs[runs.length - 1];
    if (last && last[1] === k) last[1] = k + 1;
    else runs.push([k, k + 1]);
  }
  return runs;
}

/** The pages of a found thread as {@link Extraction.thread} gives them. */
function threadPages(found: ThreadDetection): ThreadPages {
  return { page: found.pager.page, pages: found.pager.pages, nextPage: found.pager.next, openingPostOnPage: found.openingPostOnPage };
}

/**
 * Body author and date of an extraction: those of the opening post of a thread, else null
 * (articles get theirs from the metadata layer).
 * @category Extraction
 */
export function bodyByline(extraction: Pick<Extraction, 'posts'>): { author: string | null; date: string | null } {
  const first = extraction.posts?.[0];
  return { author: first?.author ?? null, date: first?.date ?? null };
}

/**
 * The `correlated` extractor.
 * @category Extraction
 */
export const correlativityExtractor: Extractor<CorrelativityOptions> = Object.freeze({
  id: 'correlated',
  reference: REFERENCE,
  defaults: DEFAULT_CORRELATIVITY_OPTIONS,
  extract: extractCorrelated,
});
