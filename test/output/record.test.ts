import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTRACT_FIELDS, extractRecord } from '../../src/cli/record.js';
import { RECORD_FIELDS, toRecord } from '../../src/output/record.js';
import { extract } from '../../src/pipeline.js';
import { REPO } from '../cli/run.js';

const THREAD = readFileSync(join(REPO, 'corpora/pages/ug-forum-utf8.html'));

describe('toRecord and PageResult.toJSON', () => {
  const page = extract(THREAD, { url: 'https://bbs.example.org/t/1' });

  it('toRecord with the default fields is the record the CLI prints, without its id', () => {
    const { id, ...cli } = extractRecord({ id: 'x' }, page, DEFAULT_EXTRACT_FIELDS);
    expect(id).toBe('x');
    expect(toRecord(page)).toEqual(cli);
  });

  it('JSON.stringify(page) is the compact record of every field: no typed arrays, no node ids, no decoded HTML', () => {
    const json = JSON.stringify(page);
    expect(json).toBe(JSON.stringify(toRecord(page, RECORD_FIELDS)));
    expect(json).not.toMatch(/\{"0":/u);
    expect(json).not.toContain('"node"');
    expect(json).not.toContain('"normalized"');
    expect(json.length).toBeLessThan(THREAD.byteLength);
    expect(JSON.parse(json)).toMatchObject({ title: page.title, body: page.body, url: 'https://bbs.example.org/t/1' });
  });

  it('toJSON is not enumerable: copies of the result do not carry it', () => {
    expect(Object.keys(page)).not.toContain('toJSON');
    expect('toJSON' in { ...page }).toBe(false);
  });

  it('posts carry contentHtml only when the field is asked for', () => {
    const plain = toRecord(page, ['posts']).posts as Record<string, unknown>[];
    const rich = toRecord(page, ['posts', 'contentHtml']).posts as Record<string, unknown>[];
    expect(plain[0]).not.toHaveProperty('contentHtml');
    expect(rich[0].contentHtml).toBe(page.posts[0].contentHtml);
    expect(plain[0]).not.toHaveProperty('content');
  });
});
