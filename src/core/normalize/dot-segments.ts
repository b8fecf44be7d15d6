// RFC 3986 section 5.2.4, step by step, in linear time: the input buffer is an index into
// `path` and the output buffer a stack of segments, each with its preceding "/" if it had one.

/** remove_dot_segments of RFC 3986 5.2.4, for any path (absolute or rootless). */
export function removeDotSegments(path: string): string {
  // Dot segments sit at the start or after a "/": without either there is nothing to do.
  if (!path.includes('/.') && path.charCodeAt(0) !== 0x2e) return path;
  const out: string[] = [];
  const n = path.length;
  let i = 0;
  while (i < n) {
    // A. drop a leading "../" or "./".
    if (path.startsWith('../', i)) i += 3;
    else if (path.startsWith('./', i)) i += 2;
    // B. "/./" becomes "/"; a final "/." becomes "/", which step E then moves to the output.
    else if (path.startsWith('/./', i)) i += 2;
    else if (i + 2 === n && path.startsWith('/.', i)) return out.join('') + '/';
    // C. the same for "/../" and "/..", which also remove the last output segment.
    else if (path.startsWith('/../', i)) {
      i += 3;
      out.pop();
    } else if (i + 3 === n && path.startsWith('/..', i)) {
      out.pop();
      return out.join('') + '/';
    }
    // D. a buffer of only "." or ".." is dropped.
    else if ((i + 1 === n && path[i] === '.') || (i + 2 === n && path.startsWith('..', i))) break;
    // E. move the first segment, with its initial "/" if any, to the output.
    else {
      const next = path.indexOf('/', path[i] === '/' ? i + 1 : i);
      const end = next < 0 ? n : next;
      out.push(path.slice(i, end));
      i = end;
    }
  }
  return out.join('');
}
