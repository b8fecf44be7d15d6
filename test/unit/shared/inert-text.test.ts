// Text made inert for a line of output (issue 26): the CLI's escapes and the editor's code
// points, one set of characters. Property tests: nothing escaped can break a line, control a
// terminal, reorder text or pass for a CI log command, and the escapes read back to the text.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { escapedForLine, inertJson, shownAsCodePoints } from '../../../src/shared/inert-text';

/** Reads escapedForLine's notation back (the inverse a log reader would apply). */
function unescaped(line: string): string {
  return line.replace(/\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|(.))/g, (whole, x, u, named) => {
    if (x !== undefined) return String.fromCharCode(parseInt(x as string, 16));
    if (u !== undefined) return String.fromCharCode(parseInt(u as string, 16));
    const map = new Map([
      ['n', '\n'],
      ['r', '\r'],
      ['t', '\t'],
      ['\\', '\\'],
    ]);
    const ch = map.get(named as string);
    if (ch === undefined) throw new Error(`not an escape: ${whole}`);
    return ch;
  });
}

// Every character of the class, C0 to BOM, and the ones CI runners read.
const RISKY = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u00ad',
  '\u061c',
  '\u200b',
  '\u200e',
  '\u200f',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\\',
  ':',
  '#',
  '[',
  ' ',
  '\u00a0',
  '\u3000',
  'x',
  'é',
  '😊',
];
const CONTROL_OR_INVISIBLE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;
const riskyText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...RISKY), maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe('inert text (output is data, never control)', () => {
  it('escapes controls, Bidi and separators in the notation of terminals, a backslash doubled', () => {
    assert.equal(
      escapedForLine('plain https://example.com/a?b=c'),
      'plain https://example.com/a?b=c',
    );
    assert.equal(
      escapedForLine('a\nb\rc\td\u001b]52;c;aGk=\u0007e\u202ef\u2028g\\h\u0085i\u200bj'),
      'a\\nb\\rc\\td\\x1b]52;c;aGk=\\x07e\\u202ef\\u2028g\\\\h\\x85i\\u200bj',
    );
  });

  it('defuses CI log commands: `::` starting the line (after white space) and `##` anywhere', () => {
    assert.equal(escapedForLine('::error::x'), '\\x3a:error::x');
    assert.equal(escapedForLine('  \u3000::add-mask::x'), '  \u3000\\x3a:add-mask::x');
    assert.equal(escapedForLine('a::error::x'), 'a::error::x');
    assert.equal(escapedForLine('x ##[error]y ##vso[task]z'), 'x #\\x23[error]y #\\x23vso[task]z');
    assert.equal(escapedForLine('###'), '#\\x23#');
    // A newline in a file name cannot start a line with `::`.
    assert.equal(escapedForLine('a.md\n::stop-commands::t'), 'a.md\\n::stop-commands::t');
  });

  it('property: no escaped line holds a control, Bidi or invisible character, a `##`, or starts with `::`', () => {
    fc.assert(
      fc.property(riskyText, (text) => {
        const line = escapedForLine(text);
        assert.ok(!CONTROL_OR_INVISIBLE.test(line), JSON.stringify(line));
        assert.ok(!line.includes('##'), JSON.stringify(line));
        assert.ok(!/^\s*::/.test(line), JSON.stringify(line));
      }),
      { numRuns: 3000 },
    );
  });

  it('property: the escapes read back to the text exactly', () => {
    fc.assert(
      fc.property(riskyText, (text) => {
        assert.equal(unescaped(escapedForLine(text)), text);
      }),
      { numRuns: 3000 },
    );
  });

  it('the editor shows the same characters as code points', () => {
    assert.equal(shownAsCodePoints('a\u202eb\u0000c\n'), 'a⟨U+202E⟩b⟨U+0000⟩c⟨U+000A⟩');
    fc.assert(
      fc.property(riskyText, (text) => {
        assert.ok(!CONTROL_OR_INVISIBLE.test(shownAsCodePoints(text)));
      }),
    );
  });

  it('JSON: the same value, with C1, Bidi and separators \\u-escaped too (JSON.stringify leaves them)', () => {
    const value = { p: 'a\u009b31m\u202e\u2028b\u001b', n: 1 };
    const text = inertJson(value, 2);
    assert.ok(!CONTROL_OR_INVISIBLE.test(text.replace(/\n/g, '')), text);
    assert.match(text, /\\u009b31m\\u202e\\u2028b\\u001b/);
    assert.equal(inertJson('a##[add-mask]b'), '"a#\\u0023[add-mask]b"');
    fc.assert(
      fc.property(fc.array(riskyText, { maxLength: 4 }), (v) => {
        assert.deepEqual(JSON.parse(inertJson(v)), v);
        assert.ok(!CONTROL_OR_INVISIBLE.test(inertJson(v)));
        assert.ok(!inertJson(v).includes('##'));
      }),
    );
  });
});
