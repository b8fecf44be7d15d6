// Builds what runs outside VS Code (docs/cli.md, docs/library.md, docs/sql.md):
//   dist/cli/amp-url.js          the command-line tool (Node >= 20), with dist/cli/write-worker.js,
//                                the worker threads of `check --fix`, and dist/cli/mcp.js, the
//                                `mcp` command (loaded only by it)
//   dist/lib/index.cjs / .mjs    the library, CommonJS and ES module, with dist/lib/types/*.d.ts
//   dist/standalone/amp-url.js   one classic script defining the global AmpUrl, for engines with
//                                only ECMAScript (BigQuery, Snowflake JavaScript UDFs)
//   dist/standalone/amp-url-deamp.js  the same with only deamp, ampUrlKind and publisherUrl:
//                                small enough for a Snowflake function body (docs/sql.md)
// `--no-types` skips the declarations (tsc, the slow step).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { writeGenerated } from './generate.mjs';

// The static files that name the registered caches follow the table first (npm run generate).
for (const file of await writeGenerated()) console.log(`${file}: generated from AMP_CACHES`);

const STANDALONE_TARGET = 'es2020';
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const common = {
  bundle: true,
  target: 'es2022',
  charset: 'utf8',
  // The ES module builds of dependencies, which esbuild tree-shakes.
  mainFields: ['module', 'main'],
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'eof',
};

/** whatwg-url's `require("tr46")` → src/standalone/tr46-as-node.ts (see there). */
const tr46AsNode = {
  name: 'tr46-as-node',
  setup(build) {
    build.onResolve({ filter: /^tr46$/ }, () => ({
      path: path.resolve('src/standalone/tr46-as-node.ts'),
    }));
  },
};

/**
 * `amp-url mcp` (src/cli/mcp.ts) in its own file beside the tool, required only when that command
 * runs: the protocol's SDK and its schema libraries are half of the tool's code, and Node parses a
 * bundle whole at start-up, even the parts a command never calls.
 */
const mcpApart = {
  name: 'mcp-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/mcp$/ }, (args) =>
      args.importer.endsWith(path.join('src', 'cli', 'main.ts'))
        ? { path: './mcp.js', external: true }
        : undefined,
    );
  },
};

/** A standalone bundle: one classic script whose global AmpUrl holds what `entry` exports. */
function standalone(entry, outfile, what) {
  return esbuild.build({
    ...common,
    entryPoints: [entry],
    // The syntax level docs/sql.md promises; test/cli/sql-engines.test.ts parses it at that level.
    target: STANDALONE_TARGET,
    platform: 'neutral',
    format: 'iife',
    globalName: 'AmpUrl',
    // The Web APIs the core uses, bound inside the bundle (see src/standalone/url-shim.ts).
    inject: [
      'src/standalone/globals.ts',
      'src/standalone/text-shims.ts',
      'src/standalone/url-shim.ts',
    ],
    plugins: [tr46AsNode],
    minify: true,
    banner: {
      js: `/* amp-url-toolkit ${pkg.version} ${what}: one classic script defining the global AmpUrl (docs/sql.md). */`,
    },
    outfile,
  });
}

await Promise.all([
  esbuild.build({
    ...common,
    entryPoints: ['src/cli/amp-url.ts'],
    platform: 'node',
    format: 'cjs',
    outfile: 'dist/cli/amp-url.js',
    banner: { js: '#!/usr/bin/env node' },
    define: { AMP_URL_VERSION: JSON.stringify(pkg.version) },
    plugins: [mcpApart],
  }),
  esbuild.build({
    ...common,
    entryPoints: ['src/cli/mcp.ts'],
    platform: 'node',
    format: 'cjs',
    outfile: 'dist/cli/mcp.js',
    define: { AMP_URL_VERSION: JSON.stringify(pkg.version) },
  }),
  // The write workers of `check --fix` (src/node/write-worker.ts), beside the tool.
  esbuild.build({
    ...common,
    entryPoints: ['src/node/write-worker.ts'],
    platform: 'node',
    format: 'cjs',
    outfile: 'dist/cli/write-worker.js',
  }),
  esbuild.build({
    ...common,
    entryPoints: ['src/lib/index.ts'],
    platform: 'neutral',
    format: 'cjs',
    outfile: 'dist/lib/index.cjs',
  }),
  esbuild.build({
    ...common,
    entryPoints: ['src/lib/index.ts'],
    platform: 'neutral',
    format: 'esm',
    outfile: 'dist/lib/index.mjs',
  }),
  standalone('src/standalone/index.ts', 'dist/standalone/amp-url.js', 'standalone'),
  standalone(
    'src/standalone/deamp.ts',
    'dist/standalone/amp-url-deamp.js',
    'standalone (deamp, ampUrlKind, publisherUrl)',
  ),
]);
fs.chmodSync('dist/cli/amp-url.js', 0o755);

if (!process.argv.includes('--no-types')) {
  const tsc = spawnSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json'],
    {
      stdio: 'inherit',
    },
  );
  if (tsc.status !== 0) process.exit(tsc.status ?? 1);
}
