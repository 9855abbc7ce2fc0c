/**
 * The docs hold together: every relative link and anchor of README.md and docs/ resolves, every
 * figure table of docs/evaluation.md and docs/benchmarks.md sits in a marked region headed by the
 * commit that produced it (bench/doc-regions.js), and the word budgets of issue 38 hold (`wc -w`).
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Region { name: string; startLine: number; endLine: number; body: string[] }
interface RegionsModule {
  listRegions(text: string): Region[];
  replaceRegions(text: string, bodies: Record<string, string[]>): string;
  provenanceLine(run: { commit: string; dirty?: boolean; date?: Date; command: string; note?: string }): string;
  regionBody(run: { commit: string; date?: Date; command: string }, content: string[]): string[];
  commandLine(script: string, args: string[], nodeArgs?: string[]): string;
  PROVENANCE: RegExp;
}
const regions = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/doc-regions.js')).href)) as RegionsModule;

/** README.md and every Markdown file under docs/ (the generated API reference docs/api/ aside). */
function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string): void => {
    for (const name of readdirSync(path.join(REPO_ROOT, dir))) {
      const rel = path.join(dir, name);
      if (rel === path.join('docs', 'api')) continue;
      if (statSync(path.join(REPO_ROOT, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) out.push(rel);
    }
  };
  walk('docs');
  return out;
}

/** The text outside fenced code blocks and inline code, line by line (links in code are examples). */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: its headings' slugs (repeats numbered as GitHub does). */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m === null) continue;
    const slug = slugOf(m[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Inline links `[text](target)` of the prose, with their line numbers. */
function linksOf(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  proseLines(text).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ target: m[1], line: i + 1 });
  });
  return out;
}

/** Broken relative links of one file, as `file:line: target (why)`. */
function brokenLinks(file: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const broken: string[] = [];
  for (const { target, line } of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
    const [rawPath, anchor] = target.split('#', 2);
    const resolved = rawPath === '' ? path.join(REPO_ROOT, file) : path.resolve(REPO_ROOT, path.dirname(file), decodeURIComponent(rawPath));
    const where = `${file}:${line}: ${target}`;
    if (!resolved.startsWith(REPO_ROOT + path.sep)) broken.push(`${where} (outside the repository)`);
    else if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
    else if (anchor !== undefined && anchor !== '') {
      if (!resolved.endsWith('.md')) broken.push(`${where} (anchor into a file that is not Markdown)`);
      else if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${where} (no heading with this anchor)`);
    }
  }
  return broken;
}

/** Tables (a header row followed by a delimiter row) outside every region, as `file:line`. */
function tablesOutsideRegions(file: string): string[] {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const lines = proseLines(text);
  const inside = new Set<number>();
  for (const r of regions.listRegions(text)) for (let i = r.startLine; i <= r.endLine; i++) inside.add(i);
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (line.trim().startsWith('|') && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? '') && !inside.has(i)) out.push(`${file}:${i + 1}`);
  });
  return out;
}

/** `wc -w`: runs of non-whitespace. */
function words(file: string): number {
  return readFileSync(path.join(REPO_ROOT, file), 'utf8').split(/\s+/u).filter((w) => w !== '').length;
}

const FILES = markdownFiles();

describe('links', () => {
  it('slugs headings as GitHub does', () => {
    expect(slugOf('What bounds `--jobs 2 / --jobs 1` on 2 cores (issue 19)')).toBe('what-bounds---jobs-2----jobs-1-on-2-cores-issue-19');
    expect(slugOf('Learned keep/drop (opt-in)')).toBe('learned-keepdrop-opt-in');
    expect(slugOf('Uyghur script conversion')).toBe('uyghur-script-conversion');
  });

  it('finds a broken link and a broken anchor in a page written to have them', () => {
    const text = '# Title\n\n[ok](#title) [gone](#nowhere) [file](no-such-file.md) `[code](#ignored)`\n```\n[fenced](#ignored)\n```\n';
    expect(linksOf(text).map((l) => l.target)).toEqual(['#title', '#nowhere', 'no-such-file.md']);
    expect(anchorsOf(text)).toEqual(new Set(['title']));
  });

  it.each(FILES)('every relative link and anchor of %s resolves', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });
});

