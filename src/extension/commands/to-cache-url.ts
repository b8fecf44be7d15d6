// ampUrl.toCacheUrl (also the "Replace with AMP Cache URL" menu item): publisher URL -> AMP Cache URL.
import * as vscode from 'vscode';
import { isServingType, type ServingType } from '../../core';
import type { Config } from '../config';
import type { EditSummary } from '../logic/summary';
import { makeTransform, type TransformOverrides } from '../logic/transforms';
import { editUrls } from './edit-urls';
import { notStarted } from './report';

export interface ToCacheArgs {
  cache?: string;
  servingType?: ServingType;
  imageWidth?: number;
}

/** Checks programmatic arguments; a string is the reason they are refused. */
export function cacheOverrides(
  config: Config,
  args: ToCacheArgs | undefined,
): TransformOverrides | string {
  if (!args || typeof args !== 'object') return {};
  const o: TransformOverrides = {};
  if (args.cache !== undefined) {
    o.cache = config.settings.caches.find((c) => c.id === args.cache);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- may be any value
    if (!o.cache) return vscode.l10n.t('Unknown cache "{0}".', String(args.cache));
  }
  if (args.servingType !== undefined) {
    if (!isServingType(args.servingType))
      return vscode.l10n.t('Unknown serving type "{0}".', String(args.servingType));
    o.servingType = args.servingType;
  }
  if (args.imageWidth !== undefined) {
    if (!Number.isInteger(args.imageWidth) || args.imageWidth <= 0)
      return vscode.l10n.t('The image width must be a positive integer.');
    o.imageWidth = args.imageWidth;
  }
  return o;
}

export function toCacheUrl(config: Config, args?: ToCacheArgs): Promise<EditSummary> {
  const o = cacheOverrides(config, args);
  if (typeof o === 'string') return Promise.resolve(notStarted(o));
  return editUrls(makeTransform('cache', config.settings, o, vscode.l10n.t));
}
