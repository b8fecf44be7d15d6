// The core: pure, synchronous URL transformations with no editor or Node dependency.
// Each concern lives in its own folder (amp, safe-browsing, normalize, find; common is what they
// all use); this file only re-exports their public faces.
export * from './common';
export * from './amp';
export * from './safe-browsing';
export * from './normalize';
export * from './find';
