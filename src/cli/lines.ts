// Lines of a stream, in batches as they arrive: memory stays bounded by one chunk plus one line,
// and a line longer than the limit is skipped without being kept (a 10 GB file with no line break
// costs no more than a short list).
import { StringDecoder } from 'node:string_decoder';

/** Characters of one line kept; a longer line is reported as too long (null in the batch). */
export const MAX_LINE_CHARS = 1_000_000;

/**
 * Batches of lines (without `\n` or `\r\n`); a line over `maxLine` characters is `null`. Bytes
 * that are not UTF-8 become U+FFFD, as a browser's address bar shows them.
 */
export async function* lineBatches(
  stream: AsyncIterable<Buffer | string>,
  maxLine = MAX_LINE_CHARS,
): AsyncGenerator<(string | null)[]> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let skipping = false; // inside a line already over the limit
  for await (const chunk of stream) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    const batch: (string | null)[] = [];
    let from = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      if (skipping) batch.push(null);
      else {
        const line = from === 0 && rest ? rest + text.slice(0, nl) : text.slice(from, nl);
        batch.push(line.length > maxLine ? null : stripCr(line));
      }
      rest = '';
      skipping = false;
      from = nl + 1;
    }
    if (!skipping) {
      rest = from === 0 ? rest + text : text.slice(from);
      if (rest.length > maxLine + 1) {
        rest = '';
        skipping = true;
      }
    }
    if (batch.length) yield batch;
  }
  rest += decoder.end();
  if (skipping) yield [null];
  else if (rest !== '') yield [rest.length > maxLine ? null : stripCr(rest)];
}

function stripCr(line: string): string {
  return line.charCodeAt(line.length - 1) === 13 ? line.slice(0, -1) : line;
}
