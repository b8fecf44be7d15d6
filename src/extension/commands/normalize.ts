// ampUrl.normalize: RFC 3986 normalization with a preset or steps (from arguments or a Quick Pick).
import * as vscode from 'vscode';
import { COMMAND } from '../command-ids';
import {
  NORMALIZE_CONFLICTS,
  NORMALIZE_PRESETS,
  NORMALIZE_STEPS,
  UrlError,
  normalize,
  type NormalizeOptions,
} from '../../core';
import type { Config } from '../config';
import { isOwnKey, parseArgs, parseNormalizeOptions, type Parsed } from '../logic/command-args';
import { truncate } from '../logic/escape';
import type { NormalizePreset } from '../../shared/settings';
import type { EditSummary } from '../../shared/summary';
import { makeTransform } from '../../shared/transforms';
import { editUrls } from './edit-urls';
import { notStarted } from './report';

function presetLabel(preset: NormalizePreset): string {
  return {
    safe: vscode.l10n.t('Safe: semantics-preserving steps only'),
    usuallySafe: vscode.l10n.t('Usually safe: also steps that rarely change meaning'),
    aggressive: vscode.l10n.t('Aggressive: also steps that may change meaning'),
  }[preset];
}

/** Why these options cannot be used (contradictory steps, bad values), or undefined. */
function optionsProblem(options: NormalizeOptions): string | undefined {
  try {
    normalize('http://example.com/', options);
    return undefined;
  } catch (e) {
    return e instanceof UrlError ? e.message : String(e);
  }
}

/** The step picker, shown again (with the same picks) until the steps agree or the user cancels. */
async function pickSteps(current: NormalizeOptions): Promise<NormalizeOptions | undefined> {
  let options = current;
  for (;;) {
    const picked = await pickStepsOnce(options);
    const problem = picked && optionsProblem(picked);
    if (!picked || !problem) return picked;
    void vscode.window.showErrorMessage(problem);
    options = picked;
  }
}

async function pickStepsOnce(current: NormalizeOptions): Promise<NormalizeOptions | undefined> {
  const on = current as Record<string, unknown>;
  const items = NORMALIZE_STEPS.map((s) => ({
    label: s.label,
    description: s.preservesSemantics ? undefined : vscode.l10n.t('may change meaning'),
    detail: s.description,
    picked: on[s.key] === true,
    key: s.key,
  }));
  const picked = await pickMany(items, vscode.l10n.t('Normalization steps'));
  if (!picked) return undefined;
  const chosen = new Set(picked.map((p) => p.key));
  return Object.fromEntries(NORMALIZE_STEPS.map((s) => [s.key, chosen.has(s.key)]));
}

/**
 * A multi-select Quick Pick where contradicting steps (Force http / Force https, …) can't both be
 * ticked: ticking one unticks the other.
 */
function pickMany<T extends vscode.QuickPickItem & { key: string }>(
  items: T[],
  title: string,
): Promise<readonly T[] | undefined> {
  const qp = vscode.window.createQuickPick<T>();
  qp.canSelectMany = true;
  qp.title = title;
  qp.items = items;
  qp.selectedItems = items.filter((i) => i.picked);
  let before = new Set(qp.selectedItems.map((i) => i.key));
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: readonly T[] | undefined) => {
      if (done) return;
      done = true;
      resolve(r);
      qp.dispose();
    };
    qp.onDidChangeSelection((selected) => {
      const keys = new Set(selected.map((i) => i.key));
      const drop = new Set<string>();
      for (const [a, b] of NORMALIZE_CONFLICTS)
        if (keys.has(a) && keys.has(b)) drop.add(before.has(a) ? a : b);
      if (drop.size > 0) qp.selectedItems = selected.filter((i) => !drop.has(i.key));
      before = new Set(qp.selectedItems.map((i) => i.key));
    });
    qp.onDidAccept(() => {
      finish(qp.selectedItems);
    });
    qp.onDidHide(() => {
      finish(undefined);
    });
    qp.show();
  });
}

async function pickOptions(config: Config): Promise<NormalizeOptions | undefined> {
  const presets = (Object.keys(NORMALIZE_PRESETS) as NormalizePreset[]).map((p) => ({
    label: presetLabel(p),
    preset: p,
  }));
  const items = [...presets, { label: vscode.l10n.t('Choose steps…'), preset: undefined }];
  const pick = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Normalize (RFC 3986)'),
  });
  if (!pick) return undefined;
  return pick.preset ? NORMALIZE_PRESETS[pick.preset] : pickSteps(config.settings.normalizeOptions);
}

/** The options the arguments ask for, undefined for none (ask the user), or why they are refused. */
function optionsFromArgs(
  config: Config,
  raw: readonly unknown[],
): Parsed<NormalizeOptions | undefined> {
  const t = vscode.l10n.t;
  const parsed = parseArgs(COMMAND.normalize, raw, { preset: 'string', options: 'object' }, t);
  if (parsed.value === undefined) return parsed;
  const { preset, options } = parsed.value;
  if (preset === undefined && options === undefined) return { value: undefined };
  if (preset !== undefined && !isOwnKey(NORMALIZE_PRESETS, preset))
    return { refused: t('Unknown preset "{0}".', truncate(preset as string, 100)) };
  const steps = parseNormalizeOptions(options, t);
  if (steps.value === undefined) return steps;
  const base = preset === undefined ? config.settings.normalizeOptions : NORMALIZE_PRESETS[preset];
  return { value: { ...base, ...steps.value } };
}

export async function normalizeUrls(config: Config, ...args: unknown[]): Promise<EditSummary> {
  const fromArgs = optionsFromArgs(config, args);
  if (fromArgs.refused !== undefined) return notStarted(fromArgs.refused);
  let options = fromArgs.value;
  if (options) {
    const problem = optionsProblem(options);
    if (problem) return notStarted(problem);
  } else {
    options = await pickOptions(config);
    if (!options) return { changed: 0, skipped: [], aborted: vscode.l10n.t('Cancelled.') };
  }
  return editUrls(
    makeTransform('normalized', config.settings, { normalizeOptions: options }, vscode.l10n.t),
  );
}
