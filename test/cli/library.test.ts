// The library as a package user imports it: `require('amp-url-toolkit')` and
// `import … from 'amp-url-toolkit'` resolve through package.json `exports` to the built output
// (dist/lib), in separate Node processes (the package's own name resolves inside the repository),
// with type declarations a TypeScript user compiles against.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './paths';

const CACHE = 'https://www-example-com.cdn.ampproject.org/c/s/www.example.com/amp/doc.html';
const PUBLISHER = 'https://www.example.com/amp/doc.html';

function node(args: string[]): string {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe('library (amp-url-toolkit)', function () {
  this.timeout(60_000);

  it('CommonJS: require gives the core’s functions', () => {
    const out = node([
      '-e',
      `const amp = require('amp-url-toolkit');
       console.log(require.resolve('amp-url-toolkit'));
       console.log(amp.cacheUrl(${JSON.stringify(PUBLISHER)}));
       console.log(amp.publisherUrl(${JSON.stringify(CACHE)}));
       console.log(amp.canonicalize('http://www.GOOgle.com/'));
       try { amp.cacheUrl('ftp://x/'); } catch (e) { console.log(e instanceof amp.UrlError, e.code); }`,
    ]).split('\n');
    assert.equal(path.relative(ROOT, out[0]), path.join('dist', 'lib', 'index.cjs'));
    assert.deepEqual(out.slice(1, 5), [
      CACHE,
      PUBLISHER,
      'http://www.google.com/',
      'true unsupported-scheme',
    ]);
  });

  it('ES module: import gives the same functions', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `import { cacheUrl, normalize, NORMALIZE_PRESETS, hashPrefixes } from 'amp-url-toolkit';
       console.log(import.meta.resolve('amp-url-toolkit'));
       console.log(cacheUrl(${JSON.stringify(PUBLISHER)}));
       console.log(normalize('http://www.example.com/?utm_source=x&id=1', NORMALIZE_PRESETS.aggressive));
       console.log(hashPrefixes('http://a.b.c/1/2.html?param=1')[0].expression);`,
    ]).split('\n');
    assert.match(out[0], /\/dist\/lib\/index\.mjs$/);
    assert.deepEqual(out.slice(1, 4), [
      CACHE,
      'https://example.com/?id=1',
      'a.b.c/1/2.html?param=1',
    ]);
  });

  it('type declarations: a TypeScript user compiles against them (and a misuse fails)', () => {
    const dir = path.join(ROOT, 'out', 'lib-consumer');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'use.mts');
    fs.writeFileSync(
      file,
      `import { cacheUrl, reverseAmpUrl, type CacheUrlOptions } from 'amp-url-toolkit';
const o: CacheUrlOptions = { servingType: 'i', cacheDomain: 'www.bing-amp.com' };
const url: string = cacheUrl('https://example.com/x.png', o);
const back: string = reverseAmpUrl(url).url;
// @ts-expect-error a serving type the declarations don't allow
cacheUrl('https://example.com/', { servingType: 'nope' });
export { back };
`,
    );
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--module', 'node16', '--moduleResolution', 'node16'];
    const r = spawnSync(process.execPath, [tsc, ...args, '--types', 'node', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stdout);
  });
});
