// Longer than 400 lines: the one place where the environment becomes typed settings, a section
// per concern (the variables themselves are in config-table.ts).
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { type OwnerNotifications, type RateLimitPolicy, type RetentionPolicy } from '@memoir/domain';
import type { TrustProxy } from '@memoir/http-koa';
import type { BounceImapTarget, DkimKey } from '@memoir/mail';
import { DatabaseUrlError, mysqlTls, parseDatabaseUrl } from '@memoir/persistence-typeorm';

import {
  CONFIG_VARIABLES,
  INITIAL_PASSWORD_FILE_NAME,
  OUTBOX_DIR_NAME,
  SECRET_FILE_SUFFIX,
  secretNames,
  type ConfigName,
  type ConfigValue,
  type ConfigVariable,
  type ParseContext,
  type Parsed,
} from './config-table';
import type { SiteLinksConfig } from './site-links';
import { dkimKey, dkimSetProblems } from './config-dkim';

/** Everything the server reads from its environment, read once at start (docs/operations.md#configuration). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Absolute: the SQLite file, the first-run password and the outbox live here. */
  readonly dataDir: string;
  readonly databaseUrl: string;
  /** MEDIA_S3_URL: the uploads' bucket; null: in the database. */
  readonly mediaS3Url: string | null;
  /** How the server holds its MySQL connections (ignored for SQLite). */
  readonly database: DatabaseSettings;
  /** MIGRATE_ON_START: run pending migrations at start; off, a start only checks that none is pending. */
  readonly migrateOnStart: boolean;
  /** SHUTDOWN_DRAIN: after SIGTERM, how long /readyz says 503 while the server still serves. */
  readonly shutdownDrainMs: number;
  readonly adminUsername: string;
  /** Null: generate one on first start and write it to `initialPasswordFile`. */
  readonly adminPassword: string | null;
  readonly riddles: { readonly guestbook: string; readonly scholarship: string };
  readonly adminHost: string | null;
  /** METRICS_TOKEN: what a scrape of GET /metrics must send as its bearer token. */
  readonly metricsToken: string | null;
  /** MAIL_EVENTS_SECRET: what the providers' webhooks prove themselves with; null: webhooks off. */
  readonly mailEventsSecret: string | null;
  /** READERS_WEBHOOK_URL and READERS_WEBHOOK_SECRET: where readers' events are posted, signed; null: off. */
  readonly readersWebhook: { readonly url: string; readonly secret: string } | null;
  readonly trustProxy: TrustProxy;
  readonly trustForwardedHost: boolean;
  readonly logLevel: string;
  readonly formRateLimit: RateLimitPolicy;
  readonly crackmeClaimLimit: RateLimitPolicy;
  readonly crackmeWinners: number;
  readonly loginRateLimit: RateLimitPolicy;
  readonly loginAccountLimit: RateLimitPolicy;
  /** The repository root: relative paths resolve against it, whatever folder a script runs in. */
  readonly rootDir: string;
  readonly initialPasswordFile: string;
  readonly mail: MailConfig;
  /** RETENTION_*: how long personal data is kept, in days. */
  readonly retention: RetentionPolicy;
  /** STORE_LINKS, SOCIAL_LINKS, PUBLISHER_URL, and whether placeholders are left out (PUBLIC_BASE_URL set). */
  readonly siteLinks: SiteLinksConfig;
}

/** DATABASE_POOL_SIZE, DATABASE_SSL_CA and the timeouts: MySQL only. */
export interface DatabaseSettings {
  readonly poolSize: number;
  /** DATABASE_SSL_CA: the file and its PEM text, read at start; null: the URL decides TLS. */
  readonly sslCa: { readonly path: string; readonly pem: string } | null;
  readonly connectTimeoutMs: number;
  readonly queryTimeoutMs: number;
}

