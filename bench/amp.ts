// AMP Cache figures: our cacheUrl / publisherUrl / domainPrefix against @ampproject/toolbox-cache-url
// and against bare `new URL(u).href`, the ceiling for anything that parses a URL.
import { cacheUrl, domainPrefix, publisherUrl } from '../src/core';
import { benchUrls, perSecond, rate } from './urls';

// The toolbox is a dev dependency used only here; it ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const toolbox = require('@ampproject/toolbox-cache-url') as {
  createCacheUrl(domainSuffix: string, url: string): Promise<string>;
};

/** The toolbox is Promise-based: URLs go in chunks of 1,000 through Promise.all, awaited in turn. */
async function toolboxPerSecond(urls: readonly string[], chunk = 1000): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < urls.length; i += chunk) {
    await Promise.all(urls.slice(i, i + chunk).map((u) => toolbox.createCacheUrl('cdn.ampproject.org', u)));
  }
  return urls.length / ((performance.now() - t0) / 1000);
}

export async function run(): Promise<void> {
  const urls = benchUrls(200_000);
  const hosts = urls.map((u) => u.slice(u.indexOf('//') + 2).split('/')[0]);
  const cacheUrls = urls.map((u) => cacheUrl(u));
  const distinct = new Set(hosts).size;
  console.log(`${urls.length.toLocaleString('en-US')} URLs, ${distinct.toLocaleString('en-US')} distinct hosts (best of 3 passes; toolbox: 1 pass)`);

  const bare = perSecond(urls, (u) => new URL(u).href);
  const ours = perSecond(urls, (u) => cacheUrl(u));
  const reverse = perSecond(cacheUrls, (u) => publisherUrl(u));
  const prefix = perSecond(hosts, (h) => domainPrefix(h));
  const theirs = await toolboxPerSecond(urls);

  const rows: [string, number][] = [
    ['new URL(u).href (ceiling)', bare],
    ['cacheUrl', ours],
    ['publisherUrl', reverse],
    ['domainPrefix', prefix],
    ['toolbox createCacheUrl', theirs],
  ];
  for (const [name, value] of rows) console.log(`${name.padEnd(28)} ${rate(value).padStart(14)}`);
  console.log(`cacheUrl is ${(ours / theirs).toFixed(1)}x the toolbox and ${(bare / ours).toFixed(2)}x slower than new URL(u).href`);
}
