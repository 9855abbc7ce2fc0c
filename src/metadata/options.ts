/**
 * Options of the metadata stage: every tuned constant of the title, anchor, author, date and
 * language rules, with its default and where it comes from. None is from a paper; each was chosen
 * on the dev corpora and checked leave-one-corpus-out (docs/metadata.md, `node bench/metadata-loo.mjs`).
 * @module
 */
import { resolveOptions } from '../core/options.js';

/**
 * Options of {@link extractMetadata}. All distances are in characters of the page's visible text.
 * @category Metadata
 */
export interface MetadataOptions {
  /** The page's address (used to resolve image URLs and read dates in paths). @default '' */
  url?: string;

  // title
  /**
   * Smallest {@link textSimilarity} between an `<h1>`–`<h3>` and a run of `<title>` segments for the
   * heading to confirm that run as the title (Dice coefficient of character bigrams; the
   * title/heading matching of Zou & Zhong, seed 001 §3, and of GNE uses the same kind of measure).
   * @default 0.8 (ours)
   */
  minHeadingSimilarity?: number;
  /** How many `<h1>`–`<h3>` elements (in document order) are compared with the `<title>`. @default 30 (ours) */
  maxHeadings?: number;
  /** Most `<title>` segments looked at (a guard against titles made of hundreds of separators). @default 12 (ours) */
  maxTitleSegments?: number;
  /**
   * Most words of a `<title>` segment the page never shows whole for it to count as a template's page label
   * (`View topic`), which gives way to the run the page does show; a longer unshown segment is the page's
   * own title worded apart from its elements. @default 2 (ours)
   */
  maxTitleLabelWords?: number;
  /** Ancestor levels looked at for a link to the home page around a heading (a logo heading). @default 3 (ours) */
  homeLinkLevels?: number;
  /** Copyright notices read per page when asking whether a name holds the site's copyright. @default 20 (ours) */
  maxCopyrightNotices?: number;
  /**
   * Similarity above which a JSON-LD `name`/`headline` is taken to match the `<title>`.
   * @default 0.75 (Readability.js uses 0.75)
   */
  jsonLdTitleMatch?: number;
  /**
   * Take the title the page declares as written (JSON-LD `headline`, `og:title`, …, site name and all; a
   * `<title>` run as the `<title>` writes it), Readability.js's convention, instead of the headline the page
   * shows (its own characters, without the site's name or a kicker).
   * @default false
   */
  titleAsDeclared?: boolean;
  /**
   * A text holding the name in the page's host names the site when that name is at least this share of its
   * letters and digits (`OÖ Volksblatt` on volksblatt.at: 10 of 12; `15 Jahre rete-mirabile.net` is a title).
   * @default 0.6 (ours)
   */
  siteHostShare?: number;
  /** Host names shorter than this are not looked for inside a text (`dw`, `ap` are inside many words). @default 4 (ours) */
  minHostLabel?: number;

  // anchor (where bylines and datelines are looked for)
  /** Characters before the main content's start where the anchor falls when no title heading or `<h1>` is found. @default 300 (ours) */
  anchorLookback?: number;
  /** The page's first `<h1>` at most this far before the main content anchors the byline when the title is not found. @default 3000 (ours) */
  h1Reach?: number;
  /** A title heading this far after the main content's start is a comment's or a sidebar's, not the page's. @default 200 (ours) */
  headingSlack?: number;

  // author
  /** Characters after the anchor searched for a byline cue. @default 500 (ours) */
  bylineWindow?: number;
  /** Characters around the end of the main content searched for a sign-off (（记者 胡晓蓉）), and before the anchor for a cue. @default 300 (ours) */
  signOffWindow?: number;
  /** Author elements farther than this from the anchor are not taken as the byline. @default 4000 (ours) */
  authorElementReach?: number;
  /** An author element before the anchor counts as this many times farther than one after it. @default 3 (ours) */
  authorBeforePenalty?: number;
  /** Characters after the anchor searched for a name on its own line. @default 400 (ours) */
  nameLineWindow?: number;
  /** Lines after the anchor searched for a name on its own line (links, headings and list items not counted). @default 6 (ours) */
  nameLineLines?: number;
  /** Longest element text read as a byline. @default 100 (ours) */
  maxBylineChars?: number;
  /** Ancestor levels looked at for an author element around a link to a user's profile. @default 2 (ours) */
  profileLinkLevels?: number;
  /** Longest name, in words. @default 4 (ours) */
  maxNameWords?: number;
  /** Longest name, in characters. @default 60 (ours) */
  maxNameChars?: number;
  /**
   * A name in lower case that a "by" word credits on a date's line (`Gespeichert von jroe am 24. Juli 2017`)
   * is a login when the page writes that word at most this many times; a word of the language (`by the end
   * of 2019`) it writes more often.
   * @default 4 (ours)
   */
  maxLoginMentions?: number;
  /**
   * Most fields without digits a date's line holds when a name beside the date is read as its byline (the
   * name, a place, a role); a date followed by more is a post's list of tags.
   * @default 3 (ours)
   */
  maxBylineFields?: number;

