import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { dropEmptySections } from '../../../src/extractors/auto/empty-sections.js';
import { listSegments, segmentText } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { allIndexes } from '../../../src/extractors/auto/index-lists.js';

const doc = (html: string) => analyze(asNormalized(html));

const paragraph = (n: number) => `<p>Paragraph ${n} of the report tells how the harvest went in the villages along the river this autumn, and what the farmers expect next year.</p>`;

/** A report in two sections, then (inside the same container) a related-links box and a share bar under headings. */
const REPORT = '<html><head><title>Harvest report</title></head><body><div class="main"><h1>Harvest report</h1>'
  + `<h2>The villages</h2>${paragraph(1)}${paragraph(2)}${paragraph(3)}`
  + `<h2>The markets</h2>${paragraph(4)}${paragraph(5)}${paragraph(6)}`
  + '<div class="box"><h3>Read these stories too</h3><ul><li><a href="/1">The apple fair opens</a></li><li><a href="/2">A new bridge for the valley</a></li><li><a href="/3">Rain at last</a></li></ul></div>'
  + '<div class="bar"><h4>Tell your friends</h4><a href="/s/1">Mail</a> <a href="/s/2">Chat</a></div>'
  + '</div></body></html>';

describe('dropEmptySections', () => {
  const d = doc(REPORT);
  const segments = listSegments(d);
  const all = allIndexes(segments.length);
  const text = (ks: Int32Array) => Array.from(ks, (k) => segmentText(d, segments, k)).join('\n');

  it('drops the headings whose box kept nothing, keeps those over kept text', () => {
    const kept = all.filter((k) => !segmentText(d, segments, k).match(/apple fair|new bridge|Rain at last|Mail|Chat/));
    const out = text(dropEmptySections(d, segments, kept));
    expect(out).toContain('The villages');
    expect(out).toContain('The markets');
    expect(out).not.toContain('Read these stories too');
    expect(out).not.toContain('Tell your friends');
    expect(out).toContain('Paragraph 6');
  });

  it('keeps a heading whose box still holds kept text', () => {
    expect(text(dropEmptySections(d, segments, all))).toContain('Read these stories too');
  });

  it('drops a heading alone in its box when nothing kept follows it, not before kept text', () => {
    const page = doc(`<html><body><div><div class="t"><h2>First part</h2></div>${paragraph(1)}${paragraph(2)}<div class="t"><h2>Pictures</h2></div></div></body></html>`);
    const segs = listSegments(page);
    const out = Array.from(dropEmptySections(page, segs, allIndexes(segs.length)), (k) => segmentText(page, segs, k));
    expect(out).toContain('First part');
    expect(out).not.toContain('Pictures');
  });

  it('keeps a page kept as headings only', () => {
    const page = doc('<html><body><h2>Case one</h2><img src="/1.png"><h2>Case two</h2><img src="/2.png"></body></html>');
    const segs = listSegments(page);
    expect([...dropEmptySections(page, segs, Int32Array.of(0, 1))]).toEqual([0, 1]);
  });
});

describe('dropEmptySections: lead-in lines (isLeadIn)', () => {
  /** The story, then a box opened by a styled line (no heading) over links; a short line inside the story too. */
  const page = doc('<html><body><div class="main">'
    + `${paragraph(1)}<p><b>In the hills</b></p>${paragraph(2)}${paragraph(3)}`
    + '<div class="more"><p><b>More on this topic</b></p><ul><li><a href="/1">The apple fair opens</a></li><li><a href="/2">Rain at last</a></li></ul></div>'
    + '</div></body></html>');
  const segs = listSegments(page);
  const links = /apple fair|Rain at last/;
  const kept = allIndexes(segs.length).filter((k) => !links.test(segmentText(page, segs, k)));
  const short = (k: number) => segmentText(page, segs, k).length <= 30;
  const out = (ks: Int32Array) => Array.from(ks, (k) => segmentText(page, segs, k));

  it('drops a short line after the story that opens a box of dropped segments', () => {
    expect(out(dropEmptySections(page, segs, kept, short))).not.toContain('More on this topic');
  });

  it('keeps a short line followed by kept text, and the box line when its box kept something or no predicate is given', () => {
    expect(out(dropEmptySections(page, segs, kept, short))).toContain('In the hills');
    expect(out(dropEmptySections(page, segs, allIndexes(segs.length), short))).toContain('More on this topic');
    expect(out(dropEmptySections(page, segs, kept))).toContain('More on this topic');
  });
});

describe('auto: headings over dropped boxes (dropEmptySections)', () => {
  it('leaves out the heading of a link box and of a share bar, keeps the section headings', () => {
    const on = extractAuto(doc(REPORT)).text;
    expect(on).toContain('The markets');
    expect(on).toContain('Paragraph 6');
    expect(on).not.toContain('Read these stories too');
    expect(on).not.toContain('Tell your friends');
  });

  it('leaves out the lead-in line of a link box after the story unless leadInMaxChars is 0', () => {
    const page = REPORT.replace('<h3>Read these stories too</h3>', '<p><b>Read these stories too</b></p>');
    expect(extractAuto(doc(page)).text).not.toContain('Read these stories too');
    expect(extractAuto(doc(page), { leadInMaxChars: 0 }).text).toContain('Read these stories too');
  });

  it('turned off, keeps what the vote kept', () => {
    const off = extractAuto(doc(REPORT), { dropEmptySections: false }).text;
    expect(off).toContain('Paragraph 6');
    expect(off).toMatch(/Read these stories too|Tell your friends/);
  });
});
