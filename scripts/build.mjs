// Bundles the extension with esbuild: one Node bundle (desktop) and one browser bundle (vscode.dev).
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { writeGenerated } from './generate.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  entryPoints: ['src/extension/extension.ts'],
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

/** The browser build has no Node file system: src/extension/direct-writer.ts is its stand-in's. */
const webStandIns = {
  name: 'web-stand-ins',
  setup(build) {
    build.onResolve({ filter: /\/direct-writer$/ }, (args) => ({
      path: path.join(
        path.resolve(args.resolveDir, path.dirname(args.path)),
        'direct-writer.web.ts',
      ),
    }));
  },
};

// The static files that name the registered caches follow the table first (npm run generate).
for (const file of await writeGenerated()) console.log(`${file}: generated from AMP_CACHES`);

const contexts = await Promise.all([
  esbuild.context({ ...common, platform: 'node', outfile: 'dist/extension.js' }),
  // The workspace commands' write workers (src/node/write-worker.ts), beside the extension.
  esbuild.context({
    ...common,
    entryPoints: ['src/node/write-worker.ts'],
    platform: 'node',
    outfile: 'dist/write-worker.js',
  }),
  esbuild.context({
    ...common,
    platform: 'browser',
    outfile: 'dist/web/extension.js',
    plugins: [webStandIns],
  }),
]);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
