// Issue 20 in the real VS Code: a write never changes a byte it did not mean to change. Each test
// builds a hostile repository inside the opened folder (test/fixtures/bytes-itest/<n>/, with the
// repository's own .vscode/settings.json: language encodings, autoGuessEncoding), runs the
// workspace command as a user would (no preview: the same edit the Refactor Preview applies), saves
// what VS Code left dirty, and compares the bytes on disk.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceResult } from '../../../src/extension/workspace/report';
import { noFileSkips } from '../../../src/shared/workspace-plan';
import { CACHE, PUB, run } from './ext-helpers';
import {
  activateExtension,
  closeAllEditors,
  fixturesDir,
  openDoc,
  waitFor,
  watchEventLoop,
} from './util';

const ROOT = path.join(fixturesDir, 'bytes-itest');
const SETTINGS_DIR = path.join(fixturesDir, '.vscode');
let tree = 0;

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const latin1 = (s: string) => Buffer.from(s, 'latin1');
const utf16le = (s: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
const withBom = (s: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(s)]);

/** Writes `files` into a new tree; returns its folder relative to the workspace folder. */
function makeTree(files: Record<string, Buffer>): string {
  const dir = `bytes-itest/${++tree}`;
  for (const [rel, bytes] of Object.entries(files)) {
    const file = path.join(fixturesDir, dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  return dir;
}

const onDisk = (dir: string, rel: string) => fs.readFileSync(path.join(fixturesDir, dir, rel));

/** Asserts the bytes on disk, naming the first differing byte. */
function assertBytes(dir: string, rel: string, expected: Buffer): void {
  const actual = onDisk(dir, rel);
  if (actual.equals(expected)) return;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  assert.fail(
    `${rel}: differs at byte ${i} (lengths ${actual.length} and ${expected.length}): ` +
      `${actual.subarray(Math.max(0, i - 12), i + 12).toString('hex')} instead of ` +
      expected.subarray(Math.max(0, i - 12), i + 12).toString('hex'),
  );
}

/** The repository's .vscode/settings.json, and a wait until VS Code has read it. */
async function repositorySettings(
  settings: Record<string, unknown>,
  ready: () => boolean,
): Promise<void> {
  fs.mkdirSync(SETTINGS_DIR, { recursive: true });
  fs.writeFileSync(path.join(SETTINGS_DIR, 'settings.json'), JSON.stringify(settings, null, 2));
  await waitFor(ready, 'VS Code to read the repository settings', 15_000);
}

async function clearSettings(): Promise<void> {
  fs.rmSync(SETTINGS_DIR, { recursive: true, force: true, maxRetries: 3 });
  await waitFor(
    () =>
      vscode.workspace.getConfiguration('files', { languageId: 'html' }).get('encoding') ===
        'utf8' && vscode.workspace.getConfiguration('files').get('autoGuessEncoding') === false,
    'the repository settings to be gone',
    15_000,
  );
}

async function convert(dir: string): Promise<WorkspaceResult> {
  const loop = watchEventLoop();
  const r = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
    include: `${dir}/**`,
    exclude: '',
    preview: false,
  });
  // VS Code saves the files of a multi-file refactoring itself (files.refactoring.autoSave); a
  // single file stays dirty: saved here, as the user would (workspace.saveAll saves editors only).
  // For the log only (no timed assertion): how long the extension host was kept busy at a time.
  console.log(`      longest extension host stall during the command: ${loop.stop()} ms`);
  for (const d of vscode.workspace.textDocuments)
    if (d.isDirty && d.uri.fsPath.startsWith(path.join(fixturesDir, dir)))
      assert.ok(await d.save(), `${d.uri.fsPath} saved`);
  return r;
}

