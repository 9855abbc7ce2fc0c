/**
 * The byline grammar's words, per role and language: cues before a name, words after it, words that
 * are never a name. Whole-token matching, lower-cased where the script has case.
 * @module
 */

/**
 * "By" words that are ordinary words in running text (`by`, `von`, `par`, `por`, `di`, `door`, `av`,
 * `przez`, `oleh`, `ni`, كتب, ...) and the verbs of a post's credit line (`posted by`, `erstellt von`,
 * `publié par`, `scritto da`): a cue only at the start of a line or after a field separator
 * (`yas! | By Cara Stiles | April 13`), and then the name after it must not start with a lower-case letter
 * (`Por qué…`, `By the way` are not bylines).
 * @category Metadata
 */
export const LINE_START_AUTHOR_CUES: readonly string[] = [
  'written by', 'words by', 'text by', 'story by', 'reporting by', 'posted by', 'published by', 'by', // en
  'von', 'text von', 'erstellt von', 'eingestellt von', 'gespeichert von', 'verfasst von', 'geschrieben von', 'veröffentlicht von', 'beitrag von', // de
  'par', 'écrit par', 'rédigé par', 'publié par', // fr
  'por', 'escrito por', 'publicado por', // es, pt
  'di', 'a cura di', 'scritto da', 'pubblicato da', // it
  'door', 'tekst', 'geschreven door', // nl
  'av', 'af', 'text', // sv, no, da
  'przez', // pl
  'oleh', // id, ms
  'ni', // tl
  'bởi', // vi
  'โดย', // th
  'كتب', 'كتبت', // ar: wrote
  'מאת', // he
];

/**
 * Nouns naming the author (`Author`, `Autor`, `Auteur`, `Автор`, `Yazar`, `Penulis`, `Tác giả`,
 * نویسنده, ... and their plurals): a cue at the start of a line (the name after it, or alone on its line with
 * the name on the next: `Autoren` / `Jelko Djuren`), and anywhere after a non-letter when a colon follows
 * (`… | Autor: Jan Nowak`).
 * @category Metadata
 */
export const AUTHOR_NOUN_CUES: readonly string[] = [
  'author', 'authors', 'autor', 'autorin', 'autoren', 'autorinnen', 'autora', 'autores', 'autoras', 'autore', 'autori', 'autrice',
  'autorka', 'autorzy', 'auteur', 'auteure', 'auteurs', 'forfatter', 'författare', 'schrijver', 'yazar', 'yazarlar', 'yazan',
  'penulis', 'tác giả', 'ผู้เขียน', 'автор', 'авторы', 'автори', 'аўтар', 'συντάκτης',
  'συγγραφέας', 'نویسنده', 'مصنف', 'लेखक', 'लेखिका',
];

/**
 * Cues that are no ordinary words, anywhere after a non-letter and before a space or a colon:
 * Arabic بقلم/الكاتب, Uyghur مۇخبىر (reporter)/ئاپتور/يازغۇچى/يوللىغۇچى (poster); Chinese and Japanese
 * 作者/记者/記者/撰稿/撰文/执笔/筆者/著者/发文机关 (an issuing office is the author of a notice), which may
 * follow other Han characters (本报记者, 新京报记者). 来源 (source) is never an author cue: it names the
 * outlet a story was taken from.
 * @category Metadata
 */
export const AUTHOR_MARK_CUES: readonly string[] = ['بقلم', 'الكاتب', 'مۇخبىر', 'ئاپتور', 'يازغۇچى', 'يوللىغۇچى'];
/**
 * Chinese cues written with a slash or a bar before the name (`文/王丽`, `撰文 | 王丽`, `文字／王丽`): 文 alone
 * is a cue only so, and only when no Han character comes before it (`中文/英文` is no byline).
 * @category Metadata
 */
export const HAN_SLASH_AUTHOR_CUES: readonly string[] = ['文', '撰文', '文字', '作者'];
/**
 * Roles a Han word ends in before the name it introduces (`新华社记者 王丽`, `本报通讯员 张强`), or that name a
 * paper's staff without a person (`本报评论员`): never a name themselves.
 * @category Metadata
 */
export const HAN_ROLE_WORDS: readonly string[] = ['记者', '記者', '通讯员', '通訊員', '评论员', '評論員', '特约撰稿人', '特約撰稿人'];
/** The CJK part of {@link AUTHOR_MARK_CUES}: they may follow other Han characters. @category Metadata */
export const HAN_AUTHOR_CUES: readonly string[] = ['作者', '记者', '記者', '撰稿人', '撰稿', '撰文', '执笔人', '执笔', '筆者', '著者', '发文机关'];

/**
 * Nouns naming the editorial staff or editor before a colon (`Redaktion: Eberhard Fuhr`): the editor
 * cue's European part, a fallback when no author cue names anyone.
 * @category Metadata
 */
export const EDITOR_NOUN_CUES: readonly string[] = ['redaktion', 'rédaction', 'redacción', 'redação', 'redazione', 'redactie', 'redakcja', 'редакция', 'editor'];

/**
 * Words that follow the name of who posted an entry, before its date (`NAME 发表于 2005-9-15`,
 * `由NAME张贴 @ 2005-06-12`, `NAME写于2005年6月12日`, `NAME posted on 3/4/2019`).
 * @category Metadata
 */
export const POSTED_SUFFIX_CUES: readonly string[] = [
  '发表于', '發表於', '发布于', '發佈於', '张贴', '張貼', '发帖', '發帖', '写于', '寫於', 'posted on', 'posted at', 'posted',
];
/**
 * Words that follow a reporter's name and close the clause: Chinese 报道/電 after an optional
 * place (`（NAME 上海报道）`), Korean 기자 (`NAME 기자 =`).
 * @category Metadata
 */
