// Hand-written Q&A page layouts (and look-alikes that are not Q&A) for the thread-kind tests. The
// class names are made up: no engine uses them, so kinds must come from the structure.

const shell = (title: string, inner: string, lang = 'en', dir = 'ltr', head = '') =>
  `<html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>` +
  `<div class="tp"><a href="/">Home</a> <a href="/questions">Questions</a> <a href="/tags">Tags</a> <a href="/login">Log in</a></div>` +
  `<div class="mn">${inner}</div>` +
  `<div class="bt"><p>All content is shared by its writers under a free licence.</p><a href="/about">About</a> <a href="/help">Help</a></div></body></html>`;

export interface QaCase {
  readonly name: string;
  readonly html: string;
  /** Question then answers (then nested comments, in page order): [author, day, first words of text]. */
  readonly posts: readonly (readonly [string, string, string])[];
}

const EN_Q = 'I have a large text file and I want to read it one line at a time without loading it all in memory. What is the usual way to do that in Node?';
const EN_A = [
  'Use the readline module with a stream from fs.createReadStream, and iterate over it with for await. It keeps memory flat whatever the size of the file.',
  'If the lines are short you can also read chunks yourself and split on the newline, keeping the last partial line for the next chunk.',
  'For a quick script, reading the whole file and splitting it is fine up to a few hundred megabytes.',
];
const EN_C = ['Does this also work on Windows line endings?', 'Yes, readline handles CRLF as well.'];

/** StackExchange-like: the question above the answer list, a vote box per post, an answer count, comments under posts. */
export function votedEnglish(): QaCase {
  const post = (id: string, votes: number, text: string, verb: string, user: string, uid: number, day: number, notes: string) =>
    `<div class="cell-row"><div class="tally"><button>▲</button><span class="nbr">${votes}</span><button>▼</button></div>` +
    `<div class="cell-main"><div class="words"><p>${text}</p></div>` +
    `<div class="signed">${verb} <span class="stamp" title="2021-03-${day}T10:12">Mar ${day}, 2021 at 10:12</span> <a href="/people/${uid}/${user}">${user}</a></div>` +
    `${notes}</div></div>`;
  const notes = (items: readonly [string, string, number][]) =>
    items.length === 0
      ? ''
      : `<ul class="remarks">${items.map(([t, u, d]) => `<li class="remark"><span class="remark-text">${t}</span> – <a href="/people/9/${u}">${u}</a> <span class="stamp">Mar ${d}, 2021 at 18:40</span></li>`).join('')}</ul>`;
  const question = `<div class="ask" id="q5531"><h1>How can I read a big file line by line?</h1>${post('q', 14, EN_Q, 'asked', 'aygul', 31, 11, notes([[EN_C[0], 'ivan', 12], [EN_C[1], 'salma', 12]]))}</div>`;
  const answers = [
    [41, EN_A[0], 'tursun', 12],
    [9, EN_A[1], 'salma', 13],
    [2, EN_A[2], 'ivan', 15],
  ] as const;
  const list = answers.map(([v, t, u, d], n) => `<div class="reply-card" id="a${7700 + n}">${post('a', v, t, 'answered', u, 40 + n, d, '')}</div>`).join('');
  return {
    name: 'voted English layout with comments under the question',
    html: shell('How can I read a big file line by line?', `${question}<h2 class="cnt">3 Answers</h2>${list}`),
    posts: [
      ['aygul', '2021-03-11', 'I have a large text file'],
      ['ivan', '2021-03-12', 'Does this also work'],
      ['salma', '2021-03-12', 'Yes, readline handles'],
      ['tursun', '2021-03-12', 'Use the readline module'],
      ['salma', '2021-03-13', 'If the lines are short'],
      ['ivan', '2021-03-15', 'For a quick script'],
    ],
  };
}

const ZH_Q = '家里的老人最近总是睡不好，晚上醒来好几次，白天又没有精神。有没有什么不吃药的好办法？';
const ZH_A = [
  '先看看睡前是不是喝了浓茶或者咖啡，下午以后最好都不要喝。每天固定时间起床，比固定时间睡觉更重要。',
  '白天多出门走一走，晒晒太阳，晚上自然就困了。我外婆就是这样慢慢好起来的。',
  '如果一直这样，还是去医院看看比较好，有些睡眠问题需要医生判断。',
  '睡前用热水泡脚，对我们家老人挺有用的。',
];

