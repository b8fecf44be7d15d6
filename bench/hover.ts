// The hover provider's pipeline without VS Code, as the benchmarks time it: a window of the line
// around the mouse (documents.ts), the URL found there, its forms, the Markdown. Loaded lazily, so
// a section that doesn't hover doesn't load the extension's logic.

/** What the provider finds at `at` of `line`: the URL, or undefined. */
export type FindAt = (line: string, at: number) => { url: string } | undefined;

export interface HoverPipeline {
  find: FindAt;
  /** Runs the whole hover at `at` of `line` (default settings); its Markdown is thrown away. */
  hover: (line: string, at: number) => void;
}

export function hoverPipeline(): HoverPipeline {
  const { urlNear, windowAround } =
    require('../src/shared/locate') as typeof import('../src/shared/locate');
  const { computeForms } = require('../src/shared/forms') as typeof import('../src/shared/forms');
  const { hoverMarkdown } =
    require('../src/extension/logic/hover-markdown') as typeof import('../src/extension/logic/hover-markdown');
  const { readSettings } =
    require('../src/shared/settings') as typeof import('../src/shared/settings');
  const settings = readSettings(() => undefined, true);
  const find = (line: string, at: number) => {
    const w = windowAround(line.length, at);
    return urlNear(line.slice(w.start, w.end), w.start, line.length, at);
  };
  const hover = (line: string, at: number) => {
    const found = find(line, at);
    if (!found) return;
    const target = { uri: 'file:///x', start: found.start, end: found.end, expected: found.text };
    hoverMarkdown(computeForms(found.url, settings), target);
  };
  return { find, hover };
}
