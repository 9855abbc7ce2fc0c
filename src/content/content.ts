/**
 * Structured content of a page: `contentHtml` and `images` of the page and of each post, rendered
 * from the node ids the extractor kept. The plain `body` is never derived from this.
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import type { Block, Post } from '../extractors/types.js';
import type { ContentOptions } from './options.js';
import { planPageContent, planPostContent } from './plan.js';
import { renderContentHtml, type ContentImage, type RenderedContent } from './render-html.js';
import { textToHtml } from './text-html.js';
import { documentBase } from './urls.js';

/**
 * The structured content of a page.
 * @category Content
 */
export interface PageContent {
  /** Minimal safe HTML of the main content ('' when nothing was kept). */
  readonly html: string;
  /** Images of the content region. */
  readonly images: readonly ContentImage[];
  /** `contentHtml` of each post, in the order given. */
  readonly posts: readonly string[];
  /** `contentHtml` of each comment, in the order given. */
  readonly comments: readonly string[];
}

/** What the content is rendered from. */
export interface ContentSource {
  /** The extractor's kept blocks (their node ids). */
  readonly blocks: readonly Block[];
  readonly posts: readonly Post[];
  readonly comments: readonly Post[];
  /** The page title: a first heading that repeats it is left out, as in the plain body. */
  readonly title: string | null;
  /** The page URL ('' when unknown): with `<base href>` it resolves links and images. */
  readonly url: string;
}

function renderPost(doc: AnalyzedDocument, post: Post, base: string, options: ContentOptions | undefined): RenderedContent {
  const plan = post.content ? planPostContent(doc, post.content.body, post.content.cut) : null;
  return plan === null ? { html: textToHtml(post.text), images: [] } : renderContentHtml(doc, plan, base, options);
}

/**
 * Renders the page's and the posts' structured content.
 * @category Content
 */
export function renderContent(doc: AnalyzedDocument, source: ContentSource, options?: ContentOptions): PageContent {
  const base = documentBase(doc, source.url);
  const posts = source.posts.map((p) => renderPost(doc, p, base, options));
  const comments = source.comments.map((p) => renderPost(doc, p, base, options)).map((r) => r.html);
  // a thread's body is its opening post: so is its content
  if (posts.length > 0) return { html: posts[0].html, images: posts[0].images, posts: posts.map((r) => r.html), comments };
  const plan = planPageContent(doc, source.blocks, source.title ?? '', options);
  const page = plan === null
    ? { html: textToHtml(source.blocks.map((b) => b.text).join('\n')), images: [] }
    : renderContentHtml(doc, plan, base, options);
  return { html: page.html, images: page.images, posts: [], comments };
}
