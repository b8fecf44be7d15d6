// The extension's workers in one bundle (dist/write-worker.js, scripts/build.mjs): the
// direct writes' (write-worker.ts) and the workspace scan's (scan-worker.ts) share the confined
// reads and the file decoding, which the .vsix then carries once. Each module starts its own
// work only in a worker whose data is of its kind (pool-port.ts).
import './write-worker';
import './scan-worker';
