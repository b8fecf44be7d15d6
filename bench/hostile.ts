// Hostile hosts (issue 12, "Bounded cost"): hover-forms computation and convert-all planning on a
// 1 MB line of each hostile shape, next to their targets (hover < 100 ms, planning < 2 s) and next
// to the ceiling: a bare `new URL` over the same input (what any browser-true reading costs).
import * as punycode from 'punycode/';
import { hoverPipeline } from './hover';
import { prng, sized } from './urls';

const MB = sized(1_000_000, 20_000);

/** One hostile shape: a 1 MB line and the URL(s) on it. */
interface Shape {
  name: string;
  line: string;
  urls: string[];
}

/** A valid A-label body: Punycode of mixed code points, so nothing compresses. */
function punycodeBody(length: number): string {
  const rnd = prng(3);
  let unicode = '';
  while (unicode.length < length / 3)
    unicode += String.fromCharCode(0x4e00 + Math.floor(rnd() * 2000));
  return punycode.encode(unicode);
}

function shapes(): Shape[] {
  const one = (name: string, url: string): Shape => ({ name, line: url, urls: [url] });
  const longPunycode = punycodeBody(MB);
  const labels = Math.floor(MB / 2);
  const short: string[] = [];
  let size = 0;
  for (let i = 0, n = sized(100_000); i < n; i++) {
    const u = `https://h${i % 500}.example.com/p/${i}`;
    short.push(u);
    size += u.length + 1;
  }
  return [
    one('one huge xn-- label', `https://xn--${'a'.repeat(MB)}.com/x`),
    one(
      `valid long Punycode (one ${longPunycode.length.toLocaleString('en-US')}-char A-label)`,
      `https://xn--${longPunycode}.com/x`,
    ),
    one(
      'valid 59-char A-labels, thousands of them',
      `https://${`xn--${punycodeBody(160).slice(0, 55)}.`.repeat(Math.floor(MB / 60))}com/x`,
    ),
    one(`${labels.toLocaleString('en-US')} labels`, `https://${'a.'.repeat(labels)}com/x`),
    one('%-escapes in the host', `https://${'%C3%BC'.repeat(MB / 6)}.com/x`),
    one('%-escapes in the path', `https://example.com/${'%2e%2E/'.repeat(MB / 7)}x`),
    {
      name: `100,000 short URLs (${(size / MB).toFixed(1)} MB)`,
      line: short.join(' '),
      urls: short,
    },
  ];
}

function ms(t: number): string {
  return `${t.toFixed(t < 10 ? 2 : 0)} ms`;
}

/** Best of `runs` timings of `fn`, in ms. */
function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

export function run(): void {
  const { cacheUrl } = require('../src/core') as typeof import('../src/core');
  const { computeForms } = require('../src/shared/forms') as typeof import('../src/shared/forms');
  const { readSettings } =
    require('../src/shared/settings') as typeof import('../src/shared/settings');
  const { planToEnd } =
    require('../test/helpers/run-steps') as typeof import('../test/helpers/run-steps');
  const { makeTransform } =
    require('../src/shared/transforms') as typeof import('../src/shared/transforms');
  const settings = readSettings(() => undefined, true);
  const transform = makeTransform('cache', settings);
  const pipeline = hoverPipeline();
  console.log('targets: hover < 100 ms, convert-all planning < 2000 ms; ceiling = bare new URL');
  for (const shape of shapes()) {
    // Hover: every form of the URL under the cursor (the longest one on a multi-URL line).
    const hovered = shape.urls.reduce((a, b) => (b.length > a.length ? b : a));
    // The hover provider's pipeline, as bench/extension.ts times it: a window around the cursor
    // (in the host), the URL found there, its forms, the Markdown.
    const at = shape.line.indexOf(hovered) + 20;
    const hover = best(3, () => {
      pipeline.hover(shape.line, at);
    });
    // Every form of the whole URL, as if no window applied (the worst case of the forms alone).
    const forms = best(1, () => computeForms(hovered, settings));
    let refused = '';
    try {
      cacheUrl(hovered);
    } catch (e) {
      refused = ` (cacheUrl refuses: ${(e as { code?: string }).code ?? String(e)})`;
    }
    const ceilingOne = best(3, () => {
      try {
        new URL(hovered);
      } catch {
        // refused: the cost is what counts
      }
    });
    let edits = 0;
    let skipped = 0;
    const plan = best(2, () => {
      const p = planToEnd(shape.line, [{ start: 0, end: shape.line.length }], transform);
      edits = p.edits.length;
      skipped = p.skipped.length;
    });
    const ceilingAll = best(2, () => {
      for (const u of shape.urls) {
        try {
          new URL(u);
        } catch {
          // as above
        }
      }
    });
    const ok = (t: number, target: number): string => (t < target ? 'ok' : 'OVER');
    console.log(
      `${shape.name}: hover ${ms(hover)} [${ok(hover, 100)}]${refused}; forms of the whole URL ${ms(forms)} (ceiling ${ms(ceilingOne)}); ` +
        `convert-all planning ${ms(plan)} [${ok(plan, 2000)}], ${edits} edits, ${skipped} skipped (ceiling ${ms(ceilingAll)})`,
    );
  }
}