/** Zhihu-like (Chinese): the question head apart from the answer list, an answer count inside the list, "赞同 N" per answer. */
export function zhihuLike(): QaCase {
  const people = ['林小雨', '王大山', '陈医生', '赵阿姨'];
  const votes = [356, 120, 87, 3];
  const items = ZH_A.map(
    (t, n) =>
      `<div class="huida"><div class="ren"><a href="/people/u${n + 10}">${people[n]}</a><span class="jianjie">生活爱好者</span></div>` +
      `<div class="neirong"><p>${t}</p></div>` +
      `<div class="dibu"><button class="zan">赞同 ${votes[n]}</button><span class="shijian">发布于 2020-05-0${n + 2} 10:0${n}</span></div></div>`,
  ).join('');
  const head = `<div class="wenti"><h1>老人晚上睡不好怎么办？</h1><div class="xiangqing"><p>${ZH_Q}</p></div>` +
    `<div class="wenti-ft"><a href="/people/u3">小明妈妈</a> 提问于 2020-05-01 08:30</div></div>`;
  return {
    name: 'Zhihu-like Chinese layout',
    html: shell('老人晚上睡不好怎么办？', `${head}<div class="huida-lb"><div class="shu">4 个回答</div>${items}</div>`, 'zh'),
    posts: [
      ['小明妈妈', '2020-05-01', '家里的老人'],
      ...ZH_A.map((t, n) => [people[n], `2020-05-0${n + 2}`, t.slice(0, 6)] as const),
    ],
  };
}

const AR_Q = 'أريد أن أتعلم البرمجة من البداية ولا أعرف من أين أبدأ. هل أبدأ بلغة سهلة أم بلغة مشهورة في سوق العمل؟';
const AR_A = [
  'ابدأ بلغة بايثون لأنها سهلة القراءة وتسمح لك بالتركيز على طريقة التفكير بدلا من تفاصيل اللغة.',
  'اختر مشروعا صغيرا يهمك وتعلم ما تحتاجه لإنجازه، فهذا أفضل من قراءة الكتب فقط.',
  'لا تقلق كثيرا من اختيار اللغة، فالمفاهيم الأساسية واحدة في كل اللغات.',
];

/** Arabic, schema.org QAPage microdata: Question with suggestedAnswer/acceptedAnswer items and upvoteCount. */
export function microdataArabic(): QaCase {
  const users = ['سلمى', 'خالد', 'مريم'];
  const answer = (n: number, prop: string) =>
    `<div class="rd" itemprop="${prop}" itemscope itemtype="https://schema.org/Answer">` +
    `<div class="rd-top"><span itemprop="author" itemscope itemtype="https://schema.org/Person"><a itemprop="url" href="/u/${n + 5}"><span itemprop="name">${users[n]}</span></a></span>` +
    ` <time itemprop="dateCreated" datetime="2019-07-${10 + n}T09:00">${10 + n} يوليو 2019</time> <span itemprop="upvoteCount">${[7, 7, 1][n]}</span></div>` +
    `<div class="rd-nass" itemprop="text"><p>${AR_A[n]}</p></div></div>`;
  const inner =
    `<div itemscope itemtype="https://schema.org/QAPage"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">` +
    `<h1 itemprop="name">من أين أبدأ تعلم البرمجة؟</h1>` +
    `<div class="so-top"><span itemprop="author" itemscope itemtype="https://schema.org/Person"><a itemprop="url" href="/u/2"><span itemprop="name">أحمد</span></a></span> <time itemprop="dateCreated" datetime="2019-07-09T20:15">9 يوليو 2019</time></div>` +
    `<div class="so-nass" itemprop="text"><p>${AR_Q}</p></div><p>عدد الإجابات: <span itemprop="answerCount">3</span></p>` +
    `${answer(0, 'acceptedAnswer')}${answer(1, 'suggestedAnswer')}${answer(2, 'suggestedAnswer')}</div></div>`;
  return {
    name: 'Arabic schema.org microdata layout',
    html: shell('من أين أبدأ تعلم البرمجة؟', inner, 'ar', 'rtl'),
    posts: [['أحمد', '2019-07-09', 'أريد أن أتعلم'], ...AR_A.map((t, n) => [users[n], `2019-07-${10 + n}`, t.slice(0, 8)] as const)],
  };
}

