import fc from 'fast-check';
import { Parser, Tokenizer, type Handler } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { PARSE_OPTIONS } from '../../src/dom/parse.js';
import { STOCK_SCANS, installIndexOfScans } from '../../src/dom/scanning-tokenizer.js';

installIndexOfScans();

/** htmlparser2's tokenizer with its own methods back, to compare the scans against. */
class StockTokenizer extends Tokenizer {}
Object.assign(StockTokenizer.prototype, STOCK_SCANS);

type ParserOptions = ConstructorParameters<typeof Parser>[1];

const OPTION_SETS: Record<string, ParserOptions> = {
  matn: PARSE_OPTIONS,
  'entities left encoded': { ...PARSE_OPTIONS, decodeEntities: false },
  xml: { xmlMode: true },
};

/**
 * Every parser callback with its arguments and the parser's offsets at that moment: the whole
 * observable behaviour of a tokenizer, written in `chunks` (one `write` each).
 */
function events(chunks: readonly string[], tokenizer: typeof Tokenizer, options: ParserOptions): string[] {
  const out: string[] = [];
  let parser: Parser | null = null;
  const handler = new Proxy({}, {
    get: (_target, name) => name === 'onparserinit'
      ? undefined
      : (...args: unknown[]) => out.push(`${String(name)} ${JSON.stringify(args)} @${parser!.startIndex},${parser!.endIndex}`),
  }) as Partial<Handler>;
  parser = new Parser(handler, { ...options, Tokenizer: tokenizer });
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return out;
}

function expectSameEvents(chunks: readonly string[]): void {
  for (const [label, options] of Object.entries(OPTION_SETS)) {
    expect(events(chunks, Tokenizer, options), `${label}: ${JSON.stringify(chunks)}`).toEqual(events(chunks, StockTokenizer, options));
  }
}

/** Pieces that reach every state the scans replace, and their edges: runs, `&`, quotes, raw text, comments, an unfinished end. */
const PIECES = [
  'Salam dunya ', 'مەتىن', '文本', '\n', ' ', '&amp;', '&lt;', '&#1575;', '&notanentity', '&', '<', '>', '"', "'", '=', '/',
  '<p>', '</p>', '<div class="a b">', '<a href="/x?a=1&amp;b=2">', "<img alt='it&apos;s' src=x>", '<input value="a&b" disabled>',
  '</div>', '<br/>', '<script>if (a < b && c > d) { s = "</p>"; }</script>', '<style>p > a { color: red }</style>',
  '<title>A &amp; B</title>', '<textarea><b>&lt;</textarea>', '<!-- a -- b -->', '<!-->', '<!doctype html>', '<![CDATA[x<y]]>',
  '<?xml version="1.0"?>', '</a', '<script>', '<!--', '<a href="', '<svg><title>t</title></svg>',
];

const pieceHtml = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('the tokenizer scans by indexOf', () => {
  it('applies to the installed htmlparser2, once: every method it replaces is still there', () => {
    // an htmlparser2 upgrade that renames them makes matn parse with the stock tokenizer (slower): this says so
    expect(STOCK_SCANS).not.toBeNull();
    const stock = Object.entries(STOCK_SCANS!);
    const current = (): unknown[] => stock.map(([name]) => (Tokenizer.prototype as unknown as Record<string, unknown>)[name]);
    const installed = current();
    expect(installed.filter((m, k) => m === stock[k][1])).toEqual([]);
    // a second install (every parse calls it) wraps nothing again
    expect(installIndexOfScans()).toBe(true);
    expect(current()).toEqual(installed);
  });

  it("makes the stock tokenizer's callbacks at the same offsets on hand-picked edges", () => {
    const cases = [
      '',
      'only text, no markup at all',
      'text & more text; a lone ampersand',
      '<p>one &amp; two &lt; three</p>tail',
      '<a href="x&amp;y" title=\'q "inner" &quot;\'>link</a>',
      '<script>var s = "<b>" + 1 < 2;</script><p>after</p>',
      '<script>never closed < < <',
      '<!-- comment with - and -- inside --><p>x</p>',
      '<!-- unfinished comment',
      '<p class="unfinished attribute',
      '<p>text then an unfinished end tag</a\n',
      '<title>a &amp; b <i>not a tag</i></title>',
      'mixed مەتىن &#x645; 文本 &nbsp;end',
    ];
    for (const html of cases) expectSameEvents([html]);
  });

  it('makes the same callbacks on any page built from markup pieces, in one write', () => {
    fc.assert(fc.property(pieceHtml, (html) => {
      expectSameEvents([html]);
    }), { numRuns: 400 });
  });

  it('makes the same callbacks when the page arrives in several writes (the remembered `&` belongs to one buffer)', () => {
    const chunked = fc.tuple(pieceHtml, fc.array(fc.nat(), { maxLength: 4 })).map(([html, cuts]) => {
      const at = [...new Set(cuts.map((c) => c % (html.length + 1)))].sort((a, b) => a - b);
      return [0, ...at].map((from, i) => html.slice(from, at[i] ?? html.length));
    });
    fc.assert(fc.property(chunked, (chunks) => {
      expectSameEvents(chunks);
    }), { numRuns: 400 });
    // a `&` remembered in the first buffer lies past the start of the second: forgetting it is needed here
    expectSameEvents(['abc &amp; def', 'ghi jkl <p>x</p>']);
  });

  it('parses again after a reset, with nothing remembered from the page before', () => {
    const textsAfterReset = (tokenizer: typeof Tokenizer): string[] => {
      const texts: string[] = [];
      const parser = new Parser({ ontext: (text) => texts.push(text) }, { ...PARSE_OPTIONS, Tokenizer: tokenizer });
      parser.end('a longer first page whose one & lies late');
      parser.reset();
      parser.end('x&amp;y z');
      return texts;
    };
    expect(textsAfterReset(Tokenizer)).toEqual(textsAfterReset(StockTokenizer));
    expect(textsAfterReset(Tokenizer).slice(-3)).toEqual(['x', '&', 'y z']);
  });
});
