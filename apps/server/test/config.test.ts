import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeTestCertificates } from '@memoir/persistence-typeorm/testing';

import { ConfigError, loadConfig } from '../src/config';

const ROOT = '/srv/memoir';
const load = (env: Record<string, string | undefined> = {}) => loadConfig(env, ROOT);
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('starts with no configuration at all: SQLite under ./data of the repository, port 3000 on loopback', () => {
    expect(load()).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/memoir/data',
      databaseUrl: 'sqlite:/srv/memoir/data/memoir.sqlite',
      database: { poolSize: 10, sslCa: null, connectTimeoutMs: 5000, queryTimeoutMs: 15_000 },
      migrateOnStart: true,
      shutdownDrainMs: 5000,
      adminUsername: 'admin',
      adminPassword: null,
      riddles: { guestbook: 'network', scholarship: 'kernel' },
      adminHost: null,
      mailEventsSecret: null,
      readersWebhook: null,
      mediaS3Url: null,
      metricsToken: null,
      trustProxy: { kind: 'none' },
      trustForwardedHost: false,
      logLevel: 'info',
      formRateLimit: { max: 10, windowMs: 600_000 },
      crackmeClaimLimit: { max: 10, windowMs: 3_600_000 },
      crackmeWinners: 10,
      loginRateLimit: { max: 5, windowMs: 900_000 },
      loginAccountLimit: { max: 20, windowMs: 900_000 },
      rootDir: ROOT,
      initialPasswordFile: '/srv/memoir/data/initial-admin-password',
      mail: {
        smtpUrl: null,
        smtpRequireTls: true,
        outboxDir: '/srv/memoir/data/outbox',
        from: '"Root Access" <memoir@localhost>',
        dkim: null,
        dnsServer: null,
        bounceImap: null,
        publicBaseUrl: 'http://localhost:3000',
        adminBaseUrl: 'http://localhost:3000',
        announceRate: { max: 60, windowMs: 60_000 },
        reviewReminderDays: 14,
        bookMaxBytes: 200 * 1024 * 1024,
        bookPdfPath: '/srv/memoir/apps/server/assets/sample-book.pdf',
        ownerEmail: null,
        ownerNotifications: 'off',
        notifyRejections: false,
        linkTtlMs: 14 * 86_400_000,
        maxDownloads: 5,
        pollIntervalMs: 5000,
        maxAttempts: 6,
        retryBaseMs: 60_000,
        stampQueueMaxWaitMs: 120_000,
        stampQueueMaxBytes: 4096 * 1024 * 1024,
      },
      retention: { personalDetailsDays: 90, rejectedDays: 30, sentEmailDays: 30 },
      siteLinks: { configured: {}, leaveOutPlaceholders: false },
    });
  });

  it('reads the email settings', () => {
    expect(
      load({
        SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
        SMTP_REQUIRE_TLS: 'off',
        MAIL_FROM: 'Sam <sam@example.com>',
        PUBLIC_BASE_URL: 'https://rootaccess.example/',
        ADMIN_HOST: 'admin.rootaccess.example',
        BOOK_PDF_PATH: 'private/book.pdf',
        OWNER_EMAIL: 'sam@example.com',
        OWNER_NOTIFICATIONS: 'daily',
        NOTIFY_REJECTIONS: 'on',
        DOWNLOAD_LINK_TTL: '7d',
        DOWNLOAD_LINK_MAX_DOWNLOADS: '3',
        DELIVERY_POLL_INTERVAL: '500ms',
        DELIVERY_MAX_ATTEMPTS: '4',
        DELIVERY_RETRY_DELAY: '30s',
        ANNOUNCE_RATE: '120/1h',
        STAMP_QUEUE_MAX_WAIT: '30s',
        STAMP_QUEUE_MAX_MB: '256',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:pass@smtp.example.com:465',
      smtpRequireTls: false,
      outboxDir: '/srv/memoir/data/outbox',
      from: 'Sam <sam@example.com>',
      dkim: null,
      dnsServer: null,
      bounceImap: null,
      publicBaseUrl: 'https://rootaccess.example',
      adminBaseUrl: 'https://admin.rootaccess.example',
      announceRate: { max: 120, windowMs: 3_600_000 },
      reviewReminderDays: 14,
      bookMaxBytes: 200 * 1024 * 1024,
      bookPdfPath: '/srv/memoir/private/book.pdf',
      ownerEmail: 'sam@example.com',
      ownerNotifications: 'daily',
      notifyRejections: true,
      linkTtlMs: 7 * 86_400_000,
      maxDownloads: 3,
      pollIntervalMs: 500,
      maxAttempts: 4,
      retryBaseMs: 30_000,
      stampQueueMaxWaitMs: 30_000,
      stampQueueMaxBytes: 256 * 1024 * 1024,
    });
  });

  it('emails no rejected requester unless NOTIFY_REJECTIONS turns it on: anyone can submit any address', () => {
    expect(load().mail.notifyRejections).toBe(false);
    expect(load({ NOTIFY_REJECTIONS: '' }).mail.notifyRejections).toBe(false);
    expect(load({ NOTIFY_REJECTIONS: 'on' }).mail.notifyRejections).toBe(true);
    expect(load({ NOTIFY_REJECTIONS: 'off' }).mail.notifyRejections).toBe(false);
  });

  it('requires TLS to an SMTP server beyond loopback unless SMTP_REQUIRE_TLS is off, and takes no TLS setting from SMTP_URL', () => {
    expect(load({ SMTP_URL: 'smtp://smtp.example.com:587' }).mail.smtpRequireTls).toBe(true);
    expect(load({ SMTP_REQUIRE_TLS: 'off' }).mail.smtpRequireTls).toBe(false);
    for (const query of ['requireTLS=false', 'ignoreTLS=true', 'tls.rejectUnauthorized=false']) {
      const problems = problemsOf({ SMTP_URL: `smtp://user:smtpsecret@smtp.example.com:587?${query}` });
      expect(problems).toEqual([expect.stringMatching(/^SMTP_URL cannot set .*SMTP_REQUIRE_TLS/)]);
      expect(problems.join('\n')).not.toContain('smtpsecret');
    }
  });

  it('sends the owner nothing without OWNER_EMAIL, whatever OWNER_NOTIFICATIONS says', () => {
    expect(load({ OWNER_NOTIFICATIONS: 'each' }).mail.ownerNotifications).toBe('off');
    expect(load({ OWNER_EMAIL: 'sam@example.com' }).mail.ownerNotifications).toBe('each');
  });

  it('reads every variable of architecture.md', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/memoir',
      DATABASE_URL: 'mysql://u:p@db:3306/memoir',
      ADMIN_USERNAME: 'author',
      ADMIN_PASSWORD: 'a-long-secret-password',
      RIDDLE_GUESTBOOK_ANSWER: 'Browser',
      RIDDLE_SCHOLARSHIP_ANSWER: 'Kernel',
      ADMIN_HOST: 'Admin.Example.com',
      TRUST_PROXY: 'on',
      TRUST_FORWARDED_HOST: 'on',
      LOG_LEVEL: 'debug',
      FORM_RATE_LIMIT: '3/1h',
      LOGIN_RATE_LIMIT: '10/5m',
      LOGIN_ACCOUNT_LIMIT: '50/1h',
      DATABASE_POOL_SIZE: '20',
      MIGRATE_ON_START: 'off',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/memoir',
      databaseUrl: 'mysql://u:p@db:3306/memoir',
      adminUsername: 'author',
      adminPassword: 'a-long-secret-password',
      riddles: { guestbook: 'Browser', scholarship: 'Kernel' },
      adminHost: 'admin.example.com',
      trustProxy: { kind: 'hops', hops: 1 },
      trustForwardedHost: true,
      logLevel: 'debug',
      formRateLimit: { max: 3, windowMs: 3_600_000 },
      loginRateLimit: { max: 10, windowMs: 300_000 },
      loginAccountLimit: { max: 50, windowMs: 3_600_000 },
      database: { poolSize: 20 },
      migrateOnStart: false,
    });
  });

  it('resolves a relative DATA_DIR against the repository root, wherever the process runs', () => {
    expect(load({ DATA_DIR: './var/data' }).dataDir).toBe('/srv/memoir/var/data');
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      TRUST_PROXY: 'maybe',
      LOG_LEVEL: 'loud',
      FORM_RATE_LIMIT: 'ten per minute',
      LOGIN_RATE_LIMIT: '0/1m',
      RIDDLE_GUESTBOOK_ANSWER: 'six66',
      RIDDLE_SCHOLARSHIP_ANSWER: 'toolong',
      ADMIN_HOST: 'https://admin.example.com',
      SMTP_URL: 'http://mail.example.com',
      SMTP_REQUIRE_TLS: 'maybe',
      PUBLIC_BASE_URL: 'ftp://example.com',
      OWNER_EMAIL: 'sam',
      OWNER_NOTIFICATIONS: 'hourly',
      NOTIFY_REJECTIONS: 'sometimes',
      DOWNLOAD_LINK_TTL: '2 weeks',
      DOWNLOAD_LINK_MAX_DOWNLOADS: '0',
      DELIVERY_POLL_INTERVAL: '0s',
      DELIVERY_MAX_ATTEMPTS: 'many',
      DELIVERY_RETRY_DELAY: '-1m',
    });
    for (const name of [
      'PORT',
      'TRUST_PROXY',
      'LOG_LEVEL',
      'FORM_RATE_LIMIT',
      'LOGIN_RATE_LIMIT',
      'RIDDLE_GUESTBOOK_ANSWER',
      'RIDDLE_SCHOLARSHIP_ANSWER',
      'ADMIN_HOST',
      'SMTP_URL',
      'SMTP_REQUIRE_TLS',
      'PUBLIC_BASE_URL',
      'OWNER_EMAIL',
      'OWNER_NOTIFICATIONS',
      'NOTIFY_REJECTIONS',
      'DOWNLOAD_LINK_TTL',
      'DOWNLOAD_LINK_MAX_DOWNLOADS',
      'DELIVERY_POLL_INTERVAL',
      'DELIVERY_MAX_ATTEMPTS',
      'DELIVERY_RETRY_DELAY',
    ]) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
  });

  it('reads SHUTDOWN_DRAIN as a duration or plain milliseconds, zero for none', () => {
    expect(load({ SHUTDOWN_DRAIN: '3s' }).shutdownDrainMs).toBe(3000);
    expect(load({ SHUTDOWN_DRAIN: '500ms' }).shutdownDrainMs).toBe(500);
    expect(load({ SHUTDOWN_DRAIN: '1m' }).shutdownDrainMs).toBe(60_000);
    expect(load({ SHUTDOWN_DRAIN: '2500' }).shutdownDrainMs).toBe(2500);
    expect(load({ SHUTDOWN_DRAIN: '0' }).shutdownDrainMs).toBe(0);
    expect(load({ SHUTDOWN_DRAIN: '0s' }).shutdownDrainMs).toBe(0);
    expect(problemsOf({ SHUTDOWN_DRAIN: 'a while' })).toEqual([
      'SHUTDOWN_DRAIN must be a duration such as 5s, 500ms or 1m, or plain milliseconds (got "a while").',
    ]);
  });

  it('reads the store, social and publisher links by key, keys in any case, and leaves placeholders out only with PUBLIC_BASE_URL set', () => {
    expect(
      load({
        STORE_LINKS: ' Kindle = https://ebooks.test/root-access , hardcover=https://shop.test/hc?ref=site,',
        SOCIAL_LINKS: 'GITHUB=https://github.com/samokafor',
        PUBLISHER_URL: 'https://byteline.test',
      }).siteLinks,
    ).toEqual({
      configured: {
        kindle: 'https://ebooks.test/root-access',
        hardcover: 'https://shop.test/hc?ref=site',
        github: 'https://github.com/samokafor',
        publisher: 'https://byteline.test/',
      },
      leaveOutPlaceholders: false,
    });
    expect(load({ PUBLIC_BASE_URL: 'https://rootaccess.test' }).siteLinks).toEqual({
      configured: {},
      leaveOutPlaceholders: true,
    });
    // The default address is not a configured one: a lab on localhost shows every link.
    expect(load({ PUBLIC_BASE_URL: '  ' }).siteLinks.leaveOutPlaceholders).toBe(false);
  });

  it('writes a link with quotes or angle brackets percent-encoded, so that it cannot leave its attribute', () => {
    expect(load({ STORE_LINKS: 'kindle=https://shop.test/"><script>alert(1)</script>' }).siteLinks.configured).toEqual({
      kindle: 'https://shop.test/%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    });
  });

  it('names every bad link at once: not http(s), an unknown key with the valid ones, a key twice, a placeholder, a password', () => {
    const problems = problemsOf({
      STORE_LINKS:
        'kindle=javascript:alert(1),audiobook=https://shop.test/a,hardcover,paperback=https://a.test,PAPERBACK=https://b.test',
      SOCIAL_LINKS:
        'x=https://x.example/sam,linkedin=https://www.example.com/in/sam,github=https://sam:hunter2secret@github.com/sam',
      PUBLISHER_URL: '/publisher',
      PUBLIC_BASE_URL: 'ftp://example.com',
    });
    expect(problems).toEqual([
      'PUBLIC_BASE_URL must be an http(s) address such as https://memoir.example.com (got "ftp://example.com").',
      'STORE_LINKS gives kindle "javascript:alert(1)", which is not an absolute http(s) address such as https://bookshop.org/book; ' +
        'names "audiobook", which is not one of its keys: hardcover, paperback, kindle; ' +
        'must be key=address pairs separated by commas, e.g. hardcover=https://…, paperback=https://… (got "hardcover"); ' +
        'names paperback twice.',
      'SOCIAL_LINKS gives x https://x.example/sam, on a domain reserved for examples (RFC 2606): give the real address, or leave it out; ' +
        'gives linkedin https://www.example.com/in/sam, on a domain reserved for examples (RFC 2606): give the real address, or leave it out; ' +
        'gives github an address with a user name or password (not shown): a link on the page takes neither.',
      'PUBLISHER_URL gives the link "/publisher", which is not an absolute http(s) address such as https://bookshop.org/book.',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2secret');
  });

  it('blames a bad PORT once, not again through the PUBLIC_BASE_URL default built on it', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "eighty").']);
    expect(load({ PORT: '8080' }).mail.publicBaseUrl).toBe('http://localhost:8080');
  });

  it('never repeats a secret in its complaint', () => {
    const problems = problemsOf({
      DATABASE_URL: 'postgres://u:hunter2secret@h/db',
      ADMIN_PASSWORD: 'short-pw',
      SMTP_URL: 'mailto://u:smtpsecret@h',
      BOUNCE_IMAP_URL: 'pop3://u:imapsecret@h/INBOX',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).not.toMatch(/hunter2secret|short-pw|smtpsecret|imapsecret/);
  });

  it('reads BOUNCE_IMAP_URL into the mailbox to read, and refuses one without its user and password', () => {
    expect(
      load({ BOUNCE_IMAP_URL: 'imaps://bounces%40example.com:pw@imap.example.com/Bounces' }).mail.bounceImap,
    ).toEqual({
      host: 'imap.example.com',
      port: 993,
      secure: true,
      requireStartTls: false,
      user: 'bounces@example.com',
      password: 'pw',
      mailbox: 'Bounces',
    });
    expect(problemsOf({ BOUNCE_IMAP_URL: 'imaps://imap.example.com/INBOX' })).toEqual([
      'BOUNCE_IMAP_URL must name the user, the password and the host: imaps://user:password@host/INBOX.',
    ]);
  });
});

describe('the MySQL settings', () => {
  let dir: string;
  let caFile: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-db-config-'));
    caFile = makeTestCertificates(dir, ['localhost']).caFile;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the pool size, the timeouts and the CA file, whose certificate it keeps', () => {
    const config = load({
      DATABASE_URL: 'mysql://u:p@db.example.com:3306/memoir?ssl-mode=VERIFY_CA',
      DATABASE_POOL_SIZE: '25',
      DATABASE_SSL_CA: caFile,
      DATABASE_CONNECT_TIMEOUT: '10s',
      DATABASE_QUERY_TIMEOUT: '500ms',
    });
    expect(config.database).toEqual({
      poolSize: 25,
      sslCa: { path: caFile, pem: readFileSync(caFile, 'utf8') },
      connectTimeoutMs: 10_000,
      queryTimeoutMs: 500,
    });
  });

  it('checks DATABASE_URL as the database adapter reads it, TLS parameters included, never repeating it', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://u:hunter2secret@db.example.com/memoir?ssl-mode=PREFERRED',
      DATABASE_POOL_SIZE: '0',
      DATABASE_SSL_CA: join(dir, 'missing.pem'),
      DATABASE_CONNECT_TIMEOUT: 'soon',
      DATABASE_QUERY_TIMEOUT: '0s',
    });
    expect(problems).toEqual([
      'DATABASE_URL has ssl-mode=PREFERRED, which falls back to clear text without a word: use ssl-mode=REQUIRED (or DISABLED).',
      'DATABASE_POOL_SIZE must be a whole number from 1 to 1000 (got "0").',
      `DATABASE_SSL_CA names ${join(dir, 'missing.pem')}, which cannot be read (ENOENT).`,
      'DATABASE_CONNECT_TIMEOUT must be a duration such as 14d, 5s or 250ms (ms, s, m, h or d) (got "soon").',
      'DATABASE_QUERY_TIMEOUT must be a duration such as 14d, 5s or 250ms (ms, s, m, h or d) (got "0s").',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2secret');
    expect(problemsOf({ DATABASE_URL: 'mysql://u:p@db.example.com/memoir?charset=utf8' })).toEqual([
      'DATABASE_URL has a parameter the server does not read ("charset"): only ssl and ssl-mode are read.',
    ]);
  });

  it('refuses a CA file that holds no certificate, a CA for SQLite, and a CA with TLS turned off', () => {
    writeFileSync(join(dir, 'not-a-cert.pem'), 'hello\n');
    expect(problemsOf({ DATABASE_URL: 'mysql://u:p@db/memoir', DATABASE_SSL_CA: join(dir, 'not-a-cert.pem') })).toEqual(
      [
        `DATABASE_SSL_CA names ${join(dir, 'not-a-cert.pem')}, which holds no PEM certificate (-----BEGIN CERTIFICATE-----).`,
      ],
    );
    expect(problemsOf({ DATABASE_SSL_CA: caFile })).toEqual([
      'DATABASE_SSL_CA is for a mysql:// DATABASE_URL; the database is SQLite: unset it.',
    ]);
    expect(problemsOf({ DATABASE_URL: 'mysql://u:p@db/memoir?ssl=false', DATABASE_SSL_CA: caFile })).toEqual([
      'DATABASE_URL turns TLS off (ssl=false or ssl-mode=DISABLED) while DATABASE_SSL_CA is set: remove one of the two.',
    ]);
  });
});

