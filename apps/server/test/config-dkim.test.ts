import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from '@jest/globals';

import { ConfigError, loadConfig } from '../src/config';

/* DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY(_FILE) and DNS_SERVER: read, checked at start, never echoed. */

const ROOT = join(__dirname, '..', '..', '..');
const load = (env: Record<string, string | undefined>) => loadConfig(env, ROOT);
const problemsOf = (env: Record<string, string | undefined>): readonly string[] => {
  try {
    load(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};
const rsaKey = (bits: number): string =>
  generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const KEY = rsaKey(2048);

describe('the DKIM settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-dkim-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves mail unsigned when none is set, and asks the system resolver', () => {
    expect(load({}).mail).toMatchObject({ dkim: null, dnsServer: null });
  });

  it('signs with the key given as a value, as a one-line value with \\n escapes, or from a file', () => {
    const base = { DKIM_DOMAIN: 'Example.COM', DKIM_SELECTOR: 'memoir2026', DNS_SERVER: '127.0.0.1:5353' };
    expect(load({ ...base, DKIM_PRIVATE_KEY: KEY }).mail).toMatchObject({
      dkim: { domain: 'example.com', selector: 'memoir2026', privateKey: KEY.trim() },
      dnsServer: '127.0.0.1:5353',
    });
    const oneLine = KEY.trim().replace(/\n/g, '\\n');
    expect(load({ ...base, DKIM_PRIVATE_KEY: oneLine }).mail.dkim?.privateKey).toBe(oneLine);
    const file = join(dir, 'dkim.pem');
    writeFileSync(file, KEY, { mode: 0o600 });
    expect(load({ ...base, DKIM_PRIVATE_KEY_FILE: file }).mail.dkim?.privateKey).toBe(KEY.trim());
  });

  it('refuses to start with a key shorter than 2048 bits, or not a key, without showing it', () => {
    const short = rsaKey(1024);
    const base = { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'memoir2026' };
    expect(problemsOf({ ...base, DKIM_PRIVATE_KEY: short })).toEqual([
      'DKIM_PRIVATE_KEY must be an RSA key of at least 2048 bits (got 1024): receivers distrust shorter ones.',
    ]);
    const [garbage] = problemsOf({ ...base, DKIM_PRIVATE_KEY: 'hunter2-not-a-key' });
    expect(garbage).toMatch(/^DKIM_PRIVATE_KEY must be a PEM private key/);
    expect(garbage).not.toContain('hunter2');
    expect(problemsOf({ ...base, DKIM_PRIVATE_KEY: short }).join()).not.toContain('PRIVATE KEY-----\n');
  });

  it('needs all three: one or two alone would send unsigned mail the owner believes signed', () => {
    expect(problemsOf({ DKIM_DOMAIN: 'example.com' })).toEqual([
      'DKIM_DOMAIN is set without DKIM_SELECTOR and DKIM_PRIVATE_KEY: DKIM signing needs all three (docs/operations.md, "Mail that reaches the inbox").',
    ]);
    expect(problemsOf({ DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: KEY })).toEqual([
      'DKIM_SELECTOR and DKIM_PRIVATE_KEY are set without DKIM_DOMAIN: DKIM signing needs all three (docs/operations.md, "Mail that reaches the inbox").',
    ]);
  });

  it('takes a resolver by IP address only, as node:dns asks it', () => {
    expect(load({ DNS_SERVER: '[::1]:53' }).mail.dnsServer).toBe('[::1]:53');
    expect(load({ DNS_SERVER: '1.1.1.1' }).mail.dnsServer).toBe('1.1.1.1');
    expect(problemsOf({ DNS_SERVER: 'dns.example' })).toHaveLength(1);
  });

  it('refuses a domain, selector or resolver that is not one', () => {
    expect(
      problemsOf({ DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: '_bad_', DKIM_PRIVATE_KEY: KEY, DNS_SERVER: 'dns://x' }),
    ).toEqual([
      'DKIM_DOMAIN must be a domain name such as example.com (got "not a domain").',
      'DKIM_SELECTOR must be a DNS label of letters, digits and hyphens, such as memoir2026 (got "_bad_").',
      'DNS_SERVER must be a resolver\'s IP address, with a port or not, such as 127.0.0.1:53 or [::1]:53 (got "dns://x").',
    ]);
  });
});
