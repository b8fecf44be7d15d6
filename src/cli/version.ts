// The package version, set by the bundler (scripts/build-cli.mjs); "dev" when run from out/.
declare const AMP_URL_VERSION: string | undefined;

export const VERSION: string = typeof AMP_URL_VERSION === 'string' ? AMP_URL_VERSION : 'dev';
