import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AMP_CACHES, NORMALIZE_PRESETS } from '../../../src/core';
import { plainMessage } from '../../../src/extension/logic/escape';
import { CACHE_CHOICES } from '../../../src/shared/cache-choices';
import {
  DEFAULT_LIMITS,
  HOVER_SECTIONS,
  readSettings,
  RESTRICTED_SETTINGS,
  trustAwareGetter,
} from '../../../src/shared/settings';
import { DEFAULT_MAX_FILE_SIZE } from '../../../src/shared/file-size-limit';

const from = (values: Record<string, unknown>, trusted = true) =>
  readSettings((k) => values[k], trusted);

describe('extension settings', () => {
  it('defaults: google, c, every section, safe preset, every language, default limits', () => {
    const s = from({});
    assert.equal(s.cache?.id, 'google');
    assert.equal(s.servingType, 'c');
    assert.equal(s.imageWidth, undefined);
    assert.equal(s.hoverEnabled, true);
    assert.deepEqual([...s.hoverSections], [...HOVER_SECTIONS]);
    assert.deepEqual(s.normalizeOptions, NORMALIZE_PRESETS.safe);
    assert.equal(s.languages, undefined);
    assert.deepEqual(s.limits, DEFAULT_LIMITS);
    assert.deepEqual(s.problems, []);
  });

  it('custom caches count only in a trusted workspace, and bad entries are reported', () => {
    const custom = [
      { id: 'mine', name: 'Mine', cacheDomain: 'Cache.Example.org.' },
      { id: 'bad', cacheDomain: 'not a domain' },
      null,
    ];
    const trusted = from({ customCaches: custom, cache: 'custom' });
    assert.equal(trusted.cache?.id, 'mine');
    assert.equal(trusted.cache.cacheDomain, 'cache.example.org');
    assert.equal(trusted.cacheError, undefined);
    assert.deepEqual(
      trusted.caches.map((c) => c.id),
      ['google', 'bing', 'mine'],
    );
    assert.equal(trusted.problems.length, 2);
    const untrusted = from({ customCaches: custom, cache: 'custom' }, false);
    assert.deepEqual(
      untrusted.caches.map((c) => c.id),
      ['google', 'bing'],
    );
    assert.equal(untrusted.cache, undefined);
    assert.equal(
      untrusted.cacheError,
      'ampUrl.cache is "custom" but custom caches are ignored in Restricted Mode: trust the workspace, or choose google or bing.',
    );
    assert.deepEqual(untrusted.problems, [untrusted.cacheError]);
  });

  it('ampUrl.cache: google, bing, or custom = the first of ampUrl.customCaches', () => {
    const two = [
      { id: 'first', name: 'First cache', cacheDomain: 'amp.example.net' },
      { id: 'second', cacheDomain: 'two.example.org' },
    ];
    assert.equal(from({ cache: 'google', customCaches: two }).cache?.name, 'Google AMP Cache');
    assert.equal(from({ cache: 'bing', customCaches: two }).cache?.name, 'Bing AMP Cache');
    const custom = from({ cache: 'custom', customCaches: two });
    assert.deepEqual(custom.cache, {
      id: 'first',
      name: 'First cache',
      cacheDomain: 'amp.example.net',
    });
    assert.deepEqual(custom.problems, []);
    // The first VALID entry: an invalid one before it is reported and skipped.
    const afterBad = from({ cache: 'custom', customCaches: [{ id: 'x' }, ...two.slice(1)] });
    assert.equal(afterBad.cache?.id, 'second');
    // A custom cache whose id is "custom" is no different: the first one is taken.
    assert.equal(
      from({ cache: 'custom', customCaches: [...two, { id: 'custom', cacheDomain: 'c.example' }] })
        .cache?.id,
      'first',
    );
  });

  it('ampUrl.cache "custom" without a custom cache refuses with one line naming the settings', () => {
    for (const customCaches of [undefined, [], [{ id: 'x', cacheDomain: 'not a domain' }]]) {
      const s = from({ cache: 'custom', customCaches });
      assert.equal(s.cache, undefined);
      assert.equal(
        s.cacheError,
        'ampUrl.cache is "custom" but ampUrl.customCaches has no valid cache: add one, or choose google or bing.',
      );
      assert.ok(s.problems.includes(s.cacheError ?? ''), 'reported once, as a problem');
      assert.deepEqual(
        s.caches.map((c) => c.id),
        ['google', 'bing'],
      );
    }
  });

  it("a custom cache's own id (the value before 'custom' existed) still selects it", () => {
    const custom = [
      { id: 'first', cacheDomain: 'amp.example.net' },
      { id: 'mine', name: 'Mine', cacheDomain: 'Cache.Example.org.' },
    ];
    const s = from({ cache: 'mine', customCaches: custom });
    assert.equal(s.cache?.id, 'mine');
    assert.equal(s.cache.cacheDomain, 'cache.example.org');
    assert.deepEqual(s.problems, []);
    // Restricted Mode ignores the custom caches, so the id selects nothing: refused, with why.
    const untrusted = from({ cache: 'mine', customCaches: custom }, false);
    assert.equal(untrusted.cache, undefined);
    assert.equal(
      untrusted.cacheError,
      'ampUrl.cache: unknown cache "mine" (custom caches are ignored in Restricted Mode): choose google or bing.',
    );
  });

  it('an unknown ampUrl.cache refuses (no other cache in its place), reported once', () => {
    const s = from({ cache: 'fastly' });
    assert.equal(s.cache, undefined);
    assert.equal(
      s.cacheError,
      'ampUrl.cache: unknown cache "fastly": choose google, bing or custom.',
    );
    assert.deepEqual(s.problems, [s.cacheError]);
    // Unset (or null, as an unset JSON value) is the default.
    assert.equal(from({ cache: undefined }).cache?.id, 'google');
    assert.equal(from({ cache: null }).cache?.id, 'google');
  });

  it('the manifest offers exactly CACHE_CHOICES as a plain enum (a dropdown), named as the caches are', () => {
    const root = path.resolve(__dirname, '../../../..');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, Record<string, unknown>> } };
    };
    const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<
      string,
      string
    >;
    const cache = manifest.contributes.configuration.properties['ampUrl.cache'];
    assert.deepEqual(cache.enum, [...CACHE_CHOICES]);
    // anyOf/oneOf make the Settings editor draw a text box instead of the dropdown.
    assert.equal(cache.anyOf, undefined);
    assert.equal(cache.oneOf, undefined);
    assert.equal(cache.default, 'google');
    const labels = (cache.enumItemLabels as string[]).map((k) => nls[k.slice(1, -1)]);
    assert.deepEqual(labels, [
      ...AMP_CACHES.map((c) => c.name),
      'Custom: the first cache of ampUrl.customCaches',
    ]);
    assert.equal((cache.markdownEnumDescriptions as string[]).length, CACHE_CHOICES.length);
    assert.deepEqual(
      AMP_CACHES.map((c) => c.id),
      CACHE_CHOICES.slice(0, -1),
    );
  });

  it('a hostile cache id from workspace settings is quoted, cut and, in the notification, no link', () => {
    const hostile = `[Fix](command:workbench.action.terminal.sendSequence?${'%22x%22'.repeat(20)}) $(alert)`;
    const [problem] = from({ cache: hostile }).problems;
    assert.ok(
      problem.startsWith(
        'ampUrl.cache: unknown cache "[Fix](command:workbench.action.termina…: choose google, bing or custom.',
      ),
      problem,
    );
    const shown = plainMessage(problem);
    assert.doesNotMatch(shown, /\]\(|\$\(/);
    assert.equal(
      from({ cache: 42 }).problems[0],
      'ampUrl.cache: unknown cache 42: choose google, bing or custom.',
    );
  });

  it('bad values fall back to the defaults', () => {
    const s = from({
      servingType: 'zz',
      imageWidth: -3,
      'normalize.preset': 'wild',
      'hover.sections': 'x',
      languages: 'md',
      'limits.maxLineLength': 'big',
    });
    assert.equal(s.servingType, 'c');
    assert.equal(s.imageWidth, undefined);
    assert.equal(s.normalizePreset, 'safe');
    assert.equal(s.hoverSections.size, HOVER_SECTIONS.length);
    assert.equal(s.languages, undefined);
    assert.equal(s.limits.maxLineLength, DEFAULT_LIMITS.maxLineLength);
  });

  it('reads every setting', () => {
    const s = from({
      cache: 'bing',
      servingType: 'auto',
      imageWidth: 800,
      'hover.enabled': false,
      'hover.sections': ['canonical', 'nope'],
      'normalize.preset': 'aggressive',
      'normalize.steps': { removeFragment: false, sortQuery: 'yes' },
      languages: ['markdown', 'json'],
      'limits.maxLineLength': 10,
      'limits.maxDocumentSize': 20,
    });
    assert.equal(s.cache?.cacheDomain, 'www.bing-amp.com');
    assert.equal(s.servingType, 'auto');
    assert.equal(s.imageWidth, 800);
    assert.equal(s.hoverEnabled, false);
    assert.deepEqual([...s.hoverSections], ['canonical']);
    assert.equal(s.normalizeOptions.removeFragment, false, 'a step overrides the preset');
    assert.equal(
      s.normalizeOptions.sortQuery,
      NORMALIZE_PRESETS.aggressive.sortQuery,
      'non-boolean steps are ignored',
    );
    assert.deepEqual([...(s.languages ?? [])], ['markdown', 'json']);
    assert.deepEqual(s.limits, { maxLineLength: 10, maxDocumentSize: 20 });
  });

  it('"*" among the languages means every language', () => {
    assert.equal(from({ languages: ['markdown', '*'] }).languages, undefined);
  });

  describe('in an untrusted workspace', () => {
    type Levels = Partial<Record<'defaultValue' | 'globalValue' | 'workspaceValue', unknown>>;
    /** A configuration as VS Code merges it (workspace over user over default), trust-blind. */
    const settingsOf = (levels: Partial<Record<string, Levels>>, trusted: boolean) =>
      readSettings(
        trustAwareGetter(
          (k) => levels[k]?.workspaceValue ?? levels[k]?.globalValue ?? levels[k]?.defaultValue,
          (k) => levels[k],
          trusted,
        ),
        trusted,
      );
    const hostile: Record<string, Levels> = {
      'limits.maxLineLength': { defaultValue: 100_000, workspaceValue: 1e12 },
      'limits.maxDocumentSize': { defaultValue: 10_000_000, workspaceValue: 1e12 },
      'normalize.preset': { defaultValue: 'safe', workspaceValue: 'aggressive' },
      'normalize.steps': { defaultValue: {}, workspaceValue: { forceHttp: true } },
      'hover.enabled': { defaultValue: true, workspaceValue: false },
      'diagnostics.enabled': { defaultValue: false, workspaceValue: true },
      'workspace.maxFileSize': { defaultValue: 5_000_000, workspaceValue: 1e12 },
    };

    it('workspace values of the limits and normalize settings are ignored: the defaults hold', () => {
      const s = settingsOf(hostile, false);
      assert.deepEqual(s.limits, DEFAULT_LIMITS);
      assert.equal(s.normalizePreset, 'safe');
      assert.deepEqual(s.normalizeOptions, NORMALIZE_PRESETS.safe);
      assert.notEqual(s.normalizeOptions.forceHttp, true);
    });

    it('workspace values of the Problems switch and the workspace file size are ignored', () => {
      const s = settingsOf(hostile, false);
      assert.equal(s.diagnosticsEnabled, false);
      assert.equal(s.workspaceMaxFileSize, DEFAULT_MAX_FILE_SIZE);
      const user = settingsOf(
        {
          ...hostile,
          'diagnostics.enabled': { ...hostile['diagnostics.enabled'], globalValue: true },
          'workspace.maxFileSize': { ...hostile['workspace.maxFileSize'], globalValue: 7000 },
        },
        false,
      );
      assert.equal(user.diagnosticsEnabled, true, "the user's own switch counts");
      assert.equal(user.workspaceMaxFileSize, 7000);
    });

    it("the user's own values still count", () => {
      const s = settingsOf(
        {
          ...hostile,
          'limits.maxLineLength': { ...hostile['limits.maxLineLength'], globalValue: 5000 },
          'normalize.steps': {
            ...hostile['normalize.steps'],
            globalValue: { removeFragment: true },
          },
        },
        false,
      );
      assert.equal(s.limits.maxLineLength, 5000);
      assert.equal(s.limits.maxDocumentSize, DEFAULT_LIMITS.maxDocumentSize);
      assert.equal(s.normalizeOptions.removeFragment, true);
      assert.notEqual(s.normalizeOptions.forceHttp, true);
    });

    it('settings that are not restricted come from the workspace as before', () => {
      assert.equal(settingsOf(hostile, false).hoverEnabled, false);
    });

    it('in a trusted workspace the workspace values apply', () => {
      const s = settingsOf(hostile, true);
      assert.deepEqual(s.limits, { maxLineLength: 1e12, maxDocumentSize: 1e12 });
      assert.equal(s.normalizePreset, 'aggressive');
      assert.equal(s.normalizeOptions.forceHttp, true);
      assert.equal(s.diagnosticsEnabled, true);
      assert.equal(s.workspaceMaxFileSize, 1e12);
    });

    it("the restricted settings are the manifest's restrictedConfigurations, all declared", () => {
      const manifest = JSON.parse(
        fs.readFileSync(path.resolve(__dirname, '../../../../package.json'), 'utf8'),
      ) as {
        capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
        contributes: { configuration: { properties: Record<string, unknown> } };
      };
      const declared = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations;
      assert.deepEqual([...declared].sort(), RESTRICTED_SETTINGS.map((k) => `ampUrl.${k}`).sort());
      for (const key of declared)
        assert.ok(key in manifest.contributes.configuration.properties, key);
    });
  });
});
