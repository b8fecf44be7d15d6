// Bundles the extension with esbuild: one bundle, dist/extension.js, for both extension hosts
// (package.json `main` for the Node host of desktop VS Code and code-server, `browser` for the web
// worker host of vscode.dev), and beside it the Node host's direct writes and their workers.
import * as fs from 'node:fs';
import * as esbuild from 'esbuild';
import { writeGenerated } from './generate.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  external: ['vscode'],
  format: 'cjs',
  target: 'es2022',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  // Smaller bundle: UTF-8 text instead of \u escapes (Unicode tables), and the ES module builds
  // of dependencies, which esbuild tree-shakes.
  charset: 'utf8',
  mainFields: ['module', 'main'],
  logLevel: 'warning',
};

/** The file the extension bundle requires the direct writes from, in the Node host only. */
const DIRECT_WRITES = './direct-writes.js';

/**
 * src/extension/direct-writer.ts requires src/node/direct-writes.ts only in a Node host: in the
 * bundle that require names dist/direct-writes.js, a bundle of its own, so the extension bundle
 * holds nothing of Node and runs in the web worker host as it is.
 */
const directWritesApart = {
  name: 'direct-writes-apart',
  setup(build) {
    build.onResolve({ filter: /\/node\/direct-writes$/ }, () => ({
      path: DIRECT_WRITES,
      external: true,
    }));
  },
};

// What dist/ may hold: this script's bundles (and their maps) and the command line's folders
// (scripts/build-cli.mjs). Anything else is left from an older layout (dist/web/ before one bundle
// served both hosts) and would go into the .vsix: it is removed.
const OURS = /^(extension|direct-writes|write-worker)\.js(\.map)?$|^(cli|lib|standalone)$/;
for (const entry of fs.existsSync('dist') ? fs.readdirSync('dist') : [])
  if (!OURS.test(entry)) fs.rmSync(`dist/${entry}`, { recursive: true, force: true });

// The static files that name the registered caches follow the table first (npm run generate).
for (const file of await writeGenerated()) console.log(`${file}: generated from AMP_CACHES`);

const contexts = await Promise.all([
  // platform 'browser': a Node built-in imported by the extension fails the build, as it would
  // fail in the web worker host. The entry loads the extension (and `vscode`) on activation only.
  esbuild.context({
    ...common,
    entryPoints: ['src/extension/main.ts'],
    platform: 'browser',
    outfile: 'dist/extension.js',
    plugins: [directWritesApart],
  }),
  esbuild.context({
    ...common,
    entryPoints: ['src/node/direct-writes.ts'],
    platform: 'node',
    outfile: `dist/${DIRECT_WRITES.slice(2)}`,
  }),
  // The extension's worker threads, started from dist/direct-writes.js: the direct writes'
  // (src/node/write-worker.ts) and the workspace scan's (src/node/scan-worker.ts) in one bundle,
  // which carries the confined reads once (src/node/editor-workers.ts). The scan's plan with
  // dist/extension.js itself (src/extension/main.ts), so the core is not here.
  esbuild.context({
    ...common,
    entryPoints: ['src/node/editor-workers.ts'],
    platform: 'node',
    outfile: 'dist/write-worker.js',
  }),
]);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
