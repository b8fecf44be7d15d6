// Hover injection, proven on the rendered hover (issue 12): URLs of 1 K to 1 M characters full of
// characters the hover must escape, followed by Markdown and HTML payloads (a remote image, a
// link, a `command:` link to our own replace, raw <img> and <a href>), in a plaintext and a
// Markdown document. On VS Code's rendered `.monaco-hover` DOM: no image, no anchor whose target
// came from the document, and every command link is one of our four commands with a LinkTarget
// argument naming this document and the text really at that range.
import * as assert from 'node:assert';
import { openWorkbench, sleep } from './lib/workbench.mjs';

const OUR_COMMANDS = ['ampUrl.copy', 'ampUrl.replace', 'ampUrl.open', 'ampUrl.showAllForms'];
const FORGED = encodeURIComponent(
  JSON.stringify([{ uri: 'file:///etc/passwd', start: 0, end: 1, expected: 'r', form: 'cache' }]),
);
// Kept inside a URL by the finder: these end up in the hover's text (and did past the old cut).
const IN_URL = `a*_~[x]!$é(b)&lt;{}![x](https://evil.example/x.png)[l](command:ampUrl.replace?${FORGED})`;
// After the URL: a Markdown image, a link, a command link and raw HTML.
const AFTER =
  ` ![x](https://evil.example/x.png) [link](https://evil.example/) ` +
  `[run](command:ampUrl.replace?${FORGED}) <img src="https://evil.example/y.png"> ` +
  `<a href="https://evil.example/">a</a>`;
const SIZES = [1_000, 4_500, 10_000, 100_000, 1_000_000];

/** A URL of exactly `size` characters on host s<size>.example, then the payloads. */
function hostileLine(size) {
  const head = `https://s${size}.example/`;
  const body = IN_URL.repeat(Math.ceil(size / IN_URL.length)).slice(0, size - head.length);
  return head + body + AFTER;
}

// Short controls: our hover must show on these (so "no hover" on the long lines means something).
const CONTROLS = [
  'https://c1.example/amp_document.html ![x](https://evil.example/x.png)',
  'https://c2.example/a![x](https://evil.example/x.png)(b)[l](command:ampUrl.replace?x)',
];
// One document per size (a 1 M line would push the others out of the rendered view), the
// hostile URL on its first line; the same text as plaintext and as Markdown.
const DOCS = Object.fromEntries([
  ['controls', `${CONTROLS.join('\n\n')}\n`],
  ...SIZES.map((size) => [`hostile-${size}`, `${hostileLine(size)}\n`]),
]);
const FILES = Object.fromEntries(
  Object.entries(DOCS).flatMap(([name, text]) => [
    [`${name}.txt`, text],
    [`${name}.md`, text],
  ]),
);

let wb,
  failed = false;

describe('hover injection on the rendered hover (code-server in Chromium)', function () {
  this.timeout(180_000);

  before(async function () {
    this.timeout(180_000);
    // Link detection off: VS Code's own "Follow link" hover would carry the document's URL.
    wb = await openWorkbench({ files: FILES, settings: { 'editor.links': false } });
  });

  afterEach(async function () {
    if (await wb?.shootFailure(this.currentTest)) failed = true;
  });

  after(async () => wb?.close(failed));

  for (const ext of ['txt', 'md']) {
    it(`${ext}: short hostile URLs give our hover, with nothing from the document but text`, async () => {
      await wb.openFromExplorer(`controls.${ext}`);
      for (const line of CONTROLS) {
        const hover = await hoverAt(line.slice(8, 20), true);
        assert.match(hover.text, /AMP URL · URL/, `no hover on the control ${line}`);
        // Our links are there and were read: the checks below see real anchors.
        const ours = hover.anchors.filter((a) => `${a.href}${a.dataHref}`.includes('command:'));
        assert.ok(ours.length >= 4, `no command links read from ${hover.text}`);
        assertInert(hover, `controls.${ext}`);
      }
    });

    for (const size of SIZES) {
      const name = `hostile-${size}.${ext}`;
      const ours = size <= 4_500;
      it(`${name}: a ${size.toLocaleString('en-US')}-character URL and payloads: ${ours ? 'a budgeted hover' : 'no hover or a one-line reason'}, nothing rendered from the document`, async () => {
        await wb.openFromExplorer(name);
        const hover = await hoverAt(`s${size}.example`, ours);
        if (ours) {
          // The header names the kind; the URL is the document's text, too long to repeat.
          assert.match(hover.text, /^AMP URL · URL\n/m, hover.text);
          // The long values are shown shortened in the middle, with their length.
          assert.match(hover.text, /…[^\n]*\(\d[\d,]* chars\)/);
          if (size === 4_500) await wb.screenshot(`hover-injection-${ext}.png`);
        } else {
          // Too long for the finder's window (10 K, 100 K) or over the line length limit (1 M).
          const lines = hover.text.split('\n').filter((l) => l.includes('AMP URL'));
          assert.ok(lines.length <= 1, `more than a one-line reason:\n${hover.text}`);
        }
        assertInert(hover, name);
      });
    }
  }
});

