// Issue 28: the workspace scan keeps every planned file's plan until the write, never its text.
// A string cut out of a text (V8's sliced strings) keeps the whole text alive: a host kept each of
// 10,000 files' 10 kB texts, 100 MB of the extension host's heap, from the scan to the Undo.
import * as assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { format } from '../../../src/shared/localize';
import { readSettings } from '../../../src/shared/settings';
import { makeTransform } from '../../../src/shared/transforms';
import { planFile, type FilePlan } from '../../../src/shared/workspace-plan';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const settings = readSettings(() => undefined, true);

/** A file of about 10 kB with one AMP Cache URL in its middle, as the bench generates. */
function fileText(i: number): string {
  const block = `// File ${i}\nconst site = 'https://www.example.org/page/${i}?ref=bench';\n`;
  const half = block.repeat(Math.ceil(5000 / block.length));
  const cache = `https://example-com.cdn.ampproject.org/c/s/example.com/articles/${i}.html`;
  return `${half}Read it on the AMP Cache: ${cache}\n${half}`;
}

describe('workspace plan: memory (issue 28)', () => {
  it("a plan does not keep its file's text alive", () => {
    const transform = makeTransform('publisher', settings);
    const files = 2000;
    gc();
    const before = process.memoryUsage().heapUsed;
    const plans: FilePlan[] = [];
    let chars = 0;
    for (let i = 0; i < files; i++) {
      const text = fileText(i);
      chars += text.length;
      plans.push(planFile(text, 'publisher', transform, settings.caches, format, 'typescript'));
    }
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    assert.equal(plans.filter((p) => p.edits.length === 1).length, files);
    // A plan of one URL is well under 1 kB; the texts would be 20 MB.
    assert.ok(kept < chars / 4, `${Math.round(kept / files)} bytes kept per file`);
  });
});
