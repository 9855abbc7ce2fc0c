/**
 * Cue words of forum posts: the words of a quote's header ("X wrote:", "Quote from: X", "اقتباس",
 * "引用") and of a post's byline ("Posted by X on …", "发表于", "يوللىغۇچى"), one vocabulary per meaning,
 * each split by language (primary subtag; `*` holds words shared by several). Never one engine's own
 * wording: the words any board in the language uses for the meaning. Matched whole, lower-cased, in
 * short header lines only; Han words also inside a run of Han characters (the script writes no
 * spaces: "以下是引用X在…的发言").
 * @module
 */

/** Words that announce text quoted from another post: "quote", "wrote", "said". */
export const QUOTE_CUES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  en: ['quote', 'quoting', 'quoted', 'wrote', 'writes', 'said', 'says', 'originally'],
  de: ['zitat', 'schrieb'],
  fr: ['citation', 'écrit'],
  es: ['cita', 'escribió', 'dijo'],
  it: ['citazione', 'scritto'],
  tr: ['alıntı', 'yazdı'],
  ar: ['اقتباس', 'مقتبس', 'كتب', 'قال', 'نقل'],
  fa: ['نقل', 'قول', 'نوشت', 'نوشته', 'گفت'],
  ug: ['نەقىل', 'يازدى', 'يازغان', 'دېدى'],
  ru: ['цитата', 'писал', 'писала', 'написал', 'написала', 'пишет', 'сообщение'],
  zh: ['引用', '写道', '寫道', '说', '說'],
});

/** Words of a post's byline around the poster's name and the date: "posted by", "on", "at", "reply". */
export const POSTED_CUES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  en: ['posted', 'by', 'on', 'at', 'in', 'from', 'comment', 'commented', 'reply', 'replied', 'am', 'pm'],
  de: ['von', 'um', 'am', 'geschrieben', 'antwort'],
  fr: ['par', 'le', 'de', 'a', 'posté', 'réponse'],
  es: ['por', 'el', 'de', 'publicado', 'respuesta'],
  it: ['da', 'il', 'pubblicato', 'risposta'],
  tr: ['tarafından', 'gönderen', 'cevap'],
  ar: ['من', 'في', 'بواسطة', 'نشر', 'نشرت', 'أرسل', 'رد', 'مشاركة'],
  fa: ['از', 'در', 'توسط', 'ارسال', 'شده', 'پاسخ'],
  ug: ['يوللىغۇچى', 'يوللانغان', 'يوللىدى', 'جاۋاب', 'ۋاقىت'],
  ru: ['от', 'в', 'автор', 'опубликовано', 'добавлено', 'отправлено', 'ответ', 'ответить'],
  zh: ['发表于', '發表於', '发表', '發表', '回复', '回覆', '作者', '于', '於'],
});

/** Every word of a cue vocabulary, lower-cased, in one set. */
export function cueWordSet(...vocabularies: readonly Readonly<Record<string, readonly string[]>>[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const v of vocabularies) for (const words of Object.values(v)) for (const w of words) out.add(w.toLowerCase());
  return Object.freeze(out);
}

/** Every quote cue word, lower-cased. */
export const QUOTE_CUE_WORDS: ReadonlySet<string> = cueWordSet(QUOTE_CUES);

const HAN = /\p{Script=Han}/u;
const WORD_SPLIT = /[^\p{L}\p{M}]+/u;
/** The Han quote cues of two characters or more, found inside a run of Han characters ("说" alone is too common a character). */
const HAN_QUOTE_CUES: readonly string[] = [...QUOTE_CUE_WORDS].filter((w) => HAN.test(w) && w.length > 1);

/**
 * True when a short header line holds a quote cue word ("Tom wrote:", "Quote from: Tom", "اقتباس من",
 * "Цитата", "以下是引用小王在…的发言"): as a whole word, or, for Han words of two characters or more,
 * inside the line.
 * @category Threads
 */
export function hasQuoteCue(line: string): boolean {
  for (const w of line.toLowerCase().split(WORD_SPLIT)) if (QUOTE_CUE_WORDS.has(w)) return true;
  return HAN.test(line) && HAN_QUOTE_CUES.some((w) => line.includes(w));
}

/** `word` without the Han quote cues it holds ("以下是引用小王在" → "以下是小王在"): the rest of a Han header. */
export function stripQuoteCues(word: string): string {
  if (!HAN.test(word)) return word;
  let out = word;
  for (const w of HAN_QUOTE_CUES) out = out.split(w).join('');
  return out;
}
