/**
 * Options of the `auto` extractor. `auto` is not from a paper: every constant here is ours, chosen
 * once as a declared policy. Each carries a one-line reason (docs/algorithms/auto.md, "Options"); what
 * was measured and tried is in the commit messages, leave-one-corpus-out figures in docs/evaluation.md.
 * @module
 */
import type { ThreadOptions } from '../../threads/defaults.js';
import type { AutoModel } from './model.js';
import { BODY_TOKENS, COMMENT_TOKENS, FURNITURE_TAGS, FURNITURE_TOKENS } from '../../vocabulary/page-tokens.js';

/**
 * Options of {@link extractAuto}.
 * @category Extraction
 */
export interface AutoOptions {
  /**
   * Members of the vote and their weights (prior reliability of each algorithm on articles).
   * @default { correlated: 1, segmentation: 1, 'text-blocks': 1, density: 0.5, 'line-blocks': 0.5 } (ours: density and line-blocks are the weakest members on every dev corpus)
   */
  weights?: Readonly<Record<string, number>>;
  /**
   * Weight of the markup member (the element the page's markup names as the body, see `bodyTokens`).
   * It abstains when the page names none.
   * @default 2 (ours: the page's own statement outweighs two algorithms, not the whole vote)
   */
  markupWeight?: number;
  /** Fewest non-link characters of a markup body candidate. @default 200 (ours: a teaser or a caption is not a body) */
  markupMinChars?: number;
  /** A nested markup candidate replaces its ancestor when it holds this share of its text. @default 0.7 (ours: the inner element when it holds most of the text) */
  markupNestedShare?: number;
  /** Class / id / itemprop tokens naming an article body. @default BODY_TOKENS */
  bodyTokens?: readonly string[];
  /**
   * The markup body also takes in the elements of its tag that share one of its body tokens, hold
   * `markupMinChars` and are its siblings or cousins (same grandparent): an article the page splits
   * into `story-body-1` and `story-body-2` around a related-links box.
   * @default true (ours: an article split around a box is still one article)
   */
  splitMarkupBody?: boolean;
  /** Class / id / itemprop tokens of page furniture. @default FURNITURE_TOKENS */
  furnitureTokens?: readonly string[];
  /**
   * Class / id / itemprop tokens of reader-comment containers: their text gets no vote, and a member
   * that selected more inside comments than outside, and fewer than `minArticleChars` characters
   * outside, abstains (it took the comment thread for the article).
   * @default COMMENT_TOKENS
   */
  commentTokens?: readonly string[];
  /** Tags of page furniture. @default FURNITURE_TAGS */
  furnitureTags?: readonly string[];
  /**
   * A segment is content when its weighted vote (share of the voting weight that selected it) is at
   * least this.
   * @default 0.5 (a weighted majority; ours)
   */
  keepVote?: number;
  /**
   * Content outside the main region survives only with at least this vote.
   * @default 0.8 (ours: content outside the region needs near-unanimity)
   */
  strongVote?: number;
  /**
   * Share of the kept characters the main region must hold (descent rule): the region is the deepest
   * element holding at least this share, so a high share keeps sibling sections of a split article.
   * @default 0.8 (ours: most of the winning text, so the region stays wide enough for an article split into sibling sections)
   */
  regionShare?: number;
  /**
   * The kept text is extended, before its first and after its last segment, over the contiguous
   * segments that lie in the markup body (see `bodyTokens`) outside the main region and are voted
   * (`keepVote`): a lead or a last section outside the deeper region the algorithms agree on.
   * @default true (ours: the page's markup vouches for its own lead)
   */
  extendInMarkup?: boolean;
  /**
   * Fewest non-link characters of such an extension (before the first, or after the last segment):
   * a lone byline, dateline or copyright line is not a lead.
   * @default 120 (ours: one short paragraph; a CJK lead is about 150 characters)
   */
  extendMinChars?: number;
  /**
   * The kept text is extended over the paragraphs beside the region: children (`p`, `blockquote`) of the
   * region's parent, voted at least `regionVote`, in no furniture and not link-dense, contiguous with the
   * kept text up to `maxGapChars` of other text, each side only when it holds `extendMinChars` non-link
   * characters. The region the algorithms agreed on can be one part (a list, a table, one section) of a
   * container whose other paragraphs are the story too.
   * @default true (ours: paragraphs the page sets beside the agreed part, in the same container)
   */
  extendToRegionSiblings?: boolean;
  /**
   * The kept text is extended over the region's sibling sections: elements with the region's own tag,
   * children of the same parent, taken whole outward from the region while each lies in no furniture,
   * is not link-dense, holds `extendMinChars` non-link characters and carries a mean vote of at least
   * `regionVote` (weighted by non-link characters). Needs `extendToRegionSiblings` (its furniture map).
   * @default true (ours: the algorithms often agree on one section of a long document; the sections
   * of the same kind beside it, carried by a third of the weight as a whole, are the same document)
   */
  extendToSiblingSections?: boolean;
  /**
   * Fewest paragraphs (`p`, `blockquote`, outside list items) of a sibling section that
   * `extendToSiblingSections` takes: a section of a document, not an author's one-paragraph bio.
   * @default 2 (ours: more than one paragraph; leave-one-corpus-out in docs/evaluation.md)
   */
  sectionMinParagraphs?: number;
  /**
   * The kept text is extended to the edges of the region (its first and last segments) when the segments
   * between the kept text and an edge read as more of the same document (see `extendToRegionEdge` in
   * region-edges.ts): no furniture, comment or form among them, inside the markup body when the page
   * names one, not link-dense as a whole, most of their non-link text voted by at least one member, in
   * at least `regionEdgeMinSegments` segments and `extendMinChars` characters. Not applied when a thread
   * is read as an article (the thread-or-article bounds in vote-bound.ts and thread-or-article.ts assume
   * the range's other ends).
   * @default true (ours: on a long flat page, a FAQ or a list of notices, one member goes on reading to the
   * region's edge where the others stop; leave-one-corpus-out in docs/evaluation.md)
   */
  extendToRegionEdges?: boolean;
  /**
   * Fewest voted segments (not link-dense) between the kept text and the region's edge that
   * `extendToRegionEdges` takes: a run of paragraphs, not a copyright or sponsor line or two.
   * @default 5 (ours: a handful of paragraphs; leave-one-corpus-out in docs/evaluation.md)
   */
  regionEdgeMinSegments?: number;
  /**
   * A comment record silences every sibling it spans, not only its first element: thread detection reads
   * a record as a run of siblings repeating with the list's period (a comment's body, then the "Posted
   * by … at …" line the template sets after it; `Post.recordEnd`), and the whole run is the comment. Off,
   * only the first element's subtree is silenced, and the lines after it, voted by the members that took
   * the comments, bound the kept range and bring the silenced comments between them back.
   * @default true (ours: the list's own period says what belongs to a comment; commit 2d50061)
   */
  silenceWholeRecords?: boolean;
  /**
   * When the voted text falls into islands at both ends of the region and both are lighter than their
   * gap, the island that opens under the page's headline (an `<h1>`–`<h3>` whose text the `<title>`
   * repeats, followed within `maxGapChars` by voted text) is the one kept: a post of one or two lines
   * under its headline is what the page is about, not a longer "about me" box or footer line elsewhere.
   * Off, the lighter end is dropped whatever it is.
   * @default true (ours: the page names its subject in the title and sets the post under it)
   */
  keepHeadlineIsland?: boolean;
  /**
   * `correlated`'s posts whose text is at least `maxLinkDensity` link text (all posts pooled) are no
   * thread: they are layout slices (a navigation bar, a footer of link columns) whose dates made them
   * look like records, and the page is read as an article.
   * @default true (ours: forum posts hold at most 0.14 link text on the thread corpora; such slices 0.60–0.91)
   */
  linkRecordsNoThread?: boolean;
  /**
   * When the vote keeps nothing but the headline (the members chose a sidebar box that cleanup
   * dropped), the body is also the text that follows the page's headline (an `<h1>`–`<h3>` whose text
   * the `<title>` repeats) inside the headline's own container, up to the first link-dense, comment or
   * form segment: a photo or video post of one line is still the page's subject. Off, such a page
   * keeps an empty body (or the headline alone, which the CLI drops as the title).
   * @default true (ours: the page names its subject in the title and sets the post under it)
   */
  emptyBodyUnderHeadline?: boolean;
  /**
   * The paragraphs right before the first kept segment that are children of the same element, are not
   * link-dense (`siblingLeadMaxLinkDensity`), lie in no furniture and are voted at least this are kept
   * too: a kicker or standfirst in its own short paragraph above the story's first one. Above 1 turns it off.
   * @default 0.3 (ours: two members' worth of the vote, e.g. correlated and density, not one member's pick)
   */
  siblingLeadVote?: number;
  /**
   * Largest share of link text a lead paragraph (see `siblingLeadVote`) may hold: 0 takes only
   * link-free paragraphs (a kicker); above it, also an opening paragraph that links a name or a source
   * (an interview's "I interviewed <a>…</a>" line, which the members vote below `regionVote`). A lead is
   * never link-dense whatever this is (it stays under `maxLinkDensity`, as every end of the kept range).
   * @default 0.5 (ours: the bound `maxLinkDensity` sets for any kept text, so a lead is held to no more than a paragraph)
   */
  siblingLeadMaxLinkDensity?: number;
  /**
   * Inside the main region, a segment voted at least this (less than `keepVote`) also bounds the kept
   * range: the region is where the algorithms agreed, so a paragraph there that only some of them
   * selected widens the kept text to it (and to what lies between). Above 1 turns it off.
   * @default 0.35 (ours: about a third of the voting weight, a minority the agreed region vouches for)
   */
  regionVote?: number;
  /**
   * A `<form>` holding less than this share of the page's text is an input form (comment, reply,
   * search, sign-up): its text gets no vote. A form wrapping most of the page is layout, not a form.
   * 0 turns it off.
   * @default 0.5 (ours: an input form is a small part of the page, a layout form most of it)
   */
  maxFormShare?: number;
  /** Segments whose link characters are at least this share of their text are dropped. @default 0.5 (ours: mostly links is navigation) */
  maxLinkDensity?: number;
  /**
   * A link-dense list item (see `maxLinkDensity`) of the markup body inside the kept text is kept when
   * it is voted (`keepVote`) and more than half of its list's items are kept: one linked entry of a
   * list, not a list of links.
   * @default true (ours: a linked entry of a list is content, a list of links is not)
   */
  keepLinkedListItems?: boolean;
  /**
   * A list item of the main region (link-dense or not) is kept when it is voted (`keepVote`), lies in no
   * furniture, and its list holds a kept item and has more than half of its items so voted: a link list
   * the members agree on (an index, a round-up of headlines) is the page's content, whatever its links.
   * Off in thread-as-article readings (their bounds assume the kept text's link filter).
   * @default true (ours: what every member votes inside the agreed region is not navigation; leave-one-corpus-out in docs/evaluation.md)
   */
  keepVotedLinkLists?: boolean;
  /**
   * A block printed twice or more, back to back (consecutive sibling elements with the same text,
   * whitespace aside, nothing visible between them, each at least `repeatedBlockMinSegments` segments
   * that align one to one), is kept once: each of its lines from the first copy that keeps it. A
   * template's two variants of one block (a paywalled teaser for subscribers and for visitors, one
   * hidden by the stylesheet; a tab's two states; a table header repeated as its footer).
   * @default true (ours: a body never needs the same block twice in a row; commit 7fa203a)
   */
  dropRepeatedBlocks?: boolean;
  /**
   * See `dropRepeatedBlocks`: the least number of segments each copy holds. A single paragraph
   * repeated is left alone (authors repeat a line on purpose, and the golds keep it).
   * @default 2 (ours: a block, not a line)
   */
  repeatedBlockMinSegments?: number;
  /**
   * The kept text ends before the post's own metadata: from the last kept segment holding a hyperlink
   * whose `rel` names the document's author or a tag of it (`rel=author`, `rel=tag`: HTML link types) to
   * the end, when that tail holds less non-link text than the kept text before it, and any heading left
   * at the end with it. A "filed under <tags>" line, an "about the author" box and what follows them
   * are the post's footer, not its text.
   * @default true (ours: the page's markup says the line is the post's metadata; leave-one-corpus-out in docs/evaluation.md)
   */
  trimTrailingMetadata?: boolean;
  /**
   * A link-dense section heading (h2–h6) of the markup body inside the kept text is kept when it is
   * voted (`keepVote`) and the segment after it is kept.
   * @default true (ours: a heading that links to its topic is still the section's heading)
   */
  keepLinkedHeadings?: boolean;
  /**
   * A link-dense segment (see `maxLinkDensity`) of the markup body inside the kept text is kept when it
   * is voted (`keepVote`), lies in no furniture and ends like a sentence (a sentence terminator of any
   * script, then only closing quotes or brackets): a linked sentence of the story, not a "Read more"
   * headline or a menu, which do not end like sentences.
   * @default true (ours: the text inside a link that reads as a sentence is the story's own)
   */
  keepLinkedSentences?: boolean;
  /**
   * The link-dense segments that `keepLinkedListItems`, `keepLinkedHeadings` and `keepLinkedSentences`
   * bring back may lie inside the main region as well as inside the markup body: the region the
   * algorithms agreed on vouches for its own linked lines as the page's markup does. Off: the markup
   * body only.
   * @default true (ours: most pages name no body in their markup; leave-one-corpus-out in docs/evaluation.md)
   */
  rescueInRegion?: boolean;
  /**
   * On a link-dominated page (see `listLinkShare`) an article needs at least this many agreed non-link
   * characters; below it the page is read as a list/index page (its body is the short agreed text). Also
   * the least text above a thread's records that can make the page an article (see `articleOverPost`).
   * @default 100 (ours: a couple of sentences)
   */
  minArticleChars?: number;
  /**
   * A page whose link characters are at least this share of its text is link-dominated (a list/index
   * page when the agreed text is short, see `minArticleChars`).
   * @default 0.5 (ours: link text is the majority of the page)
   */
  listLinkShare?: number;
  /**
   * Voted segments separated by more than this many characters of rejected text form separate
   * clusters; an end cluster lighter than its gap, with no block beside one of its neighbour's, is
   * dropped (see `dropIslands`).
   * @default 150 (ours: a couple of lines of rejected text)
   */
  maxGapChars?: number;
  /**
   * A furniture element (see `furnitureTokens`) holding at least this many non-link characters of
   * segments inside the markup body voted at least `strongVote`, in at least
   * `overruleFurnitureSegments` segments, is content after all (a "read more" box holding the story).
   * @default 500 (ours: a story, not one long caption)
   */
  overruleFurnitureChars?: number;
  /** See `overruleFurnitureChars`: a long caption is one segment, a story several. @default 3 (ours) */
  overruleFurnitureSegments?: number;
  /**
   * Weigh the furniture elements that share a parent together for `overruleFurnitureChars` and
   * `overruleFurnitureSegments` (a photo post: one captioned `figure` per picture, each caption
   * short, the run of them the post), when their text outweighs the strong text outside furniture
   * (captions between a long story's paragraphs stay out).
   * @default true (ours)
   */
  overruleFurnitureSiblings?: boolean;
  /**
   * Confidence is scaled down linearly below this many kept non-link characters; 0 turns the scaling
   * off.
   * @default 0 (ours: off, because short bodies are not less often right than long ones)
   */
  fullConfidenceChars?: number;
  /**
   * Weight of the dropped vote in the confidence: confidence = agreement × (1 − droppedWeight ×
   * dropped), where dropped is the share of the members' vote (vote × non-link characters) that lies
   * outside the kept text. In [0, 1].
   * @default 0.1 (ours: small, because how much the dropped vote says about quality varies from corpus to corpus)
   */
  droppedWeight?: number;
  /**
   * Options of thread detection (`ThreadOptions`, docs/algorithms/threads.md), passed to the
   * `correlated` member, which decides whether the page is a thread.
   * @default {} (the thread defaults)
   */
  thread?: Partial<ThreadOptions>;
  /**
   * A thread whose records are read as comments is an article with comments when the text kept outside
   * the records is more than this many times the opening post's (and at least `minArticleChars`).
   * @default 1 (ours: the article is the larger text, not a forum's header or sidebar)
   */
  articleOverPost?: number;
  /**
   * A thread whose records are read as comments is also an article when the text kept outside the
   * records is more than this many times the records' own text (and at least `minArticleChars`).
   * @default 3 (ours: about twice the largest share seen outside a forum's posts, 1.58 on forum-engines-dev)
   */
  articleOverThread?: number;
  /**
   * A thread whose opening record holds kept text (other records read as comments) more than this many
   * times its post text (and at least `minArticleChars`) is an article whose text the record finder
   * cut short: the body is that article, the other records its comments.
   * @default 4 (ours: a forum's opening post with its user panel and signature keeps at most 3.3 times its
   * post text on forum-engines-dev, 0 on ug-forum-dev; cut-short articles on cleaning-dev keep 4.7 to 500 times)
   */
  openingRecordOverPost?: number;
  /**
   * A thread whose dated records run newest first is read as a list of entries (a blog's front page)
   * when the article reading keeps at least this share of the records' text: the members agree that the
   * entries are the content, not one entry of them.
   * @default 0.5 (ours: most of the entries' text)
   */
  minEntriesShare?: number;

