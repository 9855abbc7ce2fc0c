/**
 * The per-node typed arrays of the analysis, carved out of one `ArrayBuffer` per document: one
 * allocation instead of eleven (each ArrayBuffer has a fixed cost, measured ~10% of a parse on the
 * en-news corpus when allocated separately).
 * @module
 */

const INT32_COLUMNS = ['tagPathId'] as const;
const UINT32_COLUMNS = [
  'textChars', 'linkChars', 'linkCount', 'textStart', 'textEnd',
] as const;
const UINT8_COLUMNS = ['excluded'] as const;

/** Bytes each node takes across all columns. */
export const BYTES_PER_NODE = 4 * (INT32_COLUMNS.length + UINT32_COLUMNS.length) + UINT8_COLUMNS.length;

type Int32Name = (typeof INT32_COLUMNS)[number];
type Uint32Name = (typeof UINT32_COLUMNS)[number];
type Uint8Name = (typeof UINT8_COLUMNS)[number];

/**
 * Columns for `capacity` nodes, zero-filled. Names match {@link DomIndex} and {@link NodeStats}; the
 * statistics no stage reads on most pages (punctuation, paragraphs) and the ones only density reads (tags, linkTags) are not here but made on first read
 * (`stats.ts`). The structure (parent, subtree end, depth, kind) is the compact tree's own
 * (`dom/compact-tree.ts`), not copied here.
 * @category Analysis
 */
export type NodeColumns = { readonly capacity: number } & { readonly [K in Int32Name]: Int32Array } & {
  readonly [K in Uint32Name]: Uint32Array;
} & { readonly [K in Uint8Name]: Uint8Array };

/**
 * Allocates columns for `capacity` nodes in one buffer (4-byte columns first, so every view is aligned).
 * @category Analysis
 */
export function allocateColumns(capacity: number): NodeColumns {
  const buffer = new ArrayBuffer(capacity * BYTES_PER_NODE);
  const columns: Record<string, unknown> = { capacity };
  let offset = 0;
  for (const name of INT32_COLUMNS) {
    columns[name] = new Int32Array(buffer, offset, capacity);
    offset += 4 * capacity;
  }
  for (const name of UINT32_COLUMNS) {
    columns[name] = new Uint32Array(buffer, offset, capacity);
    offset += 4 * capacity;
  }
  for (const name of UINT8_COLUMNS) {
    columns[name] = new Uint8Array(buffer, offset, capacity);
    offset += capacity;
  }
  return columns as NodeColumns;
}
