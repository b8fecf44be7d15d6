// Issue 20 in the real VS Code: a repository can't make the workspace commands write outside the
// workspace folder or freeze the editor through its file system or its ignore files. Each test
// builds the hostile repository itself, in test/fixtures/ws-hostile/<n>/ (the opened folder), with
// the "outside" it points at in a temp folder (a stand-in for ~/.bashrc and a sibling project).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { checkFresh } from '../../../src/extension/workspace/apply';
import type { WorkspaceResult } from '../../../src/extension/workspace/report';
import { listWorkspaceFiles, scanFiles } from '../../../src/extension/workspace/scan';
import { Config } from '../../../src/extension/config';
import { makeTransform } from '../../../src/shared/transforms';
import { packagesRepo } from '../../helpers/packages-repo';
import { CACHE, PUB, run } from './ext-helpers';
import { buildAsCommand } from './ws-tree';
import { activateExtension, closeAllEditors, fixturesDir, watchEventLoop } from './util';

const ROOT = path.join(fixturesDir, 'ws-hostile');
const GIT_DIR = path.join(fixturesDir, '.git');
let tree = 0;
let outside = '';

/** A fresh folder for one test; returns its workspace-relative name. */
function makeDir(): string {
  const name = `ws-hostile/${++tree}`;
  fs.mkdirSync(path.join(fixturesDir, name), { recursive: true });
  return name;
}

