import { Resolver } from 'node:dns/promises';

import type { MailHealthCheck, MailHealthProbe } from '@memoir/domain';

import { dkimPublicKeyBase64, dkimRecordName, dkimTxtRecord, type DkimKey } from './dkim';
import { senderDomain } from './message';
import { offersStartTls } from './starttls-probe';

/** What the checks look at: the running configuration's mail settings. */
export interface MailHealthSettings {
  /** MAIL_FROM: its domain is the one receivers judge. */
  readonly from: string;
  readonly dkim: DkimKey | null;
  /** SMTP_URL; null: the outbox folder. */
  readonly smtpUrl: string | null;
  /** DNS_SERVER (`host` or `host:port`); null: the system's resolver. */
  readonly dnsServer: string | null;
  /** Per DNS question and for the SMTP probe; a few seconds. */
  readonly timeoutMs?: number;
}

/** A DNS answer: the records, none at all, or why DNS could not say. */
type Lookup<T> = { readonly records: T[] } | { readonly failed: string };

const NONE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/** TXT records at `name`, each joined from its strings. */
async function txt(resolver: Resolver, name: string): Promise<Lookup<string>> {
  try {
    return { records: (await resolver.resolveTxt(name)).map((strings) => strings.join('')) };
  } catch (error) {
    return answerOf(error);
  }
}

function answerOf(error: unknown): Lookup<never> {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (NONE.has(code)) return { records: [] };
  return { failed: `DNS did not answer (${code || String(error)}); try again, or check DNS_SERVER` };
}

/** The tags of a `k=v; k=v` record (DKIM, DMARC), names in lower case. */
function tags(record: string): Map<string, string> {
  return new Map(
    record
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part.includes('='))
      .map((part) => [part.slice(0, part.indexOf('=')).trim().toLowerCase(), part.slice(part.indexOf('=') + 1).trim()]),
  );
}

/** Relaxed alignment (RFC 7489): one domain is the other or under it. Public suffixes are not consulted. */
const relaxedAligned = (a: string, b: string): boolean => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/**
 * The Mail health checks, from outside: what a receiver looks up about MAIL_FROM's domain, and
 * whether the SMTP server offers STARTTLS. Each says, in plain words, what it found and what to fix.
 */
export class DnsMailHealthProbe implements MailHealthProbe {
  private readonly domain: string;
  private readonly timeoutMs: number;

  constructor(private readonly settings: MailHealthSettings) {
    this.domain = senderDomain(settings.from);
    this.timeoutMs = settings.timeoutMs ?? 4000;
  }

  async check(): Promise<readonly MailHealthCheck[]> {
    const resolver = new Resolver({ timeout: Math.ceil(this.timeoutMs / 2), tries: 2 });
    if (this.settings.dnsServer !== null) resolver.setServers([this.settings.dnsServer]);
    const [spf, dkim, dmarc, mx, starttls] = await Promise.all([
      this.spf(resolver),
      this.dkimKey(resolver),
      this.dmarc(resolver),
      this.mx(resolver),
      this.starttls(),
    ]);
    return [spf, dkim, dmarc.check, this.alignment(dmarc.strictDkim), mx, starttls];
  }

  private async spf(resolver: Resolver): Promise<MailHealthCheck> {
    const check = (ok: boolean, detail: string): MailHealthCheck => ({ name: 'spf', ok, detail });
    const answer = await txt(resolver, this.domain);
    if ('failed' in answer) return check(false, `Could not look up SPF for ${this.domain}: ${answer.failed}.`);
    const records = answer.records.filter((record) => /^v=spf1(\s|$)/i.test(record));
    if (records.length === 0) {
      return check(
        false,
        `${this.domain} has no SPF record, so receivers cannot tell which servers may send its mail. ` +
          `Add a TXT record at ${this.domain} such as "v=spf1 include:<your mail provider> ~all"; your provider's help pages give the exact line.`,
      );
    }
    if (records.length > 1) {
      return check(
        false,
        `${this.domain} has ${records.length} SPF records; receivers then treat it as having none. Merge them into one TXT record.`,
      );
    }
    const [record = ''] = records;
    if (/\s[+]?all\s*$/i.test(record)) {
      return check(
        false,
        `The SPF record of ${this.domain} ("${record}") lets any server in the world send as you. End it with ~all or -all instead.`,
      );
    }
    return check(true, `${this.domain} publishes SPF: "${record}". It should name the service SMTP_URL sends through.`);
  }

  private async dkimKey(resolver: Resolver): Promise<MailHealthCheck> {
    const check = (ok: boolean, detail: string): MailHealthCheck => ({ name: 'dkim', ok, detail });
    const key = this.settings.dkim;
    if (key === null) {
      return check(
        false,
        'Emails go out unsigned: receivers such as Gmail and Yahoo trust them less. Set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (docs/operations.md, "Mail that reaches the inbox"), restart, and publish the record this check then shows.',
      );
    }
    const name = dkimRecordName(key);
    const publish = `Publish a TXT record at ${name} with this value: ${dkimTxtRecord(key.privateKey)}`;
    const answer = await txt(resolver, name);
    if ('failed' in answer) return check(false, `Could not look up the DKIM key at ${name}: ${answer.failed}.`);
    const published = answer.records.map(tags).filter((record) => record.has('p'));
    if (published.length === 0)
      return check(false, `Emails are signed, but no key is published at ${name}. ${publish}`);
    const ours = dkimPublicKeyBase64(key.privateKey);
    const theirs = published.map((record) => (record.get('p') ?? '').replace(/\s+/g, ''));
    if (!theirs.includes(ours)) {
      return check(
        false,
        `The key published at ${name} is not the one the server signs with (DKIM_PRIVATE_KEY), so every signature fails. Replace it: ${publish}`,
      );
    }
    return check(true, `Emails are signed, and the key published at ${name} matches the server's private key.`);
  }

