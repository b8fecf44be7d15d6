#!/usr/bin/env node
// `npm run l10n`: writes l10n/bundle.l10n.json from the sources, the base translations are made
// from. Every string the extension localizes (`vscode.l10n.t('…')` in the glue, an injected
// `t('…')` in the shared logic) is a key, in the order first met; strings no longer used go.
// test/unit/extension/l10n-bundle.test.ts checks the file holds exactly these.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths.mjs';

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory()
        ? sources(join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [join(dir, e.name)]
          : [],
    );
}

/** First-argument string literals of `t(…)` / `l10n.t(…)` calls (the test's own reading). */
function localized(text) {
  return [...text.matchAll(/\bt\(\s*(['"])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) =>
    m[2].replace(/\\(.)/g, '$1'),
  );
}

const file = join(repoRoot, 'l10n', 'bundle.l10n.json');
const old = JSON.parse(readFileSync(file, 'utf8'));
const used = new Set(
  ['extension', 'shared']
    .flatMap((d) => sources(join(repoRoot, 'src', d)))
    .flatMap((f) => localized(readFileSync(f, 'utf8'))),
);
// Keys already there keep their place (smaller diffs); new ones follow.
const keys = [
  ...Object.keys(old).filter((k) => used.has(k)),
  ...[...used].filter((k) => !(k in old)),
];
writeFileSync(file, `${JSON.stringify(Object.fromEntries(keys.map((k) => [k, k])), null, 2)}\n`);
console.log(`l10n/bundle.l10n.json: ${keys.length} strings`);
