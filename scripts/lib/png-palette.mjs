// A picture of the .vsix as a 256-colour palette PNG: a shot of the workbench's flat colours and
// anti-aliased text (the walkthrough's, npm run screenshots) or the icon (make-icon.sh) keeps its
// look at about half the bytes of the full-colour PNG, and the .vsix stays under its size limit
// (test/cli/package-size.test.ts). `node scripts/lib/png-palette.mjs FILE.png…` converts files.
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of process.argv.slice(2)) {
    const { before, after } = toPalettePng(file);
    console.log(`${file}: ${before} → ${after} bytes`);
  }
}
