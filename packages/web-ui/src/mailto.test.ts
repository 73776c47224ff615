import { describe, expect, it } from '@jest/globals';

import { mailtoHref } from './mailto';

/** What a mail program reads from the link: the address, and any headers or fragment. */
function read(href: string): { to: string; search: string; hash: string } {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), search: url.search, hash: url.hash };
}

describe('mailtoHref', () => {
  it('leaves an ordinary address as it is', () => {
    expect(mailtoHref('grace@example.org')).toBe('mailto:grace@example.org');
    expect(mailtoHref("o'brien@example.ie")).toBe("mailto:o'brien@example.ie");
  });

  it('encodes what would add headers, a fragment or another address', () => {
    const hostile = 'attacker%40evil.example?cc=x@y.example';
    expect(mailtoHref(hostile)).toBe('mailto:attacker%2540evil.example%3Fcc%3Dx@y.example');
    expect(read(mailtoHref(hostile))).toEqual({ to: hostile, search: '', hash: '' });
  });

  it('writes to exactly the address, whatever the valid local part holds', () => {
    for (const address of [
      "!#$%&'*+/=?^_`{|}~-@example.org",
      'a?bcc=boss@example.org',
      'a&body=hi@example.org',
      'a#frag@example.org',
      'a%0D%0ABcc:x@example.org',
      'a+b=c@example.org',
      'no-at-sign?subject=x',
      'a@b@example.org?cc=c',
    ]) {
      expect({ address, ...read(mailtoHref(address)) }).toEqual({ address, to: address, search: '', hash: '' });
    }
  });

  it('never throws, even on a lone surrogate', () => {
    expect(mailtoHref('a\uD800@example.org')).toBe('mailto:a%EF%BF%BD@example.org');
  });
});
