// The core: pure, synchronous URL transformations with no editor or Node dependency.
// Each concern lives in its own file; this file only re-exports the public surface.
export { UrlError, type UrlErrorCode } from './errors';
export { normalize, NORMALIZE_PRESETS, NORMALIZE_STEPS, DEFAULT_DIRECTORY_INDEXES, type NormalizeOptions, type NormalizeStep } from './normalize';
