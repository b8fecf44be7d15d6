// In an untrusted window, the workspace's .vscode/settings.json (test/fixtures/untrusted-workspace)
// asks for limits of 1e12 and for `usuallySafe` + `forceHttp` normalization: the extension must
// keep the defaults (package.json restrictedConfigurations; settings.ts trustAwareGetter).
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { normalize, NORMALIZE_PRESETS } from '../../../src/core';
import { DEFAULT_LIMITS } from '../../../src/shared/settings';
import { hoverStrings, ourHover } from '../suite/ext-helpers';
import { activateExtension, openDoc } from '../suite/util';

const URL_ = 'https://Example.com/a/index.html?z=1#top';

describe('untrusted workspace', () => {
  before(activateExtension);

  it('runs untrusted, and the workspace settings file is read', () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    // A setting that is not restricted still comes from the workspace: the file was read.
    const config = vscode.workspace.getConfiguration('ampUrl');
    assert.deepStrictEqual(config.inspect('hover.sections')?.workspaceValue, ['normalized']);
    assert.deepStrictEqual(config.get('hover.sections'), ['normalized']);
  });

  it('normalization ignores the workspace preset and steps (no forceHttp)', async () => {
    const safe = normalize(URL_, NORMALIZE_PRESETS.safe);
    const hostile = normalize(URL_, { ...NORMALIZE_PRESETS.usuallySafe, forceHttp: true });
    assert.notStrictEqual(
      safe,
      hostile,
      'the two settings must differ for this test to mean anything',
    );
    const editor = await openDoc(`See ${URL_} here.`, 'markdown');
    const hover = await ourHover(editor.document, 'index.html');
    assert.ok(hover.includes(safe), `the safe form ${safe} is shown:\n${hover}`);
    assert.ok(!hover.includes(hostile), `the workspace's form ${hostile} is not shown`);
  });

  it('a line longer than the default limit gets no hover (the workspace limit of 1e12 is ignored)', async () => {
    const long = `${'x '.repeat(DEFAULT_LIMITS.maxLineLength / 2)}${URL_}`;
    const editor = await openDoc(`${URL_}\n${long}\n`, 'markdown');
    const doc = editor.document;
    assert.ok(await ourHover(doc, new vscode.Position(0, 10)), 'a short line has its hover');
    const at = new vscode.Position(1, long.indexOf(URL_) + 10);
    assert.deepStrictEqual(await hoverStrings(doc, at), [], 'no hover past maxLineLength');
  });
});

describe('untrusted workspace: the language model tools', () => {
  before(activateExtension);

  it('normalize with your settings, not the workspace preset and steps (no forceHttp)', async () => {
    const r = await vscode.lm.invokeTool('amp_url_normalize', {
      input: { url: URL_ },
      toolInvocationToken: undefined,
    });
    const part = r.content[0];
    assert.ok(part instanceof vscode.LanguageModelTextPart);
    const answer = JSON.parse(part.value) as { normalized: string };
    assert.strictEqual(answer.normalized, normalize(URL_, NORMALIZE_PRESETS.safe));
  });
});
