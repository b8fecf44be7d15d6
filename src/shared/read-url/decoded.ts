// Decoded text that remembers where each of its characters was written, so a URL found in the
// decoded value maps back to the document's offsets.

export interface Decoded {
  text: string;
  /** `raw[i]`: the offset in the source where decoded character `i` was written; `raw[text.length]` the end. */
  raw: number[];
}

/** Builds a Decoded from left to right. */
export class Decoding {
  private readonly parts: string[] = [];
  private readonly raw: number[] = [];
  constructor(private readonly src: string) {}

  /** Copies `src[from, to)` as it is. */
  copy(from: number, to: number): void {
    if (to <= from) return;
    this.parts.push(this.src.slice(from, to));
    for (let i = from; i < to; i++) this.raw.push(i);
  }

  /** `text` (one character, or two code units of an astral one) written at `src[from, to)`. */
  put(text: string, from: number, to: number): void {
    this.parts.push(text);
    for (let i = 0; i < text.length; i++) this.raw.push(i === 0 ? from : to);
  }

  done(end: number): Decoded {
    this.raw.push(end);
    return { text: this.parts.join(''), raw: this.raw };
  }
}

/** `outer` applied after `inner`: offsets of `outer` (into inner's text) mapped to the source. */
export function compose(inner: Decoded, outer: Decoded): Decoded {
  return { text: outer.text, raw: outer.raw.map((i) => inner.raw[i]) };
}
