import { describe, expect, it } from 'vitest';
import { extractCharsetFromContent, findXmlDeclaration, prescanMeta } from '../../src/encoding/prescan.js';
import { utf8 } from './charset-fixtures.js';

const last = (html: string, end?: number) => prescanMeta(utf8(html), end === undefined ? undefined : { end }).at(-1) ?? null;

describe('prescanMeta', () => {
  it.each([
    ['<meta charset="windows-1256">', 'windows-1256'],
    ["<meta charset='GB2312'>", 'gbk'],
    ['<meta charset=iso-8859-1>', 'windows-1252'],
    ['<META CHARSET = " utf-8 " >', 'utf-8'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">', 'windows-1252'],
    ['<meta content="text/html; charset=\nwindows-1252" http-equiv="Content-Type">', 'windows-1252'],
    ['<meta http-equiv=content-type content="text/html;charset=\'x-sjis\'">', 'shift_jis'],
    ['<meta charset="utf-16">', 'utf-8'],
    ['<meta charset="x-user-defined">', 'windows-1252'],
    ['<meta charset="ibm855">', 'ibm855'],
    ['<meta/charset="koi8-r">', 'koi8-r'],
  ])('%s -> %s', (tag, charset) => {
    expect(last(`<html><head>${tag}</head></html>`)?.charset).toBe(charset);
  });

  it.each([
    ['content without http-equiv', '<meta content="text/html; charset=gbk">'],
    ['inside a comment', '<!-- <meta charset="gbk"> -->'],
    ['inside an attribute of another tag', '<div title="<meta charset=gbk>">'],
    ['meta-like tag name', '<metal charset="gbk">'],
    ['after a bogus comment', '<! <meta charset="gbk" >'],
  ])('ignores %s', (_, html) => {
    expect(last(`<html><head>${html}</head></html>`)).toBeNull();
  });

  it('keeps an unknown label as evidence and goes on to the next declaration', () => {
    const found = prescanMeta(utf8('<meta charset="no-such"><meta charset="windows-1256">'));
    expect(found.map((d) => d.charset)).toEqual([null, 'windows-1256']);
    expect(found[0].label).toBe('no-such');
  });

  it('uses the first charset attribute of a tag and reports the tag offset', () => {
    const html = 'x'.repeat(10) + '<meta charset="big5" charset="gbk">';
    expect(last(html)).toEqual({ source: 'meta', label: 'big5', charset: 'big5', offset: 10 });
  });

  it('stops at 1024 bytes by default, and scans further when asked', () => {
    const html = `<head><script>${'x'.repeat(1100)}</script><meta charset="windows-1256">`;
    expect(last(html)).toBeNull();
    expect(last(html, 4096)?.charset).toBe('windows-1256');
  });

  it('skips a crawler wrapper tag whose quoted attributes contain markup', () => {
    const html = '<text id="http://example.com/" title="<b>" encoding="gb2312">\n<html><meta charset="gbk">';
    expect(last(html)?.offset).toBe(html.indexOf('<meta'));
  });
});

describe('extractCharsetFromContent', () => {
  it.each([
    ['text/html; charset=utf-8', 'utf-8'],
    ['text/html;charset="big5"', 'big5'],
    ['text/html; CHARSET = koi8-r; foo', 'koi8-r'],
    ['text/html', null],
    ['text/html; charset=', null],
  ])('%j -> %j', (content, label) => {
    expect(extractCharsetFromContent(content)).toBe(label);
  });
});

describe('findXmlDeclaration', () => {
  it.each([
    ['<?xml version="1.0" encoding="big5"?><rss/>', 'big5', 'big5'],
    ["<?xml version='1.0' encoding='ISO-8859-7' standalone='yes'?>", 'ISO-8859-7', 'iso-8859-7'],
    ['\n  <?xml version="1.0" encoding="EUC-TW"?>', 'EUC-TW', 'euc-tw'],
  ])('%j', (xml, label, charset) => {
    expect(findXmlDeclaration(utf8(xml))).toMatchObject({ source: 'xml', label, charset });
  });

  it.each([['<?xml version="1.0"?><a/>'], ['<html><?xml version="1.0" encoding="gbk"?>'], ['<?xml-stylesheet encoding="gbk"?>']])('none in %j', (xml) => {
    expect(findXmlDeclaration(utf8(xml))).toBeNull();
  });
});
