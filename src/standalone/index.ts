// The standalone bundle's entry (dist/standalone/amp-url.js, global `AmpUrl`): exactly the
// library's public functions. The Web APIs the core uses come from ./shims.ts (see there).
export * from '../core';
