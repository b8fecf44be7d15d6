// Lists as a sentence says them, for messages and help built from data (the caches, the formats).

/** `a`, `a or b`, `a, b or c`. */
export function orList(items: readonly string[]): string {
  return joinedLast(items, ' or ');
}

/** `a`, `a and b`, `a, b and c`. */
export function andList(items: readonly string[]): string {
  return joinedLast(items, ' and ');
}

function joinedLast(items: readonly string[], last: string): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')}${last}${items[items.length - 1]}`;
}
