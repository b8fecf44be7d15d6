// The library (`require('amp-url-toolkit')`, `import … from 'amp-url-toolkit'`): the core's
// public functions, as the extension and the command-line tool use them. docs/library.md.
export * from '../core';