describe('figure tables', () => {
  it.each(FILES)('the regions of %s are well formed and each opens with its commit', (file) => {
    const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const headless = regions.listRegions(text).filter((r) => !regions.PROVENANCE.test(r.body.find((l) => l.trim() !== '') ?? ''));
    expect(headless.map((r) => r.name)).toEqual([]);
  });

  it.each(['docs/evaluation.md', 'docs/benchmarks.md'])('every table of %s is in a region headed by a commit', (file) => {
    expect(regions.listRegions(readFileSync(path.join(REPO_ROOT, file), 'utf8')).length).toBeGreaterThan(3);
    expect(tablesOutsideRegions(file)).toEqual([]);
  });
});

describe('regions', () => {
  const page = ['# P', '', 'prose', '', '<!-- table:a:start -->', 'old', '<!-- table:a:end -->', '', 'more prose', '<!-- table:b:start -->', '<!-- table:b:end -->', ''].join('\n');

  it('replaces what lies between the markers and nothing else', () => {
    const run = { commit: 'abc1234', date: new Date('2026-12-01T10:22:00Z'), command: 'npm run eval:docs' };
    const out = regions.replaceRegions(page, { a: regions.regionBody(run, ['| x |', '| --- |', '| 1 |']), b: ['B'] });
    expect(out).toBe(['# P', '', 'prose', '', '<!-- table:a:start -->',
      'Measured at commit `abc1234`, 2026-12-01 10:22 UTC: `npm run eval:docs`.', '', '| x |', '| --- |', '| 1 |', '',
      '<!-- table:a:end -->', '', 'more prose', '<!-- table:b:start -->', 'B', '<!-- table:b:end -->', ''].join('\n'));
    expect(regions.replaceRegions(out, { a: ['old'], b: [] })).toBe(page);
  });

  it('refuses a region the page does not have, and malformed markers', () => {
    expect(() => regions.replaceRegions(page, { c: ['x'] })).toThrow(/no region "c"/);
    expect(() => regions.listRegions('<!-- table:a:start -->\n')).toThrow(/no end marker/);
    expect(() => regions.listRegions('<!-- table:a:end -->\n')).toThrow(/without its start/);
    expect(() => regions.listRegions('<!-- table:a:start -->\n<!-- table:b:start -->\n')).toThrow(/inside region "a"/);
    expect(() => regions.listRegions('<!-- table:a:start -->\n<!-- table:a:end -->\n<!-- table:a:start -->\n<!-- table:a:end -->\n')).toThrow(/twice/);
  });

  it('shows a command as a reader would type it, with no path of this machine', () => {
    const saved = process.env.npm_lifecycle_event;
    try {
      delete process.env.npm_lifecycle_event;
      const scratch = path.join(tmpdir(), 'cache');
      expect(regions.commandLine('bench/x.js', ['--cache', scratch, path.join(REPO_ROOT, 'docs'), '/srv/corpora'], ['--expose-gc']))
        .toBe('node --expose-gc bench/x.js --cache <DIR> docs <DIR>');
      process.env.npm_lifecycle_event = 'eval:docs';
      expect(regions.commandLine('bench/eval-docs.js', ['--reuse'])).toBe('npm run eval:docs -- --reuse');
    } finally {
      if (saved === undefined) delete process.env.npm_lifecycle_event;
      else process.env.npm_lifecycle_event = saved;
    }
  });

  it('names uncommitted source changes in the provenance line, which still opens with the commit', () => {
    const line = regions.provenanceLine({ commit: 'abc1234', dirty: true, date: new Date('2026-12-01T10:22:00Z'), command: 'x' });
    expect(line).toBe('Measured at commit `abc1234` with uncommitted changes in src/, 2026-12-01 10:22 UTC: `x`.');
    expect(regions.PROVENANCE.test(line)).toBe(true);
  });
});

describe('word budgets (issue 38)', () => {
  const docs = FILES.filter((f) => f.startsWith('docs'));
  it.each([
    ['docs/evaluation.md', 3500],
    ['docs/benchmarks.md', 2500],
  ])('%s holds at most %i words', (file, max) => {
    expect(words(file)).toBeLessThanOrEqual(max);
  });

  it('docs/ holds at most 35,000 words', () => {
    expect(docs.length).toBeGreaterThan(10);
    expect(docs.reduce((n, f) => n + words(f), 0)).toBeLessThanOrEqual(35_000);
  });
});