  // ---- learned keep/drop (src/extractors/auto/model.ts; docs/algorithms/auto.md, "Learned keep/drop") ----

  /**
   * The learned keep/drop model that makes the final decision per segment from the vote, the
   * threshold rules' decision and the segment's own features; `null` turns it off (the threshold
   * rules above decide alone). Pass other weights (e.g. a model trained without one corpus) as an
   * {@link AutoModel}.
   * @default null
   */
  model?: AutoModel | null;
}

/**
 * Defaults of {@link AutoOptions}.
 * @category Extraction
 */
export const DEFAULT_AUTO_OPTIONS: Readonly<Required<AutoOptions>> = Object.freeze({
  weights: Object.freeze({ correlated: 1, segmentation: 1, 'text-blocks': 1, density: 0.5, 'line-blocks': 0.5 }),
  markupWeight: 2,
  markupMinChars: 200,
  markupNestedShare: 0.7,
  bodyTokens: BODY_TOKENS,
  splitMarkupBody: true,
  furnitureTokens: FURNITURE_TOKENS,
  furnitureTags: FURNITURE_TAGS,
  commentTokens: COMMENT_TOKENS,
  keepVote: 0.5,
  strongVote: 0.8,
  regionShare: 0.8,
  extendInMarkup: true,
  extendMinChars: 120,
  extendToRegionSiblings: true,
  extendToSiblingSections: true,
  sectionMinParagraphs: 2,
  extendToRegionEdges: true,
  regionEdgeMinSegments: 5,
  silenceWholeRecords: true,
  keepHeadlineIsland: true,
  linkRecordsNoThread: true,
  emptyBodyUnderHeadline: true,
  siblingLeadVote: 0.3,
  siblingLeadMaxLinkDensity: 0.5,
  maxLinkDensity: 0.5,
  regionVote: 0.35,
  maxFormShare: 0.5,
  keepLinkedListItems: true,
  keepLinkedHeadings: true,
  keepLinkedSentences: true,
  keepVotedLinkLists: true,
  dropRepeatedBlocks: true,
  repeatedBlockMinSegments: 2,
  trimTrailingMetadata: true,
  rescueInRegion: true,
  minArticleChars: 100,
  listLinkShare: 0.5,
  fullConfidenceChars: 0,
  droppedWeight: 0.1,
  maxGapChars: 150,
  overruleFurnitureChars: 500,
  overruleFurnitureSegments: 3,
  overruleFurnitureSiblings: true,
  thread: Object.freeze({}),
  articleOverPost: 1,
  articleOverThread: 3,
  openingRecordOverPost: 4,
  minEntriesShare: 0.5,
  // learned keep/drop
  model: null,
});
