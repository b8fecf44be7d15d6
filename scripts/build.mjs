// Bundles the extension with esbuild: one Node bundle (desktop) and one browser bundle (vscode.dev).
import * as esbuild from 'esbuild';

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

const contexts = await Promise.all([
  esbuild.context({ ...common, platform: 'node', outfile: 'dist/extension.js' }),
  esbuild.context({ ...common, platform: 'browser', outfile: 'dist/web/extension.js' }),
]);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}
