// A screenshot as a 256-colour palette PNG: the walkthrough's pictures go into the .vsix, and a
// shot of the workbench's flat colours and anti-aliased text keeps its look at about half the
// bytes of the full-colour PNG the browser saves.
import * as fs from 'node:fs';
import UPNG from 'upng-js';

/** Rewrites the PNG at `file` with at most 256 colours; returns its sizes before and after. */
export function toPalettePng(file) {
  const bytes = fs.readFileSync(file);
  const image = UPNG.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const [rgba] = UPNG.toRGBA8(image);
  const palette = Buffer.from(UPNG.encode([rgba], image.width, image.height, 256));
  // A picture that is already small (few colours, already a palette) stays as it is.
  if (palette.length < bytes.length) fs.writeFileSync(file, palette);
  return { before: bytes.length, after: Math.min(palette.length, bytes.length) };
}
