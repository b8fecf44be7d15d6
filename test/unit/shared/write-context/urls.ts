// Generated new URLs for the write-context oracles: what conversions give for URLs people write,
// with the characters that break a context or read as something else there: `&` before entity
// names (`&copy=2`, `&lt=`, `&reg`, `&amp;`), quotes, `<`, `>`, backslashes, `%`-escapes,
// non-ASCII, spaces, parentheses, `${`, `*/`, `</script`, `-->`.
import * as fc from 'fast-check';

const HOSTS = [
  'www.example.com',
  'example.com',
  'www-example-com.cdn.ampproject.org',
  'a.b-c.d9.example',
  '例え.jp',
  'xn--r8jz45g.jp',
  'évil.example',
  'evil.example"x', // Safe Browsing canonical forms keep what a host holds
  "e.com'x",
  'e.com`x',
  'e.com{x}',
  'e.com&copy',
  'e.com:8080',
  'user:pw@e.com',
];

/** Pieces of a path, query value or fragment. */
const PIECES = [
  'a',
  'Z',
  '0',
  '9',
  '-',
  '.',
  '_',
  '~',
  '/',
  ';',
  '=',
  ',',
  ':',
  '@',
  '!',
  '*',
  '+',
  '&',
  '&amp;',
  '&amp',
  '&copy',
  '&copy;',
  '&COPY',
  '&lt',
  '&lt;',
  '&gt',
  '&reg',
  '&not',
  '&notin;',
  '&nbsp',
  '&quot',
  '&AMP',
  '&hellip;',
  '&#38;',
  '&#x26',
  '&#',
  '&x',
  '"',
  "'",
  '`',
  '<',
  '>',
  '\\',
  '%20',
  '%26',
  '%3C',
  '%22',
  '%25',
  '%zz',
  '%',
  'é',
  '日本',
  'ü',
  '😀',
  '\u00a0',
  '\u2028',
  ' ',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '|',
  '^',
  '$',
  '${',
  '#{',
  '*/',
  '/*',
  '</script',
  '</style',
  '</title',
  '</textarea',
  '-->',
  '<!--',
  ']]>',
  '\\u0026',
  '\\(',
];

/** Query names, as `&name=` after the first parameter: most of them entity names. */
const NAMES = [
  'copy',
  'lt',
  'gt',
  'reg',
  'amp',
  'AMP',
  'quot',
  'not',
  'notin',
  'nbsp',
  'para',
  'sect',
  'times',
  'x',
  'id',
  'hellip',
  'copy;',
  'lt;',
  '#38',
  '#x3C',
];

const text = (max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...PIECES), { maxLength: max }).map((p) => p.join(''));

const query: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom(...NAMES), text(3)), { minLength: 1, maxLength: 4 })
  .map((params) => '?' + params.map(([n, v], i) => (i === 0 ? 'x' : n) + '=' + v).join('&'));

/** An absolute http(s) URL. */
export const newUrl: fc.Arbitrary<string> = fc
  .record({
    scheme: fc.constantFrom('https://', 'http://', 'HTTPS://'),
    host: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...HOSTS.slice(0, 7)) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTS.slice(7)) },
    ),
    path: text(8).map((p) => '/' + p),
    query: fc.option(query, { nil: '' }),
    fragment: fc.option(
      text(4).map((f) => '#' + f),
      { nil: '' },
    ),
  })
  .map((u) => u.scheme + u.host + u.path + u.query + u.fragment);

/** The URL the documents of write-context.test.ts hold before the write. */
export const OLD = 'https://a.com/x';

/** Hostile new URLs: what a conversion can give for URLs a document wrote percent-encoded. */
export const HOSTILE: Record<string, string> = {
  'quote in the host (canonical form)': 'https://evil.example"onmouseover=alert(1)/',
  'quote in the path (cache URL)':
    'https://biji7uqzkrpoimo6enoutkr25eot432xzgmskciuboc5o25pkn2q.cdn.ampproject.org/c/s/evil.example"onmouseover=alert(1)/',
  apostrophes: "https://a.com/it's?x='y'#'z'",
  backticks: 'https://a.com/`x`?q=`y`#`z`',
  '${': 'https://a.com/${x}?q=${y}#${z}',
  '</script>': 'https://a.com/</script><script>alert(1)</script>?q=</script>',
  parentheses: 'https://a.com/x)y(z?q=)#)',
  spaces: 'https://a.com/a b?q=c d#e f',
  newline: 'https://a.com/a\nb',
  backslashes: 'https://a.com/a\\b?q=c\\d#e\\f',
  ampersands: 'https://a.com/?a=1&b=2&lt;&amp;&#34;&quot',
  'non-ASCII': 'https://例え.jp/パス?q=é#ü',
  'U+2028': 'https://a.com/x\u2028y?q=\u2029',
  'braces and pipes': 'https://a.com/{x}|y^?q={}|^#{}|',
  'quote, backtick, brace in the host': "https://evil.example'x`y{z}/",
  'comment end': 'https://a.com/*/x',
};
