import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { headTags, offers, parsePrice } from './head';

describe('a price as schema.org reads it', () => {
  it.each([
    ['$17.99', 17.99, 'USD'],
    ['£12', 12, 'GBP'],
    ['€9,99', 9.99, 'EUR'],
    ['12.50 EUR', 12.5, 'EUR'],
    ['EUR 1.299,00', 1299, 'EUR'],
    ['$1,299.00', 1299, 'USD'],
    ['US$ 5', 5, 'USD'],
    ['CA$24.95', 24.95, 'CAD'],
    ['9,99 €', 9.99, 'EUR'],
  ])('reads %s as %d %s', (text, price, currency) => {
    expect(parsePrice(text)).toEqual({ price, currency });
  });

  it.each(['free', 'TBA', '', '$', '17.99', '$12 or less', 'EUR twelve'])('reads nothing in %j', (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});

describe('the head the server writes from the content', () => {
  it('offers each buy link that has an address and a price, and no other', () => {
    expect(
      offers([
        { format: 'hardcover', price: '$28.00', url: 'https://shop.test/hc', note: '' },
        { format: 'paperback', price: '$17.99', url: '', note: '' },
        { format: 'kindle', price: 'soon', url: 'https://shop.test/k', note: '' },
      ]),
    ).toEqual([
      {
        '@type': 'Offer',
        name: 'Hardcover',
        url: 'https://shop.test/hc',
        price: 28,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    ]);
  });

  it('writes the absolute URLs from the base, and the texts escaped', () => {
    const head = headTags({ ...DEFAULT_SITE_CONTENT, title: 'A <b>"bold"</b> title' }, 'https://rootaccess.test');
    expect(head).toContain('<link rel="canonical" href="https://rootaccess.test/" />');
    expect(head).toContain('<title>A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; title: A founder&#39;s memoir');
    expect(head).toContain('<meta property="og:site_name" content="A &lt;b&gt;&quot;bold&quot;&lt;/b&gt; title" />');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)?.[1] ?? '');
    expect(jsonLd).toMatchObject({
      '@type': 'Book',
      name: 'A <b>"bold"</b> title',
      url: 'https://rootaccess.test/',
      author: { name: 'Sam Okafor', '@id': 'https://rootaccess.test/#author' },
      publisher: { name: 'Byteline Press', url: 'https://byteline-press.example/' },
    });
    expect(jsonLd.offers.map((offer: { price: number }) => offer.price)).toEqual([28, 17.99, 2.99]);
  });
});
