// One name per thing (issue 21 item 7): a form is called the same in the hover, Show all forms,
// the pickers, the messages, the manifest, the README and the CLI, and src/shared/names.ts is
// the one place that spells those names. A label built elsewhere, or a retired synonym
// ("canonical form", "Cache origin, as in a CORS Origin header", "Hash prefix of"), fails here.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AMP_CACHES } from '../../../src/core';
import { convertHelp } from '../../../src/cli/convert';
import { findingMessage, RULES } from '../../../src/cli/rules';
import { problemMessage } from '../../../src/extension/logic/problem-message';
import { computeForms } from '../../../src/shared/forms';
import { format } from '../../../src/shared/localize';
import { formName, kindName, type NamedForm } from '../../../src/shared/names';
import { HOVER_SECTIONS, readSettings } from '../../../src/shared/settings';
import { TARGETS, targetItems } from '../../../src/shared/targets';

const root = join(__dirname, '..', '..', '..', '..');
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');

const FORMS: NamedForm[] = [
  'cache',
  'cacheOrigin',
  'publisher',
  'publisherDomain',
  'canonical',
  'normalized',
  'hashPrefix',
];
/** Every name names.ts gives: each form, for no cache and for each registered cache, and each kind. */
const NAMES = new Set(
  [
    ...FORMS.map((f) => formName(f)),
    ...FORMS.flatMap((f) => AMP_CACHES.map((c) => formName(f, format, c.name))),
    ...(['publisher', 'cache', 'cacheOrigin', 'viewer', 'project'] as const).map((k) =>
      kindName(k),
    ),
  ].map((n) => n.toLowerCase()),
);

/** Words once used for a form beside its name, in any user-visible text. */
const RETIRED: RegExp[] = [
  /\bcanonical forms?\b/i,
  /\bnormali[sz]ed forms?\b/i,
  /\bAMP Cache forms?\b/i,
  /(?<!Safe Browsing )\bhash prefix(?:es)? of\b/i,
  /\bCache origin, as in\b/i,
  /(?<!AMP )\bcache origins?\b/i,
];
const retired = (text: string) => RETIRED.find((r) => r.test(text));

/** Whether a shown text is a name as a label of its own: the name, its plural, or either with a
 *  remark in parentheses (`Publisher URLs (reverse of AMP Cache URLs)`). */
function spellsName(shown: string): boolean {
  const l = shown.toLowerCase();
  return [...NAMES].some((n) => [n, `${n}s`].some((x) => l === x || l.startsWith(`${x} (`)));
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** The code of a source file without its comments (a `//` after a space or at a line's start;
 *  a `https://` inside a string has none before it). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, ''))
    .join('\n');
}

/** The texts a source file shows a person: the first argument of each t()/l10n.t()/format()
 *  call and each literal `label:`. */
function shownTexts(text: string): string[] {
  const call = /(?:\bt|\bl10n\.t|\bformat)\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
  const label = /\blabel:\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g;
  return [...text.matchAll(call), ...text.matchAll(label)].map((m) => m[2]);
}

