// RFC 3986 normalization with named optional steps. This file is the concern's public face.
export {
  normalize,
  NORMALIZE_CONFLICTS,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  DEFAULT_DIRECTORY_INDEXES,
  type NormalizeOptions,
  type NormalizeStep,
} from './normalize';
