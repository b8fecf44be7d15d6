// The extension layer: activate() time (with a stubbed `vscode`: this measures time, not
// behaviour), hover computation on a normal line and on a 1 MB line, and "convert all" planning
// for a document with 100,000 URLs.
import Module from 'node:module';
import * as path from 'node:path';
import { hoverPipeline } from './hover';
import { benchUrls, prng, sized } from './urls';

/**
 * Anything of the `vscode` API the list below lacks: a function that can be called, constructed
 * and subclassed, whose every member is another such stub (and `dispose` does nothing). So a new
 * API the extension starts to use (a class it extends at load, a channel it creates) never stops
 * the benchmark; what activate() does with the API it reads is the list's.
 */
function stub(): unknown {
  const target = function stubbed(): void {
    // Any call: nothing happens, like an API with no listener.
  };
  return new Proxy(target, {
    get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : stub()),
    apply: () => stub(),
    construct: () => stub() as object,
  });
}

/** Fills in what `api` lacks with stubs, in every namespace object it has. */
function withStubs(api: Record<string, unknown>): unknown {
  return new Proxy(api, {
    get: (t, key) => {
      if (typeof key === 'symbol') return undefined;
      const value = t[key];
      if (value === undefined) return key === 'then' ? undefined : stub();
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? withStubs(value as Record<string, unknown>)
        : value;
    },
  });
}

/** Enough of the `vscode` API for activate() to run; what it lacks is stubbed (withStubs). */
function fakeVscode(): unknown {
  const disposable = { dispose: () => undefined };
  const event = () => disposable;
  class EventEmitter {
    event = event;
    fire(): void {
      // No listener in the benchmark: nothing to notify.
    }
    dispose(): void {
      // Nothing held.
    }
  }
  const kind = (value: string): unknown => ({
    value,
    append: (s: string) => kind(`${value}.${s}`),
  });
  class Disposable {
    static from(): Disposable {
      return new Disposable(() => undefined);
    }
    constructor(private readonly onDispose: () => unknown) {}
    dispose(): void {
      this.onDispose();
    }
  }
  // A class the extension subclasses at load (providers/fix-all.ts extends CodeAction).
  class CodeAction {
    constructor(
      readonly title: string,
      readonly kind?: unknown,
    ) {}
  }
  return withStubs({
    EventEmitter,
    CodeAction,
    Disposable,
    CodeActionKind: {
      RefactorRewrite: kind('refactor.rewrite'),
      QuickFix: kind('quickfix'),
      SourceFixAll: kind('source.fixAll'),
    },
    DiagnosticSeverity: { Information: 2 },
    workspace: {
      onDidChangeConfiguration: event,
      onDidGrantWorkspaceTrust: event,
      onDidOpenTextDocument: event,
      onDidChangeTextDocument: event,
      onDidCloseTextDocument: event,
      textDocuments: [],
      isTrusted: true,
      getConfiguration: () => ({ get: () => undefined }),
    },
    window: {
      onDidChangeTextEditorSelection: event,
      onDidChangeActiveTextEditor: event,
      activeTextEditor: undefined,
    },
    commands: {
      registerCommand: () => disposable,
      executeCommand: () => Promise.resolve(undefined),
    },
    languages: {
      registerHoverProvider: () => disposable,
      registerCodeActionsProvider: () => disposable,
      createDiagnosticCollection: () => ({
        ...disposable,
        set: () => undefined,
        delete: () => undefined,
        clear: () => undefined,
      }),
    },
    l10n: { t: (m: string) => m },
  });
}

function withFakeVscode<T>(fn: () => T): T {
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = mod._load;
  const fake = fakeVscode();
  mod._load = (request, ...rest) => (request === 'vscode' ? fake : load(request, ...rest));
  try {
    return fn();
  } finally {
    mod._load = load;
  }
}

function stats(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return `median ${q(0.5).toFixed(3)} ms, p99 ${q(0.99).toFixed(3)} ms, max ${sorted[sorted.length - 1].toFixed(3)} ms (${times.length} runs)`;
}

function timeActivate(label: string, file: string): void {
  withFakeVscode(() => {
    const t0 = performance.now();
    const ext = require(file) as {
      activate: (c: { subscriptions: { dispose(): void }[] }) => void;
    };
    const load = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0, n = sized(200, 5); i < n; i++) {
      const context = { subscriptions: [] as { dispose(): void }[] };
      const t = performance.now();
      ext.activate(context);
      times.push(performance.now() - t);
      context.subscriptions.forEach((d) => {
        d.dispose();
      });
    }
    console.log(
      `activate() ${label}: first ${times[0].toFixed(3)} ms; ${stats(times)}; module load ${load.toFixed(1)} ms`,
    );
  });
}

