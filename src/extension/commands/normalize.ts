// ampUrl.normalize: RFC 3986 normalization with a preset or steps (from arguments or a Quick Pick).
import * as vscode from 'vscode';
import { NORMALIZE_PRESETS, NORMALIZE_STEPS, type NormalizeOptions } from '../../core';
import type { Config } from '../config';
import type { NormalizePreset } from '../logic/settings';
import type { EditSummary } from '../logic/summary';
import { makeTransform } from '../logic/transforms';
import { editUrls } from './editUrls';
import { notStarted } from './report';

export interface NormalizeArgs {
  preset?: NormalizePreset;
  options?: NormalizeOptions;
}

function presetLabel(preset: NormalizePreset): string {
  return {
    safe: vscode.l10n.t('Safe: semantics-preserving steps only'),
    usuallySafe: vscode.l10n.t('Usually safe: also steps that rarely change meaning'),
    aggressive: vscode.l10n.t('Aggressive: also steps that may change meaning'),
  }[preset];
}

async function pickSteps(current: NormalizeOptions): Promise<NormalizeOptions | undefined> {
  const on = current as Record<string, unknown>;
  const items = NORMALIZE_STEPS.map((s) => ({
    label: s.label,
    description: s.preservesSemantics ? undefined : vscode.l10n.t('may change meaning'),
    detail: s.description,
    picked: on[s.key] === true,
    key: s.key,
  }));
  const picked = await vscode.window.showQuickPick(items, { canPickMany: true, title: vscode.l10n.t('Normalization steps') });
  if (!picked) return undefined;
  const chosen = new Set(picked.map((p) => p.key));
  return Object.fromEntries(NORMALIZE_STEPS.map((s) => [s.key, chosen.has(s.key)])) as NormalizeOptions;
}

async function pickOptions(config: Config): Promise<NormalizeOptions | undefined> {
  const presets = (Object.keys(NORMALIZE_PRESETS) as NormalizePreset[]).map((p) => ({ label: presetLabel(p), preset: p as NormalizePreset | undefined }));
  const items = [...presets, { label: vscode.l10n.t('Choose steps…'), preset: undefined }];
  const pick = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Normalize (RFC 3986)') });
  if (!pick) return undefined;
  return pick.preset ? NORMALIZE_PRESETS[pick.preset] : pickSteps(config.settings.normalizeOptions);
}

export async function normalizeUrls(config: Config, args?: NormalizeArgs): Promise<EditSummary> {
  let options: NormalizeOptions | undefined;
  if (args && typeof args === 'object' && (args.preset !== undefined || args.options !== undefined)) {
    if (args.preset !== undefined && !(args.preset in NORMALIZE_PRESETS)) return notStarted(vscode.l10n.t('Unknown preset "{0}".', String(args.preset)));
    options = { ...(args.preset ? NORMALIZE_PRESETS[args.preset] : config.settings.normalizeOptions), ...(args.options ?? {}) };
  } else {
    options = await pickOptions(config);
    if (!options) return { changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled.') };
  }
  return editUrls(makeTransform('normalized', config.settings, { normalizeOptions: options }, vscode.l10n.t));
}
