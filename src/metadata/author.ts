import type { AnalyzedDocument } from '../analysis/types.js';
import { cutName, nameAfterCue } from './byline.js';
import { attributeOf, classTokensOf, collapseWhitespace } from './elements.js';
import { field, type Field } from './field.js';
import { firstMeta, type MetaTags } from './meta-tags.js';

const AUTHOR_META_KEYS = ['author', 'article:author', 'dc.creator', 'parsely-author', 'sailthru.author', 'byl'] as const;
/** Class/itemprop tokens of elements holding the author (whole tokens, never substrings). */
const AUTHOR_TOKENS: ReadonlySet<string> = new Set([
  'author', 'byline', 'by-line', 'writer', 'reporter', 'post-author', 'entry-author', 'article-author', 'author-name', 'vcard',
]);
const URL_RE = /^(?:https?:)?\/\//iu;
/** Characters of visible text after the title heading searched for a byline cue. */
const BYLINE_WINDOW = 400;

function fromElements(doc: AnalyzedDocument): Field<string> | null {
  const { size, tag } = doc.index;
  for (let id = 0; id < size; id++) {
    if (tag[id] === '' || doc.index.excluded[id] === 1) continue;
    const rel = attributeOf(doc, id, 'rel');
    const itemprop = attributeOf(doc, id, 'itemprop');
    const isAuthor = rel === 'author' || itemprop === 'author' || classTokensOf(doc, id).some((t) => AUTHOR_TOKENS.has(t));
    if (!isAuthor) continue;
    const text = collapseWhitespace(doc.textOf(id));
    const name = nameAfterCue(` ${text}`) ?? cutName(text);
    if (name) return field(name, rel === 'author' ? 'rel=author' : 'element', id);
  }
  return null;
}

/**
 * Finds the author of an article page: a `<meta name="author">`-like tag, else an element marked as
 * the author (`rel=author`, `itemprop=author`, class `author`/`byline`/...), else a cue word
 * (`By`, 作者, بقلم, مۇخبىر, ...) in the visible text after `start` (the title heading's text offset).
 * For forum threads the pipeline takes the first post's author instead.
 * @category Metadata
 */
export function extractAuthor(doc: AnalyzedDocument, meta: MetaTags, start = 0): Field<string> | null {
  const fromMeta = firstMeta(meta, AUTHOR_META_KEYS);
  if (fromMeta && !URL_RE.test(fromMeta.value)) {
    const name = cutName(fromMeta.value);
    if (name) return field(name, `meta:${fromMeta.key}`);
  }
  const fromElement = fromElements(doc);
  if (fromElement) return fromElement;
  const name = nameAfterCue(` ${doc.text.slice(start, start + BYLINE_WINDOW)}`);
  return name ? field(name, 'text') : null;
}
