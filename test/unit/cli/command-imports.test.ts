import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// CONTRIBUTING: "one module per command"; what two commands share has its own module, so a
// command never imports another (check -> find -> convert once did, for Streams and byteCount).
const CLI = path.join(__dirname, '../../../../src/cli');
const COMMANDS = ['convert', 'find', 'check', 'mcp'];

describe('CLI commands', () => {
  for (const command of COMMANDS)
    it(`${command}.ts imports no other command`, () => {
      const text = fs.readFileSync(path.join(CLI, `${command}.ts`), 'utf8');
      const imported = [...text.matchAll(/from '\.\/([\w-]+)'/g)].map((m) => m[1]);
      assert.deepEqual(
        imported.filter((m) => COMMANDS.includes(m)),
        [],
      );
    });
});
