// Where the built outputs are (npm run build:cli), from out/test/cli/.
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli', 'amp-url.js');
export const STANDALONE = path.join(ROOT, 'dist', 'standalone', 'amp-url.js');