export function run(): void {
  timeActivate('(tsc output)', path.join(__dirname, '../src/extension/extension.js'));
  const bundle = path.join(__dirname, '../../dist/extension.js');
  try {
    require.resolve(bundle);
    timeActivate('(dist/extension.js bundle)', bundle);
  } catch {
    console.log('activate() (bundle): dist/extension.js not built; run `npm run build` first');
  }

  // Pure modules, loaded after the activation figures so they don't warm the module cache first.
  const { readSettings } =
    require('../src/shared/settings') as typeof import('../src/shared/settings');
  const { planSteps } =
    require('../src/shared/plan-edits') as typeof import('../src/shared/plan-edits');
  const { planToEnd } =
    require('../test/helpers/run-steps') as typeof import('../test/helpers/run-steps');
  const { mergeSteps } =
    require('../src/shared/merge-edits') as typeof import('../src/shared/merge-edits');
  const { makeTransform } =
    require('../src/shared/transforms') as typeof import('../src/shared/transforms');
  const settings = readSettings(() => undefined, true);

  // What the hover provider does: read a window of the line, find the URL, compute, render.
  const pipeline = hoverPipeline();
  const hover = (line: string, at: number): number => {
    const t = performance.now();
    pipeline.hover(line, at);
    return performance.now() - t;
  };
  const urls = benchUrls(sized(2000), 11);
  const onLine = (u: string) => {
    const line = `  const endpoint = "${u}"; // see the docs`;
    return hover(line, line.indexOf(u) + 10);
  };
  // An editor that has shown a few hovers has its code compiled: warm the JIT on other URLs (each
  // measured URL is still hovered for the first time), and report the cold start apart.
  const cold = benchUrls(sized(200), 97).map(onLine);
  console.log(`hover, first 200 hovers after start-up: ${stats(cold)}`);
  for (const u of benchUrls(sized(2000), 98)) onLine(u);
  const normal = urls.map((u) => {
    const line = `  const endpoint = "${u}"; // see the docs`;
    return () => hover(line, line.indexOf(u) + 10);
  });
  console.log(`hover, normal line (all sections): ${stats(normal.map((h) => h()))}`);

  const rnd = prng(5);
  const parts: string[] = [];
  const starts: number[] = [];
  let size = 0;
  for (let i = 0, max = sized(1_000_000); size < max; i++) {
    const u = `${urls[i % urls.length]}?n=${i}`;
    starts.push(size);
    parts.push(u);
    size += u.length + 2;
  }
  const big = parts.join(', ');
  const picks = Array.from(
    { length: sized(1000) },
    () => starts[Math.floor(rnd() * starts.length)] + 9,
  );
  console.log(
    `hover, 1 MB line (limit raised above the default 100,000): ${stats(picks.map((at) => hover(big, at)))}`,
  );

  const doc = benchUrls(sized(100_000), 3)
    .map((u, i) =>
      i % 3 === 0 ? `- [link](${u})` : i % 3 === 1 ? `  "url": "${u}",` : `see ${u} here`,
    )
    .join('\n');
  for (const to of ['cache', 'canonical', 'normalized'] as const) {
    const transform = makeTransform(to, settings);
    let best = Infinity;
    let edits = 0;
    for (let pass = 0; pass < 2; pass++) {
      const t = performance.now();
      edits = planToEnd(doc, [{ start: 0, end: doc.length }], transform).edits.length;
      best = Math.min(best, performance.now() - t);
    }
    console.log(
      `convert all to ${to}, 100,000 URLs (${(doc.length / 1e6).toFixed(1)} MB): ${best.toFixed(0)} ms planning, ${edits.toLocaleString('en-US')} edits`,
    );
  }
  // The extension runs both in steps, pausing every 30 ms: the longest step bounds how long it
  // keeps the extension host busy at a time. (The edit itself is measured inside VS Code: the
  // integration suite prints the longest event-loop gap of convert all.)
  const full = [{ start: 0, end: doc.length }];
  const plan = stepped(planSteps(doc, full, makeTransform('cache', settings)));
  const merged = stepped(mergeSteps(doc, plan.value.edits));
  console.log(
    `convert all to cache, 100,000 URLs: planning steps ${plan.steps}, longest ${plan.longest.toFixed(1)} ms; merging into ${merged.value.length} spanning edit(s): ${merged.total.toFixed(0)} ms in ${merged.steps} steps, longest ${merged.longest.toFixed(1)} ms`,
  );
}

/** Runs a step generator to its end: its value, the number of steps and the longest one (ms). */
function stepped<T>(steps: Generator<number, T>): {
  value: T;
  steps: number;
  longest: number;
  total: number;
} {
  const t0 = performance.now();
  let last = t0;
  let longest = 0;
  let n = 0;
  for (;;) {
    const r = steps.next();
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    n++;
    if (r.done) return { value: r.value, steps: n, longest, total: now - t0 };
  }
}