// Non-ASCII before the URL on its line: offsets of the UTF-8 reading land elsewhere in VS Code's.
const html = `<!doctype html>\n<p>café — naïve, ½ € <a href="${CACHE}">x</a></p>\n`;
const md = `# Notes\n\nRésumé: [x](${CACHE})\n`;
const legacy = `caf\xe9 \x80 ${CACHE}\n`; // windows1252: é, €
const js = `const u = "${CACHE}";\n`;
const mixed = `// a\r\nconst u = "${CACHE}";\n// b\r// c\n`;
const crlf = `// a\r\nconst u = "${CACHE}";\r\n`;
const pub = (s: string) => s.replace(CACHE, PUB);

describe('a write never changes a byte it did not mean to (real VS Code, issue 20)', function () {
  this.timeout(90_000);
  before(activateExtension);
  afterEach(async () => {
    await closeAllEditors();
    await clearSettings();
  });
  after(() => {
    fs.rmSync(ROOT, { recursive: true, force: true, maxRetries: 3 });
  });

  it('encodings, BOMs and line endings: every byte but the URL stays, or the file is skipped with the reason', async () => {
    await repositorySettings(
      {
        '[html]': { 'files.encoding': 'windows1252' },
        '[markdown]': { 'files.encoding': 'utf16le' },
        '[plaintext]': { 'files.encoding': 'windows1252' },
      },
      () =>
        vscode.workspace.getConfiguration('files', { languageId: 'html' }).get('encoding') ===
          'windows1252' &&
        vscode.workspace.getConfiguration('files', { languageId: 'markdown' }).get('encoding') ===
          'utf16le',
    );
    const dir = makeTree({
      'page.html': utf8(html), // UTF-8 page read as windows1252
      'notes.md': utf8(md), // UTF-8 page read as utf16le
      'legacy.txt': latin1(legacy), // a real windows1252 file, read as such
      'bom.js': withBom(js),
      'bom-md.md': withBom(md), // the BOM wins over the utf16le setting
      'utf16.js': utf16le(js),
      'mixed.js': utf8(mixed),
      'crlf.js': utf8(crlf),
    });
    const r = await convert(dir);
    assert.equal(r.applied, true, r.aborted);

    // Planned on VS Code's windows1252 reading: the UTF-8 bytes of é, —, ½, € written back as they were.
    assertBytes(dir, 'page.html', utf8(pub(html)));
    assertBytes(dir, 'legacy.txt', latin1(pub(legacy)));
    assertBytes(dir, 'bom.js', withBom(pub(js)));
    assertBytes(dir, 'bom-md.md', withBom(pub(md)));
    assertBytes(dir, 'utf16.js', utf16le(pub(js)));
    assertBytes(dir, 'crlf.js', utf8(pub(crlf)));
    // Skipped: utf16le would add a BOM and garble it; the mixed line endings would be normalised.
    assertBytes(dir, 'notes.md', utf8(md));
    assertBytes(dir, 'mixed.js', utf8(mixed));
    assert.deepEqual(r.skippedFiles, {
      ...noFileSkips(),
      encoding: 1,
      lineEndings: 1,
    });
    assert.equal(r.changedFiles, 6);
  });

  it('without encoding settings (UTF-8 read here, not asked of VS Code): every byte but the URL stays, or the file is skipped with the reason', async () => {
    const dir = makeTree({
      'page.html': utf8(html),
      'bom.js': withBom(js),
      'utf16.js': utf16le(js), // a UTF-16 BOM: VS Code is asked
      'mixed.js': utf8(mixed),
      'crlf.js': utf8(crlf),
      'lone-cr.js': utf8(`// a\rconst u = "${CACHE}";\r`),
      'legacy.txt': latin1(legacy), // not UTF-8: VS Code is asked, and skipped
    });
    const r = await convert(dir);
    assert.equal(r.applied, true, r.aborted);
    assertBytes(dir, 'page.html', utf8(pub(html)));
    assertBytes(dir, 'bom.js', withBom(pub(js)));
    assertBytes(dir, 'utf16.js', utf16le(pub(js)));
    assertBytes(dir, 'crlf.js', utf8(pub(crlf)));
    // Skipped: the text model would normalise these line endings; a windows1252 file read as UTF-8.
    assertBytes(dir, 'mixed.js', utf8(mixed));
    assertBytes(dir, 'lone-cr.js', utf8(`// a\rconst u = "${CACHE}";\r`));
    assertBytes(dir, 'legacy.txt', latin1(legacy));
    assert.deepEqual(r.skippedFiles, { ...noFileSkips(), lineEndings: 2, notUtf8: 1 });
    assert.equal(r.changedFiles, 4);
  });

  it('files.autoGuessEncoding: a UTF-8 file is converted byte for byte; a guessed legacy encoding is left as it is', async () => {
    await repositorySettings(
      { 'files.autoGuessEncoding': true },
      () => vscode.workspace.getConfiguration('files').get('autoGuessEncoding') === true,
    );
    const french =
      'Où est la bibliothèque ? À côté du café, près de la forêt. Élève, système, ' +
      'déjà vu, garçon, Noël, œuvre, naïveté, règle, célèbre, théâtre. ';
    const utf8Text = `${french.repeat(8)}\n<a href="${CACHE}">x</a>\n`;
    const legacyText = `${french.replace(/œ/g, 'oe').repeat(8)}\n<a href="${CACHE}">x</a>\n`;
    const dir = makeTree({
      'guess-utf8.html': utf8(utf8Text),
      'guess-legacy.html': latin1(legacyText),
    });
    const r = await convert(dir);
    assert.equal(r.changedFiles, 1);
    assert.equal(r.skippedFiles.notUtf8 + r.skippedFiles.encoding, 1);
    assertBytes(dir, 'guess-utf8.html', utf8(pub(utf8Text)));
    assertBytes(dir, 'guess-legacy.html', latin1(legacyText));
  });

  it('a file already open is edited as the document it is (its line endings as VS Code shows them)', async () => {
    const dir = makeTree({ 'open-mixed.js': utf8(mixed) });
    const doc = await vscode.workspace.openTextDocument(
      vscode.Uri.file(path.join(fixturesDir, dir, 'open-mixed.js')),
    );
    await vscode.window.showTextDocument(doc);
    const shown = doc.getText();
    const r = await run<WorkspaceResult>('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
    });
    assert.equal(r.changedFiles, 1);
    assert.equal(r.skippedFiles.lineEndings, 0);
    assert.equal(doc.getText(), pub(shown));
    assertBytes(dir, 'open-mixed.js', utf8(mixed)); // nothing saved behind the user's back
  });
});

