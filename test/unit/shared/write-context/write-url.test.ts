// What writeUrl writes in each context: the issue's examples, escapes per language, the percent-encoding
// a browser would do, and how far back it reads (src/shared/write-context).
// Writes that keep their context (issue 12, problem 3): a table of contexts × hostile new URLs.
// After each write, a real parser of the language (parse5 for HTML, JSON.parse, the TypeScript
// scanner and parser, markdown-it, a CSS Syntax Level 3 token reader) must read the same structure
// as before, and the URL it reads there must be the same URL for a browser (WHATWG `URL` href).
import * as assert from 'node:assert/strict';
import { writeUrl, writeUrlAt } from '../../../../src/shared/write-context';
import { browserEncode } from '../../../../src/shared/write-context/browser-encode';
import { detectContext, LOOK_BEHIND } from '../../../../src/shared/write-context/detect';
import { HOSTILE, OLD } from './urls';

describe('write context: what is written', () => {
  const write = (doc: string, url: string, languageId?: string, old = OLD): string => {
    const start = doc.indexOf(old);
    const w = writeUrl(doc, start, start + old.length, url, undefined, languageId);
    return w.text ?? `refused: ${w.refused}`;
  };

  it('the issue\'s example: the cache URL of href="https://evil.example%22onmouseover=…" keeps the attribute', () => {
    const cache = HOSTILE['quote in the path (cache URL)'];
    assert.equal(
      write(`<a href="${OLD}">`, cache, 'html'),
      cache.replace('"', '%22'), // the browser sends %22 in a path: same URL, written so
    );
  });

  it('the Safe Browsing canonical form keeps its " in the host, escaped for the context', () => {
    const canon = HOSTILE['quote in the host (canonical form)'];
    assert.equal(
      write(`<a href="${OLD}">`, canon, 'html'),
      'https://evil.example&quot;onmouseover=alert(1)/',
    );
    assert.equal(
      write(`{"u": "${OLD}"}`, canon, 'json'),
      'https://evil.example\\u0022onmouseover=alert(1)/',
    );
    // Where no escape exists, the host is percent-encoded: the browser percent-decodes hosts.
    assert.equal(
      write(`see ${OLD} here`, canon, 'plaintext'),
      'https://evil.example%22onmouseover=alert(1)/',
    );
  });

  it('JSON-escaped URLs stay JSON-escaped', () => {
    assert.equal(
      write(
        '{"u": "https:\\/\\/a.com\\/x"}',
        'https://b.com/y?q=1',
        'json',
        'https:\\/\\/a.com\\/x',
      ),
      'https:\\/\\/b.com\\/y?q=1',
    );
  });

  it('template literals: ` and ${ are escaped', () => {
    assert.equal(
      write('const a = `https://a.com/x`;', 'https://a.com/?q=`${x}`', 'typescript'),
      'https://a.com/?q=\\u0060\\u0024{x}\\u0060',
    );
  });

  it('Markdown link destinations: ( ) and \\ are backslash-escaped', () => {
    assert.equal(
      write(`[t](${OLD})`, 'https://a.com/x)y?q=a\\b', 'markdown'),
      'https://a.com/x\\)y?q=a\\\\b',
    );
  });

  it('CSS url(): ( ) are escaped, quotes written as hex escapes', () => {
    assert.equal(
      write(`url(${OLD})`, "https://a.com/(x)?q='", 'css'),
      'https://a.com/\\(x\\)?q=%27',
    );
    assert.equal(write(`url(${OLD})`, "https://e.com'x/", 'css'), 'https://e.com\\27 x/');
  });

  it("HTML: the old text's &amp; style is kept; a character reference in the new URL is escaped", () => {
    // URLs are read decoded (read-url): the new URL holds `&` where the reader is to see `&`.
    const old = 'https://a.com/?a=1&amp;b=2';
    assert.equal(
      write(
        `<a href="${old}">`,
        'https://a-com.cdn.ampproject.org/c/s/a.com/?a=1&b=2',
        'html',
        old,
      ),
      'https://a-com.cdn.ampproject.org/c/s/a.com/?a=1&amp;b=2',
    );
    // `%26lt;` canonicalized to `&lt;`: written `&amp;lt;`, so HTML reads `&lt;` as the URL says.
    assert.equal(
      write(`<a href="${OLD}">`, 'https://a.com/?q=&lt;', 'html'),
      'https://a.com/?q=&amp;lt;',
    );
    // A bare & that reads as nothing else stays as it is in HTML, and is escaped in XML.
    assert.equal(
      write(`<a href="${OLD}">`, 'https://a.com/?a=1&b=2', 'html'),
      'https://a.com/?a=1&b=2',
    );
    assert.equal(
      write(`<a href="${OLD}"/>`, 'https://a.com/?a=1&b=2', 'xml'),
      'https://a.com/?a=1&amp;b=2',
    );
    // A reference the reader is to see literally is escaped: URLs are read decoded.
    assert.equal(
      write(`<a href="${old}">`, 'https://a.com/?a=1&amp;b=2&amp;', 'html', old),
      'https://a.com/?a=1&amp;amp;b=2&amp;amp;',
    );
  });

  it('percent-encodes what the browser would, and nothing else', () => {
    const cases: [string, string][] = [
      [
        'https://a.com/a b"<>`{}?q= "<>\'`{}#f "<>`{}',
        'https://a.com/a%20b%22%3C%3E%60%7B%7D?q=%20%22%3C%3E%27`{}#f%20%22%3C%3E%60{}',
      ],
      ['https://a.com/a\\b?q=\\#\\', 'https://a.com/a/b?q=\\#\\'],
      ['https://a.com/é|^[]', 'https://a.com/é|^[]'],
      ['https://a.com/x\u2028\u202e', 'https://a.com/x%E2%80%A8%E2%80%AE'],
      ['https://u"s:p"w@a.com/', 'https://u%22s:p%22w@a.com/'],
      ['https://a.com/%22%zz', 'https://a.com/%22%zz'],
    ];
    for (const [url, expected] of cases) {
      assert.equal(browserEncode(url).text, expected, url);
      assert.equal(new URL(expected).href, new URL(url).href, `same URL: ${url}`);
    }
    assert.equal(browserEncode('https://a.com/\tx').refused, 'tab');
  });

  it('reads at most LOOK_BEHIND characters before the URL', () => {
    const far = `<a title="${'x'.repeat(LOOK_BEHIND)}" href="${OLD}">`;
    // Its tag out of sight, the quote is taken for HTML text (references read, quotes refused).
    assert.deepEqual(detectContext(far, far.indexOf(OLD), far.indexOf(OLD) + OLD.length, 'html'), {
      kind: 'text',
      style: 'markup',
    });
    const near = `<a href="${OLD}">`;
    assert.deepEqual(detectContext(near, 9, 9 + OLD.length, 'html'), {
      kind: 'attribute',
      quote: '"',
      xml: false,
    });
  });

  it('writeUrlAt reads only the window and writes as writeUrl does on the whole text', () => {
    // A tag whose attributes are on lines of their own, as formatters write them.
    const doc = `${'<p>filler</p>\n'.repeat(400)}<a\n  class="x"\n  href="${OLD}"\n>x</a>\n`;
    const start = doc.indexOf(OLD);
    const end = start + OLD.length;
    const canon = HOSTILE['quote in the host (canonical form)'];
    const reads: [number, number][] = [];
    const read = (from: number, to: number): string => {
      reads.push([from, to]);
      return doc.slice(from, to);
    };
    const w = writeUrlAt(read, start, end, canon, undefined, 'html');
    assert.deepEqual(reads, [[start - LOOK_BEHIND, end + 1]]);
    assert.deepEqual(w, writeUrl(doc, start, end, canon, undefined, 'html'));
    assert.equal(w.text, 'https://evil.example&quot;onmouseover=alert(1)/');
    // On its line alone, the attribute's tag can't be seen: the careful reading, %22 in the host.
    const line = `  href="${OLD}"`;
    assert.equal(
      writeUrl(line, 8, 8 + OLD.length, canon, undefined, 'html').text,
      'https://evil.example%22onmouseover=alert(1)/',
    );
  });
});
