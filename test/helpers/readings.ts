// One URL, `https://news.example.com/story?id=42&lang=en`, as each language a document may be
// written in writes it (issue 21): the unit and the real-VS Code tests read every one back to it.
export const URL_SEEN = 'https://news.example.com/story?id=42&lang=en';

/** The same URL as each language writes it: [languageId, text]. */
export const WRITTEN: readonly [string, string][] = [
  ['html', '<a href="https://news.example.com/story?id=42&amp;lang=en">story</a>'],
  ['html', '<a href="https://news.example.com&#47;story?id=42&#38;lang=en">story</a>'],
  ['html', "<a href='https://news.example.com&#x2F;story?id=42&#x26;lang=en'>story</a>"],
  ['html', '<a href=https://news.example.com&sol;story&quest;id&equals;42&amp;lang=en>x</a>'],
  ['html', '<p>Read https://news.example.com/story?id=42&amp;lang=en today</p>'],
  ['xml', '<link href="https://news.example.com/story?id=42&amp;lang=en"/>'],
  ['json', '{"url": "https://news.example.com\\u002Fstory?id=42\\u0026lang=en"}'],
  ['json', '{"url": "https:\\/\\/news.example.com\\/story?id=42\\u0026lang=en"}'],
  ['javascript', "location.href = 'https://news.example.com/story?id=42\\x26lang=en';"],
  ['javascript', 'const u = `https://news.example.com/story?id=42\\u{26}lang=en`;'],
  ['markdown', '[story](https://news.example.com/story?id=42\\&lang=en)'],
  ['markdown', '[story](https://news.example.com/story?id=42&amp;lang=en "title")'],
  ['css', '.a { background: url(https://news.example.com/story?id=42\\26 lang=en); }'],
  ['css', '.a { background: url("https://news.example.com/story?id=42\\000026lang=en"); }'],
  ['html', '<div style="background: url(https://news.example.com/story?id=42&amp;lang=en)">'],
];
