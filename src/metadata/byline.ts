/**
 * Byline parsing shared by the author finder: cue words that introduce an author name in the
 * scripts we support, and a cutter that keeps only the name (seed 002: the author is found by
 * regular expressions over cue words near the title).
 * @module
 */
import { DEFAULT_METADATA_OPTIONS, type MetadataOptions } from './options.js';

/**
 * Words that introduce the author, whole tokens, followed by `:`/`：` or a space:
 * English `By`/`Written by`/`Author` and Arabic كتب only at the start of a line (in running text they are
 * ordinary words), Chinese 作者/记者/撰稿/撰文/执笔/发文机关 (an issuing office is the
 * author of a notice), Arabic بقلم/كتب/الكاتب, Uyghur مۇخبىر (reporter)/ئاپتور/يازغۇچى/يوللىغۇچى (poster).
 * 来源 (source) is never an author cue: it names the outlet a story was taken from.
 * Chinese cues may follow other Han characters (本报记者, 新京报记者).
 */
export const AUTHOR_CUE_RE =
  /(?:(?:^|\n)[ \t]*(?:[Ww]ritten by|[Bb]y|BY|[Aa]uthor|كتب)|(?:^|[\s|(（【\[·□■])(?:بقلم|الكاتب|مۇخبىر|ئاپتور|يازغۇچى|يوللىغۇچى))(?:\s*[:：]\s*|[ \t]+)|(?:作者|记者|撰稿人?|撰文|执笔人?|发文机关)(?:\s*[:：]\s*|[ \t\u3000]+)/u;

/** Words that introduce an editor: a fallback when no author cue is found (编辑, 责任编辑, مۇھەررىر, المحرر, Edited by). */
export const EDITOR_CUE_RE = /(?:(?:^|\n)[ \t]*(?:[Ee]dited by)|(?:^|[\s|(（【\[·])(?:المحرر|مۇھەررىر|مەسئۇل مۇھەررىر))(?:\s*[:：]\s*|\s+)|(?:责任编辑|编辑|责编)\s*[:：]\s*/u;

/** A reporter's dateline in parentheses after a Chinese story: （姚峰 上海报道）. */
const REPORT_PAREN_RE = /[（(]\s*((?:\p{Script=Han}{2,4}[ \t\u3000]*){1,3}?)[ \t\u3000]+\p{Script=Han}{0,8}?(?:报道|电)\s*[)）]/u;
/** A bracketed name right after a dateline: `2004年7月16日08:19 [ 黄宇 ] 来源：`. */
const NAME_AFTER_DATE_RE = /\d[ \t\u3000]*[\[【][ \t\u3000]*(\p{Script=Han}{2,4}(?:[ \t\u3000]\p{Script=Han}{2,4}){0,3})[ \t\u3000]*[\]】]/u;
/** Names in parentheses closing a Chinese story's last paragraph: （常书香 马丹阳）. */
const SIGN_OFF_PAREN_RE = /[（(][ \t\u3000]*(\p{Script=Han}{2,4}(?:[ \t\u3000]+\p{Script=Han}{2,4}){0,3})[ \t\u3000]*[)）][ \t\u3000]*$/mu;
/** Parenthesised words that end a story but are not names (待续, 未完待续, 全文完, 组图). */
const NOT_SIGN_OFF_RE = /^(?:待续|未完待续|全文完|未完|组图|图文|附图|资料图|图片|视频|完)$/u;
/** A name right before 发表于 / posted (blog and forum entries): `ggjjzhzz 发表于 2005-9-15`. */
const NAME_BEFORE_POSTED_RE = /(?:^|\n)[ \t]*([\p{L}\p{N}_.-]{2,30})[ \t]+(?:发表于|发布于|posted on|posted)[ \t]*[:：]?[ \t]*\d/iu;
/**
 * A blog post's footer or sign-off naming who posted or wrote it: `由海姑娘张贴 @ 2005-06-12`,
 * `由 ggjj 发表于 2005-9-15`, `海姑娘写于2005年6月12日` (the name right before 写于 and a date).
 */
const NAME_POSTED_BY_RE = /(?:^|[\s\]】>])由[ \t\u3000]*([\p{L}\p{N}_.-]{2,20}?)[ \t\u3000]*(?:张贴|发表|发帖)|(?:^|[\s—-])(\p{Script=Han}{2,4})写于[ \t\u3000]*\d/u;

/** A line that is only a Chinese name: 2–4 Han characters, single spaces allowed between them (赵 培). */
const BARE_HAN_NAME_RE = /^\p{Script=Han}(?:[ \u3000]?\p{Script=Han}){1,3}$/u;
const NAME_SPACE_RE = /[ \u3000]/gu;
/**
 * Short words that stand alone on a line near a headline but are not names: section labels,
 * page furniture and the parts of an essay (正文, 分享, 前言, 摘要, 编者按, ...).
 */
const NOT_NAME_WORDS: ReadonlySet<string> = new Set([
  '正文', '首页', '返回', '关闭', '打印', '分享', '分享到', '收藏', '评论', '发表评论', '推荐', '转发', '举报', '纠错', '字号', '大中小',
  '相关新闻', '相关阅读', '相关文章', '延伸阅读', '热门文章', '最新文章', '最新评论', '最新回复', '热门评论', '网友评论', '上一篇', '下一篇', '上一页', '下一页', '更多', '查看原文',
  '前言', '序言', '序', '引言', '引子', '导言', '导读', '摘要', '提要', '内容提要', '编者按', '按语', '目录', '简介', '附录', '注释',
  '参考文献', '后记', '结语', '尾声', '全文', '原文', '图片', '视频', '音频', '组图', '专题', '要闻', '新闻', '快讯', '公告', '通知',
  '来源', '作者', '记者', '编辑', '责任编辑', '本报讯', '完', '全文完', '未完待续', '待续',
]);

/**
 * True when a whole line is a bare Chinese name, as essays sign under their headline (`胡平` on the
 * line after `犬儒病`): 2–4 Han characters, single spaces allowed, not a furniture or section word.
 * @example isBareName('胡平'); // true
 * @example isBareName('赵 培'); // true
 * @example isBareName('前言'); // false
 */
export function isBareName(line: string): boolean {
  const trimmed = line.trim();
  return BARE_HAN_NAME_RE.test(trimmed) && !NOT_NAME_WORDS.has(trimmed.replace(NAME_SPACE_RE, ''));
}

/** Characters that end a name and are dropped (a separator, a digit, the next field). */
const NAME_STOP_RE = /[:：|·•،,;؛/\d，。、；（）()【】\[\]「」『』<>]/u;
/** Characters a name never contains: a name with them is markup or code, not a name. */
const NOT_NAME_RE = /[=<>{}"@#]|https?:|www\./iu;
/** Words that end the name and are dropped: the place or photo note after it (上海报道, 摄). */
const NAME_END_WORD_RE = /(?:报道|摄影?|来源|编辑|责编|通讯员|发自|供稿)$/u;
/** Words that start the next credit or date after an English name and are dropped (`Edited by`, `Updated`). */
const NAME_END_LATIN_RE = /^(?:edited|updated|published|posted|reviewed|translated|photos?|photographs?|illustrations?)$/iu;
const LABEL_COLON_RE = /^[:：]$/u;
/** A Latin-script nickname or initials in parentheses inside a name: `(R.J.)`, `(Brad)`. */
const INNER_NICKNAME_RE = /^\(\p{Script=Latin}[\p{Script=Latin}.'’-]*\)$/u;
const TRAILING_NICKNAME_RE = /(?:\s+\(\p{Script=Latin}[\p{Script=Latin}.'’-]*\))+$/u;
const LEADING_BY_RE = /^(?:written by|by)\s+/iu;
const WORD_SPLIT_RE = /[ \t\u00a0\u3000]+/u;
const SINGLE_HAN_RE = /^\p{Script=Han}$/u;
const HAS_LETTER_RE = /\p{L}.*\p{L}|\p{Script=Han}/u;

/** How long a name may be: the `maxNameWords` and `maxNameChars` of {@link MetadataOptions}. */
export type NameLimits = Readonly<Required<Pick<MetadataOptions, 'maxNameWords' | 'maxNameChars'>>>;

/**
 * Keeps the name at the start of a byline fragment: words on its first line up to the next label
 * (a word with a colon), separator, comma, bracket or digit, at most `maxNameWords` words.
 * Returns null when nothing name-like is left (no two letters, markup, a URL).
 * @example cutName('Miriam Okafor · April 22, 2019'); // 'Miriam Okafor'
 * @example cutName('王丽 责任编辑：张强'); // '王丽'
 * @example cutName('彭冲 山东冠县报道'); // '彭冲'
 * @example cutName('Rob Ewaschuk Edited by Betsy Beyer'); // 'Rob Ewaschuk'
 * @example cutName('Richard (R.J.) Eskow'); // 'Richard (R.J.) Eskow'
 */
export function cutName(fragment: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  const line = fragment.replace(LEADING_BY_RE, '').trim().split('\n')[0];
  const words: string[] = [];
  for (const word of line.trim().split(WORD_SPLIT_RE)) {
    if ((NAME_END_WORD_RE.test(word) || NAME_END_LATIN_RE.test(word)) && words.length > 0) break;
    if (INNER_NICKNAME_RE.test(word) && words.length > 0) {
      words.push(word); // Richard (R.J.) Eskow: initials or a nickname in parentheses inside a Latin name
      continue;
    }
    const stop = NAME_STOP_RE.exec(word);
    if (stop) {
      // `word:` after a name is the next label (责任编辑：, كۆرۈلۈشى:), not part of the name.
      const head = word.slice(0, stop.index);
      const isLabel = LABEL_COLON_RE.test(stop[0]) && words.length > 0;
      if (head !== '' && !isLabel) words.push(head);
      break;
    }
    words.push(word);
    if (words.length >= limits.maxNameWords) break;
  }
  // Two-character Chinese names are often spaced for alignment (赵 培): single Han characters join up.
  const joined = words.every((w) => SINGLE_HAN_RE.test(w)) ? words.join('') : words.join(' ');
  // a nickname kept only inside a name: `Jane (J.R.)` at the end is cut back to `Jane`
  const name = joined.replace(TRAILING_NICKNAME_RE, '').trim();
  if (name === '' || name.length > limits.maxNameChars || NOT_NAME_RE.test(name) || !HAS_LETTER_RE.test(name)) return null;
  return name;
}

/** The name after the first match of `cue` in `text`, trying later matches when one gives no name. */
function nameAfter(cue: RegExp, text: string, limits: NameLimits): string | null {
  let rest = text;
  for (let guard = 0; guard < 8; guard++) {
    const m = cue.exec(rest);
    if (!m) return null;
    rest = rest.slice(m.index + m[0].length);
    const name = cutName(rest, limits);
    if (name) return name;
  }
  return null;
}

/**
 * The name after the first author cue in `text`, or null.
 * @example nameAfterCue('2015-11-03 来源：晨光日报 作者：王丽 责任编辑：张强'); // '王丽'
 */
export function nameAfterCue(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  return nameAfter(AUTHOR_CUE_RE, text, limits);
}

/**
 * The name after the first editor cue in `text`, or null.
 * @example nameAfterEditorCue('来源：新闻晨报\n编辑：山石'); // '山石'
 */
export function nameAfterEditorCue(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  return nameAfter(EDITOR_CUE_RE, text, limits);
}

/**
 * A name given without a cue word before it: a Chinese reporter's dateline in parentheses
 * (`（姚峰 上海报道）`), the name before 发表于/posted (`ggjjzhzz 发表于 2005-9-15`), or a blog
 * footer's poster (`由海姑娘张贴 @`, `海姑娘写于2005年6月12日`).
 * @example nameInDateline('……的过程吗？（姚峰 上海报道）'); // '姚峰'
 */
export function nameInDateline(text: string, limits: NameLimits = DEFAULT_METADATA_OPTIONS): string | null {
  for (const re of [REPORT_PAREN_RE, NAME_AFTER_DATE_RE, NAME_BEFORE_POSTED_RE, NAME_POSTED_BY_RE]) {
    const m = re.exec(text);
    const name = m ? cutName(m[1] ?? m[2], limits) : null;
    if (name) return name;
  }
  return null;
}

/**
 * Names in parentheses at the end of a line, as Chinese stories sign off (`（常书香 马丹阳）`), or null.
 * Several names are kept as the page lists them.
 * @example nameInSignOff('……过一个廉洁的新春佳节。（常书香 马丹阳 ）'); // '常书香 马丹阳'
 */
export function nameInSignOff(text: string): string | null {
  const m = SIGN_OFF_PAREN_RE.exec(text);
  if (!m || NOT_SIGN_OFF_RE.test(m[1])) return null;
  return m[1].trim().replace(/[ \t\u3000]+/gu, ' ');
}