  // date
  /** Characters after the anchor searched for a dated byline. @default 800 (ours) */
  dateWindow?: number;
  /** Characters before the anchor searched for a dateline when none follows it. @default 200 (ours) */
  dateLookback?: number;
  /** A dated element before the anchor counts as this many times farther than one after it. @default 3 (ours) */
  dateBeforePenalty?: number;
  /** Dated elements farther than this from the anchor are not taken as the byline's date. @default 4000 (ours) */
  dateElementReach?: number;
  /** A line at most this long is a dateline wherever its date stands in it. @default 160 (ours) */
  datelineMaxLine?: number;
  /** A date at most this far from the start of a longer line opens it (`January 18, 2020 PARIS (Reuters) –`). @default 40 (ours) */
  datelineMaxLead?: number;
  /** Characters before a date searched for its cue word (发布, Posted, نەشر قىلىنغان ۋاقىت). @default 24 (ours) */
  cueReach?: number;
  /**
   * Lines looked at on each side of a date's line to tell an item of a dated list (teasers, events,
   * comments) from the page's dateline. @default 4 (ours)
   */
  datedListLines?: number;
  /** Short dated lines among those that make the date an item of a dated list. @default 2 (ours) */
  datedListMin?: number;
  /** Longest inline `<script>` read as writing a date where it stands (`showDate("2020/04/17")`): longer ones are programs. @default 200 (ours) */
  inlineScriptMaxChars?: number;

  // language
  /** Share of the Arabic-script letters that must be Uyghur's own vowel letters (ە ې ۆ ۈ ...) for Uyghur; the same share of ی ک for Persian. @default 0.03 (ours) */
  uyghurShare?: number;
  /** Share of the letters in a script the declared language does not use above which the letters overrule `<html lang>`. @default 0.6 (ours) */
  scriptOverruleShare?: number;

  // guards
  /** Most JSON-LD objects read per page. @default 2000 (a guard) */
  maxJsonLdObjects?: number;
  /** Most main-content images returned. @default 50 (a guard) */
  maxImages?: number;
}

/**
 * Defaults of {@link MetadataOptions}.
 * @category Metadata
 */
export const DEFAULT_METADATA_OPTIONS: Readonly<Required<MetadataOptions>> = Object.freeze({
  url: '',
  minHeadingSimilarity: 0.8,
  maxHeadings: 30,
  maxTitleSegments: 12,
  maxTitleLabelWords: 2,
  homeLinkLevels: 3,
  maxCopyrightNotices: 20,
  jsonLdTitleMatch: 0.75,
  titleAsDeclared: false,
  siteHostShare: 0.6,
  minHostLabel: 4,
  anchorLookback: 300,
  h1Reach: 3000,
  headingSlack: 200,
  bylineWindow: 500,
  signOffWindow: 300,
  authorElementReach: 4000,
  authorBeforePenalty: 3,
  nameLineWindow: 400,
  nameLineLines: 6,
  maxBylineChars: 100,
  profileLinkLevels: 2,
  maxNameWords: 4,
  maxNameChars: 60,
  maxLoginMentions: 4,
  maxBylineFields: 3,
  dateWindow: 800,
  dateLookback: 200,
  dateBeforePenalty: 3,
  dateElementReach: 4000,
  datelineMaxLine: 160,
  datelineMaxLead: 40,
  cueReach: 24,
  datedListLines: 4,
  datedListMin: 2,
  inlineScriptMaxChars: 200,
  uyghurShare: 0.03,
  scriptOverruleShare: 0.6,
  maxJsonLdObjects: 2000,
  maxImages: 50,
});

/** Resolved metadata options, as every rule receives them. @category Metadata */
export type ResolvedMetadataOptions = Readonly<Required<MetadataOptions>>;

/**
 * Merges `options` over {@link DEFAULT_METADATA_OPTIONS} once.
 * @throws MatnError `invalid-argument` for an unknown option name.
 * @category Metadata
 */
export function resolveMetadataOptions(options: MetadataOptions | undefined, what = 'metadata'): ResolvedMetadataOptions {
  return resolveOptions(DEFAULT_METADATA_OPTIONS, options, what);
}
