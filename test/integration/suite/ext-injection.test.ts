// Hover injection (issues 7 and 12): URLs crafted to smuggle links, HTML, entities, icons or
// formatting into the hover come back, in the MarkdownString values VS Code returns, escaped; the
// only command links are our own, each with one LinkTarget naming this document; and the whole
// hover stays under its budget at any URL length.
import * as assert from 'node:assert';
import { MAX_HOVER_CHARS } from '../../../src/extension/logic/hover-markdown';
import { parseLinkTarget } from '../../../src/extension/logic/link-args';
import { hoverStrings, linkTargets, OUR_COMMANDS, outsideCode } from './ext-helpers';
import { activateExtension, closeAllEditors, openDoc } from './util';

const UNIT = '*_[x]!$é(b)&lt;![i](https://evil.example/x.png)';
const HOSTILE = [
  'https://evil.example/](command:workbench.action.terminal.new)',
  'https://evil.example/x)[click](command:workbench.action.files.delete "t")',
  'https://evil.example/<img src=x onerror=alert(1)>',
  'https://evil.example/&lt;script&gt;&#x61;&amp;',
  'https://evil.example/`code`and``more```',
  'https://evil.example/$(zap)$(bug)',
  'https://evil.example/*bold*_it_~~s~~#h|t|\\',
  'https://evil.example/\u202Etxt.exe',
  'https://evil.example/a|b`|[x](command:ampUrl.replace?%5B%5D)|',
  // Long URLs full of characters the hover escapes: past the old renderer cut.
  // (The hover reads 8,192 characters around the mouse: longer URLs get none.)
  ...[1_000, 4_500, 8_000].map((n) =>
    `https://evil.example/${UNIT.repeat(Math.ceil(n / UNIT.length))}`.slice(0, n),
  ),
];

describe('extension: hover injection', () => {
  before(activateExtension);
  after(closeAllEditors);

  for (const [language, wrap] of [
    ['markdown', (u: string) => `text ${u} text`],
    ['html', (u: string) => `<a href="${u}">x</a>`],
    ['plaintext', (u: string) => u],
  ] as const) {
    it(`${language}: hostile URLs give inert hovers with only our command links`, async () => {
      const { document } = await openDoc(HOSTILE.map(wrap).join('\n'), language);
      const silent: string[] = [];
      for (let line = 0; line < HOSTILE.length; line++) {
        const pos = document.lineAt(line).text.indexOf('evil.example') + 3;
        const hovers = await hoverStrings(
          document,
          document.lineAt(line).range.start.translate(0, pos),
        );
        if (hovers.length === 0) silent.push(HOSTILE[line]);
        for (const md of hovers) {
          assert.deepStrictEqual(
            md.isTrusted,
            { enabledCommands: OUR_COMMANDS },
            'only our commands are trusted',
          );
          assert.notStrictEqual(md.supportThemeIcons, true, 'no theme icons');
          assert.notStrictEqual(md.supportHtml, true, 'no HTML');
          const outside = outsideCode(md.value);
          assert.doesNotMatch(
            outside,
            /(?<!\\)[<&$]/,
            `raw HTML, entity or icon syntax outside code:\n${outside}`,
          );
          assert.doesNotMatch(md.value, /\u202E/, 'bidi override shown as a code point');
          assert.ok(md.value.length <= MAX_HOVER_CHARS, `${md.value.length} characters`);
          for (const target of linkTargets(md.value)) {
            assert.match(
              target,
              /^command:ampUrl\.(copy|replace|open|showAllForms)\?/,
              `foreign link ${target}`,
            );
            const args = JSON.parse(
              decodeURIComponent(target.slice(target.indexOf('?') + 1)),
            ) as unknown[];
            assert.ok(Array.isArray(args) && args.length === 1, target);
            const lt = parseLinkTarget(args[0]);
            assert.ok(lt, `not a LinkTarget: ${target}`);
            assert.strictEqual(lt.uri, document.uri.toString());
            assert.strictEqual(document.getText().slice(lt.start, lt.end), lt.expected);
          }
        }
      }
      assert.deepStrictEqual(silent, [], 'every hostile URL gets a (harmless) hover');
    });
  }
});