describe('names: one name per thing', () => {
  it('the Convert all picker labels each target with the name of the form it converts to', () => {
    const items = targetItems(TARGETS);
    assert.deepEqual(
      items.map((i) => i.label),
      TARGETS.map((to) => formName(to)),
    );
    assert.deepEqual(
      items.map((i) => i.label),
      ['AMP Cache URL', 'Publisher URL', 'Safe Browsing canonical URL', 'RFC 3986 normalized URL'],
    );
    // Localized like every label: each row goes through the caller's t.
    const marked = targetItems(TARGETS, (s, ...a) => `«${format(s, ...a)}»`);
    for (const i of marked) assert.match(i.label, /^«.*»$/, i.label);
  });

  it("the hover's and Show all forms' labels are names.ts's names, for every cache", () => {
    const s = readSettings(() => undefined, true);
    const pub = computeForms('https://example.com/a.html', s);
    const expected = pub.forms.map((f) => {
      const [id, cacheId] = f.id.split(':') as [string, string | undefined];
      const cache = AMP_CACHES.find((c) => c.id === (cacheId ?? s.cache?.id));
      return id === 'cache' || id === 'cacheOrigin'
        ? formName(id, format, cache?.name)
        : formName(id as NamedForm);
    });
    assert.deepEqual(
      pub.forms.map((f) => f.label),
      expected,
    );
    assert.ok(pub.forms.some((f) => f.label === 'Google AMP Cache origin'));
    const cache = computeForms('https://example-com.cdn.ampproject.org/c/s/example.com/a.html', s);
    assert.deepEqual(
      cache.forms.map((f) => f.label),
      ['Publisher URL', 'Safe Browsing canonical URL', 'RFC 3986 normalized URL'],
    );
  });

  it('no source file but names.ts spells a name as a label or message of its own', () => {
    const own: string[] = [];
    for (const file of [
      ...sources('src/extension'),
      ...sources('src/shared'),
      ...sources('src/cli'),
    ]) {
      if (file === join('src', 'shared', 'names.ts')) continue;
      for (const shown of shownTexts(code(read(file))))
        if (spellsName(shown)) own.push(`${file}: '${shown}'`);
    }
    assert.deepEqual(own, [], 'build these from formName/kindName (src/shared/names.ts)');
  });

  it('this check finds a label spelled outside names.ts, and a retired synonym', () => {
    // The Convert all picker before names.ts, and a label of Show all forms'.
    const sample = `const labels = {
        cache: vscode.l10n.t('AMP Cache URLs'), // AMP Cache URL
        publisher: vscode.l10n.t('Publisher URLs (reverse of AMP Cache URLs)'),
        note: t('Convert all URLs to…'),
      };
      items.push({ label: 'Safe Browsing canonical URL' });`;
    assert.deepEqual(shownTexts(code(sample)).filter(spellsName), [
      'AMP Cache URLs',
      'Publisher URLs (reverse of AMP Cache URLs)',
      'Safe Browsing canonical URL',
    ]);
    for (const old of [
      'Safe Browsing canonical forms',
      'RFC 3986 normalized forms',
      'Cache origin, as in a CORS Origin header (Google AMP Cache)',
      'Hash prefix of example.com/',
      'the AMP Cache form of a URL',
    ])
      assert.ok(retired(old), old);
    for (const name of NAMES) assert.equal(retired(name), undefined, name);
    assert.equal(retired('Safe Browsing hash prefix of example.com/'), undefined);
  });

  it('no retired synonym in the code, the localized strings, the manifest, the README or the CLI docs', () => {
    const found: string[] = [];
    const check = (where: string, text: string) => {
      const r = retired(text);
      if (r) found.push(`${where}: ${r.source} in ${JSON.stringify(text.slice(0, 120))}`);
    };
    for (const file of [
      ...sources('src/extension'),
      ...sources('src/shared'),
      ...sources('src/cli'),
    ])
      code(read(file))
        .split('\n')
        .forEach((line, i) => {
          check(`${file}:${i + 1}`, line);
        });
    for (const [key, text] of Object.entries(
      JSON.parse(read('package.nls.json')) as Record<string, string>,
    ))
      check(`package.nls.json ${key}`, text);
    check(
      'package.json description',
      (JSON.parse(read('package.json')) as { description: string }).description,
    );
    for (const key of Object.keys(JSON.parse(read('l10n/bundle.l10n.json')) as object))
      check('l10n/bundle.l10n.json', key);
    for (const doc of ['README.md', 'docs/cli.md', 'docs/settings.md'])
      read(doc)
        .split('\n')
        .forEach((line, i) => {
          check(`${doc}:${i + 1}`, line);
        });
    assert.deepEqual(found, []);
  });

  it("the manifest's hover sections and commands use the forms' names", () => {
    const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
    const sectionForm: Record<(typeof HOVER_SECTIONS)[number], NamedForm> = {
      cache: 'cache',
      otherCaches: 'cache',
      publisher: 'publisher',
      canonical: 'canonical',
      hashPrefixes: 'hashPrefix',
      normalized: 'normalized',
    };
    for (const section of HOVER_SECTIONS) {
      const text = nls[`config.hover.sections.${section}`];
      assert.ok(text.startsWith(formName(sectionForm[section])), `${section}: ${text}`);
    }
    assert.ok(nls['config.hover.sections.cache'].includes(formName('cacheOrigin')));
    assert.ok(nls['config.hover.sections.publisher'].includes(formName('publisherDomain')));
    assert.ok(nls['command.toCacheUrl'].endsWith(formName('cache')));
    assert.ok(nls['command.showCacheOrigin'].endsWith(formName('cacheOrigin')));
    assert.ok(nls['command.insertCacheUrl'].includes(formName('cache')));
    assert.ok(nls['command.replaceWithCacheUrl'].endsWith(formName('cache')));
    assert.ok(
      nls['command.replaceWithPublisherUrl']
        .toLowerCase()
        .endsWith(formName('publisher').toLowerCase()),
    );
  });

  it('a problem names its kind as the hover header does, and the URL the fix writes', () => {
    const url = 'https://example.com/a.html';
    assert.equal(
      problemMessage('cacheToPublisher', url),
      `${kindName('cache')}: use the publisher URL ${url}`,
    );
    assert.equal(
      problemMessage('viewerToPublisher', url),
      `${kindName('viewer')}: use the publisher URL ${url}`,
    );
  });

  it("the CLI's help and findings name the forms as the editor does", () => {
    assert.match(convertHelp('canonical'), /Prints the Safe Browsing canonical URL of each URL/);
    assert.match(convertHelp('normalize'), /Prints the RFC 3986 normalized URL of each URL/);
    assert.match(convertHelp('origin'), /Prints the AMP Cache origin \(CORS Origin header\)/);
    assert.match(convertHelp('hash'), /Prints the Safe Browsing hash prefixes/);
    assert.match(RULES['not-canonical'].full, /its Safe Browsing canonical URL/);
    assert.equal(
      findingMessage({
        rule: 'not-normalized',
        url: 'HTTP://example.com/a/./b',
        suggestion: 'http://example.com/a/b',
      } as Parameters<typeof findingMessage>[0]),
      'URL not normalized: its RFC 3986 normalized URL is http://example.com/a/b',
    );
  });
});
