// Every command id of the extension, in one place: the registration, executeCommand, the hover's
// links and the argument checks' messages take these typed names (test/unit/extension/
// command-ids.test.ts finds any other spelling in src/), so a rename is this edit and
// package.json's (manifest.test.ts holds the two equal), and a typo is a type error.
export const COMMAND = {
  toCacheUrl: 'ampUrl.toCacheUrl',
  toPublisherUrl: 'ampUrl.toPublisherUrl',
  showCacheOrigin: 'ampUrl.showCacheOrigin',
  canonicalize: 'ampUrl.canonicalize',
  normalize: 'ampUrl.normalize',
  showAllForms: 'ampUrl.showAllForms',
  insertCacheUrl: 'ampUrl.insertCacheUrl',
  convertAll: 'ampUrl.convertAll',
  replaceAmpUrls: 'ampUrl.replaceAmpUrls',
  replaceWithCacheUrl: 'ampUrl.replaceWithCacheUrl',
  replaceWithPublisherUrl: 'ampUrl.replaceWithPublisherUrl',
  copy: 'ampUrl.copy',
  replace: 'ampUrl.replace',
  open: 'ampUrl.open',
  workspaceToPublisher: 'ampUrl.workspaceToPublisher',
  workspaceToCache: 'ampUrl.workspaceToCache',
  undoWorkspaceChange: 'ampUrl.undoWorkspaceChange',
} as const;

export type CommandName = keyof typeof COMMAND;
export type CommandId = (typeof COMMAND)[CommandName];

/** Context keys the `editor/context` menu items are shown by. */
export const CONTEXT_KEY = {
  onPublisherUrl: 'ampUrl.onPublisherUrl',
  onCacheUrl: 'ampUrl.onCacheUrl',
} as const;
