/**
 * matn: clean, normalized Unicode text, title, author, date and forum posts from raw web pages in
 * any script and any (broken) encoding.
 *
 * Named exports only. Start with {@link extract} (one call) or compose the stages:
 * {@link normalize} → {@link analyze} → an extractor ({@link extractCorrelated}) → {@link extractMetadata}.
 * @module
 */

// core
export { CodedError, MatnError, isMatnError } from './core/errors.js';
export type { MatnErrorCode } from './core/errors.js';
export { diagnostic } from './core/diagnostics.js';
export type { Diagnostic } from './core/diagnostics.js';
export { resolveOptions } from './core/options.js';

// encoding
export { normalize, DEFAULT_NORMALIZE_OPTIONS } from './encoding/normalize.js';
export type { NormalizeOptions, NormalizeProfile } from './encoding/normalize.js';
export { detectCharset, DEFAULT_DETECT_CHARSET_OPTIONS } from './encoding/detect.js';
export type { DetectCharsetOptions, CharsetDecision } from './encoding/detect.js';
export type {
  CharsetSource, CharsetEvidence, Repair, InvisibleCharacterCount, InvisibleReport, NormalizedDocument,
} from './encoding/types.js';
export { resolveCharsetLabel, resolveLabel } from './encoding/labels.js';
export { DEFAULT_DECODE_BYTES_OPTIONS, decodeBytes, isSupportedCharset, type DecodeBytesOptions } from './encoding/iconv.js';
export { decodeCharacterReferences } from './encoding/references.js';
export type { DecodeReferencesResult } from './encoding/references.js';
export { foldPresentationForms, DEFAULT_FOLD_PRESENTATION_FORMS_OPTIONS } from './encoding/presentation-forms.js';
export type { FoldPresentationFormsOptions, FoldPresentationFormsResult } from './encoding/presentation-forms.js';
export { scanInvisible, INVISIBLE_CHARACTERS } from './encoding/invisible.js';
export type { ScanInvisibleOptions, ScanInvisibleResult, InvisibleCharacterInfo, InvisibleStripRule } from './encoding/invisible.js';
export { detectScript, isRightToLeftScript, DEFAULT_DETECT_SCRIPT_OPTIONS } from './encoding/script.js';
export type { ScriptName, ScriptReport, DetectScriptOptions } from './encoding/script.js';

// dom + analysis
export { parseHtml } from './dom/parse.js';
export { analyze, analyzeDocument, DEFAULT_ANALYZE_OPTIONS } from './analysis/analyze.js';
export type { AnalyzeOptions } from './analysis/analyze.js';
export { NodeKind } from './analysis/types.js';
export type { DomIndex, NodeStats, AnalyzedDocument } from './analysis/types.js';
// what a node holds, by id (the compact tree under every stage; docs/architecture.md)
export { attributeOf, forEachAttribute, textDataOf } from './analysis/node-data.js';
export { nonLinkCharsOf } from './analysis/stats.js';
export type { CompactTree } from './dom/compact-tree.js';
export type { TextSpans } from './analysis/spans.js';

// extractors
export type { Block, Post, Quote, Extraction, Extractor, PageKind, ThreadKind, ThreadPages } from './extractors/types.js';
export type { PagePost } from './post-fields.js';
export { detectThread, DEFAULT_THREAD_OPTIONS, resolveRelativeDate, readThreadPager } from './threads/index.js';
export type { ThreadDetection, ThreadOptions, Thread, Pager } from './threads/index.js';
export { extractCorrelated, correlativityExtractor, DEFAULT_CORRELATIVITY_OPTIONS, bodyByline } from './extractors/correlativity/index.js';
export type { CorrelativityOptions } from './extractors/correlativity/index.js';
export { extractLineBlocks, lineBlocksExtractor, lineBlockDistribution, DEFAULT_LINE_BLOCK_OPTIONS } from './extractors/line-blocks/index.js';
export type { LineBlockOptions } from './extractors/line-blocks/index.js';
export { extractTextBlocks, textBlocksExtractor, smoothBlocks, DEFAULT_TEXT_BLOCK_OPTIONS } from './extractors/text-blocks/index.js';
export type { TextBlockOptions } from './extractors/text-blocks/index.js';
export { extractDensity, densityExtractor, DEFAULT_DENSITY_OPTIONS, DENSITY_NOISE_TOKENS } from './extractors/density/index.js';
export type { DensityOptions, DensityCandidate, DensityExtraction } from './extractors/density/index.js';
export {
  extractSegmented, segmentationExtractor, trainSiteTemplate, extractWithTemplate, DEFAULT_SEGMENTATION_OPTIONS,
} from './extractors/segmentation/index.js';
export type { SegmentationOptions, SiteTemplate } from './extractors/segmentation/index.js';
// auto's vocabularies and their per-site extension (docs/algorithms/auto.md, "Site tokens")
export { withSiteTokens } from './extractors/auto/site.js';
export type { SiteTokens } from './extractors/auto/site.js';
export { BODY_TOKENS, FURNITURE_TOKENS, COMMENT_TOKENS } from './vocabulary/page-tokens.js';
export { AUTO_MODEL, SEGMENT_FEATURES, autoSegmentTable } from './extractors/auto/index.js';
export type { AutoModel, AutoTree } from './extractors/auto/index.js';
export { ALGORITHMS, getExtractor, isAlgorithmName } from './extractors/registry.js';
export type { AlgorithmName } from './extractors/registry.js';

