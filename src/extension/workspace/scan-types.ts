// What the workspace scan is asked (ScanOptions) and what it keeps of a file with edits planned
// (ScannedFile): apart from scan.ts so that the scan's two ways, in the host (scan.ts) and in
// workers (scan-offload.ts), share them without importing each other.
import type * as vscode from 'vscode';
import type { AmpCache } from '../../core';
import type { RepoConfig } from '../../shared/suppress/repo-config';
import type { Transform, TransformSettings } from '../../shared/transforms';
import type { FilePlan, WorkspaceTarget } from '../../shared/workspace-plan';

export interface ScanOptions {
  include: string;
  /** The user's exclude glob, on top of files.exclude, search.exclude and .gitignore. */
  exclude: string;
  target: WorkspaceTarget;
  transform: Transform;
  /**
   * The settings `transform` was made from: given, files on disk that VS Code reads as UTF-8 are
   * scanned in worker processes where the extension runs in a Node host (scan-offload.ts).
   */
  settings?: TransformSettings;
  caches: readonly AmpCache[];
  maxFileSize: number;
  /** Each file's folder's .amp-url.json (its URL patterns, rules turned off). */
  configOf?: (uri: vscode.Uri) => RepoConfig;
  token?: vscode.CancellationToken;
  /** Stops as if cancelled after this many files (tests: cancel half-way). */
  cancelAfterFiles?: number;
  /** Called after each file with the count done and the total. */
  progress?: (done: number, total: number) => void;
}

export interface ScannedFile {
  uri: vscode.Uri;
  /** The open document's version at the scan, when it was open. */
  version?: number;
  /** Hash and length of the text planned from, to tell a change before apply. */
  hash: number;
  length: number;
  /**
   * The text planned from, kept for a file with many changes (REGIONS_FROM_EDITS or more): the
   * edit's regions are made of it, so it is not read, decoded and hashed again while the user
   * waits. It costs no memory: each planned edit's oldText is a slice of it, which keeps it alive.
   */
  text?: string;
  /** The file's modification time, size and identity (birth time) at the scan (files not open). */
  stat?: { mtime: number; size: number; identity: string };
  plan: FilePlan;
}
