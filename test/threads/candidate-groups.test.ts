import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { listTextBlocks } from '../../src/analysis/text-blocks.js';
import { candidateGroups } from '../../src/threads/records.js';
import { blocksInRange, pageFacts, pickBodySlot, textWeightBound } from '../../src/threads/slots.js';
import { asNormalized } from '../helpers/normalized.js';

// Hand-written pages: a thread of `div` records, a `dl` of `dt dd dd` runs with an ad between two
// runs, and a sidebar list; what findThread's best-first order and the run collection rest on.

const SENTENCES = [
  'Men bu kitabni öténdin yil oqughan, bek yaxshi kitab iken.',
  'Я прочитал её за два вечера и не пожалел ни минуты.',
  'هذا الكتاب مفيد جدا لكل من يريد أن يتعلم البرمجة.',
  '这本书的第二部分写得比第一部分更好。',
];
const USERS = ['aygul', 'ivan', 'salma', 'xiaoming'];

const divThread = SENTENCES.map((s, n) =>
  `<div class="r"><div class="h"><a href="/u/${USERS[n]}">${USERS[n]}</a> 2021-03-0${n + 1} 10:1${n}</div><div class="b"><p>${s}</p><p>${s.slice(0, 20)} <a href="/x">link</a></p></div><div class="f">Reply</div></div>`).join('');
const dlThread = `<dl class="c">${SENTENCES.map((s, n) =>
  `<dt class="w"><a href="/m/${USERS[n]}">${USERS[n]}</a></dt><dd class="d">12.0${n + 1}.2020</dd><dd class="t">${s}</dd>${n === 1 ? '<div class="ad">Buy now</div>' : ''}`).join('')}</dl>`;
const sidebar = `<ul class="side">${USERS.map((u) => `<li><a href="/u/${u}">${u}</a></li>`).join('')}</ul>`;
const html = `<html><body><h1>Board</h1>${divThread}${dlThread}${sidebar}</body></html>`;

const doc = analyze(asNormalized(html));
const blocks = listTextBlocks(doc);
const facts = pageFacts(doc, blocks);
const candidates = candidateGroups(doc, 2, 3);
// the groups' columns as arrays, to read with array methods
const groups = candidates.map((g) => ({ list: g.list, items: Array.from(g.items), ends: Array.from(g.ends) }));

describe('candidateGroups', () => {
  it('holds each group\'s records in typed arrays of 4 bytes a record', () => {
    expect(candidates.length).toBeGreaterThan(0);
    for (const g of candidates) {
      expect(g.items).toBeInstanceOf(Int32Array);
      expect(g.ends).toBeInstanceOf(Int32Array);
    }
  });

  it('collects runs of distinct sibling kinds past an element between them', () => {
    const dl = groups.filter((g) => doc.index.tag[g.list] === 'dl' && g.items.every((it) => doc.index.tag[it] === 'dt'));
    // `dt dd dd` from every dt: the ad after the second run does not shift the runs after it
    const wide = dl.find((g) => g.items.length === 4 && g.ends.every((e, n) => e === doc.index.subtreeEnd[doc.index.subtreeEnd[doc.index.subtreeEnd[g.items[n]]]]));
    expect(wide).toBeDefined();
  });

  it('groups single children of one kind', () => {
    const records = groups.find((g) => g.items.length === 4 && g.items.every((it) => doc.index.tag[it] === 'div' && doc.index.subtreeEnd[it] === g.ends[g.items.indexOf(it)]));
    expect(records).toBeDefined();
  });
});

describe('textWeightBound', () => {
  it('is at least the body text weight pickBodySlot gives every candidate group', () => {
    let compared = 0;
    for (const group of groups) {
      const perItem = group.items.map((it, n) => blocksInRange(blocks, facts, it, group.ends[n]));
      const { chars } = pickBodySlot(doc, blocks, { ...group, perItem }, facts, 2);
      expect(textWeightBound(blocks, facts, group)).toBeGreaterThanOrEqual(chars);
      if (chars > 0) compared++;
    }
    // the check ran on groups that have bodies (the div records, the dl runs)
    expect(compared).toBeGreaterThanOrEqual(2);
  });

  it('is the weight of the blocks inside the records, up to the rounding slack', () => {
    const group = groups[0];
    expect(group.items.length).toBeGreaterThan(0);
    let sum = 0;
    group.items.forEach((it, n) => {
      for (const k of blocksInRange(blocks, facts, it, group.ends[n])) sum += blocks.ta[k] / Math.max(blocks.la[k], 1);
    });
    const bound = textWeightBound(blocks, facts, group);
    expect(bound).toBeGreaterThanOrEqual(sum);
    expect(bound - sum).toBeLessThan(1e-6);
  });
});