export const REPORTED_SUFFIX_CUES: readonly string[] = ['报道', '報導', '報道', '电', '電', '기자'];

/**
 * Lower-case words that belong to a personal name written in a cased script (`Ursula von der Leyen`,
 * `Ludwig van Beethoven`, `Giovanni della Casa`, `Omar bin Ali`): any other lower-case word after the
 * first ends the name (`Fabian am Dienstag`, `Richard David Precht im Gespräch`, `jane on March 3`).
 * @category Metadata
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'von', 'vom', 'zu', 'zum', 'zur', 'van', 'der', 'den', 'ter', 'ten', 'de', 'del', 'della', 'delle', 'dei', 'di', 'da', 'das', 'do',
  'dos', 'du', 'la', 'le', 'lo', 'y', 'i', 'e', 'af', 'av', 'bin', 'binti', 'ibn', 'bint', 'al', 'el', 'ben', 'st.', 'mac',
]);

/**
 * Short words that stand alone on a line near a headline but are not names: section labels,
 * page furniture and the parts of an essay (正文, 分享, 前言, 摘要, 编者按, ...).
 * @category Metadata
 */
export const NOT_NAME_WORDS: ReadonlySet<string> = new Set([
  '正文', '首页', '返回', '关闭', '打印', '分享', '分享到', '收藏', '评论', '发表评论', '推荐', '转发', '举报', '纠错', '字号', '大中小',
  '相关新闻', '相关阅读', '相关文章', '延伸阅读', '热门文章', '最新文章', '最新评论', '最新回复', '热门评论', '网友评论', '上一篇', '下一篇', '上一页', '下一页', '更多', '查看原文',
  '前言', '序言', '序', '引言', '引子', '导言', '导读', '摘要', '提要', '内容提要', '编者按', '按语', '目录', '简介', '附录', '注释',
  '参考文献', '后记', '结语', '尾声', '全文', '原文', '图片', '视频', '音频', '组图', '专题', '要闻', '新闻', '快讯', '公告', '通知',
  '来源', '作者', '记者', '编辑', '责任编辑', '本报讯', '完', '全文完', '未完待续', '待续', '未完', '图文', '附图', '资料图', '最新', '热门',
]);

/**
 * News agencies: standing alone, an agency is the story's source, not its author (`AFP`, `Reuters`,
 * 新华社). Lower-cased.
 * @category Metadata
 */
export const NEWS_AGENCIES: ReadonlySet<string> = new Set([
  'afp', 'agence france-presse', 'ap', 'associated press', 'the associated press', 'reuters', 'thomson reuters', 'dpa', 'efe', 'ansa',
  'apa', 'sda', 'anp', 'belga', 'epa', 'upi', 'pti', 'ians', 'ani', 'bernama', 'antara', 'kyodo', 'kyodo news', 'yonhap', 'xinhua',
  'europa press', 'ritzau', 'tt', 'ntb', 'stt', 'ctk', 'čtk', 'pap', 'mti', 'hina', 'tanjug', 'bta', 'agerpres', 'ukrinform', 'unian', 'notimex', 'telam', 'télam', 'agência brasil', 'lusa', 'anadolu', 'anadolu ajansı', 'aa', 'tass', 'ria novosti',
  'тасс', 'итар-тасс', 'риа новости', 'интерфакс', 'укрінформ', 'уніан', 'унн', 'вна', 'wam', 'spa', 'mena', 'kuna', 'petra', 'sana',
  'irna', 'isna', 'واس', 'وام', 'كونا', 'بترا', 'سانا', 'إرنا', 'ايرنا', 'ایرنا', 'ایسنا', 'وكالة الأنباء الفرنسية', 'رويترز',
  'أسوشيتد برس', 'الأناضول', '新华社', '新華社', '中新社', '中新网', '中國新聞社', '中央社', '法新社', '路透社', '美联社', '美聯社', '共同社', '韩联社', '塔斯社',
  '共同通信', '時事通信', '연합뉴스', '뉴시스', '뉴스1',
]);

/**
 * Rank and role labels forums and blogs show beside a login (`Administrator`, `Senior Member`,
 * 版主, 注册会员, مشرف, Модератор), and what they show for no one (`Unknown`, `Anonymous`): never a name. Lower-cased.
 * @category Metadata
 */
export const RANK_LABELS: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'site admin', 'moderator', 'super moderator', 'global moderator', 'mod', 'member', 'members', 'junior member',
  'senior member', 'full member', 'new member', 'active member', 'registered user', 'registered', 'newbie', 'guest', 'user', 'staff',
  'editor', 'contributor', 'subscriber', 'anonymous', 'unregistered', 'unknown', 'unbekannt', 'anonym', 'anonyme', 'anónimo', 'anonimo', 'inconnu',
  '管理员', '管理員', '超级版主', '版主', '会员', '會員', '注册会员', '註冊會員', '新手上路', '初级会员', '中级会员', '高级会员', '游客', '匿名',
  'مشرف', 'المشرف', 'مدير', 'المدير', 'عضو', 'عضو جديد', 'عضو مميز', 'زائر', 'مدیر', 'کاربر', 'مهمان',
  'администратор', 'модератор', 'участник', 'пользователь', 'гость', 'новичок',
  'yönetici', 'moderatör', 'üye', 'yeni üye', 'ziyaretçi', 'administrateur', 'modérateur', 'membre', 'invité', 'administrador', 'moderador',
  'miembro', 'invitado', 'mitglied', 'gast', 'باشقۇرغۇچى', 'ئەزا', 'يېڭى ئەزا', 'مېھمان',
]);
