/**
 * `--out DIR`: one file per page, written atomically (a temp file in the same directory, then
 * `rename`), so that a crash or a kill never leaves a half-written page under its final name.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, open, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** Suffix of temp files; files ending with it are left-overs of a killed run and removed at start. */
export const TEMP_SUFFIX = '.matn-tmp';

/** Characters of an id that cannot stand in a file name as they are (a relative-path id has `/`). */
const FILE_NAME_UNSAFE_RE = /[%/\\]/g;

/** The final path of a page's output file: `/`, `\` and `%` of the id percent-encoded, so a relative-path id (`a/x`) stays one file. */
export function outputPath(dir: string, id: string, extension: string): string {
  const name = id.replace(FILE_NAME_UNSAFE_RE, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return join(dir, `${name}${extension}`);
}

/** Writes `content` to `path` atomically: temp file (`.<name>.<random>.matn-tmp`) + rename. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const temp = `${path.slice(0, slash + 1)}.${path.slice(slash + 1)}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  try {
    await writeFile(temp, content, { flag: 'wx' });
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** Removes temp files left in `dir` by a killed run; resolves to how many were removed. */
export async function removeStaleTempFiles(dir: string): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir)) {
    if (name.startsWith('.') && name.endsWith(TEMP_SUFFIX)) {
      await unlink(join(dir, name)).catch(() => undefined);
      removed++;
    }
  }
  return removed;
}

/** True when `path` exists. */
export async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}

/** What a previous JSON Lines output holds for `--resume FILE`. */
export interface DoneIds {
  /** Ids with a good record (parsed, no `error`). */
  readonly ids: Set<string>;
  /** The file does not end with a newline (a run was killed mid-line). */
  readonly endsMidLine: boolean;
  /** Good records whose id an earlier good record already had (two pages under one id: one would be skipped for good). */
  readonly duplicates: number;
  /** The first such id, for the warning. */
  readonly firstDuplicate?: string;
}

async function lastByte(file: string): Promise<number | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return undefined;
    const buffer = Buffer.alloc(1);
    await handle.read(buffer, 0, 1, size - 1);
    return buffer[0];
  } finally {
    await handle.close();
  }
}

/**
 * Ids already done in a previous JSON Lines output (`--resume FILE.jsonl` without `--out`):
 * every line that parses and has an `id` and no `error` (failed pages are tried again). A line cut
 * short by a kill does not parse and is not counted, so that page is done again. A missing file
 * gives an empty set.
 */
export async function readDoneIds(file: string): Promise<DoneIds> {
  const ids = new Set<string>();
  let duplicates = 0;
  let firstDuplicate: string | undefined;
  if (!(await exists(file))) return { ids, endsMidLine: false, duplicates };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    try {
      const record = JSON.parse(line) as { id?: unknown; error?: unknown };
      if (typeof record.id === 'string' && record.error === undefined) {
        if (ids.has(record.id)) {
          duplicates++;
          firstDuplicate ??= record.id;
        }
        ids.add(record.id);
      }
    } catch {
      // a line cut short by a killed run: that page is done again
    }
  }
  const last = await lastByte(file);
  return { ids, endsMidLine: last !== undefined && last !== 0x0a, duplicates, ...(firstDuplicate !== undefined ? { firstDuplicate } : {}) };
}
