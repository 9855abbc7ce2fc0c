import type { Diagnostic } from '../core/diagnostics.js';
import type { Document, AnyNode } from 'domhandler';
import type { CompactTree } from '../dom/compact-tree.js';
import type { NormalizedDocument } from '../encoding/types.js';

/** Node kinds stored in {@link DomIndex.kind} (the compact tree's, `dom/compact-tree.ts`). */
export { NodeKind } from '../dom/compact-tree.js';

/**
 * Structure of the parsed tree, by preorder node id (the document root is id 0).
 * A child's id is always larger than its parent's, so one reverse sweep over ids is a post-order pass.
 * @category Analysis
 */
export interface DomIndex {
  /** Number of nodes (ids are 0..size-1). */
  readonly size: number;
  /**
   * The compact tree the index describes (`dom/compact-tree.ts`): attributes, text data and source offsets
   * by node id. Stages read them through `analysis/node-data.ts`.
   */
  readonly tree: CompactTree;
  /**
   * The domhandler node of each id, made on the first read (the page is parsed once more into a domhandler
   * tree, whose preorder is the ids); nothing in `extract()` reads it.
   */
  readonly nodes: readonly AnyNode[];
  /** Parent id; -1 for the root. */
  readonly parent: Int32Array;
  /** One past the last id of the node's subtree (preorder), so descendants of i are i+1..end[i]-1. */
  readonly subtreeEnd: Int32Array;
  /** Depth from the root (root = 0). */
  readonly depth: Uint16Array;
  /** {@link NodeKind} per id. */
  readonly kind: Uint8Array;
  /**
   * Lower-case tag name per id ('' for non-elements), made on the first read: a JS array of a string per
   * node (8 bytes each) that no stage of `extract()` reads. Read {@link DomIndex.tagOf} for a few ids.
   */
  readonly tag: readonly string[];
  /** The lower-case tag name of node `id` ('' for non-elements), from the compact tree; may be destructured. */
  readonly tagOf: (id: number) => string;
  /** Id of the node's tag path (`html>body>div>p`) in {@link DomIndex.tagPaths}; -1 for non-elements. */
  readonly tagPathId: Int32Array;
  /** Distinct tag paths. */
  readonly tagPaths: readonly string[];
  /** 1 when the node or an ancestor is excluded from text (script, style, hidden, ...). */
  readonly excluded: Uint8Array;
  /** Ids of element children of a node, in source order. */
  childElements(id: number): readonly number[];
  /**
   * Ids of the elements with tag `name` (lower case), in document order; each name's list is made on its
   * first call, once per page (`tag-index.ts`).
   */
  elementsByTag(name: string): readonly number[];
}

/**
 * Inclusive subtree statistics, one typed array per figure, indexed by node id.
 * Characters are counted in code points, whitespace excluded; excluded subtrees count 0.
 * @category Analysis
 */
export interface NodeStats {
  /** Visible text characters (T in Hong et al.). */
  readonly textChars: Uint32Array;
  /** Characters inside hyperlinks, `<a href>` elements (LT); an `<a>` without href is a placeholder, not a link. */
  readonly linkChars: Uint32Array;
  /** Non-link text characters (TA in Wang et al.: T − LT), made on the first read (`nonLinkCharsOf` computes one node's). */
  readonly nonLinkChars: Uint32Array;
  /** Element count including the node itself (TG), made on the first read. */
  readonly tags: Uint32Array;
  /** `<a>` element count (LTG), made on the first read. */
  readonly linkTags: Uint32Array;
  /** Link nodes: `<a>` elements with an href (LA in Wang et al.). */
  readonly linkCount: Uint32Array;
  /** Punctuation characters of any script (Sb). */
  readonly punctuation: Uint32Array;
  /** `<p>` elements (PNum). */
  readonly paragraphs: Uint32Array;
  /** Offset of the node's text in {@link AnalyzedDocument.text}. */
  readonly textStart: Uint32Array;
  /** End offset (exclusive) of the node's text in {@link AnalyzedDocument.text}. */
  readonly textEnd: Uint32Array;
}

/**
 * A page parsed and measured once; every extractor reads it, none changes it.
 * @category Analysis
 */
export interface AnalyzedDocument {
  readonly source: NormalizedDocument;
  /**
   * The page as a domhandler tree (read-only), made on the first read: the pipeline itself runs on the
   * compact tree (`index.tree`), and `root` is for callers who walk domhandler nodes (domutils).
   */
  readonly root: Document;
  readonly index: DomIndex;
  readonly stats: NodeStats;
  /** The page's visible text in source order, whitespace collapsed, "\n" between blocks. */
  readonly text: string;
  /** What parsing and analysis noticed (e.g. `nesting-flattened`); empty on normal pages. */
  readonly diagnostics: readonly Diagnostic[];
  /** Visible text of one node's subtree (a slice of {@link AnalyzedDocument.text}), trimmed. */
  textOf(id: number): string;
}
