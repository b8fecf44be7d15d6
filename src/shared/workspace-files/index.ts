// Which files a workspace search covers, the same for every front end (the extension's workspace
// commands, the command-line tool): a file-system interface, the walker, VS Code globs and the
// ignore files' rules.
export type { EntryInfo, EntryType, WalkFileSystem } from './fs';
export {
  GLOB_LIMITS,
  compileGlob,
  globMatches,
  globMayMatchBelow,
  splitGlobList,
  type CompiledGlob,
  type GlobProblem,
} from './glob';
export {
  GIT_INFO_EXCLUDE,
  IGNORE_FILE_NAMES,
  MAX_IGNORE_FILE_SIZE,
  MAX_IGNORE_LINES,
  isIgnored,
  parseIgnoreFile,
  type IgnoreLevel,
  type IgnoreLineProblem,
  type IgnoreRule,
} from './ignore';
export {
  walkFiles,
  type IgnoreFileProblem,
  type WalkOptions,
  type WalkResult,
  type WalkSkipReason,
} from './walk';
