// The publisher URL names the host as the browser loads it (issue 27 item 3): lower-cased.
import * as assert from 'node:assert/strict';
import { parseCacheUrl, publisherUrl, reverseAmpUrl, tryPublisherUrl } from '../../../../src/core';

describe('amp-reverse: the publisher host as the browser reads it', () => {
  it('lower-cases the host of cache and viewer URLs (…/c/s/EXAMPLE.COM/news/a)', () => {
    const cases: [string, string][] = [
      [
        'https://example-com.cdn.ampproject.org/c/s/EXAMPLE.COM/news/a',
        'https://example.com/news/a',
      ],
      ['https://www.google.com/amp/s/EXAMPLE.COM/news/a', 'https://example.com/news/a'],
      ['https://www.bing.com/amp/s/Example.Com/News/A?Q=1', 'https://example.com/News/A?Q=1'],
      ['https://example-com.www.bing-amp.com/c/EXAMPLE.com:8080/a', 'http://example.com:8080/a'],
      ['https://www.google.com/amp/s/Bücher.DE/x', 'https://bücher.de/x'],
    ];
    for (const [input, expected] of cases) {
      assert.equal(publisherUrl(input), expected, input);
      assert.equal(reverseAmpUrl(input).url, expected, input);
      assert.equal(tryPublisherUrl(input).url, expected, input);
    }
    assert.equal(
      parseCacheUrl('https://example-com.cdn.ampproject.org/c/s/EXAMPLE.COM/news/a').publisherUrl,
      'https://example.com/news/a',
    );
  });

  it('the path, query and fragment keep their case', () => {
    assert.equal(
      publisherUrl('https://www-example-com.cdn.ampproject.org/c/s/WWW.EXAMPLE.COM/Path?Q=V#Frag'),
      'https://www.example.com/Path?Q=V#Frag',
    );
  });
});
