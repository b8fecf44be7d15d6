// The browser build's stand-in for direct-writer.ts (scripts/build.mjs): no direct writes.
import type { runDirectWrites } from '../node/direct-writes';

export const directWriter: { run: typeof runDirectWrites } | undefined = undefined;
