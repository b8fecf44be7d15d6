import * as assert from 'node:assert/strict';
import { cacheOrigin, hashPrefixes } from '../../../src/core';
import type { LinkTarget } from '../../../src/extension/logic/link-args';
import {
  isWebUrl,
  openRefusal,
  recomputeForm,
  replaceRefusal,
  resolveLink,
  urlAtTarget,
  windowFor,
  type FormValue,
  type LineWindow,
} from '../../../src/extension/logic/recompute';
import { readSettings } from '../../../src/shared/settings';

const settings = readSettings(() => undefined, true);
const PUB = 'https://example.com/amp_document.html';
const CACHE = 'https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html';

/** The window a command reads from a document given as a string (as hover-links.ts does). */
function windowOf(doc: string, target: Pick<LinkTarget, 'start' | 'end'>): LineWindow {
  const lineStart = doc.lastIndexOf('\n', target.start - 1) + 1;
  const nl = doc.indexOf('\n', lineStart);
  const lineLength = (nl < 0 ? doc.length : nl) - lineStart;
  const { from, to } = windowFor(target, lineStart, lineLength);
  return { lineStart, lineLength, from, text: doc.slice(lineStart + from, lineStart + to) };
}

function targetOf(doc: string, url: string, form?: string): LinkTarget {
  const start = doc.indexOf(url);
  assert.ok(start >= 0);
  const t: LinkTarget = { uri: 'untitled:1', start, end: start + url.length, expected: url };
  return form === undefined ? t : { ...t, form };
}

function resolve(doc: string, t: LinkTarget, s = settings) {
  return resolveLink(windowOf(doc, t), t, s);
}

