// The static files that name the registered caches (package.json, package.nls.json, README.md,
// docs/) are written by scripts/generate.mjs from AMP_CACHES: a file edited by hand, or a cache
// added without `npm run generate`, fails here.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');
const script = path.join(root, 'scripts', 'generate.mjs');
const GENERATED = [
  'package.json',
  'package.nls.json',
  'README.md',
  'docs/settings.md',
  'docs/cli.md',
  'docs/command-args.md',
  'docs/agents.md',
  'docs/specs.md',
  'docs/amp-hosts.md',
];

function generate(...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
}

describe('generated files (npm run generate)', function () {
  this.timeout(60_000);

  it('every file says what the table of caches makes of it', () => {
    const r = generate('--check');
    assert.equal(r.stdout + r.stderr, '');
    assert.equal(r.status, 0);
  });

  it('a stale file is named and rewritten; a reworded list is refused', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-generate-'));
    try {
      for (const file of GENERATED) {
        fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
        fs.copyFileSync(path.join(root, file), path.join(copy, file));
      }
      const nls = path.join(copy, 'package.nls.json');
      const fresh = fs.readFileSync(nls, 'utf8');
      fs.writeFileSync(nls, fresh.replace('"Bing AMP Cache"', '"Bing"'));
      const settings = path.join(copy, 'docs/settings.md');
      const doc = fs.readFileSync(settings, 'utf8');
      fs.writeFileSync(settings, doc.replace('`bing` (Bing AMP Cache)', '`bing`'));
      const stale = generate('--check', '--root', copy);
      assert.equal(
        stale.stdout,
        'package.nls.json: stale (run npm run generate)\ndocs/settings.md: stale (run npm run generate)\n',
      );
      assert.equal(stale.status, 1);
      assert.equal(generate('--root', copy).status, 0);
      assert.equal(fs.readFileSync(nls, 'utf8'), fresh);
      assert.equal(fs.readFileSync(settings, 'utf8'), doc);
      fs.writeFileSync(settings, doc.replace('a dropdown in the Settings editor', 'a dropdown'));
      const reworded = generate('--check', '--root', copy);
      assert.match(reworded.stderr, /^generate: docs\/settings\.md: 0 places match /);
      assert.equal(reworded.status, 2);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