function write(dir: string, rel: string, text: string): void {
  const file = path.join(fixturesDir, dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const abs = (dir: string, rel: string) => path.join(fixturesDir, dir, rel);

/** Runs a workspace command, failing (instead of hanging the suite) if it does not finish. */
async function runBounded(command: string, args: object, ms = 30_000): Promise<WorkspaceResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${command} did not finish in ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run<WorkspaceResult>(command, args), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const posix = process.platform !== 'win32';

describe('workspace commands against a hostile repository (issue 20, real VS Code)', function () {
  this.timeout(120_000);
  let config: Config;

  before(async function () {
    if (!posix) this.skip(); // links, FIFOs and devices as a repository brings them: POSIX
    await activateExtension();
    config = new Config();
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'amp-url-outside-'));
    fs.writeFileSync(path.join(outside, 'bashrc'), `# rc ${CACHE}\n`);
    fs.mkdirSync(path.join(outside, 'sibling-project', 'docs'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'sibling-project', 'docs', 'index.md'), `s ${CACHE}\n`);
  });

  after(async () => {
    await closeAllEditors();
    config.dispose();
    fs.rmSync(ROOT, { recursive: true, force: true, maxRetries: 3 });
    fs.rmSync(GIT_DIR, { recursive: true, force: true, maxRetries: 3 });
    if (outside) fs.rmSync(outside, { recursive: true, force: true, maxRetries: 3 });
  });

  afterEach(closeAllEditors);

  const outsideFiles = () => [
    path.join(outside, 'bashrc'),
    path.join(outside, 'sibling-project', 'docs', 'index.md'),
  ];

  it('never writes through a symbolic link: out of the folder (file, folder, nested) or to a file inside', async () => {
    const dir = makeDir();
    write(dir, 'real.md', `real ${CACHE}\n`);
    write(dir, 'nested/deeper/own.md', `own ${CACHE}\n`);
    fs.symlinkSync(path.join(outside, 'bashrc'), abs(dir, 'bashrc'));
    fs.symlinkSync(path.join(outside, 'sibling-project'), abs(dir, 'sibling'));
    fs.symlinkSync(path.join(outside, 'bashrc'), abs(dir, 'nested/deeper/rc.md'));
    fs.symlinkSync(path.join(outside, 'sibling-project'), abs(dir, 'nested/project'));
    fs.symlinkSync('real.md', abs(dir, 'again.md')); // inside: real.md must be edited once
    fs.symlinkSync('nested', abs(dir, 'nested-again'));
    const before = outsideFiles().map(read);

    const r = await runBounded('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
    });
    assert.equal(r.aborted, undefined);
    assert.equal(r.applied, true);
    assert.deepEqual(outsideFiles().map(read), before, 'a file outside the folder was written');
    assert.equal(read(abs(dir, 'real.md')), `real ${PUB}\n`);
    assert.equal(read(abs(dir, 'nested/deeper/own.md')), `own ${PUB}\n`);
    assert.equal(r.changedFiles, 2);
    assert.equal(r.edits, 2, 'real.md edited once, not also as again.md');
    // workspace.fs can't tell where a link points: every one is left out and named.
    assert.deepEqual(
      r.skippedPaths
        .filter((s) => s.reason === 'symlink')
        .map((s) => s.path)
        .sort(),
      [
        'again.md',
        'bashrc',
        'nested-again',
        'nested/deeper/rc.md',
        'nested/project',
        'sibling',
      ].map((p) => `${dir}/${p}`),
    );
    assert.equal(r.skippedFiles.symlink, 6);
  });

  it('never opens a FIFO or a device: not as an ignore file (.gitignore, .ignore, .git/info/exclude), not as a file to scan', async () => {
    const dir = makeDir();
    write(dir, 'a.md', `a ${CACHE}\n`);
    write(dir, 'sub/b.md', `b ${CACHE}\n`);
    write(dir, 'pkg/c.md', `c ${CACHE}\n`);
    execFileSync('mkfifo', [abs(dir, '.gitignore')]);
    fs.symlinkSync('/dev/zero', abs(dir, 'sub/.ignore'));
    execFileSync('mkfifo', [abs(dir, 'pkg/.ignore')]);
    execFileSync('mkfifo', [abs(dir, 'pipe.md')]);
    fs.symlinkSync('/dev/zero', abs(dir, 'zero.md'));
    fs.mkdirSync(path.join(GIT_DIR, 'info'), { recursive: true });
    execFileSync('mkfifo', [path.join(GIT_DIR, 'info', 'exclude')]);
    try {
      const rss = process.memoryUsage().rss;
      // Several runs: a FIFO read once would hold one of the host's fs threads for good.
      for (let i = 0; i < 5; i++) {
        const r = await runBounded('ampUrl.workspaceToPublisher', {
          include: `${dir}/**`,
          exclude: '',
          preview: false,
        });
        assert.equal(r.aborted, undefined);
        assert.equal(r.skippedFiles.ignoreFileNotRead, 4, JSON.stringify(r.skippedPaths));
        assert.ok(
          r.skippedPaths.some((s) => s.path === '.git/info/exclude'),
          JSON.stringify(r.skippedPaths),
        );
        assert.equal(r.skippedFiles.special, 1);
        assert.equal(r.skippedFiles.symlink, 1);
        assert.deepEqual(
          r.skippedPaths.filter((s) => s.reason === 'special').map((s) => s.path),
          [`${dir}/pipe.md`],
        );
        if (i === 0) assert.equal(r.changedFiles, 3);
      }
      assert.equal(read(abs(dir, 'sub/b.md')), `b ${PUB}\n`);
      // The extension host still reads files (no fs thread left waiting on a FIFO) and did
      // not fill its memory from /dev/zero.
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(abs(dir, 'a.md')));
      assert.equal(new TextDecoder().decode(bytes), `a ${PUB}\n`);
      const grown = process.memoryUsage().rss - rss;
      console.log(`      extension host RSS grew ${(grown / 1e6).toFixed(0)} MB over 5 runs`);
      assert.ok(grown < 1e9, `RSS grew ${grown} bytes`);
    } finally {
      fs.rmSync(GIT_DIR, { recursive: true, force: true, maxRetries: 3 });
    }
  });

  it('reads hostile ignore lines as the Search view does: `build,**`, `*.{log`, a run of **/', async () => {
    const dir = makeDir();
    write(dir, '.gitignore', `build,**\n*.{log\n*.tmp\n!keep.md\na/${'**/'.repeat(14)}b\n`);
    write(dir, 'src/x.md', `x ${CACHE}\n`);
    write(dir, 'build,old/y.md', `y ${CACHE}\n`);
    write(dir, 'z.tmp', `z ${CACHE}\n`);
    write(dir, 'notes.log', `log ${CACHE}\n`);
    const r = await runBounded('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
    });
    assert.equal(r.aborted, undefined);
    assert.equal(read(abs(dir, 'src/x.md')), `x ${PUB}\n`);
    assert.equal(read(abs(dir, 'notes.log')), `log ${PUB}\n`, '*.{log is not applied');
    assert.equal(read(abs(dir, 'build,old/y.md')), `y ${CACHE}\n`, 'build,** applies');
    assert.equal(read(abs(dir, 'z.tmp')), `z ${CACHE}\n`, 'the lines after the bad one apply');
    assert.equal(r.changedFiles, 2);
    assert.deepEqual(
      r.skippedPaths.filter((s) => s.reason === 'ignoreLineNotUsed').map((s) => s.path),
      [`${dir}/.gitignore:2`],
    );
  });

  it('a negation and `a/` + fourteen `**/` + `b` against a folder 19 levels deep: done at once, and Cancel stops the walk', async () => {
    const dir = makeDir();
    write(dir, '.gitignore', `!keep.md\na/${'**/'.repeat(14)}b\n`);
    let deep = 'a';
    for (let i = 0; i < 19; i++) {
      deep += `/d${i}`;
      write(dir, `${deep}/f.md`, `f ${CACHE}\n`);
    }
    write(dir, `${deep}/b/hidden.md`, `h ${CACHE}\n`);
    const loop = watchEventLoop();
    const listing = await listWorkspaceFiles(`${dir}/**`, '');
    console.log(`      longest event-loop gap while listing: ${loop.stop()} ms`);
    const listed = listing.uris.map((u) => path.relative(abs(dir, ''), u.fsPath));
    assert.equal(listed.length, 20, listed.join(', ')); // 19 f.md and the .gitignore
    assert.ok(!listed.some((p) => p.endsWith('hidden.md')));

    // Cancel: a token cancelled while the walk runs stops it and says so.
    const source = new vscode.CancellationTokenSource();
    const pending = listWorkspaceFiles('**', '', source.token);
    source.cancel();
    const cancelled = await pending;
    assert.equal(cancelled.cancelled, true);
    const scan = await scanFiles(cancelled, {
      include: '**',
      exclude: '',
      target: 'publisher',
      transform: makeTransform('publisher', config.settings),
      caches: config.settings.caches,
      maxFileSize: 1e6,
    });
    assert.equal(scan.cancelled, true, 'a cancelled listing is a cancelled scan');
    source.dispose();
  });

  it('300 packages with a 10-line .gitignore each (no E2BIG: the lines are not a command line)', async () => {
    const dir = makeDir();
    const letter = { source: 'i', built: 'd', kept: 'k', dropped: 'x' };
    for (const [rel, text] of packagesRepo(300, (file) => `${letter[file]} ${CACHE}\n`))
      write(dir, rel, text);
    const r = await runBounded('ampUrl.workspaceToPublisher', {
      include: `${dir}/**`,
      exclude: '',
      preview: false,
    });
    assert.equal(r.aborted, undefined);
    assert.equal(r.changedFiles, 600);
    assert.equal(read(abs(dir, 'packages/p123/keep.log')), `k ${PUB}\n`);
    assert.equal(read(abs(dir, 'packages/p123/src/index.md')), `i ${PUB}\n`);
    assert.equal(read(abs(dir, 'packages/p123/dist/built.md')), `d ${CACHE}\n`);
    assert.equal(read(abs(dir, 'packages/p123/drop.log')), `x ${CACHE}\n`);
  });

  it('at apply time, leaves alone and names a file that became a link, one behind a folder that became a link, and one replaced by another file', async () => {
    const dir = makeDir();
    write(dir, 'link-later.md', `l ${CACHE}\n`);
    write(dir, 'folder/inside.md', `f ${CACHE}\n`);
    write(dir, 'replaced.md', `r ${CACHE}\n`);
    write(dir, 'kept.md', `k ${CACHE}\n`);
    const s = config.settings;
    const scan = await scanFiles(await listWorkspaceFiles(`${dir}/**`, ''), {
      include: `${dir}/**`,
      exclude: '',
      target: 'publisher',
      transform: makeTransform('publisher', s),
      caches: s.caches,
      maxFileSize: 1e6,
    });
    assert.equal(scan.planned.length, 4);
    // Between the scan and the apply: a file becomes a link out of the folder; a folder becomes a
    // link to one holding a file of the same name; a file is replaced by another of the same size
    // and modification time.
    fs.rmSync(abs(dir, 'link-later.md'));
    fs.symlinkSync(path.join(outside, 'bashrc'), abs(dir, 'link-later.md'));
    fs.mkdirSync(path.join(outside, 'folder'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'folder', 'inside.md'), `f ${CACHE}\n`);
    fs.rmSync(abs(dir, 'folder'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'folder'), abs(dir, 'folder'));
    const old = fs.statSync(abs(dir, 'replaced.md'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.rmSync(abs(dir, 'replaced.md'));
    fs.writeFileSync(abs(dir, 'replaced.md'), `R ${CACHE}\n`);
    fs.utimesSync(abs(dir, 'replaced.md'), old.atime, old.mtime);
    const before = [...outsideFiles(), path.join(outside, 'folder', 'inside.md')].map(read);

    const { fresh, stale } = await checkFresh(scan.planned, 1e6);
    assert.deepEqual(stale.map((f) => vscode.workspace.asRelativePath(f.uri)).sort(), [
      `${dir}/folder/inside.md`,
      `${dir}/link-later.md`,
      `${dir}/replaced.md`,
    ]);
    assert.ok(
      await vscode.workspace.applyEdit((await buildAsCommand(fresh, 'replace', 1e6)).edit, {
        isRefactoring: true,
      }),
    );
    assert.deepEqual(
      [...outsideFiles(), path.join(outside, 'folder', 'inside.md')].map(read),
      before,
      'a file outside the folder was written',
    );
    assert.equal(read(abs(dir, 'replaced.md')), `R ${CACHE}\n`);
    const kept = await vscode.workspace.openTextDocument(vscode.Uri.file(abs(dir, 'kept.md')));
    assert.equal(kept.getText(), `k ${PUB}\n`);
  });
});
