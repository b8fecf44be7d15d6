// The extension loads in a real VS Code, registers the contract's commands and hovers a real document.
import * as assert from 'node:assert';
import * as vscode from 'vscode';
import { COMMAND } from '../../../src/extension/command-ids';
import { shortValue } from '../../../src/extension/logic/hover-markdown';
import { activateExtension, closeAllEditors, hoverAt, openFixture } from './util';

const COMMANDS: string[] = Object.values(COMMAND);

describe('smoke', () => {
  after(closeAllEditors);

  it('activates', async () => {
    const ext = await activateExtension();
    assert.strictEqual(ext.isActive, true);
  });

  it('registers every command of the contract', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepStrictEqual(
      COMMANDS.filter((id) => !registered.has(id)),
      [],
    );
  });

  it('hovers a publisher URL in a Markdown file with its AMP Cache URL', async () => {
    const { document } = await openFixture('sample.md');
    assert.strictEqual(document.languageId, 'markdown');
    const hovers = await hoverAt(document, 'example.com/amp_document');
    const text = hovers.join('\n');
    assert.ok(
      text.includes(
        shortValue('https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html'),
      ),
      `hover lacks the cache URL:\n${text}`,
    );
  });
});
