// @ts-check
/**
 * Charset predictions of one corpus as JSONL (`{id, encoding}`), by matn's `detectCharset` or by
 * jschardet alone (its top guess, names mapped the way matn maps them), for the comparison in
 * docs/evaluation.md. Usage, after `npm run build`:
 *
 *   node bench/charset-baseline.js ../shared/corpora/charset-chardet-dev jschardet > out.jsonl
 *   python3 ../shared/tools/score.py --corpus ../shared/corpora/charset-chardet-dev --pred out.jsonl
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jschardet from 'jschardet';
import { detectCharset } from '../dist/index.js';
import { mapDetectorName } from '../dist/encoding/byte-detectors.js';

const [corpus, which = 'matn'] = process.argv.slice(2);
if (!corpus || (which !== 'matn' && which !== 'jschardet')) {
  console.error('usage: node bench/charset-baseline.js CORPUS_DIR [matn|jschardet]');
  process.exit(2);
}
for (const line of readFileSync(path.join(corpus, 'truth.jsonl'), 'utf8').trim().split('\n')) {
  const truth = JSON.parse(line);
  const bytes = readFileSync(path.join(corpus, truth.file));
  const encoding = which === 'jschardet'
    ? mapDetectorName(jschardet.detect(Buffer.from(bytes)).encoding ?? null)
    : detectCharset(bytes).charset;
  console.log(JSON.stringify({ id: truth.id, encoding }));
}
