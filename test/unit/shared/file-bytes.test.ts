// Issue 20: a write never changes a byte it did not mean to. The byte-level rules shared by the
// workspace commands and the command-line tool: BOMs, encodings written back byte for byte, line
// endings VS Code's text model keeps, and edits applied to a file's text or bytes with nothing
// else touched. The same rules in the real VS Code: test/integration/suite/ext-bytes.test.ts.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import {
  applyTextEdits,
  bomOf,
  decodeFileBytes,
  editorWriteBack,
  encodeFileText,
  isAscii,
  lineEndings,
  modelKeepsLineEndings,
  type EditorReading,
  type FileEncoding,
  type TextEdit,
  utf32Of,
} from '../../../src/shared/file-bytes';

const ENCODINGS: FileEncoding[] = ['utf8', 'utf8bom', 'utf16le', 'utf16be'];
const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const bytesOf = (...b: number[]) => Uint8Array.from(b);

describe('file bytes: encodings written back byte for byte', () => {
  it('names the byte order marks as VS Code does', () => {
    assert.equal(bomOf(bytesOf(0xef, 0xbb, 0xbf, 0x61)), 'utf8bom');
    assert.equal(bomOf(bytesOf(0xff, 0xfe, 0x61, 0)), 'utf16le');
    assert.equal(bomOf(bytesOf(0xfe, 0xff, 0, 0x61)), 'utf16be');
    assert.equal(bomOf(bytesOf(0xef, 0xbb)), undefined);
    assert.equal(bomOf(utf8('abc')), undefined);
  });

  it('decodes UTF-8 with and without a BOM and UTF-16 with one; the BOM is not text', () => {
    assert.deepEqual(decodeFileBytes(utf8('héllo ✓')), { text: 'héllo ✓', encoding: 'utf8' });
    assert.deepEqual(decodeFileBytes(bytesOf(0xef, 0xbb, 0xbf, 0x61)), {
      text: 'a',
      encoding: 'utf8bom',
    });
    assert.deepEqual(decodeFileBytes(bytesOf(0xff, 0xfe, 0x61, 0, 0xe9, 0)), {
      text: 'aé',
      encoding: 'utf16le',
    });
    assert.deepEqual(decodeFileBytes(bytesOf(0xfe, 0xff, 0, 0x61)), {
      text: 'a',
      encoding: 'utf16be',
    });
    // A second BOM is text (U+FEFF), kept as it is.
    assert.deepEqual(decodeFileBytes(bytesOf(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf)), {
      text: '\ufeff',
      encoding: 'utf8bom',
    });
  });

  it('refuses what it could not write back: binary, invalid UTF-8, odd or broken UTF-16', () => {
    assert.deepEqual(decodeFileBytes(bytesOf(0x61, 0, 0x62)), { skip: 'binary' });
    // Only the first 8000 bytes are probed (as git does); a later NUL is text.
    const late = new Uint8Array(9000).fill(0x61);
    late[8500] = 0;
    assert.equal(decodeFileBytes(late).skip, undefined);
    assert.deepEqual(decodeFileBytes(latin1('café')), { skip: 'notUtf8' });
    assert.deepEqual(decodeFileBytes(bytesOf(0xed, 0xa0, 0x80)), { skip: 'notUtf8' }); // a surrogate in UTF-8
    assert.deepEqual(decodeFileBytes(bytesOf(0xff, 0xfe, 0x61, 0, 0x62)), { skip: 'notUtf8' });
    assert.deepEqual(decodeFileBytes(bytesOf(0xff, 0xfe, 0x00, 0xd8)), { skip: 'notUtf8' });
  });

  it('refuses UTF-32 as an encoding not read, as amp-url check does (FF FE 00 00 is no UTF-16LE)', () => {
    const text = 'see https://example-com.cdn.ampproject.org/c/s/example.com/ café 😀\n';
    for (const littleEndian of [true, false])
      for (const bom of ['\ufeff', '']) {
        const points = Array.from(bom + text, (c) => c.codePointAt(0) ?? 0);
        const bytes = Buffer.alloc(points.length * 4);
        points.forEach((p, i) =>
          littleEndian ? bytes.writeUInt32LE(p, i * 4) : bytes.writeUInt32BE(p, i * 4),
        );
        const what = `${littleEndian ? 'LE' : 'BE'}${bom ? ' with a BOM' : ''}`;
        assert.ok(utf32Of(bytes) !== undefined, what); // the CLI's "UTF-32…: not read"
        assert.deepEqual(decodeFileBytes(bytes), { skip: 'notUtf8' }, what);
      }
  });

  it('writes every text back in its encoding, BOM first, and reads it again (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.constantFrom(...ENCODINGS),
        (text, enc) => {
          fc.pre(!(enc === 'utf8' && text.startsWith('\ufeff'))); // that is a BOM file
          const bytes = encodeFileText(text, enc);
          assert.deepEqual(decodeFileBytes(bytes), { text, encoding: enc });
        },
      ),
    );
  });

  it('any bytes it decodes are written back as the very same bytes (property)', () => {
    const prefixes = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]];
    fc.assert(
      fc.property(
        fc.constantFrom(...prefixes),
        fc.uint8Array({ maxLength: 64 }),
        (prefix, body) => {
          const bytes = Uint8Array.from([...prefix, ...body]);
          const r = decodeFileBytes(bytes);
          if (r.text !== undefined) assert.deepEqual(encodeFileText(r.text, r.encoding), bytes);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('file bytes: line endings', () => {
  it('counts LF, CRLF and lone CR', () => {
    assert.deepEqual(lineEndings('a\r\nb\nc\rd\r\n\r'), { lf: 1, crlf: 2, cr: 2 });
    assert.deepEqual(lineEndings(''), { lf: 0, crlf: 0, cr: 0 });
    assert.deepEqual(lineEndings('\n\n'), { lf: 2, crlf: 0, cr: 0 });
  });

  it('VS Code keeps only one kind of line ending, LF or CRLF, and never a lone CR', () => {
    assert.ok(modelKeepsLineEndings(lineEndings('a\nb\n')));
    assert.ok(modelKeepsLineEndings(lineEndings('a\r\nb\r\n')));
    assert.ok(modelKeepsLineEndings(lineEndings('one line')));
    assert.ok(!modelKeepsLineEndings(lineEndings('a\r\nb\n')), 'mixed');
    assert.ok(!modelKeepsLineEndings(lineEndings('a\rb\r')), 'old Mac: becomes CRLF');
    assert.ok(!modelKeepsLineEndings(lineEndings('a\nb\rc\n')), 'a lone CR');
  });
});

describe('file bytes: applying edits touches nothing else', () => {
  const text = 'A\r\nhttps://a.com/x\nB\rC https://b.com/y\r\n';
  const edits: TextEdit[] = [
    { start: 3, end: 18, newText: 'https://new.example/1' },
    { start: 23, end: 38, newText: 'https://new.example/2' },
  ];

  it('applies sorted edits and keeps mixed line endings and a lone CR exactly', () => {
    assert.equal(text.slice(3, 18), 'https://a.com/x');
    assert.equal(text.slice(23, 38), 'https://b.com/y');
    assert.equal(
      applyTextEdits(text, edits),
      'A\r\nhttps://new.example/1\nB\rC https://new.example/2\r\n',
    );
  });

  it('refuses unsorted, overlapping or out-of-range edits', () => {
    assert.throws(() => applyTextEdits(text, [...edits].reverse()), RangeError);
    assert.throws(
      () => applyTextEdits(text, [edits[0], { start: 10, end: 30, newText: '' }]),
      RangeError,
    );
    assert.throws(() => applyTextEdits('abc', [{ start: 2, end: 4, newText: '' }]), RangeError);
  });

  it('keeps every character outside the edits (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 100 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 5 })), { maxLength: 6 }),
        (t, raw) => {
          // Sorted, non-overlapping edits inside the text.
          const cuts = raw
            .map(([a, b, s]) => ({ a: a % (t.length + 1), b: b % (t.length + 1), s }))
            .map(({ a, b, s }) => ({ start: Math.min(a, b), end: Math.max(a, b), newText: s }))
            .sort((x, y) => x.start - y.start);
          const kept: TextEdit[] = [];
          for (const e of cuts) if (e.start >= (kept.at(-1)?.end ?? 0)) kept.push(e);
          const out = applyTextEdits(t, kept);
          let at = 0;
          let pos = 0;
          for (const e of kept) {
            assert.equal(out.slice(pos, pos + e.start - at), t.slice(at, e.start));
            pos += e.start - at + e.newText.length;
            at = e.end;
          }
          assert.equal(out.slice(pos), t.slice(at));
        },
      ),
    );
  });

  it('rewrites a file’s bytes with its BOM, its encoding and its line endings (the write worker)', () => {
    // How src/node/write-worker.ts rewrites a file: decode, apply the edits, encode as it was.
    const applyEditsToBytes = (bytes: Uint8Array, edits: readonly TextEdit[]) => {
      const r = decodeFileBytes(bytes);
      if (r.skip !== undefined) return { skip: r.skip };
      return { bytes: encodeFileText(applyTextEdits(r.text, edits), r.encoding) };
    };
    for (const enc of ENCODINGS) {
      const before = encodeFileText(text, enc);
      const r = applyEditsToBytes(before, edits);
      assert.ok(r.bytes, enc);
      assert.deepEqual(r.bytes, encodeFileText(applyTextEdits(text, edits), enc), enc);
      // The bytes before the first edit (the BOM and `A\r\n`) are the same bytes.
      const head = enc === 'utf8' ? 3 : enc === 'utf8bom' ? 6 : 8;
      assert.deepEqual(r.bytes.subarray(0, head), before.subarray(0, head), enc);
    }
    assert.deepEqual(applyEditsToBytes(latin1('café https://a.com/'), []), { skip: 'notUtf8' });
    assert.deepEqual(applyEditsToBytes(bytesOf(0x61, 0), []), { skip: 'binary' });
  });
});

