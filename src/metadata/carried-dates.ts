/**
 * Dates a page carries outside its visible text and its declarations, read only when nothing else dates
 * it: the publication field of the data its scripts render (`"published_at": "2019-03-02T06:22:28+01:00"`
 * in a shop's product JSON), a short inline script that writes a date where it stands
 * (`<script>showDate("2020/04/17 01:43:09")</script>`), the date path of its images' addresses
 * (`/files/2016/05/04/report-og.png`), its description (`… (Notizia del 14 Gennaio 2020)`).
 * @module
 */
import type { AnalyzedDocument } from '../analysis/types.js';
import { findElements } from '../analysis/tag-index.js';
import { wordAlternation } from '../vocabulary/alternation.js';
import { PUBLISHED_DATA_KEYS } from '../vocabulary/metadata-tokens.js';
import { firstDate, isPossible, optionsOf, type DateContext } from './date-context.js';
import { rawTextOf } from './elements.js';
import { field, type Field } from './field.js';
import type { MetaTags } from './meta-tags.js';
import { readUrlDate } from './url-date.js';

const SCRIPT_TAG: ReadonlySet<string> = new Set(['script']);
const BODY_TAG: ReadonlySet<string> = new Set(['body']);
/** A publication key of script data and its string value: `"published_at": "…"`, `\"publishedAt\":\"…\"`. */
const DATA_KEY_RE = new RegExp(`\\\\?"(?:${wordAlternation(PUBLISHED_DATA_KEYS)})\\\\?"\\s*:\\s*\\\\?"([^"\\\\]{8,40})\\\\?"`, 'iu');
/** Metas holding the page's images. */
const IMAGE_META_KEYS = ['og:image', 'twitter:image', 'og:image:url', 'image'] as const;
const DESCRIPTION_META_KEYS = ['description', 'og:description', 'twitter:description'] as const;

/** The first publication value in the data of the page's scripts (JSON-LD is read elsewhere). */
function fromScriptData(doc: AnalyzedDocument, context: DateContext): Field<string> | null {
  for (const id of findElements(doc.index, SCRIPT_TAG)) {
    const m = DATA_KEY_RE.exec(rawTextOf(doc, id));
    const iso = m ? firstDate(m[1], context) : null;
    if (iso) return field(iso, 'script:data', id);
  }
  return null;
}

/** The date a short inline script in the body writes where it stands. */
function fromInlineScript(doc: AnalyzedDocument, context: DateContext): Field<string> | null {
  const body = findElements(doc.index, BODY_TAG, 1)[0];
  if (body === undefined) return null;
  for (const id of findElements(doc.index, SCRIPT_TAG)) {
    if (id < body || id >= doc.index.subtreeEnd[body]) continue;
    const code = rawTextOf(doc, id);
    const iso = code.length <= optionsOf(context).inlineScriptMaxChars ? firstDate(code, context) : null;
    if (iso) return field(iso, 'script', id);
  }
  return null;
}

function fromMetaValues(meta: MetaTags, keys: readonly string[], read: (value: string) => string | null, source: string): Field<string> | null {
  for (const key of keys) {
    for (const value of meta.get(key) ?? []) {
      const iso = read(value);
      if (iso) return field(iso, `${source}:${key}`);
    }
  }
  return null;
}

/**
 * A date the page carries but neither declares nor shows: script data's publication field, then a date
 * an inline script writes, then the date path of an image's address, then a date in the description.
 */
export function findCarriedDate(doc: AnalyzedDocument, meta: MetaTags, context: DateContext): Field<string> | null {
  const imageDay = (url: string): string | null => {
    const day = readUrlDate(url).day;
    return day !== null && isPossible(day, context) ? day : null;
  };
  return fromScriptData(doc, context) ?? fromInlineScript(doc, context)
    ?? fromMetaValues(meta, IMAGE_META_KEYS, imageDay, 'image')
    ?? fromMetaValues(meta, DESCRIPTION_META_KEYS, (value) => firstDate(value, context), 'description');
}
