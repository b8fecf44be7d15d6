// The workspace folder's `.amp-url.json` (src/shared/suppress/repo-config.ts), read through
// workspace.fs (virtual folders, the web build), kept per folder until the file changes. A file
// that can't be used is said once per change in a warning, with its one-line reason; the
// workspace commands stop on it (as `amp-url check` exits 2), the Problems and fix-all go on
// without it.
import * as vscode from 'vscode';
import {
  CONFIG_FILE_NAME,
  ConfigError,
  MAX_CONFIG_SIZE,
  NO_CONFIG,
  parseRepoConfig,
  type RepoConfig,
} from '../shared/suppress/repo-config';
import { plainMessage } from './logic/escape';

const cache = new Map<string, Promise<RepoConfig | ConfigError>>();
const changed = new vscode.EventEmitter<void>();
/** Fires when a folder's configuration file was created, changed or deleted. */
export const onDidChangeRepoConfig = changed.event;

async function read(folder: vscode.Uri): Promise<RepoConfig | ConfigError> {
  const uri = vscode.Uri.joinPath(folder, CONFIG_FILE_NAME);
  let stat: vscode.FileStat;
  try {
    stat = await vscode.workspace.fs.stat(uri);
  } catch {
    return NO_CONFIG;
  }
  try {
    if (stat.type !== vscode.FileType.File)
      throw new ConfigError(`${CONFIG_FILE_NAME}: not a regular file`);
    if (stat.size > MAX_CONFIG_SIZE)
      throw new ConfigError(`${CONFIG_FILE_NAME}: larger than ${MAX_CONFIG_SIZE} bytes`);
    const bytes = await vscode.workspace.fs.readFile(uri);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ConfigError(`${CONFIG_FILE_NAME}: not UTF-8`);
    }
    return parseRepoConfig(text);
  } catch (e) {
    const error =
      e instanceof ConfigError ? e : new ConfigError(`${CONFIG_FILE_NAME}: can't be read`);
    void vscode.window.showWarningMessage(
      plainMessage(vscode.l10n.t('AMP URL: {0}', error.message)),
    );
    return error;
  }
}

/** The configuration of the folder holding `uri` (none outside a folder), or why it can't be used. */
export function repoConfigOf(uri: vscode.Uri): Promise<RepoConfig | ConfigError> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder) return Promise.resolve(NO_CONFIG);
  const key = folder.uri.toString();
  let p = cache.get(key);
  if (!p) cache.set(key, (p = read(folder.uri)));
  return p;
}

/** repoConfigOf for the Problems and fix-all: a broken file counts as none (it was said). */
export async function usableRepoConfigOf(uri: vscode.Uri): Promise<RepoConfig> {
  const c = await repoConfigOf(uri);
  return c instanceof ConfigError ? NO_CONFIG : c;
}

/** Watches the configuration files; disposing stops it. */
export function watchRepoConfig(): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(`**/${CONFIG_FILE_NAME}`);
  const forget = () => {
    cache.clear();
    changed.fire();
  };
  return vscode.Disposable.from(
    watcher,
    watcher.onDidCreate(forget),
    watcher.onDidChange(forget),
    watcher.onDidDelete(forget),
    vscode.workspace.onDidChangeWorkspaceFolders(forget),
  );
}