describe('file bytes: what VS Code would write back (editorWriteBack)', () => {
  const page = '<p>café</p>\n<a href="https://a.com/x">x</a>\n';
  const pageBytes = utf8(page);
  /** A UTF-8 page as VS Code reads it under a single-byte files.encoding: each byte a character. */
  const mojibake = Buffer.from(pageBytes).toString('latin1');
  const reading = (r: Partial<EditorReading>): EditorReading => ({
    bytes: pageBytes,
    text: page,
    reencoded: pageBytes,
    guessing: false,
    configuredUtf8: true,
    ...r,
  });

  it('plans a UTF-8 file read as UTF-8 on its text; non-ASCII may be written', () => {
    assert.deepEqual(editorWriteBack(reading({})), { text: page, unicode: true });
  });

  it('plans a UTF-8 page that a windows1252 setting reads on that reading, not on the UTF-8 one', () => {
    // The reported corruption: offsets found in the UTF-8 text placed in the windows1252 one.
    const r = editorWriteBack(
      reading({ text: mojibake, reencoded: latin1(mojibake), configuredUtf8: false }),
    );
    assert.deepEqual(r, { text: mojibake, unicode: false });
    assert.notEqual(mojibake.indexOf('https://'), page.indexOf('https://'));
  });

  it('skips a file whose reading would not encode back to its bytes (utf16le setting, U+FFFD)', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(mojibake, 'utf16le')]);
    assert.deepEqual(
      editorWriteBack(reading({ text: mojibake, reencoded: new Uint8Array(utf16) })),
      { skip: 'encoding' },
    );
    const cafe = latin1('café https://a.com/x');
    assert.deepEqual(
      editorWriteBack(
        reading({
          bytes: cafe,
          text: 'caf\ufffd https://a.com/x',
          reencoded: utf8('caf\ufffd https://a.com/x'),
        }),
      ),
      { skip: 'notUtf8' },
    );
  });

  it('keeps a BOM: the BOM encoding is written back, and every character can be', () => {
    const bytes = encodeFileText(page, 'utf8bom');
    assert.deepEqual(editorWriteBack(reading({ bytes, reencoded: bytes, configuredUtf8: false })), {
      text: page,
      unicode: true,
    });
    // Written without its BOM: not the same bytes.
    assert.deepEqual(editorWriteBack(reading({ bytes, reencoded: pageBytes })), {
      skip: 'encoding',
    });
  });

  it('skips a guessed encoding it cannot name, unless it reads the bytes as UTF-8 does', () => {
    const r = reading({ text: mojibake, reencoded: latin1(mojibake), guessing: true });
    assert.deepEqual(editorWriteBack(r), { skip: 'encoding' });
    assert.deepEqual(editorWriteBack(reading({ guessing: true })), { text: page, unicode: true });
    // Pure ASCII: any guess reads it the same; what may be written is the setting's.
    const ascii = utf8('https://a.com/x\n');
    assert.deepEqual(
      editorWriteBack(
        reading({
          bytes: ascii,
          text: 'https://a.com/x\n',
          reencoded: ascii,
          guessing: true,
          configuredUtf8: false,
        }),
      ),
      { text: 'https://a.com/x\n', unicode: false },
    );
  });

  it('skips mixed line endings and a lone CR, which VS Code would normalise', () => {
    for (const text of ['a\r\nb\n', 'a\rb']) {
      const bytes = utf8(text);
      assert.deepEqual(editorWriteBack(reading({ bytes, text, reencoded: bytes })), {
        skip: 'lineEndings',
      });
    }
  });

  it('tells ASCII new texts apart', () => {
    assert.ok(isAscii('https://a.com/%C3%A9'));
    assert.ok(!isAscii('https://a.com/é'));
  });
});
