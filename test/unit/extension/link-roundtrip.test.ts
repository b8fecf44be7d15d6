// The hover's link arguments survive VS Code's reading of a clicked `command:` link (issue 27,
// item 2): for any URL text and any document URI (a `%20` query, `sp ace.txt`, `é.txt`), the
// LinkTarget the command receives is the one the hover made. VS Code percent-decodes the link's
// query twice, modelled here from its source (vs/base/common/uri.ts `URI.parse`, and
// vs/editor/browser/services/openerService.ts `CommandOpener.open`).
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { computeForms } from '../../../src/shared/forms';
import { commandArgs } from '../../../src/extension/logic/escape';
import { hoverMarkdown } from '../../../src/extension/logic/hover-markdown';
import { parseLinkTarget, type LinkTarget } from '../../../src/extension/logic/link-args';
import { readSettings } from '../../../src/shared/settings';
import { linkTargets } from '../../helpers/markdown';

// vs/base/common/uri.ts: `_regexp`, `percentDecode`, `decodeURIComponentGraceful`.
const URI_REGEXP = /^(([^:/?#]+?):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;

function decodeURIComponentGraceful(str: string): string {
  try {
    return decodeURIComponent(str);
  } catch {
    return str.length > 3 ? str.slice(0, 3) + decodeURIComponentGraceful(str.slice(3)) : str;
  }
}

function percentDecode(str: string): string {
  return str.replace(/(%[0-9A-Za-z][0-9A-Za-z])+/g, (m) => decodeURIComponentGraceful(m));
}

/** What VS Code's command opener passes to the command for a clicked link `href`. */
function openCommandLink(href: string): { command: string; args: unknown[] } {
  const m = URI_REGEXP.exec(href);
  assert.ok(m);
  assert.equal(m[2], 'command');
  const query = percentDecode(m[7]); // every link here has a query
  let args: unknown = [];
  try {
    args = JSON.parse(decodeURIComponent(query));
  } catch {
    try {
      args = JSON.parse(query);
    } catch {
      // ignored, as VS Code does
    }
  }
  return { command: percentDecode(m[5]), args: Array.isArray(args) ? args : [args] };
}

/** A document URI as `Uri.file(path).toString()` writes it: each segment percent-encoded. */
function fileUri(path: string): string {
  return 'file:///' + path.split('/').map(encodeURIComponent).join('/');
}

const PATHS = ['tmp/sp ace.txt', 'tmp/é.txt', 'home/a%20b/日本 語.md', 'x/#?&%.html'];

const pathArb = fc.oneof(
  fc.constantFrom(...PATHS),
  fc
    .array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), {
      minLength: 1,
      maxLength: 4,
    })
    .map((segments) => segments.join('/')),
);

/** URL text as documents hold it: percent-escapes (valid or not), quotes, non-ASCII. */
const urlTextArb = fc
  .array(
    fc.oneof(
      fc.constantFrom('%20', '%25', '%2F', '%C3%A9', '%zz', '%', '"', '\\', 'é', '😀', '&amp;'),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    ),
    { maxLength: 12 },
  )
  .map((parts) => 'https://example.com/search?q=' + parts.join(''));

describe('hover link arguments: the round trip through a clicked link', () => {
  it('any URL text in any file: the command gets the LinkTarget the hover made', () => {
    fc.assert(
      fc.property(urlTextArb, pathArb, fc.nat(1e6), (expected, path, start) => {
        const target: LinkTarget = {
          uri: fileUri(path),
          start,
          end: start + expected.length,
          expected,
          form: 'cache',
        };
        const got = openCommandLink(`command:ampUrl.copy?${commandArgs([target])}`);
        assert.equal(got.command, 'ampUrl.copy');
        assert.equal(got.args.length, 1);
        assert.deepEqual(parseLinkTarget(got.args[0]), target);
      }),
      { numRuns: 2000 },
    );
  });

  it('the encoded argument holds no % of its own: any number of percent-decodings keep it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const encoded = commandArgs([s]);
        let text = decodeURIComponent(encoded);
        assert.ok(!text.includes('%'), text);
        for (let i = 0; i < 3; i++) {
          assert.deepEqual(JSON.parse(text), [s]);
          text = percentDecode(text);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the issue's case: Copy, Replace and Open of …/search?q=a%20b in sp ace.txt and é.txt", () => {
    const url = 'https://www.google.com/amp/s/example.com/search?q=a%20b';
    const settings = readSettings(() => undefined, true);
    for (const path of ['/tmp/sp ace.txt', '/tmp/é.txt']) {
      const uri = fileUri(path.slice(1));
      const target = { uri, start: 4, end: 4 + url.length, expected: url };
      const md = hoverMarkdown(computeForms(url, settings), target);
      const clicked = linkTargets(md)
        .filter((l) => /^command:ampUrl\.(copy|replace|open)\?/.test(l))
        .map(openCommandLink);
      const commands = new Set(clicked.map((c) => c.command));
      assert.deepEqual([...commands].sort(), ['ampUrl.copy', 'ampUrl.open', 'ampUrl.replace']);
      for (const c of clicked) {
        const t = parseLinkTarget(c.args[0]);
        assert.ok(t, `${c.command}: ${JSON.stringify(c.args)}`);
        assert.equal(t.uri, uri);
        assert.equal(t.expected, url);
      }
    }
  });
});
