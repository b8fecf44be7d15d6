import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { computeForms } from '../../../src/extension/logic/forms';
import {
  HOVER_COMMANDS,
  hoverMarkdown,
  MAX_LIST_ITEMS,
} from '../../../src/extension/logic/hover-markdown';
import { urlNear, windowAround } from '../../../src/extension/logic/locate';
import { readSettings } from '../../../src/extension/logic/settings';
import { documentHosts } from '../../../src/extension/logic/candidates';
import { summaryMessage } from '../../../src/extension/logic/summary';
import { linkTargets, outsideCode } from '../../shared/markdown';

const settings = readSettings(() => undefined, true);
const PUB = 'https://example.com/amp_document.html';
const target = (oldText: string) => ({
  uri: 'file:///doc.md',
  start: 3,
  end: 3 + oldText.length,
  oldText,
});

/** Every link target in the Markdown (outside code spans), with its decoded arguments. */
function links(md: string): { command: string; args: unknown }[] {
  return linkTargets(md).map((link) => {
    const [command, query] = link.split('?') as [string, string | undefined];
    return {
      command,
      args: query === undefined ? undefined : (JSON.parse(decodeURIComponent(query)) as unknown),
    };
  });
}

describe('extension hover markdown', () => {
  it('shows the cache URL with Copy / Replace / Open links to our commands', () => {
    const md = hoverMarkdown(computeForms(PUB, settings), target(PUB));
    assert.ok(
      md.includes('`https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html`'),
    );
    const found = links(md);
    assert.ok(found.length > 0);
    for (const l of found)
      assert.ok(
        (HOVER_COMMANDS as readonly string[]).includes(l.command.replace(/^command:/, '')),
        l.command,
      );
    const replace = found.find((l) => l.command === 'command:ampUrl.replace');
    assert.deepEqual(replace?.args, [
      'file:///doc.md',
      3,
      3 + PUB.length,
      PUB,
      'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html',
    ]);
  });

  it('without a target there is no Replace link', () => {
    assert.ok(
      !links(hoverMarkdown(computeForms(PUB, settings))).some(
        (l) => l.command === 'command:ampUrl.replace',
      ),
    );
  });

  it('collapses long hash prefix lists into "N more" with a Show all forms link', () => {
    const url = 'http://a.b.c.d.e.f.g/1/2/3/4/5.html?x=1';
    const forms = computeForms(url, settings);
    const n = forms.hashes?.value?.length ?? 0;
    assert.ok(n > MAX_LIST_ITEMS);
    const md = hoverMarkdown(forms, target(url));
    assert.ok(md.includes(`… and ${n - MAX_LIST_ITEMS} more`));
    assert.ok(links(md).some((l) => l.command === 'command:ampUrl.showAllForms'));
  });

  it('hostile URLs stay inert: text only in code spans or escaped, links only ours with our arguments', () => {
    const hostile = [
      'https://e.com/](command:workbench.action.terminal.new)',
      'https://e.com/x)[y](command:evil "t")',
      'https://e.com/<img src=x onerror=alert(1)>',
      'https://e.com/&lt;b&gt;&#96;',
      'https://e.com/`a``b```c',
      'https://e.com/$(zap)*em*_u_~~s~~',
      'https://e.com/\u202Egnp.exe',
    ];
    for (const url of hostile) {
      const md = hoverMarkdown(computeForms(url, settings), target(url));
      const outside = outsideCode(md);
      assert.doesNotMatch(
        outside,
        /(?<!\\)[<&$]/,
        `raw HTML, entity or icon outside code in ${outside}`,
      );
      assert.doesNotMatch(md, /\u202E/);
      for (const l of links(md)) {
        assert.match(l.command, /^command:ampUrl\.(copy|replace|open|showAllForms)$/);
        assert.ok(Array.isArray(l.args));
      }
    }
  });

  it('any URL text gives Markdown whose only links are ours and whose text is inert (property)', () => {
    const special = fc.constantFrom(
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '&',
      '`',
      '$',
      '*',
      '_',
      '~',
      '\\',
      '!',
      '#',
      '|',
      '"',
      "'",
      '\n',
      '\u202E',
      '\u0000',
      '😊',
      'command:',
      '&#x41;',
      '<img onerror=x>',
    );
    const tail = fc
      .array(fc.oneof(special, fc.string({ maxLength: 5 })), { maxLength: 20 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.constantFrom(
          'https://e.com/',
          'http://a.b/',
          'https://example-com.cdn.ampproject.org/c/s/',
        ),
        tail,
        (head, rest) => {
          const url = head + rest;
          const md = hoverMarkdown(computeForms(url, settings), target(url));
          assert.doesNotMatch(outsideCode(md), /(?<!\\)[<&$]/);
          for (const l of links(md))
            assert.match(l.command, /^command:ampUrl\.(copy|replace|open|showAllForms)$/);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });

  it('a refused URL gives a one-line reason', () => {
    const md = hoverMarkdown(
      computeForms(
        'https://user:pw@[::1]/',
        { ...settings },
        { sections: new Set(['cache'] as const) },
      ),
    );
    assert.equal(md.split('\n').length, 1);
    assert.match(md, /not a usable URL/);
  });

  it('locates the URL in a window of a huge line and refuses one cut by the window', () => {
    const line = `${'x '.repeat(500_000)}${PUB} ${'y '.repeat(500_000)}`;
    const at = line.indexOf('example');
    const w = windowAround(line.length, at);
    const found = urlNear(line.slice(w.start, w.end), w.start, line.length, at);
    assert.deepEqual(found && { start: found.start, text: found.text }, {
      start: line.indexOf(PUB),
      text: PUB,
    });
    const long = `https://example.com/${'a'.repeat(20_000)}`;
    const w2 = windowAround(long.length, 15_000);
    assert.equal(urlNear(long.slice(w2.start, w2.end), w2.start, long.length, 15_000), undefined);
  });

  it('collects distinct hosts of the document, bounded', () => {
    assert.deepEqual(documentHosts('a https://A.com/x www.b.org https://a.com/y'), [
      'a.com',
      'www.b.org',
    ]);
    assert.equal(
      documentHosts(Array.from({ length: 50 }, (_, i) => `https://h${i}.com/`).join(' '), 1e6, 10)
        .length,
      10,
    );
  });

  it('summaries: counts, grouped reasons, nothing replaced', () => {
    assert.equal(summaryMessage({ changed: 2, skipped: [] }), 'Replaced 2 URLs');
    assert.equal(
      summaryMessage({
        changed: 1,
        skipped: [
          { url: 'a', reason: 'r1' },
          { url: 'b', reason: 'r2' },
          { url: 'c', reason: 'r1' },
        ],
      }),
      'Replaced 1 URL; skipped 3: r1 (2), r2 (1)',
    );
    assert.equal(
      summaryMessage({ changed: 0, skipped: [{ url: 'u', reason: 'bad' }] }),
      'Nothing replaced: u: bad',
    );
    assert.equal(summaryMessage({ changed: 0, skipped: [], aborted: 'stale' }), 'stale');
  });
});
