import { generateKeyPairSync } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { MailHealthCheck } from '@memoir/domain';

import { startTestDnsServer, startTestSmtpServer, type TestDnsServer, type TestSmtpServer } from '../testing';
import { dkimTxtRecord, type DkimKey } from './dkim';
import { DnsMailHealthProbe, type MailHealthSettings } from './mail-health';

/* The checks against a DNS server and SMTP servers this test runs: what each finds and says. */

const rsaKey = (): string =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('DnsMailHealthProbe', () => {
  let dns: TestDnsServer;
  let plain: TestSmtpServer;
  let withTls: TestSmtpServer;
  let key: DkimKey;
  let settings: MailHealthSettings;

  const GOOD_ZONE = () => ({
    'rootaccess.example': {
      txt: ['v=spf1 include:_spf.mailer.example ~all', 'google-site-verification=abc'],
      mx: [
        { exchange: 'mx2.mailer.example', priority: 20 },
        { exchange: 'mx1.mailer.example', priority: 10 },
      ],
    },
    'memoir2026._domainkey.rootaccess.example': { txt: [dkimTxtRecord(key.privateKey)] },
    '_dmarc.rootaccess.example': { txt: ['v=DMARC1; p=quarantine; rua=mailto:sam@rootaccess.example'] },
  });
  const zone = (records: ReturnType<typeof GOOD_ZONE>) => {
    dns.names.clear();
    for (const [name, value] of Object.entries(records)) dns.names.set(name, value);
  };
  const run = async (overrides: Partial<MailHealthSettings> = {}): Promise<Record<string, MailHealthCheck>> => {
    const checks = await new DnsMailHealthProbe({ ...settings, ...overrides }).check();
    expect(checks.map((check) => check.name)).toEqual(['spf', 'dkim', 'dmarc', 'alignment', 'mx', 'starttls']);
    return Object.fromEntries(checks.map((check) => [check.name, check]));
  };

  beforeAll(async () => {
    key = { domain: 'rootaccess.example', selector: 'memoir2026', privateKey: rsaKey() };
    dns = await startTestDnsServer();
    plain = await startTestSmtpServer();
    withTls = await startTestSmtpServer({ starttls: 'self-signed' });
  });
  afterAll(async () => {
    await Promise.all([dns.close(), plain.close(), withTls.close()]);
  });
  beforeEach(() => {
    zone(GOOD_ZONE());
    settings = {
      from: '"Root Access" <books@rootaccess.example>',
      dkim: key,
      smtpUrl: withTls.url,
      dnsServer: dns.address,
      timeoutMs: 2000,
    };
  });

  it('passes every check for a domain set up as docs/operations.md says', async () => {
    const checks = await run();
    expect(Object.values(checks).filter((check) => !check.ok)).toEqual([]);
    expect(checks.spf?.detail).toContain('v=spf1 include:_spf.mailer.example ~all');
    expect(checks.dkim?.detail).toContain('matches');
    expect(checks.dmarc?.detail).toContain('p=quarantine');
    expect(checks.mx?.detail).toBe(
      'Mail for rootaccess.example goes to mx1.mailer.example (priority 10), mx2.mailer.example (priority 20).',
    );
    expect(checks.starttls?.detail).toContain('offers STARTTLS');
  });

  it('says what to publish when SPF, the DKIM key, DMARC and MX are missing', async () => {
    zone({} as ReturnType<typeof GOOD_ZONE>);
    const checks = await run();
    expect(checks.spf).toMatchObject({
      ok: false,
      detail: expect.stringContaining('Add a TXT record at rootaccess.example'),
    });
    expect(checks.dkim).toMatchObject({
      ok: false,
      detail: expect.stringContaining(
        `memoir2026._domainkey.rootaccess.example with this value: ${dkimTxtRecord(key.privateKey)}`,
      ),
    });
    expect(checks.dmarc).toMatchObject({ ok: false, detail: expect.stringContaining('_dmarc.rootaccess.example') });
    expect(checks.mx).toMatchObject({ ok: false, detail: expect.stringContaining('no MX record') });
  });

  it('finds a published key that is not the private key, two SPF records and an SPF that allows anyone', async () => {
    zone({
      ...GOOD_ZONE(),
      'memoir2026._domainkey.rootaccess.example': { txt: [dkimTxtRecord(rsaKey())] },
      'rootaccess.example': { txt: ['v=spf1 +all'], mx: [] },
    });
    let checks = await run();
    expect(checks.dkim).toMatchObject({
      ok: false,
      detail: expect.stringContaining('not the one the server signs with'),
    });
    expect(checks.spf).toMatchObject({ ok: false, detail: expect.stringContaining('any server in the world') });
    zone({ ...GOOD_ZONE(), 'rootaccess.example': { txt: ['v=spf1 -all', 'v=spf1 include:x ~all'], mx: [] } });
    checks = await run();
    expect(checks.spf).toMatchObject({ ok: false, detail: expect.stringContaining('2 SPF records') });
  });

  it('reads DMARC at the parent domain, and checks alignment relaxed or strict as it asks', async () => {
    const from = '"Root Access" <books@mail.rootaccess.example>';
    let checks = await run({ from });
    expect(checks.dmarc).toMatchObject({
      ok: true,
      detail: expect.stringContaining('rootaccess.example publishes DMARC'),
    });
    expect(checks.alignment).toMatchObject({ ok: true });
    zone({ ...GOOD_ZONE(), '_dmarc.rootaccess.example': { txt: ['v=DMARC1; p=reject; adkim=s'] } });
    checks = await run({ from });
    expect(checks.alignment).toMatchObject({ ok: false, detail: expect.stringContaining('exact match (adkim=s)') });
    checks = await run({ dkim: { ...key, domain: 'other.example' } });
    expect(checks.alignment).toMatchObject({
      ok: false,
      detail: expect.stringContaining('Set DKIM_DOMAIN to rootaccess.example'),
    });
  });

  it('says mail goes out unsigned without a key, and that nothing aligns then', async () => {
    const checks = await run({ dkim: null });
    expect(checks.dkim).toMatchObject({ ok: false, detail: expect.stringContaining('Emails go out unsigned') });
    expect(checks.alignment).toMatchObject({ ok: false, detail: expect.stringContaining('without DKIM signing') });
  });

  it('checks STARTTLS: not offered, implicit TLS, no server at all, and a server that cannot be reached', async () => {
    expect((await run({ smtpUrl: plain.url })).starttls).toMatchObject({
      ok: false,
      detail: expect.stringContaining('does not offer STARTTLS'),
    });
    expect((await run({ smtpUrl: 'smtps://u:p@smtp.mailer.example:465' })).starttls).toMatchObject({ ok: true });
    expect((await run({ smtpUrl: null })).starttls).toMatchObject({
      ok: false,
      detail: expect.stringContaining('outbox'),
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect((await run({ smtpUrl: `smtp://127.0.0.1:${port}` })).starttls).toMatchObject({
      ok: false,
      detail: expect.stringContaining('Could not reach the mail server 127.0.0.1'),
    });
  });

  it('says DNS could not answer, rather than that records are missing, when the resolver is down', async () => {
    const checks = await run({ dnsServer: '127.0.0.1:9', timeoutMs: 600 });
    for (const name of ['spf', 'dkim', 'dmarc', 'mx']) {
      expect(checks[name]).toMatchObject({ ok: false, detail: expect.stringContaining('DNS did not answer') });
    }
  });
});