/** Email: how it leaves, what its links point at, and how hard the worker tries. */
export interface MailConfig {
  /** SMTP_URL; null: every message becomes an .eml file in `outboxDir`. */
  readonly smtpUrl: string | null;
  /** SMTP_REQUIRE_TLS: over smtp:// to a host beyond loopback, STARTTLS or nothing is sent. */
  readonly smtpRequireTls: boolean;
  readonly outboxDir: string;
  /** MAIL_FROM: the sender of every email. */
  readonly from: string;
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: what signs every email; null: unsigned. */
  readonly dkim: DkimKey | null;
  /** DNS_SERVER: the resolver the mail-health checks ask; null: the system's. */
  readonly dnsServer: string | null;
  /** BOUNCE_IMAP_URL, read: the mailbox of bounces and complaints; null: none is read. */
  readonly bounceImap: BounceImapTarget | null;
  /** PUBLIC_BASE_URL without a trailing slash: download links start with it. */
  readonly publicBaseUrl: string;
  /** Where the owner's emails send them: ADMIN_HOST's origin, or the public one. */
  readonly adminBaseUrl: string;
  /** BOOK_PDF_PATH, absolute: the source of every stamped copy. */
  readonly bookPdfPath: string;
  /** BOOK_MAX_BYTES: the largest book the owner may upload. */
  readonly bookMaxBytes: number;
  /** OWNER_EMAIL: null turns the owner's emails off. */
  readonly ownerEmail: string | null;
  /** OWNER_NOTIFICATIONS: `off` whenever OWNER_EMAIL is unset. */
  readonly ownerNotifications: OwnerNotifications;
  /** NOTIFY_REJECTIONS: a polite email after a rejection; off unless turned on. */
  readonly notifyRejections: boolean;
  /** REVIEW_REMINDER_DAYS: days after the first download before the one review reminder. */
  readonly reviewReminderDays: number;
  readonly linkTtlMs: number;
  readonly maxDownloads: number;
  /** STAMP_QUEUE_MAX_WAIT: how long a copy may wait for a stamping thread. */
  readonly stampQueueMaxWaitMs: number;
  /** STAMP_QUEUE_MAX_MB, in bytes: the book's bytes the copies in the stamping queue may count together. */
  readonly stampQueueMaxBytes: number;
  readonly pollIntervalMs: number;
  readonly maxAttempts: number;
  /** ANNOUNCE_RATE: an announcement's mails per window. */
  readonly announceRate: RateLimitPolicy;
  readonly retryBaseMs: number;
}

export { DEFAULT_RIDDLE_ANSWERS, parseDuration, SAMPLE_BOOK_PDF } from './config-table';

/** A configuration that cannot run: the message names every variable at fault. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(
      `The server cannot start with this configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** The folder holding pnpm-workspace.yaml, found by walking up from this file. */
export function findRootDir(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A secret's text from the file `<NAME>_FILE` names (a Docker or Kubernetes secret): the whole
 * file without its trailing line break. A relative path resolves against the repository root.
 */
function readSecretFile(fileVariable: string, path: string, rootDir: string): Parsed<string> {
  const absolute = resolve(rootDir, path);
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'which does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'which this process may not read'
          : code === 'EISDIR'
            ? 'which is a folder, not a file'
            : `which cannot be read (${code ?? String(error)})`;
    return { ok: false, problem: `${fileVariable} names ${absolute}, ${why}.` };
  }
  const value = text.replace(/[\r\n]+$/, '');
  return value.trim() === ''
    ? { ok: false, problem: `${fileVariable} names ${absolute}, which is empty.` }
    : { ok: true, value };
}

/** The webhook's address and key go together: one without the other is a mistake, not "off". */
function webhookSetProblems(url: Parsed<string | null>, secret: Parsed<string | null>): string[] {
  if (!url.ok || !secret.ok) return [];
  if (url.value !== null && secret.value === null) {
    return [
      'READERS_WEBHOOK_URL needs READERS_WEBHOOK_SECRET (or READERS_WEBHOOK_SECRET_FILE): every webhook is signed.',
    ];
  }
  if (url.value === null && secret.value !== null) {
    return ['READERS_WEBHOOK_SECRET is set without READERS_WEBHOOK_URL: set the address too, or unset the secret.'];
  }
  return [];
}

const readersWebhook = (url: string | null, secret: string | null) =>
  url === null || secret === null ? null : { url, secret };

/** The value of a variable already checked: every problem was thrown before this runs. */
function valueOf<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new ConfigError([parsed.problem]);
  return parsed.value;
}

export interface LoadConfigOptions {
  /**
   * For the server's start: also check that the files it serves from exist (BOOK_PDF_PATH),
   * so that a wrong path is listed with the other problems before the database is touched.
   * `pnpm admin` commands need no book and do not check it.
   */
  readonly forServer?: boolean;
}