describe('a write never emits a Bidi control or invisible character raw (real VS Code, issue 20)', function () {
  this.timeout(60_000);
  before(activateExtension);
  afterEach(closeAllEditors);
  after(() => {
    fs.rmSync(ROOT, { recursive: true, force: true, maxRetries: 3 });
  });

  // U+061C (Arabic letter mark, Bidi_Control), U+034F (combining grapheme joiner), U+180B
  // (Mongolian variation selector), U+FE0F (variation selector-16), U+E0041 (a tag): none of them
  // ends a URL for the finder, so they reach the write.
  const hidden = '\u061c\u034f\u180b\ufe0f\u{e0041}';
  const encoded = '%D8%9C%CD%8F%E1%A0%8B%EF%B8%8F%F3%A0%81%81';
  const cache = `https://example-com.cdn.ampproject.org/c/s/example.com/a${hidden}b.html`;
  const publisher = `https://example.com/a${encoded}b.html`;

  it('Replace AMP URLs writes them percent-encoded in the document', async () => {
    const editor = await openDoc(`<a href="${cache}">x</a>\n`, 'html');
    await run('ampUrl.replaceAmpUrls');
    assert.equal(editor.document.getText(), `<a href="${publisher}">x</a>\n`);
  });

  it('the workspace command writes them percent-encoded on disk', async () => {
    const dir = makeTree({ 'hidden.html': utf8(`<a href="${cache}">x</a>\n`) });
    const r = await convert(dir);
    assert.equal(r.changedFiles, 1);
    assertBytes(dir, 'hidden.html', utf8(`<a href="${publisher}">x</a>\n`));
  });
});
