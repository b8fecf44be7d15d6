// Direct writes of the workspace commands (src/node/direct-writes.ts), in the desktop build. The
// browser build has no file system of its own: scripts/build.mjs gives it direct-writer.web.ts,
// and every file goes through a WorkspaceEdit there.
import { runDirectWrites } from '../node/direct-writes';

export const directWriter: { run: typeof runDirectWrites } | undefined = { run: runDirectWrites };
