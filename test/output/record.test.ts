import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DEFAULT_EXTRACT_FIELDS, extractRecord } from '../../src/runner/record.js';
import { RECORD_FIELDS, toRecord, type RecordablePage, type RecordField } from '../../src/output/record.js';
import type { PageFields } from '../../src/output/types.js';
import { extract, type PageResult } from '../../src/pipeline.js';
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
    expect(json).not.toContain('"recordEnd"');
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
    expect(page.posts[0].recordEnd).toBeTypeOf('number'); // a node id, kept off the record like `node`
    expect(plain[0]).not.toHaveProperty('recordEnd');
  });
});

describe('one page type for the pipeline and the record writer', () => {
  it('the record fields are the page fields, and PageResult is those plus the stages\' full results (checked by tsc)', () => {
    expectTypeOf<RecordField>().toEqualTypeOf<keyof PageFields>();
    expectTypeOf<RecordablePage>().toEqualTypeOf<PageFields>();
    expectTypeOf<Omit<PageResult, 'normalized' | 'extraction' | 'metadata' | 'toJSON'>>().toEqualTypeOf<PageFields>();
  });

  it('a result extracted with matching on has every record field', () => {
    const page = extract(THREAD, { matching: true });
    expect(RECORD_FIELDS.filter((f) => !(f in page))).toEqual([]);
  });
});
