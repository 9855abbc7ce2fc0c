import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { normalize } from '../../src/encoding/normalize.js';
import { dropLeadingHeadline } from '../../src/metadata/headline.js';
import { extract } from '../../src/pipeline.js';

const docOf = (html: string) => analyze(normalize(html));

const STORY = 'The river rose by two metres overnight and the old bridge was closed to traffic until further notice.';

describe('dropLeadingHeadline', () => {
  it.each([
    ['an h1 headline', '<h1>Flood in Kashgar</h1>', 'Flood in Kashgar\n' + STORY, 'Flood in Kashgar', STORY],
    ['an h2 headline, case and spaces aside', '<h2>Flood  in KASHGAR</h2>', 'flood in kashgar\n' + STORY, 'Flood in Kashgar', STORY],
    ['a <font> headline under a dateline', '<font size="5">喀什发大水</font>', '2019-02-20 10:56\n喀什发大水\n' + STORY, '喀什发大水', STORY],
    ['a paragraph named a headline by its class', '<p class="titulo destaque">Enchente em Kashgar</p>', 'Enchente em Kashgar\n' + STORY, 'Enchente em Kashgar', STORY],
  ])('drops %s', (_name, heading, body, title, expected) => {
    const doc = docOf(`<html><body>${heading}<p>${STORY}</p></body></html>`);
    expect(dropLeadingHeadline(body, title, doc)).toBe(expected);
  });

  it.each([
    ['the paragraph that reads the title has an unrelated class', `<p class="lead">Flood in Kashgar</p><p>${STORY}</p>`, 'Flood in Kashgar\n' + STORY, 'Flood in Kashgar'],
    ['the title is a bold run of a paragraph (the text’s own emphasis, a subtitle)', `<p><b>سۇ كەلكۈنى</b></p><p>${STORY}</p>`, 'سۇ كەلكۈنى\n' + STORY, 'سۇ كەلكۈنى'],
    ['the title only equals a paragraph (no heading reads it)', `<p>Flood in Kashgar</p><p>${STORY}</p>`, 'Flood in Kashgar\n' + STORY, 'Flood in Kashgar'],
    ['the heading comes after a long line of text', `<p>${STORY}</p><h1>Flood in Kashgar</h1>`, `${STORY}\nFlood in Kashgar\nMore.`, 'Flood in Kashgar'],
    ['the heading is not among the first lines', '<h1>Flood in Kashgar</h1>', 'a\nb\nc\nFlood in Kashgar\nMore.', 'Flood in Kashgar'],
    ['the title differs from the line', '<h1>Flood in Kashgar</h1>', 'Flood in Kashgar today\n' + STORY, 'Flood in Kashgar'],
    ['there is no title', '<h1>Flood in Kashgar</h1>', 'Flood in Kashgar\n' + STORY, null],
  ])('keeps the body when %s', (_name, html, body, title) => {
    expect(dropLeadingHeadline(body, title, docOf(`<html><body>${html}</body></html>`))).toBe(body);
  });

  it('keeps the headline when dropHeadline is false', () => {
    const doc = docOf(`<html><body><h1>Flood in Kashgar</h1><p>${STORY}</p></body></html>`);
    const body = 'Flood in Kashgar\n' + STORY;
    expect(dropLeadingHeadline(body, 'Flood in Kashgar', doc, { dropHeadline: false })).toBe(body);
  });

  it('is applied by extract(), and turned off by its headline option', () => {
    const html = `<html><head><title>Flood in Kashgar</title></head><body><article><h1>Flood in Kashgar</h1>${`<p>${STORY}</p>`.repeat(4)}</article></body></html>`;
    const page = extract(html);
    expect(page.title).toBe('Flood in Kashgar');
    expect(page.body.startsWith('The river rose')).toBe(true);
    expect(extract(html, { headline: { dropHeadline: false } }).body.startsWith('Flood in Kashgar\n')).toBe(true);
  });
});
