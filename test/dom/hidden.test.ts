import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { isHidingAttribute, isHidingStyle } from '../../src/dom/hidden.js';
import { asNormalized } from '../helpers/normalized.js';

describe('isHidingStyle', () => {
  it.each([
    ['display:none', true],
    ['display: none', true],
    ['DISPLAY : NONE !important', true],
    ['color: red; display:none;', true],
    ['visibility:hidden', true],
    ['margin:0;visibility : hidden ; color:red', true],
    ['display:block', false],
    ['overflow:hidden', false],
    ['visibility:visible', false],
    ['x-display:none', false],
    ['display:none-ish', false],
    ['border: none', false],
    ['', false],
  ])('%j → %s', (style, hidden) => {
    expect(isHidingStyle(style)).toBe(hidden);
  });
});

describe('an element hidden by its own attributes is excluded from the visible text', () => {
  it.each([
    ['<div hidden>x</div>', true],
    ['<div hidden="">x</div>', true],
    ['<div aria-hidden="true">x</div>', true],
    ['<div aria-hidden="TRUE">x</div>', true],
    ['<div aria-hidden="false">x</div>', false],
    ['<div style="display:none">x</div>', true],
    ['<div style="display:flex">x</div>', false],
    ['<div class="hidden">x</div>', false],
    ['<div>x</div>', false],
    // the hiding attribute after others, and one not hiding before one that does
    ['<div id="b" data-x="1" hidden>x</div>', true],
    ['<div class="a" aria-hidden="false" style="visibility:hidden">x</div>', true],
    ['<div style="display:none" aria-hidden="false">x</div>', true],
    ['<div class="a" id="b" style="color:red" aria-hidden="false" title="t">x</div>', false],
    ['<div style="" aria-hidden=" true ">x</div>', true],
  ])('%s → %s', (html, hidden) => {
    const doc = analyze(asNormalized(html));
    const div = doc.index.tag.indexOf('div');
    expect(doc.index.excluded[div]).toBe(hidden ? 1 : 0);
    expect(doc.text).toBe(hidden ? '' : 'x');
  });

  it.each([
    ['hidden', '', true], ['aria-hidden', ' True ', true], ['aria-hidden', 'false', false], ['style', 'display:none', true],
    ['style', '', false], ['class', 'hidden', false], ['title', 'display:none', false],
  ])('isHidingAttribute(%j, %j) → %s', (name, value, hiding) => {
    expect(isHidingAttribute(name, value)).toBe(hiding);
  });
});