describe('secrets from files (<NAME>_FILE, as Docker and Kubernetes mount them)', () => {
  let dir: string;
  const secret = (name: string, content: string): string => {
    const path = join(dir, name);
    writeFileSync(path, content, { mode: 0o600 });
    return path;
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'memoir-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every secret from its file, without the trailing line break', () => {
    const config = load({
      DATABASE_URL_FILE: secret('database-url', 'mysql://u:p@db:3306/memoir\n'),
      ADMIN_PASSWORD_FILE: secret('admin-password', ' a passphrase with spaces \r\n'),
      SMTP_URL_FILE: secret('smtp-url', 'smtps://user:pass@smtp.example.com:465\n'),
      RIDDLE_GUESTBOOK_ANSWER_FILE: secret('riddle-guestbook', 'Browser\n'),
      RIDDLE_SCHOLARSHIP_ANSWER_FILE: secret('riddle-scholarship', 'Kernel'),
    });
    expect(config.databaseUrl).toBe('mysql://u:p@db:3306/memoir');
    // A password is taken as written: its spaces are part of it, the file's line break is not.
    expect(config.adminPassword).toBe(' a passphrase with spaces ');
    expect(config.mail.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
    expect(config.riddles).toEqual({ guestbook: 'Browser', scholarship: 'Kernel' });
  });

  it('resolves a relative file against the repository root, like every other path', () => {
    const root = mkdtempSync(join(tmpdir(), 'memoir-root-'));
    try {
      mkdirSync(join(root, 'secrets'));
      writeFileSync(join(root, 'secrets', 'pw'), 'from-a-relative-file\n');
      expect(loadConfig({ ADMIN_PASSWORD_FILE: 'secrets/pw' }, root).adminPassword).toBe('from-a-relative-file');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a secret set twice, as a value and as a file, naming both', () => {
    const problems = problemsOf({
      ADMIN_PASSWORD: 'a-long-secret-password',
      ADMIN_PASSWORD_FILE: secret('twice', 'another-long-password\n'),
    });
    expect(problems).toEqual([
      'ADMIN_PASSWORD and ADMIN_PASSWORD_FILE are both set: set one of them (the value, or the file that holds it).',
    ]);
  });

  it('names a missing, unreadable, empty or folder file, and checks what a file holds like the value itself', () => {
    const unreadable = secret('unreadable', 'mysql://u:p@db/memoir\n');
    chmodSync(unreadable, 0o000);
    const runsAsRoot = process.getuid?.() === 0;
    const problems = problemsOf({
      DATABASE_URL_FILE: join(dir, 'missing'),
      SMTP_URL_FILE: secret('empty', '\n'),
      RIDDLE_GUESTBOOK_ANSWER_FILE: dir,
      RIDDLE_SCHOLARSHIP_ANSWER_FILE: secret('wrong', 'kernels\n'),
      ADMIN_PASSWORD_FILE: secret('short', 'short-pw\n'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `DATABASE_URL_FILE names ${join(dir, 'missing')}, which does not exist.`,
        `SMTP_URL_FILE names ${join(dir, 'empty')}, which is empty.`,
        `RIDDLE_GUESTBOOK_ANSWER_FILE names ${dir}, which is a folder, not a file.`,
        "RIDDLE_SCHOLARSHIP_ANSWER (from RIDDLE_SCHOLARSHIP_ANSWER_FILE) must be one word of 6 letters, as the riddle's hint says.",
        'ADMIN_PASSWORD (from ADMIN_PASSWORD_FILE) must be at least 12 characters (its value is not shown).',
      ]),
    );
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).not.toMatch(/short-pw|kernels/);
    // root reads any file: the permission case only holds for an ordinary user.
    if (!runsAsRoot) {
      expect(problemsOf({ DATABASE_URL_FILE: unreadable })).toEqual([
        `DATABASE_URL_FILE names ${unreadable}, which this process may not read.`,
      ]);
    }
  });

  it('refuses <NAME>_FILE for a variable that is not a secret, instead of ignoring it', () => {
    expect(problemsOf({ PORT_FILE: secret('port', '8080\n') })).toEqual([
      'PORT_FILE: only secrets can be read from a file (DATABASE_URL, ADMIN_PASSWORD, RIDDLE_GUESTBOOK_ANSWER, RIDDLE_SCHOLARSHIP_ANSWER, METRICS_TOKEN, SMTP_URL, DKIM_PRIVATE_KEY, MAIL_EVENTS_SECRET, BOUNCE_IMAP_URL, MEDIA_S3_URL, READERS_WEBHOOK_SECRET); set PORT itself.',
    ]);
    // Other programs' variables are none of the server's business.
    expect(load({ NODE_EXTRA_CA_CERTS_FILE: '/x', PORT_FILE: '' }).port).toBe(3000);
  });

  it('lists the problems of values and of files in one message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      ADMIN_PASSWORD_FILE: join(dir, 'nowhere'),
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(3);
    expect(new ConfigError(problems).message).toBe(
      [
        'The server cannot start with this configuration:',
        '  - PORT must be a whole number from 0 to 65535 (got "eighty").',
        `  - ADMIN_PASSWORD_FILE names ${join(dir, 'nowhere')}, which does not exist.`,
        '  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
      ].join('\n'),
    );
  });
});

