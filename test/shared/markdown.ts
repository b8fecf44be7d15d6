// Markdown checks shared by the unit and integration tests of the hover (no `vscode` import).

/** The Markdown with code spans removed (CommonMark: a backtick run closed by one of the same length). */
export function outsideCode(md: string): string {
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

/** Link targets of the Markdown outside code spans: what the renderer would make clickable. */
export function linkTargets(md: string): string[] {
  return [...outsideCode(md).matchAll(/(?<!\\)\]\(([^ )]*)/g)].map((m) => m[1]);
}
