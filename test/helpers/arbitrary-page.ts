/**
 * Random small pages for property tests: nested elements of a few tags (inline, block, void, hidden,
 * dropped), attributes that hide or not, and words in several scripts with whitespace and entities.
 */
import fc from 'fast-check';

const TAGS = ['div', 'p', 'span', 'a', 'b', 'li', 'ul', 'td', 'tr', 'table', 'h1', 'br', 'img', 'script', 'style', 'noscript', 'title', 'svg', 'head'];
const ATTRIBUTES = ['', ' href="/x"', ' hidden', ' style="display:none"', ' style="color:red"', ' aria-hidden="true"', ' class="c"'];
const WORDS = ['word', '中文。', 'ئۇيغۇر،', 'عربي؟', '  ', '\n', '&nbsp;', '&amp;', '(x)', '…', '😀', 'a.b', '\u3000'];

const arbitraryText = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((words) => words.join(''));
const { tree } = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    arbitraryText,
    fc
      .tuple(fc.constantFrom(...TAGS), fc.constantFrom(...ATTRIBUTES), fc.array(tie('tree'), { maxLength: 4 }), fc.boolean())
      .map(([tag, attributes, children, close]) => `<${tag}${attributes}>${children.join('')}${close ? `</${tag}>` : ''}`),
    fc.constant('<!-- comment -->'),
  ),
}));
export const arbitraryPage = fc.array(tree, { maxLength: 5 }).map((parts) => parts.join(''));
