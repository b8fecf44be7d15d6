// Every string the extension localizes (`vscode.l10n.t('…')` in the glue, an injected `t('…')` in
// the pure logic) must be in l10n/bundle.l10n.json, the base that translations are made from.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** First-argument string literals (single or double quotes) of `t(…)` / `l10n.t(…)` calls. */
function localized(text: string): string[] {
  return [...text.matchAll(/\bt\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) =>
    m[2].replace(/\\(.)/g, '$1'),
  );
}

describe('l10n bundle', () => {
  const bundle = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<
    string,
    string
  >;
  const used = new Set(
    ['extension', 'shared']
      .flatMap((dir) => sources(join(root, 'src', dir)))
      .flatMap((f) => localized(readFileSync(f, 'utf8'))),
  );

  it('finds the localized strings of the sources', () => {
    assert.ok(used.has('Open a text editor first.'));
    assert.ok(used.size > 40, `only ${used.size} strings found`);
  });

  it('holds every localized string, and nothing else', () => {
    assert.deepEqual(
      [...used].filter((s) => !(s in bundle)),
      [],
      'missing from l10n/bundle.l10n.json',
    );
    assert.deepEqual(
      Object.keys(bundle).filter((s) => !used.has(s)),
      [],
      'unused in l10n/bundle.l10n.json',
    );
  });
});
