import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/analysis/analyze.js';
import { onlyHeadings, textUnderHeadline, titleHeadings } from '../../../src/extractors/auto/headline.js';
import { DEFAULT_AUTO_OPTIONS } from '../../../src/extractors/auto/defaults.js';
import { extractAuto } from '../../../src/extractors/auto/index.js';
import { listSegments, segmentText } from '../../../src/extractors/auto/segments.js';
import { asNormalized } from '../../helpers/normalized.js';
import { textsOf } from './segment-rows.js';

const doc = (html: string) => analyze(asNormalized(html));
const none = () => false;

/** A photo post: its headline, one line under it, a "posted at" line, a labels line of links; then a comment form. */
function photoPost(title: string, post = ''): string {
  return `<html><head><title>${title}</title></head><body><h1><a href="/">The small site</a></h1>`
    + `<div class="post"><h3>Rain over the hills</h3><div class="post-body">${post}</div>`
    + '<div class="meta">Posted by Aynur at <a href="/p/1">11:07</a></div>'
    + '<div class="labels">Labels: <a href="/l/rain">rain</a>, <a href="/l/hills">hills</a></div>'
    + '<p class="after">A line after the links, still in the post box.</p></div>'
    + '<div class="side"><p>About this small site: the weather in the hills, written down every evening.</p></div></body></html>';
}

function texts(html: string, silenced: (k: number, text: string) => boolean = none): string[] {
  const d = doc(html);
  const segments = listSegments(d);
  const kept = textUnderHeadline(d, segments, titleHeadings(d), (k) => silenced(k, segmentText(d, segments, k)), DEFAULT_AUTO_OPTIONS);
  return kept.map((k) => segmentText(d, segments, k).trim());
}

describe('textUnderHeadline', () => {
  it('takes the text after the headline inside its container, up to the first link-dense segment', () => {
    const html = photoPost('Rain over the hills | The Small Site', '<img src="a.jpg">Clouds came over the hills today.');
    expect(texts(html)).toEqual(['Clouds came over the hills today.', 'Posted by Aynur at 11:07']);
  });

  it('stops at a silenced segment (a comment or a form)', () => {
    const html = photoPost('Rain over the hills | The Small Site', 'Clouds came over the hills today.');
    expect(texts(html, (_, text) => text.startsWith('Posted by'))).toEqual(['Clouds came over the hills today.']);
  });

  it('takes nothing when no heading is the headline, or the headline\'s container is the whole page', () => {
    expect(texts(photoPost('Weather notes', 'Clouds came over the hills today.'))).toEqual([]);
    const bare = '<html><head><title>Rain over the hills</title></head><body><h2>Rain over the hills</h2><p>Clouds came over the hills today.</p></body></html>';
    expect(texts(bare)).toEqual([]);
  });

  it('reads a post in any script', () => {
    const html = '<html><head><title>قەشقەردە يامغۇر ياغدى</title></head><body><div class="post"><h2>قەشقەردە يامغۇر ياغدى</h2>'
      + '<p>بۈگۈن كەچتە يامغۇر ياغدى.</p><p><a href="/a">ئالدىنقى</a> <a href="/b">كېيىنكى</a></p></div></body></html>';
    expect(texts(html)).toEqual(['بۈگۈن كەچتە يامغۇر ياغدى.']);
  });
});

describe('auto: the post under the headline when the vote keeps nothing (emptyBodyUnderHeadline)', () => {
  // the members vote for the sidebar's boxes, which cleanup drops as furniture: nothing is left
  const box = (heading: string) => `<div class="widget"><h2>${heading}</h2><p>${'The author writes about the weather in the hills and the river below them, every evening, for friends far away. '.repeat(2)}</p></div>`;
  const menu = `<ul class="menu">${Array.from({ length: 20 }, (_, m) => `<li><a href="/a/${m}">Month ${m}</a></li>`).join('')}</ul>`;
  const page = doc('<html><head><title>Rain over the hills | The Small Site</title></head><body><div class="post"><h3>Rain over the hills</h3>'
    + '<div class="post-body"><img src="a.jpg">Clouds came over the hills today.</div><div class="meta">Posted at <a href="/p">11:07</a></div></div>'
    + `${menu}<div id="side">${box('About')}${box('Contact')}</div></body></html>`);

  it('keeps the one-line post and its meta line as an article', () => {
    const r = extractAuto(page);
    expect(r.kind).toBe('article');
    expect(r.text).toBe('Clouds came over the hills today.\nPosted at 11:07');
    expect(r.diagnostics.find((d) => d.code === 'page-kind')?.details).toMatchObject({ underHeadline: true });
  });

  it('leaves the body empty, a list page, when turned off', () => {
    const r = extractAuto(page, { emptyBodyUnderHeadline: false });
    expect(r.kind).toBe('list');
    expect(r.text).toBe('');
  });
});

describe('onlyHeadings', () => {
  const d = doc(photoPost('Rain over the hills | The Small Site', 'Clouds came over the hills today.'));
  const segments = listSegments(d);
  const at = (text: string) => textsOf(d, segments).findIndex((t) => t.includes(text));
  const headings = titleHeadings(d);

  it('holds when nothing, or only the headline, was kept', () => {
    expect(onlyHeadings(d, segments, [], headings)).toBe(true);
    expect(onlyHeadings(d, segments, [at('Rain over the hills')], headings)).toBe(true);
  });

  it('fails when any kept segment lies outside the headings', () => {
    expect(onlyHeadings(d, segments, [at('Rain over the hills'), at('Clouds came')], headings)).toBe(false);
    expect(onlyHeadings(d, segments, [at('Clouds came')], [])).toBe(false);
  });
});