const RU_Q = 'Подскажите, как правильно хранить картошку зимой на балконе, чтобы она не замёрзла и не проросла?';
const RU_A = [
  'Лучше всего в деревянном ящике с крышкой, обитом старым одеялом. Внутри можно поставить лампочку на сильные морозы.',
  'Мы храним в мешках в погребе, на балконе у нас всегда мёрзнет.',
  'Положите сверху несколько яблок, тогда она меньше прорастает.',
];

/** Russian, Yahoo-Answers-like, with JSON-LD QAPage only: the question and answers as one list, the question record opening it. */
export function jsonLdRussian(): QaCase {
  const users = ['Марина', 'Олег', 'Нина'];
  const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"QAPage","mainEntity":{"@type":"Question","name":"Как хранить картошку на балконе?","answerCount":3}}</script>`;
  const rows = RU_A.map(
    (t, n) =>
      `<li class="otv"><div class="kto"><a href="/profile/${n + 20}">${users[n]}</a> · ${12 + n} октября 2018, 1${n}:20</div><div class="tekst"><p>${t}</p></div><div class="ocenka">Полезно: ${[5, 2, 0][n]}</div></li>`,
  ).join('');
  const first = `<li class="vopros"><h1>Как хранить картошку на балконе?</h1><div class="kto"><a href="/profile/3">Виктор</a> · 11 октября 2018, 21:05</div><div class="tekst"><p>${RU_Q}</p></div></li>`;
  return {
    name: 'Russian JSON-LD layout',
    html: shell('Как хранить картошку на балконе?', `<ul class="vo">${first}${rows}</ul>`, 'ru', 'ltr', ld),
    posts: [['Виктор', '2018-10-11', 'Подскажите, как'], ...RU_A.map((t, n) => [users[n], `2018-10-${12 + n}`, t.slice(0, 10)] as const)],
  };
}

export const QA_CASES = [votedEnglish, zhihuLike, microdataArabic, jsonLdRussian];

const FORUM_TEXT = [
  'Men bu yil yazda Qeshqerge barmaqchi, qaysi mehmanxana yaxshi?',
  'Kona sheher etrapidiki kichik mehmanxanilar bek yaxshi, bahasimu erzan.',
  'Men otken yili barghan, yéngi sheherdiki mehmanxanida turghan idim.',
  'Yazda bek issiq bolidu, su élip méngishni untumang.',
  'Rehmet hemminglarge, bek paydiliq boldi.',
];

/** A forum thread (Uyghur, Latin script) with a "N replies" line and a post count per poster: stays a thread. */
export function forumWithCounts(): string {
  const users = ['aygul', 'tursun', 'nurlan', 'adil', 'aygul'];
  const counts = [120, 45, 3, 980, 120];
  const posts = FORUM_TEXT.map(
    (t, n) =>
      `<div class="msg-wrap" id="m${300 + n}"><div class="poster"><a href="/member/${users[n]}">${users[n]}</a><div class="stat">Yazmilar: <span>${counts[n]}</span></div></div>` +
      `<div class="msg-body"><div class="when">2022-06-0${n + 1} 14:3${n}</div><div class="msg-text"><p>${t}</p></div></div></div>`,
  ).join('');
  return shell('Qeshqer sayahiti', `<h1>Qeshqer sayahiti</h1><div class="rc">4 jawab</div>${posts}`);
}

/** A news article with reader comments that carry a like count each: stays an article with comments. */
export function articleWithLikes(): string {
  const para = 'The city council approved the new cycling plan on Tuesday after a long debate about parking spaces in the old town. ';
  const article = `<article><h1>Council approves cycling plan</h1><p class="by">By Jane Roe, May 3, 2022</p>${[0, 1, 2, 3, 4].map(() => `<p>${para.repeat(2)}</p>`).join('')}</article>`;
  const comments = ['Finally, this was long overdue.', 'Parking is already hard enough in the old town.', 'I will believe it when I see it built.'];
  const likes = [12, 30, 4];
  const list = comments
    .map((t, n) => `<li class="fb"><div class="fb-h"><a href="/user/r${n}">reader${n}</a> <span>May ${4 + n}, 2022 at 9:1${n} am</span></div><div class="fb-t"><p>${t}</p></div><div class="fb-l"><button>♥</button> <span>${likes[n]}</span></div></li>`)
    .join('');
  return shell('Council approves cycling plan', `${article}<h3>3 comments</h3><ol class="fbl">${list}</ol>`);
}
