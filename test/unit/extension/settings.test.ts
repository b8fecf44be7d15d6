import * as assert from 'node:assert/strict';
import { NORMALIZE_PRESETS } from '../../../src/core';
import { plainMessage } from '../../../src/extension/logic/escape';
import {
  DEFAULT_LIMITS,
  HOVER_SECTIONS,
  readSettings,
} from '../../../src/extension/logic/settings';

const from = (values: Record<string, unknown>, trusted = true) =>
  readSettings((k) => values[k], trusted);

describe('extension settings', () => {
  it('defaults: google, c, every section, safe preset, every language, default limits', () => {
    const s = from({});
    assert.equal(s.cache.id, 'google');
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
    const trusted = from({ customCaches: custom, cache: 'mine' });
    assert.equal(trusted.cache.id, 'mine');
    assert.equal(trusted.cache.cacheDomain, 'cache.example.org');
    assert.deepEqual(
      trusted.caches.map((c) => c.id),
      ['google', 'bing', 'mine'],
    );
    assert.equal(trusted.problems.length, 2 + 0);
    const untrusted = from({ customCaches: custom, cache: 'mine' }, false);
    assert.deepEqual(
      untrusted.caches.map((c) => c.id),
      ['google', 'bing'],
    );
    assert.equal(untrusted.cache.id, 'google');
    assert.match(untrusted.problems[0], /unknown cache "mine"/);
  });

  it('a hostile cache id from workspace settings is quoted, cut and, in the notification, no link', () => {
    const hostile = `[Fix](command:workbench.action.terminal.sendSequence?${'%22x%22'.repeat(20)}) $(alert)`;
    const [problem] = from({ cache: hostile }).problems;
    assert.ok(
      problem.startsWith(
        'ampUrl.cache: unknown cache "[Fix](command:workbench.action.termina…, using "google".',
      ),
      problem,
    );
    const shown = plainMessage(problem);
    assert.doesNotMatch(shown, /\]\(|\$\(/);
    assert.equal(
      from({ cache: 42 }).problems[0],
      'ampUrl.cache: unknown cache 42, using "google".',
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
    assert.equal(s.cache.cacheDomain, 'www.bing-amp.com');
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
});
