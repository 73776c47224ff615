import { describe, expect, it } from '@jest/globals';

import { readSiteLinksMeta, siteLinksMetaTag } from './site-links';

describe('the page element that names the site links', () => {
  it('reads back what it writes, whatever characters the addresses hold, with none of them raw in the attribute', () => {
    const links = { kindle: `https://shop.test/a'b"c<d>&e=1`, x: 'https://x.com/sam', publisher: 'https://p.test/' };
    const tag = siteLinksMetaTag(links);
    expect(tag).toMatch(/^<meta name="memoir:links" content="[^"'<>]*" \/>$/);
    const html = `<head>\n  ${tag}\n  </head>`;
    expect(readSiteLinksMeta(html)).toEqual({ links, tag });
    expect(readSiteLinksMeta(`<head>${siteLinksMetaTag({})}</head>`)?.links).toEqual({});
  });

  it('reads nothing from a page without it, or with one that does not hold addresses by known key', () => {
    expect(readSiteLinksMeta('<head></head>')).toBeNull();
    const written = (content: string) => `<meta name="memoir:links" content="${content}" />`;
    expect(readSiteLinksMeta(written('not json'))).toBeNull();
    expect(readSiteLinksMeta(written('[&quot;https://a.test/&quot;]'))).toBeNull();
    expect(readSiteLinksMeta(written('{&quot;audiobook&quot;:&quot;https://a.test/&quot;}'))).toBeNull();
    expect(readSiteLinksMeta(written('{&quot;kindle&quot;:1}'))).toBeNull();
  });
});