describe('recompute: what a hover link may copy, write or open', () => {
  const doc = `first line\nsee <a href="${PUB}">it</a> and https://b.example/x\nlast`;

  it('recomputes the form from the URL exactly at the target (spec example: cache URL)', () => {
    const r = resolve(doc, targetOf(doc, PUB, 'cache'));
    assert.deepEqual(r, { url: PUB, value: CACHE, openable: true });
    assert.equal(resolve(doc, targetOf(doc, PUB, 'cacheOrigin')).value, cacheOrigin(PUB));
  });

  it('hash:<i> is the i-th hash prefix, in hex', () => {
    const prefixes = hashPrefixes(PUB, 4);
    const r = resolve(doc, targetOf(doc, PUB, 'hash:1'));
    assert.equal(r.value, prefixes[1].hex);
    assert.deepEqual(r, { url: PUB, value: prefixes[1].hex, openable: false });
    assert.ok(resolve(doc, targetOf(doc, PUB, `hash:${prefixes.length}`)).refused);
  });

  it('refuses a target whose range or expected text does not match the document', () => {
    const t = targetOf(doc, PUB, 'cache');
    const changed = 'The URL changed since the hover was shown; nothing was done.';
    const cases: LinkTarget[] = [
      { ...t, start: t.start + 1, end: t.end + 1 }, // shifted
      { ...t, start: t.start - 1, end: t.end - 1 },
      { ...t, expected: 'https://example.com/amp_documenX.html' }, // text not there
      { ...t, end: t.end - 5, expected: PUB.slice(0, -5) }, // part of the URL
      { ...t, start: t.start + 8, expected: PUB.slice(8) },
      { ...t, start: 0, end: 10, expected: 'first line' }, // not a URL
      { ...t, start: 11, end: 11 + 7, expected: 'see <a ' },
      { ...t, start: 5, end: 5 + PUB.length + 20, expected: doc.slice(5, 5 + PUB.length + 20) }, // across lines
      { ...t, start: doc.length + 5, end: doc.length + 5 + PUB.length }, // past the end
    ];
    for (const c of cases)
      assert.deepEqual(resolve(doc, c), { refused: changed }, JSON.stringify(c));
  });

  it('refuses a range that is only part of a longer URL', () => {
    const d = `x ${PUB}?more=1 y`;
    const t = targetOf(d, PUB, 'cache');
    assert.ok(resolve(d, t).refused);
    assert.equal(resolve(d, targetOf(d, `${PUB}?more=1`, 'cache')).value, `${CACHE}?more=1`);
  });

  it('reads the URL as the finder does: a JSON-escaped URL, www. text', () => {
    const json = '{"u": "https:\\/\\/example.com\\/amp_document.html"}';
    const t = targetOf(json, 'https:\\/\\/example.com\\/amp_document.html', 'cache');
    assert.deepEqual(urlAtTarget(windowOf(json, t), t), { url: PUB });
    assert.equal(resolve(json, t).value, CACHE);
    const www = 'go to www.example.com/a now';
    const w = targetOf(www, 'www.example.com/a', 'normalized');
    assert.equal(resolve(www, w).value?.startsWith('http://www.example.com/a'), true);
  });

  it('uses the current settings: a cache the settings no longer have is refused', () => {
    const t = targetOf(doc, PUB, 'cache:bing');
    assert.equal(
      resolve(doc, t).value,
      'https://example-com.www.bing-amp.com/c/s/example.com/amp_document.html',
    );
    const onlyGoogle = { ...settings, caches: settings.caches.filter((c) => c.id === 'google') };
    assert.deepEqual(resolve(doc, t, onlyGoogle), {
      refused: 'This form is not available for this URL with the current settings.',
    });
    // The default cache changed: `cache` now means the other one.
    const bing = settings.caches.find((c) => c.id === 'bing');
    assert.ok(bing);
    assert.match(
      resolve(doc, targetOf(doc, PUB, 'cache'), { ...settings, cache: bing }).value ?? '',
      /bing-amp\.com/,
    );
  });

  it('refuses a form that does not exist for this kind of URL, or that the core refuses', () => {
    const cacheDoc = `a ${CACHE} b`;
    assert.ok(resolve(cacheDoc, targetOf(cacheDoc, CACHE, 'cache')).refused); // no cache of a cache URL
    assert.equal(resolve(cacheDoc, targetOf(cacheDoc, CACHE, 'publisher')).value, PUB);
    assert.ok(resolve(doc, targetOf(doc, PUB, 'publisher')).refused);
    const r = recomputeForm('https://example.com:8443/a', 'cache', settings); // a port the cache won't fetch
    assert.ok(r.refused && r.refused.length > 0);
  });

  it('a target without a form resolves to nothing', () => {
    assert.deepEqual(resolve(doc, targetOf(doc, PUB)), {
      refused: 'This link names no form; nothing was done.',
    });
  });

  it('reads only a window of a huge line', () => {
    const line = `${'x '.repeat(2_000_000)}${PUB} ${'y '.repeat(2_000_000)}`;
    const t = targetOf(line, PUB, 'cache');
    const w = windowOf(line, t);
    assert.ok(w.text.length < 20_000);
    assert.equal(resolveLink(w, t, settings).value, CACHE);
  });
});

describe('recompute: Replace and Open decisions', () => {
  const form = (value: string, url = PUB, openable = isWebUrl(value)): FormValue => ({
    url,
    value,
    openable,
  });

  it('Replace refuses a form equal to the URL or to the text there', () => {
    assert.equal(replaceRefusal(form(CACHE), PUB), undefined);
    assert.equal(
      replaceRefusal(form(PUB), PUB),
      'The URL is already in this form; nothing was replaced.',
    );
    assert.ok(replaceRefusal(form('https:\\/\\/x', 'https://x'), 'https:\\/\\/x'));
  });

  it('Open: only http(s) URLs that were computed and parse as such', () => {
    assert.equal(openRefusal(form(CACHE)), undefined);
    for (const v of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'command:workbench.action.quit',
      'vscode://x',
      'data:text/html,x',
      'https://a b/',
      'https://a.example/\nx',
      'http://',
      '0a1b2c3d',
    ]) {
      assert.equal(isWebUrl(v), false, v);
      assert.equal(openRefusal(form(v)), 'Only http and https URLs are opened.', v);
    }
    assert.ok(openRefusal(form(CACHE, PUB, false)), 'a form not marked openable is not opened');
    assert.ok(isWebUrl('HTTP://EXAMPLE.COM/'));
  });
});
