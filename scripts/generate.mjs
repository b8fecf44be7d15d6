#!/usr/bin/env node
// `npm run generate`: writes what the static files say about the registered caches from the one
// table, AMP_CACHES (src/core/amp/caches.ts), and from what the code derives of it
// (src/shared/cache-choices.ts, the agent tools' descriptions): package.json's `ampUrl.cache`
// enum and its `languageModelTools`, package.nls.json's labels and descriptions, and the lists of
// caches in README.md and docs/. The build runs it (scripts/build.mjs, build-cli.mjs).
// `--check` writes nothing and exits 1 naming each stale file (test/unit/generated-files.test.ts);
// `--root DIR` reads and writes the files under DIR instead of this repository.
// A doc's list is found by the words around it: a reworded sentence fails here, loudly, rather
// than going stale.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { repoRoot } from './lib/paths.mjs';

/** The table and its derived names, bundled from the TypeScript sources (no tsc needed). */
async function loadSources() {
  const result = await esbuild.build({
    stdin: {
      contents: [
        "export { AMP_CACHES } from './src/core/amp/caches';",
        "export * from './src/shared/cache-choices';",
        "export * from './src/shared/word-lists';",
        "export { TOOLS } from './src/shared/agent-tools/definitions';",
      ].join('\n'),
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

const CUSTOM_LABEL = 'Custom: the first cache of ampUrl.customCaches';
const CUSTOM_DESCRIPTION =
  'The first cache of `#ampUrl.customCaches#` (ignored in untrusted workspaces).';

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const code = (text) => `\`${text}\``;

function packageJson(text, src) {
  const manifest = JSON.parse(text);
  const cache = manifest.contributes.configuration.properties['ampUrl.cache'];
  cache.default = src.DEFAULT_CACHE_ID;
  cache.enum = [...src.CACHE_CHOICES];
  cache.enumItemLabels = src.CACHE_CHOICES.map((id) => `%config.cache.${id}.label%`);
  cache.markdownEnumDescriptions = src.CACHE_CHOICES.map((id) => `%config.cache.${id}%`);
  for (const tool of manifest.contributes.languageModelTools) {
    const def = src.TOOLS.find((t) => t.name === tool.name);
    if (def === undefined) continue; // the manifest test names a tool the code lacks
    tool.displayName = def.title;
    tool.modelDescription = def.description;
    tool.inputSchema = def.inputSchema;
  }
  return json(manifest);
}

/** The `config.cache…` entries, in place of the old ones (after `config.cache`). */
function packageNls(text, src) {
  const caches = src.AMP_CACHES;
  const entries = {
    'config.cache': `The AMP Cache used for conversions: ${caches.map((c) => `the ${c.name} (${code(c.cacheDomain)})`).join(', ')} or \`custom\`, the first cache of \`#ampUrl.customCaches#\`. (The \`id\` of a custom cache, written here before \`custom\` existed, still selects it.)`,
    ...Object.fromEntries(caches.map((c) => [`config.cache.${c.id}.label`, c.name])),
    'config.cache.custom.label': CUSTOM_LABEL,
    ...Object.fromEntries(
      caches.map((c) => [`config.cache.${c.id}`, `${c.name} (${code(c.cacheDomain)})`]),
    ),
    'config.cache.custom': CUSTOM_DESCRIPTION,
  };
  const out = {};
  for (const [key, value] of Object.entries(JSON.parse(text))) {
    if (key === 'config.cache') Object.assign(out, entries);
    else if (!/^config\.cache\.[^.]+(\.label)?$/.test(key)) out[key] = value;
  }
  return json(out);
}

/**
 * The lists in Markdown, each found by the words before and after it (a RegExp whose groups 1 and
 * 3 are kept and group 2 is the list) and written by `render`.
 */
function docLists(src) {
  const caches = src.AMP_CACHES;
  const ids = () => src.REGISTERED_CACHE_IDS.map(code).join(', ');
  const prefixedRows = () =>
    caches
      .map(
        (c) =>
          `| \`<prefix>.${c.cacheDomain}\` | cache | registered (caches.json, ${src.cacheShortName(c)}) | |\n`,
      )
      .join('');
  return {
    'README.md': [
      [/(every registered cache \()([^)]*)(\))/, () => src.REGISTERED_CACHE_NAMES.join(', ')],
      [
        /(Recognised: the )(.*?)( caches \(and the legacy)/,
        () => src.andList(src.REGISTERED_CACHE_NAMES),
      ],
    ],
    'docs/settings.md': [
      [
        /(a dropdown in the Settings editor: )(.*?)( or `custom`)/,
        () => caches.map((c) => `${code(c.id)} (${c.name})`).join(', '),
      ],
      [
        /(the hover still shows the )(.*?)( AMP Cache URLs)/,
        () => src.andList(src.REGISTERED_CACHE_NAMES),
      ],
    ],
    'docs/cli.md': [[/(\| `ampUrl\.cache` \()(.*?)(, `custom` = the first)/, ids]],
    'docs/command-args.md': [[/(\| `cache` \()(.*?)(, `custom` = the first)/, ids]],
    'docs/agents.md': [
      [/(on the configured cache or the one named \()(.*?)(, a custom cache id\))/, ids],
    ],
    'docs/specs.md': [
      [
        /(on a registered\s+cache \()([^)]*)(\))/,
        () => caches.map((c) => `${src.cacheShortName(c)}: ${code(c.cacheDomain)}`).join(', '),
      ],
    ],
    'docs/amp-hosts.md': [
      [
        /(\| Host \| Kind \| Status \| Notes \|\n\|---\|---\|---\|---\|\n)((?:\| `<prefix>\.[^\n]*\| cache \| registered \(caches\.json[^\n]*\n)+)()/,
        prefixedRows,
      ],
    ],
  };
}

function markdown(file, text, lists) {
  let out = text;
  for (const [pattern, render] of lists) {
    const found = [...out.matchAll(new RegExp(pattern.source, 'g'))];
    if (found.length !== 1)
      throw new Error(
        `${file}: ${found.length} places match ${pattern} (reworded? update scripts/generate.mjs)`,
      );
    out = out.replace(pattern, (_, before, _list, after) => `${before}${render()}${after}`);
  }
  return out;
}

/** Every generated file: its path and its text as the table makes it. */
export async function generatedFiles(root = repoRoot) {
  const src = await loadSources();
  const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
  const files = [
    ['package.json', packageJson(read('package.json'), src)],
    ['package.nls.json', packageNls(read('package.nls.json'), src)],
  ];
  for (const [file, lists] of Object.entries(docLists(src)))
    files.push([file, markdown(file, read(file), lists)]);
  return files.map(([file, text]) => ({ file, text, stale: text !== read(file) }));
}

/** Writes the stale files; returns their paths. */
export async function writeGenerated(root = repoRoot) {
  const stale = (await generatedFiles(root)).filter((f) => f.stale);
  for (const f of stale) fs.writeFileSync(path.join(root, f.file), f.text);
  return stale.map((f) => f.file);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? path.resolve(args[rootAt + 1]) : repoRoot;
  try {
    if (args.includes('--check')) {
      const stale = (await generatedFiles(root)).filter((f) => f.stale);
      for (const f of stale) console.log(`${f.file}: stale (run npm run generate)`);
      process.exitCode = stale.length ? 1 : 0;
    } else {
      for (const file of await writeGenerated(root)) console.log(`${file}: written`);
    }
  } catch (e) {
    console.error(`generate: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 2;
  }
}
