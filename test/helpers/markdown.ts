// Markdown checks shared by the unit and integration tests of the hover (no `vscode` import).

/** The inline text with code spans removed (CommonMark: a backtick run closed by one of the same length). */
function outsideInline(md: string): string {
  let out = '';
  let i = 0;
  while (i < md.length) {
    if (md[i] === '\\') {
      out += md.slice(i, i + 2); // an escaped character (a backtick too) is plain text
      i += 2;
      continue;
    }
    if (md[i] !== '`') {
      out += md[i++];
      continue;
    }
    let n = 0;
    while (md[i + n] === '`') n++;
    const fence = '`'.repeat(n);
    let j = md.indexOf(fence, i + n);
    while (j >= 0 && md[j + n] === '`') j = md.indexOf(fence, j + n + 1);
    if (j < 0) throw new Error(`unclosed code span at ${i} in ${md}`);
    i = j + n;
  }
  return out;
}

/**
 * The cells of a GFM table row as VS Code's renderer (marked) splits them: at every `|` not
 * escaped by an odd run of backslashes, code spans included; then `\|` becomes `|` in each cell.
 */
export function tableCells(row: string): string[] {
  const s = row.trim();
  const cells: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '|') {
      let slashes = 0;
      for (let j = i - 1; j >= 0 && s[j] === '\\'; j--) slashes++;
      if (slashes % 2 === 0) {
        cells.push(cur);
        cur = '';
        continue;
      }
    }
    cur += s[i];
  }
  cells.push(cur);
  if (s.startsWith('|')) cells.shift();
  if (cells.length > 0 && cells[cells.length - 1].trim() === '') cells.pop();
  return cells.map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** A line the renderer reads as a table row (our hovers start no other line with `|`). */
export function isTableRow(line: string): boolean {
  return line.trimStart().startsWith('|');
}

/**
 * The Markdown with code spans removed, line by line and, in a table, cell by cell (the way the
 * renderer reads it); throws on a code span left open.
 */
export function outsideCode(md: string): string {
  return md
    .split('\n')
    .map((line) =>
      isTableRow(line) ? tableCells(line).map(outsideInline).join(' ¦ ') : outsideInline(line),
    )
    .join('\n');
}

/** Link targets of the Markdown outside code spans: what the renderer would make clickable. */
export function linkTargets(md: string): string[] {
  return [...outsideCode(md).matchAll(/(?<!\\)\]\(([^ )]*)/g)].map((m) => m[1]);
}