  /** DMARC at the From domain, or at its parent (the organisational domain, roughly). */
  private async dmarc(resolver: Resolver): Promise<{ check: MailHealthCheck; strictDkim: boolean }> {
    const check = (ok: boolean, detail: string): MailHealthCheck => ({ name: 'dmarc', ok, detail });
    const names = [this.domain];
    const labels = this.domain.split('.');
    if (labels.length > 2) names.push(labels.slice(1).join('.'));
    for (const domain of names) {
      const answer = await txt(resolver, `_dmarc.${domain}`);
      if ('failed' in answer) {
        return {
          check: check(false, `Could not look up DMARC at _dmarc.${domain}: ${answer.failed}.`),
          strictDkim: false,
        };
      }
      const record = answer.records.find((text) => /^v=DMARC1\s*(;|$)/i.test(text));
      if (record === undefined) continue;
      const policy = tags(record).get('p')?.toLowerCase();
      const strictDkim = tags(record).get('adkim')?.toLowerCase() === 's';
      if (policy === undefined || !['none', 'quarantine', 'reject'].includes(policy)) {
        return {
          check: check(
            false,
            `The DMARC record at _dmarc.${domain} ("${record}") has no valid policy: add p=none, p=quarantine or p=reject.`,
          ),
          strictDkim,
        };
      }
      const advice =
        policy === 'none'
          ? ' Receivers are asked only to report; once the other checks pass, p=quarantine protects your name better.'
          : '';
      return {
        check: check(true, `${domain} publishes DMARC with the policy p=${policy}: "${record}".${advice}`),
        strictDkim,
      };
    }
    return {
      check: check(
        false,
        `${this.domain} publishes no DMARC policy; Gmail and Yahoo expect one from anyone who sends them much mail. ` +
          `Add a TXT record at _dmarc.${this.domain}: "v=DMARC1; p=none; rua=mailto:<your address>" to start with.`,
      ),
      strictDkim: false,
    };
  }

  /** DMARC passes through DKIM when the signing domain is From's domain (or, relaxed, shares it). */
  private alignment(strictDkim: boolean): MailHealthCheck {
    const check = (ok: boolean, detail: string): MailHealthCheck => ({ name: 'alignment', ok, detail });
    const key = this.settings.dkim;
    if (key === null) {
      return check(
        false,
        `Nothing ties your emails to ${this.domain} for DMARC: without DKIM signing it depends on SPF alone, which checks the bounce address your provider picks (often its own domain). Set up DKIM with DKIM_DOMAIN=${this.domain}.`,
      );
    }
    const aligned = strictDkim ? key.domain === this.domain : relaxedAligned(key.domain, this.domain);
    return aligned
      ? check(
          true,
          `Emails are signed for ${key.domain}, which matches the sender's domain ${this.domain} (MAIL_FROM).`,
        )
      : check(
          false,
          `Emails are signed for ${key.domain} but sent from ${this.domain} (MAIL_FROM)${strictDkim ? ', and DMARC asks for an exact match (adkim=s)' : ''}, so DMARC fails. Set DKIM_DOMAIN to ${this.domain}, or MAIL_FROM to an address at ${key.domain}.`,
        );
  }

  private async mx(resolver: Resolver): Promise<MailHealthCheck> {
    const check = (ok: boolean, detail: string): MailHealthCheck => ({ name: 'mx', ok, detail });
    let answer: Lookup<{ exchange: string; priority: number }>;
    try {
      answer = { records: await resolver.resolveMx(this.domain) };
    } catch (error) {
      answer = answerOf(error);
    }
    if ('failed' in answer)
      return check(false, `Could not look up where mail for ${this.domain} goes: ${answer.failed}.`);
    if (answer.records.length === 0) {
      return check(
        false,
        `${this.domain} has no MX record: replies and bounces to the sender's address have nowhere to go, and some receivers refuse mail from a domain that cannot receive any. Add the MX records your mail provider gives.`,
      );
    }
    const servers = [...answer.records]
      .sort((a, b) => a.priority - b.priority)
      .map((record) => `${record.exchange} (priority ${record.priority})`);
    return check(true, `Mail for ${this.domain} goes to ${servers.join(', ')}.`);
  }

  private async starttls(): Promise<MailHealthCheck> {
    const check = (ok: boolean, detail: string): MailHealthCheck => ({ name: 'starttls', ok, detail });
    const { smtpUrl } = this.settings;
    if (smtpUrl === null) {
      return check(
        false,
        "No mail server is set (SMTP_URL): emails are written to the outbox folder on the server, not sent. Set SMTP_URL to your mail provider's SMTP address.",
      );
    }
    const url = new URL(smtpUrl);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (url.protocol === 'smtps:') {
      return check(true, `The connection to ${host} is encrypted from the first byte (smtps://).`);
    }
    const port = url.port === '' ? 587 : Number(url.port);
    const offered = await offersStartTls(host, port, this.timeoutMs);
    if (offered === true) return check(true, `The mail server ${host} offers STARTTLS: emails travel to it encrypted.`);
    if (offered === false) {
      return check(
        false,
        `The mail server ${host} does not offer STARTTLS, so emails (and their download links) would travel to it unencrypted; the site refuses to send that way unless SMTP_REQUIRE_TLS=off. Use your provider's smtps:// address (port 465) or a server that offers STARTTLS.`,
      );
    }
    return check(
      false,
      `Could not reach the mail server ${host}:${port}: ${offered.failed}. Check SMTP_URL and the firewall.`,
    );
  }
}