/**
 * Rests the mouse on `text` and reads every visible hover. With `expectOurs`, retries until our
 * hover shows; without, waits long enough for any hover to come and returns what is there.
 */
async function hoverAt(text, expectOurs) {
  await wb.dismissHover();
  const { x, y } = await wb.pointIn(text, { link: false });
  const hovers = wb.page.locator('.monaco-hover:visible');
  let last = { text: '', anchors: [], images: 0 };
  for (let attempt = 0; attempt < (expectOurs ? 8 : 2); attempt++) {
    await wb.page.mouse.move(x, y);
    await sleep(expectOurs ? 1500 : 3000); // the hover delay, then every provider's answer
    last = await readHovers(hovers);
    if (!expectOurs || last.text.includes('AMP URL')) return last;
    await wb.dismissHover();
  }
  return last;
}

/**
 * What the rendered hovers hold: their text, every anchor's targets, images and raw elements.
 * VS Code's own warning on a line too long to tokenize (1.139 adds it to the hover of such a line,
 * with a "Don't Show Again" link to its own command) is not from the document and is left out;
 * only the exact warning: any other text or link in its part keeps the part in.
 */
async function readHovers(hovers) {
  return hovers.evaluateAll((all) => {
    const vscodeWarning = (part) =>
      /^Tokenization is skipped for long lines for performance reasons\./.test(part.innerText) &&
      [...part.querySelectorAll('a')].every(
        (a) =>
          (a.getAttribute('data-href') ?? a.getAttribute('href')) ===
            'command:editor.action.hideLongLineWarningHover' && a.innerText === "Don't Show Again",
      );
    const nodes = all.flatMap((n) => {
      const parts = [...n.querySelectorAll('.hover-row')];
      return parts.some(vscodeWarning) ? parts.filter((p) => !vscodeWarning(p)) : [n];
    });
    return {
      text: nodes.map((n) => n.innerText).join('\n'),
      anchors: nodes.flatMap((n) =>
        [...n.querySelectorAll('a')].map((a) => ({
          href: a.getAttribute('href') ?? '',
          dataHref: a.getAttribute('data-href') ?? '',
          text: a.innerText,
        })),
      ),
      images: nodes.reduce(
        (k, n) => k + n.querySelectorAll('img, picture, image, svg image').length,
        0,
      ),
      raw: nodes.reduce(
        (k, n) => k + n.querySelectorAll('script, iframe, object, embed, form, input').length,
        0,
      ),
    };
  });
}

/** Asserts the rendered hover holds nothing from the document but text. */
function assertInert(hover, name) {
  const context = `${name}:\n${hover.text.slice(0, 400)}`;
  assert.strictEqual(hover.images, 0, `an image in the hover: ${context}`);
  assert.strictEqual(hover.raw, 0, `raw HTML elements in the hover: ${context}`);
  for (const a of hover.anchors) {
    for (const target of [a.href, a.dataHref].filter((h) => h && h !== '#')) {
      assert.ok(target.startsWith('command:'), `a link to ${target} in ${context}`);
      const q = target.indexOf('?');
      const id = target.slice('command:'.length, q < 0 ? undefined : q);
      assert.ok(OUR_COMMANDS.includes(id), `a link to command ${id} in ${context}`);
      assert.ok(q > 0, `a command link without arguments: ${target}`);
      const args = JSON.parse(decodeURIComponent(target.slice(q + 1)));
      const lt = Array.isArray(args) ? args[0] : args;
      assert.ok(!Array.isArray(args) || args.length === 1, `more than one argument: ${target}`);
      assert.deepStrictEqual(
        Object.keys(lt).filter((k) => !['uri', 'start', 'end', 'expected', 'form'].includes(k)),
        [],
        `not a LinkTarget: ${target}`,
      );
      assert.ok(lt.uri.endsWith(`/${name}`), `a link to another document: ${lt.uri}`);
      assert.strictEqual(
        FILES[name].slice(lt.start, lt.end),
        lt.expected,
        `a link to text not in ${name}`,
      );
      assert.strictEqual(lt.form === undefined, id === 'ampUrl.showAllForms', target);
      if (lt.form !== undefined)
        assert.match(
          lt.form,
          /^(?:cache|cacheOrigin)(?::[\w.-]+)?$|^(?:publisher|publisherDomain|canonical|normalized)$|^hash:\d+$/,
        );
    }
  }
}
