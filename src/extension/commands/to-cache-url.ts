// ampUrl.toCacheUrl (also the "Replace with AMP Cache URL" menu item): publisher URL -> AMP Cache URL.
import * as vscode from 'vscode';
import { COMMAND } from '../command-ids';
import { AMP_CACHES, isServingType, MAX_IMAGE_WIDTH, type ServingType } from '../../core';
import type { Config } from '../config';
import { truncate } from '../logic/escape';
import { parseArgs } from '../logic/command-args';
import type { EditSummary } from '../../shared/summary';
import { makeTransform, type TransformOverrides } from '../../shared/transforms';
import { editUrls } from './edit-urls';
import { notStarted } from './report';

export interface ToCacheArgs {
  cache?: string;
  servingType?: ServingType;
  imageWidth?: number;
}

/** Checks programmatic arguments (untrusted data); a string is the reason they are refused. */
function cacheOverrides(config: Config, raw: readonly unknown[]): TransformOverrides | string {
  const parsed = parseArgs(
    COMMAND.toCacheUrl,
    raw,
    { cache: 'string', servingType: 'string', imageWidth: 'integer' },
    vscode.l10n.t,
  );
  if (parsed.value === undefined) return parsed.refused;
  const args = parsed.value as ToCacheArgs;
  const o: TransformOverrides = {};
  if (args.cache !== undefined) {
    const { caches } = config.settings;
    // `custom` is what it is in ampUrl.cache: the first custom cache (none in Restricted Mode).
    o.cache =
      args.cache === 'custom'
        ? caches.find((c) => !AMP_CACHES.includes(c))
        : caches.find((c) => c.id === args.cache);
    if (!o.cache) return vscode.l10n.t('Unknown cache "{0}".', truncate(args.cache, 100));
  }
  if (args.servingType !== undefined) {
    if (!isServingType(args.servingType))
      return vscode.l10n.t('Unknown serving type "{0}".', truncate(args.servingType, 100));
    o.servingType = args.servingType;
  }
  if (args.imageWidth !== undefined) {
    if (args.imageWidth <= 0 || args.imageWidth > MAX_IMAGE_WIDTH)
      return vscode.l10n.t('The image width must be an integer from 1 to {0}.', MAX_IMAGE_WIDTH);
    o.imageWidth = args.imageWidth;
  }
  return o;
}

export function toCacheUrl(config: Config, ...args: unknown[]): Promise<EditSummary> {
  const o = cacheOverrides(config, args);
  if (typeof o === 'string') return Promise.resolve(notStarted(o));
  return editUrls(makeTransform('cache', config.settings, o, vscode.l10n.t));
}
