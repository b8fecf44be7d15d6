// utf32Of (src/shared/file-bytes.ts): UTF-32, which no front end reads, is told from UTF-16 (its BOM
// starts like UTF-16LE's) and from binary (its NULs), so `check` names it instead of passing it.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { utf32Of } from '../../../src/shared/file-bytes';

function utf32(text: string, littleEndian: boolean): Buffer {
  const units: number[] = [];
  for (const c of text) units.push(c.codePointAt(0) ?? 0);
  const b = Buffer.alloc(units.length * 4);
  units.forEach((u, i) => {
    if (littleEndian) b.writeUInt32LE(u, i * 4);
    else b.writeUInt32BE(u, i * 4);
  });
  return b;
}

describe('utf32Of', () => {
  const text = 'see https://www.google.com/amp/s/example.com/p — café 😀\n';

  it('names UTF-32 with and without its BOM, either byte order', () => {
    assert.equal(utf32Of(utf32(`\ufeff${text}`, true)), 'UTF-32LE with a BOM');
    assert.equal(utf32Of(utf32(`\ufeff${text}`, false)), 'UTF-32BE with a BOM');
    assert.equal(utf32Of(utf32(text, true)), 'UTF-32LE');
    assert.equal(utf32Of(utf32(text, false)), 'UTF-32BE');
  });

  it('leaves UTF-8, UTF-16 (with or without a BOM), zeros and random bytes alone', () => {
    assert.equal(utf32Of(Buffer.from(text)), undefined);
    assert.equal(utf32Of(Buffer.from(`\ufeff${text}`, 'utf16le')), undefined);
    assert.equal(utf32Of(Buffer.from(`${text}.`, 'utf16le')), undefined);
    assert.equal(utf32Of(Buffer.alloc(4096)), undefined);
    assert.equal(utf32Of(Buffer.alloc(0)), undefined);
    for (let i = 0; i < 200; i++) assert.equal(utf32Of(randomBytes(4096)), undefined);
  });
});
