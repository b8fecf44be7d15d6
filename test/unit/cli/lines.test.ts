import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { lineBatches, type Line } from '../../../src/cli/lines';

/** Every line of `chunks` fed in turn to lineBatches. */
async function linesOf(chunks: readonly (Buffer | string)[], maxLine?: number): Promise<Line[]> {
  async function* stream() {
    for (const c of chunks) yield await Promise.resolve(c);
  }
  const lines: Line[] = [];
  for await (const batch of lineBatches(stream(), maxLine)) lines.push(...batch);
  return lines;
}

describe('cli lines: lineBatches', () => {
  it('ends a line at CRLF, LF and a lone CR, as a person sees lines', async () => {
    assert.deepEqual(await linesOf(['a\r\nb\nc\rd']), ['a', 'b', 'c', 'd']);
    // The case: a lone CR between two URLs no longer merges them into one line.
    assert.deepEqual(await linesOf(['https://a.com/x\rhttps://b.com/y\n']), [
      'https://a.com/x',
      'https://b.com/y',
    ]);
    assert.deepEqual(await linesOf(['\r\r\n\n']), ['', '', '']);
  });

  it('gives the same lines wherever the chunks are cut (CRLF across a cut is one break)', async () => {
    const text = 'a\r\nbé\r\rc\n\nd€\r\n𝒳e\r';
    const whole = await linesOf([text]);
    assert.deepEqual(whole, ['a', 'bé', '', 'c', '', 'd€', '𝒳e']);
    const bytes = Buffer.from(text);
    for (let i = 0; i <= bytes.length; i++)
      for (let j = i; j <= bytes.length; j++)
        assert.deepEqual(
          await linesOf([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]),
          whole,
          `cut at ${i} and ${j}`,
        );
  });

  it('agrees with splitting the whole text, for any text and any cuts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('a', 'é', '\r', '\n', '😀', ' ') }),
        fc.array(fc.nat(), { maxLength: 4 }),
        async (text, cuts) => {
          const bytes = Buffer.from(text);
          const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const chunks = [0, ...points].map((p, i, all) => bytes.subarray(p, all[i + 1]));
          const expected = text === '' ? [] : text.split(/\r\n|\r|\n/);
          if (/[\r\n]$/.test(text)) expected.pop();
          assert.deepEqual(await linesOf(chunks), expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a line that is not UTF-8, saying where, and reads the others', async () => {
    const lines = await linesOf([
      Buffer.from('https://a.com/\n'),
      Buffer.from([0x68, 0x74, 0xff, 0x0a, 0x61, 0xc3, 0x0a, 0xed, 0xa0, 0x80, 0x0d]),
      Buffer.from('ok'),
    ]);
    assert.deepEqual(lines, [
      'https://a.com/',
      { kind: 'not-utf8', unread: 'the line is not valid UTF-8 (byte 3 is 0xff): not read' },
      { kind: 'not-utf8', unread: 'the line is not valid UTF-8 (byte 2 is 0xc3): not read' },
      // A UTF-8-encoded surrogate (CESU-8) is no UTF-8.
      { kind: 'not-utf8', unread: 'the line is not valid UTF-8 (byte 1 is 0xed): not read' },
      'ok',
    ]);
  });

  it('refuses a line over the limit without keeping it, and reads the next', async () => {
    const long = 'x'.repeat(50);
    assert.deepEqual(await linesOf([long.slice(0, 20), long.slice(20), '\nok\n'], 10), [
      { kind: 'too-long', unread: 'the line is longer than 10 characters: not read' },
      'ok',
    ]);
    assert.deepEqual(await linesOf(['0123456789\n01234567890'], 10), [
      '0123456789',
      { kind: 'too-long', unread: 'the line is longer than 10 characters: not read' },
    ]);
  });
});
