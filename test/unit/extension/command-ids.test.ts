// command-ids.ts is the one place a command id is spelled: registration, executeCommand, hover
// links and argument messages take COMMAND's typed names, so a rename is one edit there (and
// package.json, which manifest.test.ts holds equal). A quoted id anywhere else in src/ fails here.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { COMMAND } from '../../../src/extension/command-ids';

const root = join(__dirname, '..', '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each command id written as a whole string literal (quoted or a template) in `text`. */
function literalIds(text: string): string[] {
  return Object.values(COMMAND).filter((id) =>
    ["'", '"', '`'].some((q) => text.includes(`${q}${id}${q}`) || text.includes(`command:${id}`)),
  );
}

describe('command ids: typed end to end', () => {
  it('finds a literal id (the check can fail)', () => {
    assert.deepEqual(literalIds("parseArgs('ampUrl.normalize', raw)"), ['ampUrl.normalize']);
    assert.deepEqual(literalIds('[Copy](command:ampUrl.copy?x)'), ['ampUrl.copy']);
    assert.deepEqual(literalIds("t('The options of ampUrl.normalize are steps')"), []);
  });

  it('no file in src/ but command-ids.ts spells a command id', () => {
    const found = sourceFiles(join(root, 'src'))
      .filter((file) => !file.endsWith(join('extension', 'command-ids.ts')))
      .flatMap((file) =>
        literalIds(readFileSync(file, 'utf8')).map((id) => `${relative(root, file)}: ${id}`),
      );
    assert.deepEqual(found, []);
  });
});
