// The .vsix a user installs, built as `npm run package` builds it (production bundles, then
// vsce): at most 250 KB (issue 29), and holding what both extension hosts run. One bundle serves
// the Node host and the web worker host, so it may require nothing but `vscode` and, in the Node
// host only, the direct writes beside it (src/extension/direct-writer.ts).
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ROOT } from './paths';
import type * as DirectWrites from '../../src/node/direct-writes';
import { cacheUrl } from '../../src/core';
import { fileScanner, scanBytes, type ScanSettings } from '../../src/shared/scan-bytes';
import { readSettings } from '../../src/shared/settings';

const MAX_VSIX_BYTES = 250 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  dataOffset: number;
}

/** The entries of a zip file, from its central directory (vsce writes no zip64). */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'no end of central directory: not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'central directory entry expected');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      dataOffset: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryText(zip: Buffer, entry: ZipEntry): string {
  const data = zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  return (entry.method === 8 ? zlib.inflateRawSync(data) : data).toString('utf8');
}

describe('the .vsix (npm run package)', function () {
  this.timeout(180_000);
  let dir: string;
  let vsix: Buffer;
  let entries: ZipEntry[];
  const entry = (name: string): ZipEntry | undefined =>
    entries.find((e) => e.name === `extension/${name}`);
  const text = (name: string): string => {
    const found = entry(name);
    assert.ok(found, `the .vsix has no ${name}`);
    return entryText(vsix, found);
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-vsix-'));
    const file = path.join(dir, 'amp-url-toolkit.vsix');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const run = spawnSync(npm, ['run', 'package', '--', '--out', file], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, `npm run package failed:\n${run.stdout}\n${run.stderr}`);
    vsix = fs.readFileSync(file);
    entries = zipEntries(vsix);
  });

  after(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`is at most ${MAX_VSIX_BYTES / 1024} KB`, () => {
    const largest = [...entries]
      .sort((a, b) => b.compressedSize - a.compressedSize)
      .slice(0, 8)
      .map((e) => `${e.name} ${Math.round(e.compressedSize / 1024)} KB`)
      .join(', ');
    assert.ok(
      vsix.length <= MAX_VSIX_BYTES,
      `the .vsix is ${(vsix.length / 1024).toFixed(1)} KB; largest: ${largest}`,
    );
  });

  it('carries one extension bundle for both hosts, the direct writes and the workers', () => {
    const manifest = JSON.parse(text('package.json')) as {
      main: string;
      browser: string;
    };
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.browser, manifest.main);
    const dist = entries.map((e) => e.name).filter((n) => n.startsWith('extension/dist/'));
    assert.deepEqual(dist.sort(), [
      'extension/dist/direct-writes.js',
      'extension/dist/extension.js',
      'extension/dist/write-worker.js',
    ]);
  });

  it('has a bundle the web worker host can load: it requires only vscode and the direct writes', () => {
    const bundle = text('dist/extension.js');
    const required = new Set([...bundle.matchAll(/\brequire\(("[^"]*")\)/g)].map((m) => m[1]));
    assert.deepEqual([...required].sort(), ['"./direct-writes.js"', '"vscode"']);
  });

  // The scan worker (in the write workers' bundle) carries no core of its own (issue 28): it
  // plans with the extension bundle, which loads in a worker thread, where there is no `vscode`,
  // and plans as the sources do.
  it('scans in a worker that plans with the extension bundle, without vscode', async () => {
    assert.doesNotMatch(text('dist/write-worker.js'), /cdn\.ampproject\.org/);
    const dist = path.join(dir, 'dist');
    const root = path.join(dir, 'folder');
    fs.mkdirSync(dist);
    fs.mkdirSync(root);
    for (const name of ['extension.js', 'direct-writes.js', 'write-worker.js'])
      fs.writeFileSync(path.join(dist, name), text(`dist/${name}`));
    const cdn = 'cdn.ampproject.org';
    const files: Record<string, string> = {
      'a.md': `${cacheUrl('https://example.com/a', { cacheDomain: cdn })}\n`,
      'idn.html': `<a href="${cacheUrl('https://bücher.example/ä?q=1', { cacheDomain: cdn })}">x</a>\n`,
      'viewer.md': 'https://www.google.com/amp/s/example.com/page.html\n',
      'look-alike.md': 'https://evil-com.cdn.ampproject.org/c/s/example.com/x\n',
      'plain.txt': 'https://example.com/ only\n',
      'binary.bin': 'x\u0000y',
    };
    for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(root, name), body);
    for (const target of ['publisher', 'cache'] as const) {
      const settings: ScanSettings = {
        target,
        transform: readSettings(() => undefined, true),
        maxFileSize: 1_000_000,
      };
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the packaged bundle
      const writes = require(path.join(dist, 'direct-writes.js')) as typeof DirectWrites;
      const rels = Object.keys(files);
      const outcomes = await writes.runScanWorkers(root, rels, settings, () => undefined).done;
      rels.forEach((rel, i) => {
        const want = scanBytes(fs.readFileSync(path.join(root, rel)), rel, fileScanner(settings));
        const got = outcomes[i];
        if (got?.planned) got.planned.stat = { mtime: 0, size: 0, identity: '' };
        assert.deepEqual(got, want, `${target} ${rel}`);
      });
      assert.ok(
        outcomes.some((o) => o?.planned),
        target,
      );
    }
  });

  it('leaves out source maps, sources and the docs of the other front ends', () => {
    const names = entries.map((e) => e.name);
    assert.deepEqual(
      names.filter((n) => /\.(map|ts)$|^extension\/(src|test|node_modules)\//.test(n)),
      [],
    );
    for (const doc of ['cli.md', 'library.md', 'sql.md', 'benchmarks.md'])
      assert.equal(entry(`docs/${doc}`), undefined, doc);
    // What a user reads stays: README, CHANGELOG, LICENSE, the settings' docs, the walkthrough.
    for (const kept of ['readme.md', 'changelog.md', 'LICENSE.txt', 'docs/settings.md'])
      assert.ok(entry(kept), kept);
    assert.ok(names.some((n) => n.startsWith('extension/media/screenshots/')));
  });
});
