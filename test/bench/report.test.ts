import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The bench harness is plain JavaScript checked by bench/tsconfig.json; it is loaded by URL so the
// project's TypeScript config does not need allowJs.
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface GroupInfo {
  id: string;
  title: string;
}
interface ReportModule {
  mergeReport(existing: string, fresh: string, options: { measured: string[]; groups: GroupInfo[]; replacePreamble: boolean }): string;
  parseReport(text: string, groups: GroupInfo[]): { preamble: string[]; sections: { key: string; lines: string[] }[] };
}

const report = (await import(pathToFileURL(path.join(REPO_ROOT, 'bench/report.js')).href)) as ReportModule;

const GROUPS: GroupInfo[] = [
  { id: 'normalize', title: 'normalize vs floor' },
  { id: 'extract', title: 'extract vs floor' },
  { id: 'peers', title: 'peers vs floor' },
  { id: 'scaling', title: 'scaling series' },
];

/** A report as the harness writes it: preamble, corpora, one section per group, notes. */
function doc(run: string, groups: string[], notes: string[], marker = true): string {
  const out = ['# Benchmarks', '', `- Command: ${run}`, '', '## Corpora', '', `| corpora of ${run} |`, ''];
  for (const id of groups) {
    const g = GROUPS.find((x) => x.id === id)!;
    out.push(`## ${g.title}`, '');
    if (marker) out.push(`<!-- bench-group: ${id} -->`, '');
    out.push(`| ${id} table of ${run} |`, '');
  }
  if (notes.length > 0) out.push('## Notes', '', ...notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}

describe('parseReport', () => {
  it.each([
    ['with markers', true],
    ['without markers (files written before them), by title', false],
  ])('keys the sections by group %s', (_name, marker) => {
    const parsed = report.parseReport(doc('A', ['normalize', 'peers'], ['general note'], marker), GROUPS);
    expect(parsed.sections.map((s) => s.key)).toEqual(['corpora', 'group:normalize', 'group:peers', 'notes']);
    expect(parsed.preamble[0]).toBe('# Benchmarks');
  });

  it('keys a section by its marker even when the title changed', () => {
    const text = ['# B', '', '## a renamed title', '', '<!-- bench-group: scaling -->', '', 'x', ''].join('\n');
    expect(report.parseReport(text, GROUPS).sections.map((s) => s.key)).toEqual(['group:scaling']);
  });

  it('keeps a heading it does not know under its own key', () => {
    const text = ['# B', '', '## Hand-written remarks', '', 'y', ''].join('\n');
    expect(report.parseReport(text, GROUPS).sections.map((s) => s.key)).toEqual(['heading:Hand-written remarks']);
  });
});

describe('mergeReport', () => {
  const existing = doc('OLD', ['normalize', 'extract'], ['normalize charset: 3 pages left out', 'corpus x skipped']);

  it('an --only run replaces its sections, keeps the others, the old header and corpora', () => {
    const fresh = doc('NEW', ['peers', 'scaling'], ['global.gc is not exposed']);
    const merged = report.mergeReport(existing, fresh, { measured: ['peers', 'scaling'], groups: GROUPS, replacePreamble: false });
    expect(merged).toContain('- Command: OLD');
    expect(merged).not.toContain('- Command: NEW');
    expect(merged).toContain('| corpora of OLD |');
    for (const line of ['| normalize table of OLD |', '| extract table of OLD |', '| peers table of NEW |', '| scaling table of NEW |']) {
      expect(merged).toContain(line);
    }
    // Group order of the harness: normalize, extract, peers, scaling; notes last.
    const at = (s: string) => merged.indexOf(s);
    expect(at('| normalize table')).toBeLessThan(at('| extract table'));
    expect(at('| extract table')).toBeLessThan(at('| peers table'));
    expect(at('| peers table')).toBeLessThan(at('| scaling table'));
    expect(at('| scaling table')).toBeLessThan(at('## Notes'));
    expect(merged).toContain('- normalize charset: 3 pages left out');
    expect(merged).toContain('- corpus x skipped');
    expect(merged).toContain('- global.gc is not exposed');
  });

  it('a run of a group already in the file replaces that section only', () => {
    const once = report.mergeReport(existing, doc('P1', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    const twice = report.mergeReport(once, doc('P2', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    expect(twice).toContain('| peers table of P2 |');
    expect(twice).not.toContain('| peers table of P1 |');
    expect(twice.match(/bench-group: peers/g)).toHaveLength(1);
    expect(twice).toContain('| normalize table of OLD |');
  });

  it('a run of the default groups replaces the header, corpora and its notes, and keeps the opt-in sections', () => {
    const withPeers = report.mergeReport(existing, doc('P', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    const fresh = doc('FULL', ['normalize', 'extract'], ['extract charset: 1 page dropped']);
    const merged = report.mergeReport(withPeers, fresh, { measured: ['normalize', 'extract'], groups: GROUPS, replacePreamble: true });
    expect(merged).toContain('- Command: FULL');
    expect(merged).toContain('| corpora of FULL |');
    expect(merged).toContain('| normalize table of FULL |');
    expect(merged).toContain('| peers table of P |');
    expect(merged).not.toContain('normalize charset: 3 pages left out');
    expect(merged).not.toContain('corpus x skipped');
    expect(merged).toContain('- extract charset: 1 page dropped');
  });

  it('drops the old notes of a group it measured again', () => {
    const old = doc('OLD', ['normalize', 'peers'], ['peers en: 2 pages dropped', 'normalize zh: 1 page left out']);
    const merged = report.mergeReport(old, doc('NEW', ['peers'], []), { measured: ['peers'], groups: GROUPS, replacePreamble: false });
    expect(merged).not.toContain('peers en: 2 pages dropped');
    expect(merged).toContain('- normalize zh: 1 page left out');
  });
});
