// `amp-url`'s dispatch (src/cli/main.ts): one list of commands, from which it runs a command and
// names them all when it is given an unknown one; the help describes each of them.
import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { main } from '../../../src/cli/main';

/** Runs `amp-url argv` in this process: its exit code and what it wrote. */
async function amp(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr') => {
    const s = new PassThrough();
    s.on('data', (chunk: Buffer) => (out[name] += chunk.toString()));
    return s;
  };
  const code = await main(argv, { stdin: [], stdout: stream('stdout'), stderr: stream('stderr') });
  return { code, ...out };
}

describe('amp-url: its commands', () => {
  it('names every command it runs when given an unknown one, and describes each in its help', async () => {
    const unknown = await amp(['no-such-command']);
    assert.equal(unknown.code, 2);
    const listed = /commands: ([\w, -]+) \(see amp-url --help\)/.exec(unknown.stderr)?.[1];
    assert.ok(listed, unknown.stderr);
    const commands = listed.split(', ');
    assert.deepEqual(commands, [
      ...['cache', 'publisher', 'origin', 'canonical', 'hash', 'normalize'],
      ...['find', 'check', 'mcp'],
    ]);
    const help = (await amp(['--help'])).stdout;
    for (const command of commands) {
      assert.match(help, new RegExp(`^  ${command} +\\S`, 'm'), command);
      const own = await amp([command, '--help']);
      assert.equal(own.code, 0, `${command}: ${own.stderr}`);
      assert.match(own.stdout, new RegExp(`^Usage: amp-url ${command} `), command);
    }
  });
});