// metadata
export { extractMetadata } from './metadata/page.js';
export type { PageMetadata, MainContent } from './metadata/page.js';
export { DEFAULT_METADATA_OPTIONS } from './metadata/options.js';
export type { MetadataOptions, ResolvedMetadataOptions } from './metadata/options.js';
export type { Field } from './metadata/field.js';
export { extractTitle, splitTitle, findSiteName, DEFAULT_TITLE_OPTIONS } from './metadata/title.js';
export type { TitleOptions, TitleContext } from './metadata/title.js';
export { extractAuthor } from './metadata/author.js';
export type { AuthorContext } from './metadata/author.js';
export { extractPublishedDate } from './metadata/published.js';
export type { DateContext } from './metadata/published.js';
export { readJsonLd } from './metadata/json-ld.js';
export type { JsonLdArticle } from './metadata/json-ld.js';
export { extractLanguage, extractDirection, guessLanguage, primaryLanguage } from './metadata/language.js';
export type { Direction } from './metadata/language.js';
export { readMetaTags } from './metadata/meta-tags.js';
export type { MetaTags } from './metadata/meta-tags.js';
export { findDates, parseDate, DEFAULT_DATE_OPTIONS } from './vocabulary/dates.js';
export type { DateOptions, DateMatch } from './vocabulary/dates.js';
export { textSimilarity } from './metadata/similarity.js';

// pipeline
export { extract, DEFAULT_EXTRACT_OPTIONS } from './pipeline.js';
export type { ExtractOptions, PageResult } from './pipeline.js';
export type { PageFields, StageTimings } from './output/types.js';

// moderation (docs/moderation.md): matching form, Uyghur script conversion, mixed-script and confusable checks
export {
  foldForMatching, originalSpan, DEFAULT_FOLD_OPTIONS, LETTER_RULES, letterRulesFor,
  convertUyghur, toUyghurLatin, toUyghurArabic, toUyghurCyrillic, fromUyghurLatin, fromUyghurCyrillic, detectUyghurScript, UYGHUR_SCRIPTS,
  skeleton, areConfusable, lookAlikesOf, CONFUSABLES_UNICODE_VERSION,
  checkText, TEXT_CHECK_KINDS, DEFAULT_CHECK_OPTIONS, scriptOfLetter, withMatching, matchingFields, resolveMatching,
} from './moderation/index.js';
export type {
  FoldOptions, FoldSteps, FoldedText, LetterRules, UyghurScript, ConvertUyghurOptions, TextCheck, TextCheckKind, CheckOptions,
  LetterScript, MatchingOptions, MatchingFields,
} from './moderation/index.js';

// inspect (issue 21): the HTML report of `matn inspect`, and the extractors' traces it draws
export { inspect, inspectPage, renderReport, renderPlot, DEFAULT_INSPECT_OPTIONS, DEFAULT_PLOT_OPTIONS } from './inspect/index.js';
export type { InspectOptions, Inspection, MemberRun, RenderOptions, PlotSpec, PlotSeries, PlotThreshold, PlotBand, PlotOptions } from './inspect/index.js';
export type { ExtractionTrace, TraceThreshold, TraceRange } from './extractors/types.js';

// structured content: contentHtml, images, Markdown and HTML documents (docs/content.md)
export { renderContent } from './content/content.js';
export type { PageContent, ContentSource } from './content/content.js';
export { DEFAULT_CONTENT_OPTIONS } from './content/options.js';
export type { ContentOptions } from './content/options.js';
export { planPageContent, planPostContent } from './content/plan.js';
export type { ContentPlan, KeptBlock } from './content/plan.js';
export { renderContentHtml } from './content/render-html.js';
export type { ContentImage, RenderedContent } from './content/render-html.js';
export { documentBase, safeUrl } from './content/urls.js';
export type { UrlUse } from './content/urls.js';
export { htmlToMarkdown, toMarkdown, frontMatter } from './content/markdown.js';
export type { DocumentSource, DocumentPost } from './content/markdown.js';
export { toHtmlDocument } from './content/html-document.js';
export { textToHtml } from './content/text-html.js';
export type { PostContentNodes } from './threads/types.js';

// inputs: bytes of any kind, Responses, streams, URLs
export { toTextOrBytes } from './core/input.js';
export type { ExtractInput } from './core/input.js';
export { extractFrom } from './sources/read.js';
export type { ExtractSource, ResponseLike, ByteStreamLike } from './sources/read.js';
export { extractUrl } from './sources/url.js';
export type { ExtractUrlOptions, FetchOptions } from './sources/url.js';

// types and entry points that were missing from the public surface
export type { DiagnosticCode } from './core/diagnostics.js';
export type { HeadlineOptions } from './metadata/headline.js';
export { DEFAULT_HEADLINE_OPTIONS } from './metadata/headline.js';
export { extractAuto, autoExtractor, DEFAULT_AUTO_OPTIONS } from './extractors/auto/index.js';
export type { AutoOptions } from './extractors/auto/index.js';
export type { ExtractorOptionsMap, ExtractorOptions } from './extractors/registry.js';

// the compact record (what `matn extract` prints, and PageResult.toJSON)
export { toRecord, toPostRecord, RECORD_FIELDS, DEFAULT_RECORD_FIELDS } from './output/record.js';
export type { RecordField, PostRecord, PostRecordFields, RecordablePage } from './output/record.js';

// many pages: the CLI's worker pool as a library
export { extractMany } from './sources/many.js';
export type { ExtractManyOptions, ManyItem } from './sources/many.js';

// WARC input (issue 22): the HTML response records of web archives
export { readWarc, extractWarc, warcPageId, looksLikeWarc, DEFAULT_READ_WARC_OPTIONS, WARC_STATUS_FILTERS } from './sources/warc.js';
export type { WarcPage, ReadWarcOptions, ExtractWarcOptions, WarcSource, WarcStatusFilter } from './sources/warc.js';
