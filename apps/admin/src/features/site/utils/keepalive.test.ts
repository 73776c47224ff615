import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SITE_CONTENT } from '@memoir/shared';

import { fitsKeepalive, KEEPALIVE_MAX_BYTES } from './keepalive';

describe('a save sent as the page goes away', () => {
  it('goes with keepalive for a draft of the usual size', () => {
    expect(fitsKeepalive({ revision: 3, content: DEFAULT_SITE_CONTENT })).toBe(true);
  });

  it('goes without it when the draft is past the browser’s limit, counted in bytes', () => {
    // 21,000 characters of 3 bytes each: under the limit in characters, over it in bytes.
    const paragraph = '字'.repeat(2000);
    const content = { ...DEFAULT_SITE_CONTENT, about: Array(8).fill(paragraph), authorBio: Array(3).fill(paragraph) };
    expect(JSON.stringify(content).length).toBeLessThan(KEEPALIVE_MAX_BYTES);
    expect(fitsKeepalive({ revision: 3, content })).toBe(false);
  });
});
