// The standalone bundle's entry (dist/standalone/amp-url.js, global `AmpUrl`): exactly the
// library's public functions. The Web APIs the core uses come from url-shim.ts and
// text-shims.ts, bound by esbuild's `inject` (scripts/build-cli.mjs).
export * from '../core';
