// Safe Browsing: canonicalization, host-suffix/path-prefix expressions and their SHA-256 hash
// prefixes. This file is the concern's public face.
export { canonicalize } from './canonicalize';
export { expressions } from './expressions';
export { hashPrefixes, type HashPrefix, type HashPrefixLength } from './hash';