describe("the readers' webhook (READERS_WEBHOOK_URL, READERS_WEBHOOK_SECRET)", () => {
  const SECRET = 'sixteen-chars-ok';

  it('takes an https address with its secret, or http to loopback only', () => {
    for (const url of [
      'https://hooks.zapier.com/hooks/catch/1/abc/',
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]:9000/',
    ]) {
      expect(load({ READERS_WEBHOOK_URL: url, READERS_WEBHOOK_SECRET: SECRET }).readersWebhook).toEqual({
        url: new URL(url).href,
        secret: SECRET,
      });
    }
  });

  it('reads the secret from READERS_WEBHOOK_SECRET_FILE as the other secrets', () => {
    const dir = mkdtempSync(join(tmpdir(), 'memoir-webhook-'));
    try {
      writeFileSync(join(dir, 'secret'), `${SECRET}-from-a-file\n`, { mode: 0o600 });
      const config = load({
        READERS_WEBHOOK_URL: 'https://n8n.example.net/webhook/1',
        READERS_WEBHOOK_SECRET_FILE: join(dir, 'secret'),
      });
      expect(config.readersWebhook?.secret).toBe(`${SECRET}-from-a-file`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a plain http address beyond loopback, another scheme, a missing or short secret, and a secret alone', () => {
    expect(problemsOf({ READERS_WEBHOOK_URL: 'http://hooks.example.net/x', READERS_WEBHOOK_SECRET: SECRET })).toEqual([
      expect.stringMatching(
        /^READERS_WEBHOOK_URL must be an https:\/\/ address .*\(got "http:\/\/hooks\.example\.net\/…"\)\.$/,
      ),
    ]);
    expect(problemsOf({ READERS_WEBHOOK_URL: 'ftp://127.0.0.1/x', READERS_WEBHOOK_SECRET: SECRET })).toHaveLength(1);
    expect(problemsOf({ READERS_WEBHOOK_URL: 'not a url', READERS_WEBHOOK_SECRET: SECRET })).toHaveLength(1);
    expect(
      problemsOf({ READERS_WEBHOOK_URL: 'https://u:p@hooks.example.net/x', READERS_WEBHOOK_SECRET: SECRET }),
    ).toEqual([
      'READERS_WEBHOOK_URL must not hold a user name or password (not shown): the signature proves who sent it.',
    ]);
    expect(problemsOf({ READERS_WEBHOOK_URL: 'https://hooks.example.net/x' })).toEqual([
      'READERS_WEBHOOK_URL needs READERS_WEBHOOK_SECRET (or READERS_WEBHOOK_SECRET_FILE): every webhook is signed.',
    ]);
    expect(problemsOf({ READERS_WEBHOOK_URL: 'https://hooks.example.net/x', READERS_WEBHOOK_SECRET: 'short' })).toEqual(
      ['READERS_WEBHOOK_SECRET must be at least 16 characters (its value is not shown).'],
    );
    expect(problemsOf({ READERS_WEBHOOK_SECRET: SECRET })).toEqual([
      'READERS_WEBHOOK_SECRET is set without READERS_WEBHOOK_URL: set the address too, or unset the secret.',
    ]);
  });
});