/** Why `path` is not a file this process can read, or null when it is one. */
function unreadableFile(path: string): string | null {
  try {
    if (!statSync(path).isFile()) return 'not a file';
    accessSync(path, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'no such file';
    if (code === 'EACCES') return 'not readable by this process';
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Parses the environment; each variable's default and parser come from CONFIG_VARIABLES.
 * Throws ConfigError listing every bad variable; secrets are never echoed.
 */
export function loadConfig(
  env: Env = process.env,
  rootDir: string = findRootDir(),
  options: LoadConfigOptions = {},
): ServerConfig {
  const problems: string[] = [];
  const context: ParseContext = { rootDir };
  /** What `$DATA_DIR` and `$PORT` stand for in other variables' defaults, once read. */
  const substitutions: Record<string, string> = {};

  // The table pairs each variable's parser with its value type; TypeScript cannot follow that
  // pairing through an indexed lookup, hence the assertions to ConfigValue<N> below.
  const read = <N extends ConfigName>(name: N): Parsed<ConfigValue<N>> => {
    const entry: ConfigVariable<unknown> = CONFIG_VARIABLES[name];
    const raw = env[name];
    let given = raw === undefined ? '' : entry.untrimmed === true ? raw : raw.trim();
    let source: string = name;
    const fileVariable = `${name}${SECRET_FILE_SUFFIX}`;
    const file = entry.secret === true ? (env[fileVariable]?.trim() ?? '') : '';
    if (file !== '') {
      if ((raw ?? '').trim() !== '') {
        const why = `${name} and ${fileVariable} are both set: set one of them (the value, or the file that holds it).`;
        problems.push(why);
        return { ok: false, problem: why };
      }
      const secret = readSecretFile(fileVariable, file, rootDir);
      if (!secret.ok) {
        problems.push(secret.problem);
        return secret;
      }
      given = entry.untrimmed === true ? secret.value : secret.value.trim();
      source = `${name} (from ${fileVariable})`;
    }
    let text = given;
    if (given === '') {
      if (entry.default === null) return { ok: true, value: null } as Parsed<ConfigValue<N>>;
      const references = [...entry.default.matchAll(/\$([A-Z_]+)/g)].map((match) => match[1] ?? '');
      const missing = references.filter((other) => substitutions[other] === undefined);
      // A default built on a bad variable: that variable's own problem is the one reported.
      if (missing.length > 0) return { ok: false, problem: `${name}'s default needs ${missing.join(' and ')}.` };
      text = entry.default.replace(/\$([A-Z_]+)/g, (_reference, other: string) => substitutions[other] ?? '');
    }
    const parsed = entry.parse(text, context) as Parsed<ConfigValue<N>>;
    if (!parsed.ok) problems.push(`${source} ${parsed.problem}`);
    return parsed;
  };

  // A <NAME>_FILE beside a variable that is not a secret would be ignored: say so instead.
  const secrets = secretNames();
  for (const variable of Object.keys(env).sort()) {
    if (!variable.endsWith(SECRET_FILE_SUFFIX) || (env[variable] ?? '').trim() === '') continue;
    const base = variable.slice(0, -SECRET_FILE_SUFFIX.length);
    if (base in CONFIG_VARIABLES && !secrets.includes(base as ConfigName)) {
      problems.push(`${variable}: only secrets can be read from a file (${secrets.join(', ')}); set ${base} itself.`);
    }
  }

  const port = read('PORT');
  if (port.ok) substitutions.PORT = String(port.value);
  const dataDir = read('DATA_DIR');
  if (dataDir.ok) substitutions.DATA_DIR = dataDir.value;
  const values = {
    host: read('HOST'),
    databaseUrl: read('DATABASE_URL'),
    mediaS3Url: read('MEDIA_S3_URL'),
    poolSize: read('DATABASE_POOL_SIZE'),
    sslCa: read('DATABASE_SSL_CA'),
    connectTimeoutMs: read('DATABASE_CONNECT_TIMEOUT'),
    queryTimeoutMs: read('DATABASE_QUERY_TIMEOUT'),
    migrateOnStart: read('MIGRATE_ON_START'),
    shutdownDrainMs: read('SHUTDOWN_DRAIN'),
    adminUsername: read('ADMIN_USERNAME'),
    adminPassword: read('ADMIN_PASSWORD'),
    guestbookAnswer: read('RIDDLE_GUESTBOOK_ANSWER'),
    scholarshipAnswer: read('RIDDLE_SCHOLARSHIP_ANSWER'),
    adminHost: read('ADMIN_HOST'),
    metricsToken: read('METRICS_TOKEN'),
    mailEventsSecret: read('MAIL_EVENTS_SECRET'),
    trustProxy: read('TRUST_PROXY'),
    trustForwardedHost: read('TRUST_FORWARDED_HOST'),
    logLevel: read('LOG_LEVEL'),
    formRateLimit: read('FORM_RATE_LIMIT'),
    crackmeClaimLimit: read('CRACKME_CLAIM_LIMIT'),
    crackmeWinners: read('CRACKME_WINNERS'),
    loginRateLimit: read('LOGIN_RATE_LIMIT'),
    loginAccountLimit: read('LOGIN_ACCOUNT_LIMIT'),
    smtpUrl: read('SMTP_URL'),
    smtpRequireTls: read('SMTP_REQUIRE_TLS'),
    from: read('MAIL_FROM'),
    dkimDomain: read('DKIM_DOMAIN'),
    dkimSelector: read('DKIM_SELECTOR'),
    dkimPrivateKey: read('DKIM_PRIVATE_KEY'),
    dnsServer: read('DNS_SERVER'),
    bounceImapUrl: read('BOUNCE_IMAP_URL'),
    publicBaseUrl: read('PUBLIC_BASE_URL'),
    storeLinks: read('STORE_LINKS'),
    socialLinks: read('SOCIAL_LINKS'),
    publisherUrl: read('PUBLISHER_URL'),
    bookPdfPath: read('BOOK_PDF_PATH'),
    bookMaxBytes: read('BOOK_MAX_BYTES'),
    ownerEmail: read('OWNER_EMAIL'),
    ownerNotifications: read('OWNER_NOTIFICATIONS'),
    notifyRejections: read('NOTIFY_REJECTIONS'),
    reviewReminderDays: read('REVIEW_REMINDER_DAYS'),
    linkTtlMs: read('DOWNLOAD_LINK_TTL'),
    maxDownloads: read('DOWNLOAD_LINK_MAX_DOWNLOADS'),
    stampQueueMaxWaitMs: read('STAMP_QUEUE_MAX_WAIT'),
    stampQueueMaxMb: read('STAMP_QUEUE_MAX_MB'),
    pollIntervalMs: read('DELIVERY_POLL_INTERVAL'),
    maxAttempts: read('DELIVERY_MAX_ATTEMPTS'),
    announceRate: read('ANNOUNCE_RATE'),
    retryBaseMs: read('DELIVERY_RETRY_DELAY'),
    readersWebhookUrl: read('READERS_WEBHOOK_URL'),
    readersWebhookSecret: read('READERS_WEBHOOK_SECRET'),
    retentionDays: read('RETENTION_DAYS'),
    retentionRejectedDays: read('RETENTION_REJECTED_DAYS'),
    retentionSentEmailDays: read('RETENTION_SENT_EMAIL_DAYS'),
  };
  if (values.trustForwardedHost.ok && values.trustForwardedHost.value && values.trustProxy.ok) {
    if (values.trustProxy.value.kind === 'none') {
      problems.push('TRUST_FORWARDED_HOST needs TRUST_PROXY: only a trusted proxy can say which host was asked for.');
    }
  }
  if (values.databaseUrl.ok && values.sslCa.ok && values.sslCa.value !== null) {
    const target = parseDatabaseUrl(values.databaseUrl.value, rootDir);
    if (target.kind === 'sqlite') {
      problems.push('DATABASE_SSL_CA is for a mysql:// DATABASE_URL; the database is SQLite: unset it.');
    } else {
      try {
        mysqlTls(target, values.sslCa.value.pem);
      } catch (error) {
        if (!(error instanceof DatabaseUrlError)) throw error;
        problems.push(error.message);
      }
    }
  }
  if (options.forServer === true && values.bookPdfPath.ok) {
    const why = unreadableFile(values.bookPdfPath.value);
    if (why !== null)
      problems.push(`BOOK_PDF_PATH must name a readable PDF file (${values.bookPdfPath.value}): ${why}.`);
  }
  problems.push(...webhookSetProblems(values.readersWebhookUrl, values.readersWebhookSecret));
  problems.push(...dkimSetProblems([values.dkimDomain, values.dkimSelector, values.dkimPrivateKey]));
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDirPath = valueOf(dataDir);
  const adminHost = valueOf(values.adminHost);
  const publicBaseUrl = valueOf(values.publicBaseUrl);
  const publicBase = new URL(publicBaseUrl);
  const ownerEmail = valueOf(values.ownerEmail);
  const publisherUrl = valueOf(values.publisherUrl);
  const mail: MailConfig = {
    smtpUrl: valueOf(values.smtpUrl),
    smtpRequireTls: valueOf(values.smtpRequireTls),
    outboxDir: join(dataDirPath, OUTBOX_DIR_NAME),
    from: valueOf(values.from),
    dkim: dkimKey(valueOf(values.dkimDomain), valueOf(values.dkimSelector), valueOf(values.dkimPrivateKey)),
    dnsServer: valueOf(values.dnsServer),
    bounceImap: valueOf(values.bounceImapUrl),
    publicBaseUrl,
    adminBaseUrl:
      adminHost === null
        ? publicBaseUrl
        : `${publicBase.protocol}//${adminHost}${publicBase.port === '' ? '' : `:${publicBase.port}`}`,
    bookPdfPath: valueOf(values.bookPdfPath),
    bookMaxBytes: valueOf(values.bookMaxBytes),
    ownerEmail,
    ownerNotifications: ownerEmail === null ? 'off' : valueOf(values.ownerNotifications),
    notifyRejections: valueOf(values.notifyRejections),
    reviewReminderDays: valueOf(values.reviewReminderDays),
    linkTtlMs: valueOf(values.linkTtlMs),
    maxDownloads: valueOf(values.maxDownloads),
    stampQueueMaxWaitMs: valueOf(values.stampQueueMaxWaitMs),
    stampQueueMaxBytes: valueOf(values.stampQueueMaxMb) * 1024 * 1024,
    pollIntervalMs: valueOf(values.pollIntervalMs),
    maxAttempts: valueOf(values.maxAttempts),
    announceRate: valueOf(values.announceRate),
    retryBaseMs: valueOf(values.retryBaseMs),
  };
  return {
    port: valueOf(port),
    host: valueOf(values.host),
    dataDir: dataDirPath,
    databaseUrl: valueOf(values.databaseUrl),
    mediaS3Url: valueOf(values.mediaS3Url),
    database: {
      poolSize: valueOf(values.poolSize),
      sslCa: valueOf(values.sslCa),
      connectTimeoutMs: valueOf(values.connectTimeoutMs),
      queryTimeoutMs: valueOf(values.queryTimeoutMs),
    },
    migrateOnStart: valueOf(values.migrateOnStart),
    shutdownDrainMs: valueOf(values.shutdownDrainMs),
    adminUsername: valueOf(values.adminUsername),
    adminPassword: valueOf(values.adminPassword),
    riddles: { guestbook: valueOf(values.guestbookAnswer), scholarship: valueOf(values.scholarshipAnswer) },
    adminHost,
    metricsToken: valueOf(values.metricsToken),
    mailEventsSecret: valueOf(values.mailEventsSecret),
    readersWebhook: readersWebhook(valueOf(values.readersWebhookUrl), valueOf(values.readersWebhookSecret)),
    trustProxy: valueOf(values.trustProxy),
    trustForwardedHost: valueOf(values.trustForwardedHost),
    logLevel: valueOf(values.logLevel),
    formRateLimit: valueOf(values.formRateLimit),
    crackmeClaimLimit: valueOf(values.crackmeClaimLimit),
    crackmeWinners: valueOf(values.crackmeWinners),
    loginRateLimit: valueOf(values.loginRateLimit),
    loginAccountLimit: valueOf(values.loginAccountLimit),
    rootDir,
    initialPasswordFile: join(dataDirPath, INITIAL_PASSWORD_FILE_NAME),
    mail,
    retention: {
      personalDetailsDays: valueOf(values.retentionDays),
      rejectedDays: valueOf(values.retentionRejectedDays),
      sentEmailDays: valueOf(values.retentionSentEmailDays),
    },
    siteLinks: {
      configured: {
        ...valueOf(values.storeLinks),
        ...valueOf(values.socialLinks),
        ...(publisherUrl === null ? {} : { publisher: publisherUrl }),
      },
      // Unset, the site runs on localhost (a lab, the tests): the page shows every link, placeholders too.
      leaveOutPlaceholders: (env.PUBLIC_BASE_URL ?? '').trim() !== '',
    },
  };
}
