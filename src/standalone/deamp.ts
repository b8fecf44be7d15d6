// The de-AMP-only standalone bundle (dist/standalone/amp-url-deamp.js, global `AmpUrl`): what a
// Snowflake function body needs to de-AMP a column, small enough for its code size limit
// (docs/sql.md). The rest of the core (cache URLs, Safe Browsing, normalization, the public
// suffix list) stays out.
export { ampUrlKind, deamp, publisherUrl } from '../core/amp';
