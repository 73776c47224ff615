// Over 400 lines: it is the one table of every setting (default, meaning, parser), which
// loadConfig and the docs writer both read; split, it would be two lists to keep in step.
import { X509Certificate } from 'node:crypto';
import { Resolver } from 'node:dns';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  BOOK_TITLE,
  SOCIAL_LINK_KEYS,
  STORE_LINK_KEYS,
  isPlaceholderUrl,
} from '@memoir/shared';
import { parseRateLimitPolicy, type OwnerNotifications, type RateLimitPolicy } from '@memoir/domain';
import { parseTrustProxy, type TrustProxy } from '@memoir/http-koa';
import { readBounceImapUrl, readDkimPrivateKey, smtpUrlProblem, type BounceImapTarget } from '@memoir/mail';
import { DatabaseUrlError, MYSQL_POOL_DEFAULTS, parseDatabaseUrl } from '@memoir/persistence-typeorm';
import { parseS3Url } from '@memoir/platform-node';

/**
 * Every environment variable the server reads: its default, what it means and how it is parsed.
 * `loadConfig` takes its defaults from here, and `npx tsx tools/write-config-docs.ts` writes the
 * configuration section of docs/operations.md and .env.example from it, so a default is
 * declared once. The names are fixed by the architecture; a variable joins this table only when
 * the server reads it.
 */

/** What a parser makes of a variable's text: its value, or why the server cannot use it. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

/** What a parser may need beyond the text. */
export interface ParseContext {
  /** Relative paths resolve against the repository root, whatever folder a script runs in. */
  readonly rootDir: string;
}

/**
 * Turns a variable's text (never empty; trimmed unless `untrimmed`) into its value. A problem follows the
 * variable's name in the message ("PORT must be…") and never repeats a secret.
 */
export type Parser<T> = (text: string, context: ParseContext) => Parsed<T>;

export interface ConfigVariable<T> {
  /** One line of Markdown: the docs' table shows it as is, .env.example without backticks. */
  readonly meaning: string;
  /**
   * The text parsed when the variable is unset or blank. `$DATA_DIR` and `$PORT` stand for
   * those variables' values. Null: unset means none, and the server says what it does instead.
   */
  readonly default: string | null;
  /**
   * The default as people read it (Markdown), when the bare default would not say enough; for a
   * variable without a default, what the server does while it is unset.
   */
  readonly shownDefault?: string;
  /** What .env.example suggests when the default cannot stand there as a plain line. */
  readonly example?: string;
  /** Passwords are taken exactly as given, spaces included, rather than trimmed. */
  readonly untrimmed?: boolean;
  /**
   * A secret: its value may instead come from the file that `<NAME>_FILE` names (Docker and
   * Kubernetes secrets), and no message ever repeats it.
   */
  readonly secret?: boolean;
  readonly parse: Parser<T>;
}

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const problem = (text: string): Parsed<never> => ({ ok: false, problem: text });

const ON = ['1', 'true', 'on', 'yes'];
const OFF = ['0', 'false', 'off', 'no'];
const DURATION_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** "14d", "90s", "250ms" → milliseconds; null when it is not one of those. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)\s*(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * (DURATION_UNITS_MS[match[2] ?? ''] ?? Number.NaN);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

/**
 * Why `text` cannot be a link on the page (what follows "gives <what>"), or its address as the
 * URL parser writes it (quotes and angle brackets percent-encoded).
 */
function pageLink(text: string, what: string): Parsed<string> {
  const url = URL.parse(text);
  if (url === null || !['http:', 'https:'].includes(url.protocol)) {
    return problem(
      `gives ${what} "${text}", which is not an absolute http(s) address such as https://bookshop.org/book.`,
    );
  }
  // Not repeated: a user name and password do not belong in a public page, nor in a log.
  if (url.username !== '' || url.password !== '') {
    return problem(
      `gives ${what} an address with a user name or password (not shown): a link on the page takes neither.`,
    );
  }
  if (isPlaceholderUrl(url.href)) {
    return problem(
      `gives ${what} ${url.href}, on a domain reserved for examples (RFC 2606): give the real address, or leave it out.`,
    );
  }
  return ok(url.href);
}

/** A size: bytes, or a number with KB, MB or GB (powers of 1024), e.g. `200MB`. */
const SIZE = /^(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?$/i;
const SIZE_UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** The parsers the table uses, one per kind of value. */
export const parsers = {
  text: (): Parser<string> => (text) => ok(text),
  /** An S3-compatible bucket (`parseS3Url`'s form). */
  s3Url: (): Parser<string> => (text) => {
    try {
      parseS3Url(text);
      return ok(text);
    } catch (error) {
      return problem(`${error instanceof Error ? error.message : String(error)}.`);
    }
  },
  /** A size in bytes, from `min` to `max`. */
  bytes:
    (min: number, max: number): Parser<number> =>
    (text) => {
      const match = SIZE.exec(text.trim());
      const bytes =
        match === null ? NaN : Math.floor(Number(match[1]) * (SIZE_UNITS[(match[2] ?? 'b').toLowerCase()] ?? NaN));
      return Number.isFinite(bytes) && bytes >= min && bytes <= max
        ? ok(bytes)
        : problem(
            `must be a size from ${min} bytes to ${max / 1024 ** 3} GB, in bytes or with KB, MB or GB (got "${text}").`,
          );
    },
  port: (): Parser<number> => (text) =>
    /^\d+$/.test(text) && Number(text) <= 65535
      ? ok(Number(text))
      : problem(`must be a whole number from 0 to 65535 (got "${text}").`),
  /** Absolute: a relative path resolves against the repository root. */
  path: (): Parser<string> => (text, context) => ok(resolve(context.rootDir, text)),
  /** Checked as the database adapter will read it: the scheme, the database, the TLS parameters. */
  databaseUrl: (): Parser<string> => (text, context) => {
    try {
      parseDatabaseUrl(text, context.rootDir);
      return ok(text);
    } catch (error) {
      if (error instanceof DatabaseUrlError) return problem(error.problem);
      throw error;
    }
  },
  /** A PEM file of one or more certificates, read now: its path and its text. */
  certificateFile: (): Parser<{ readonly path: string; readonly pem: string }> => (text, context) => {
    const path = resolve(context.rootDir, text);
    let pem: string;
    try {
      pem = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      return problem(`names ${path}, which cannot be read (${code}).`);
    }
    try {
      if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new Error('no certificate');
      new X509Certificate(pem);
    } catch {
      return problem(`names ${path}, which holds no PEM certificate (-----BEGIN CERTIFICATE-----).`);
    }
    return ok({ path, pem });
  },
  password:
    (minLength: number, maxLength: number): Parser<string> =>
    (text) => {
      if (text.length < minLength) return problem(`must be at least ${minLength} characters (its value is not shown).`);
      return text.length <= maxLength
        ? ok(text)
        : problem(`must be at most ${maxLength} characters (its value is not shown).`);
    },
  word:
    (letters: number): Parser<string> =>
    (text) =>
      new RegExp(`^\\p{L}{${letters}}$`, 'u').test(text)
        ? ok(text)
        : problem(`must be one word of ${letters} letters, as the riddle's hint says.`),
  hostName: (): Parser<string> => (text) => {
    const host = text.toLowerCase();
    return /^[a-z0-9.-]+$/.test(host)
      ? ok(host)
      : problem(`must be a host name without scheme or port, e.g. admin.example.com (got "${host}").`);
  },
  onOff: (): Parser<boolean> => (text) => {
    const word = text.toLowerCase();
    if (ON.includes(word)) return ok(true);
    return OFF.includes(word) ? ok(false) : problem(`must be on or off (got "${word}").`);
  },
  oneOf:
    <const T extends string>(values: readonly T[]): Parser<T> =>
    (text) => {
      const word = text.toLowerCase();
      const found = values.find((candidate) => candidate === word);
      return found === undefined ? problem(`must be one of ${values.join(', ')} (got "${word}").`) : ok(found);
    },
  trustProxy: (): Parser<TrustProxy> => (text) => {
    const trust = parseTrustProxy(text);
    return trust === null
      ? problem(
          `must be off, on, a hop count (1 to 99), or a comma-separated list of proxy addresses and CIDR ranges such as 10.0.0.0/8 (got "${text}").`,
        )
      : ok(trust);
  },
  rateLimit: (): Parser<RateLimitPolicy> => (text) => {
    const policy = parseRateLimitPolicy(text);
    return policy === null
      ? problem(`must look like N/window, e.g. 10/10m (N per window; s, m, h or d) (got "${text}").`)
      : ok(policy);
  },
  /** The shape nodemailer reads, without TLS settings of its own (see SMTP_REQUIRE_TLS). */
  smtpUrl: (): Parser<string> => (text) => {
    const why = smtpUrlProblem(text);
    return why === null ? ok(text) : problem(why);
  },
  /** A domain name of letters, digits and hyphens (DKIM_DOMAIN), given back in lower case. */
  domainName: (): Parser<string> => (text) =>
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/i.test(text)
      ? ok(text.toLowerCase().replace(/\.$/, ''))
      : problem(`must be a domain name such as example.com (got "${text}").`),
  /** One or more DNS labels (DKIM_SELECTOR): the key is published at `<selector>._domainkey.<domain>`. */
  dnsLabels: (): Parser<string> => (text) =>
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(text)
      ? ok(text.toLowerCase())
      : problem(`must be a DNS label of letters, digits and hyphens, such as memoir2026 (got "${text}").`),
  /** A PEM RSA private key of at least 2048 bits (DKIM_PRIVATE_KEY); the message never shows it. */
  dkimPrivateKey: (): Parser<string> => (text) => {
    const read = readDkimPrivateKey(text);
    return 'problem' in read ? problem(read.problem) : ok(text);
  },
  /** A resolver's IP address, with a port or not (IPv6 in brackets), as node:dns takes it (DNS_SERVER). */
  dnsServer: (): Parser<string> => (text) => {
    try {
      new Resolver().setServers([text]);
      return ok(text);
    } catch {
      return problem(
        `must be a resolver's IP address, with a port or not, such as 127.0.0.1:53 or [::1]:53 (got "${text}").`,
      );
    }
  },
  /** The bounce mailbox's imaps:// (or imap://) URL, read into its parts; the message never shows the password. */
  bounceImapUrl: (): Parser<BounceImapTarget> => (text) => {
    const read = readBounceImapUrl(text);
    return 'problem' in read ? problem(read.problem) : ok(read);
  },
  /** An http(s) address without query or fragment, given back without its trailing slashes. */
  httpBaseUrl: (): Parser<string> => (text) => {
    const url = URL.parse(text);
    return url !== null && ['http:', 'https:'].includes(url.protocol) && url.search === '' && url.hash === ''
      ? ok(text.replace(/\/+$/, ''))
      : problem(`must be an http(s) address such as https://memoir.example.com (got "${text}").`);
  },
  /**
   * Where the readers' webhook posts: https, or http to a loopback address only (a receiver on
   * the same machine, for development and tests): the body holds personal data.
   */
  webhookUrl: (): Parser<string> => (text) => {
    const url = URL.parse(text);
    const loopback =
      url !== null && (/^127\.\d+\.\d+\.\d+$/.test(url.hostname) || ['[::1]', 'localhost'].includes(url.hostname));
    if (url === null || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback))) {
      return problem(
        `must be an https:// address such as https://hooks.zapier.com/hooks/catch/1/abc/ (http:// only to 127.0.0.1, [::1] or localhost) (got "${url === null ? text : `${url.protocol}//${url.host}/…`}").`,
      );
    }
    if (url.hash !== '') return problem('must not end in a #fragment, which is never sent.');
    // fetch refuses an address with credentials; the signature is what proves the sender.
    if (url.username !== '' || url.password !== '') {
      return problem('must not hold a user name or password (not shown): the signature proves who sent it.');
    }
    return ok(url.href);
  },
  /** A link shown on the page: an absolute http(s) address of a real site. */
  pageLink: (): Parser<string> => (text) => pageLink(text, 'the link'),
  /** `key=address` pairs separated by commas, keys case-insensitive: links shown on the page, by key. */
  pageLinks:
    <const K extends string>(keys: readonly K[]): Parser<Readonly<Partial<Record<K, string>>>> =>
    (text) => {
      const links: Partial<Record<K, string>> = {};
      const problems: string[] = [];
      for (const entry of text.split(',').map((part) => part.trim())) {
        if (entry === '') continue;
        const equals = entry.indexOf('=');
        if (equals < 1) {
          problems.push(
            `must be key=address pairs separated by commas, e.g. ${keys[0]}=https://…, ${keys[1] ?? keys[0]}=https://… (got "${entry}")`,
          );
          continue;
        }
        const name = entry.slice(0, equals).trim().toLowerCase();
        const key = keys.find((candidate) => candidate === name);
        if (key === undefined) {
          problems.push(`names "${name}", which is not one of its keys: ${keys.join(', ')}`);
          continue;
        }
        if (links[key] !== undefined) {
          problems.push(`names ${key} twice`);
          continue;
        }
        const link = pageLink(entry.slice(equals + 1).trim(), key);
        if (link.ok) links[key] = link.value;
        else problems.push(link.problem.replace(/\.$/, ''));
      }
      return problems.length > 0 ? problem(`${problems.join('; ')}.`) : ok(links);
    },
  email: (): Parser<string> => (text) =>
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? ok(text) : problem(`must be an email address (got "${text}").`),
  /** Like `duration`, and plain milliseconds ("500"); zero allowed: none. */
  durationOrZero: (): Parser<number> => (text) => {
    if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) return ok(Number(text));
    if (/^0+\s*(ms|s|m|h|d)$/.test(text.trim())) return ok(0);
    const ms = parseDuration(text);
    return ms === null
      ? problem(`must be a duration such as 5s, 500ms or 1m, or plain milliseconds (got "${text}").`)
      : ok(ms);
  },
  duration: (): Parser<number> => (text) => {
    const ms = parseDuration(text);
    return ms === null
      ? problem(`must be a duration such as 14d, 5s or 250ms (ms, s, m, h or d) (got "${text}").`)
      : ok(ms);
  },
  count:
    (min: number, max: number): Parser<number> =>
    (text) =>
      /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max
        ? ok(Number(text))
        : problem(`must be a whole number from ${min} to ${max} (got "${text}").`),
};

/** The book the default start sends: a small sample, replaced in production by BOOK_PDF_PATH. */
export const SAMPLE_BOOK_PDF = 'apps/server/assets/sample-book.pdf';

/** Development defaults for the riddles; they match the questions in the site's content. */
export const DEFAULT_RIDDLE_ANSWERS = { guestbook: 'network', scholarship: 'kernel' } as const;

/** Inside DATA_DIR: the generated first admin password, and the emails written without SMTP. */
export const INITIAL_PASSWORD_FILE_NAME = 'initial-admin-password';
export const OUTBOX_DIR_NAME = 'outbox';

/** The range of every RETENTION_* period, in days: a day to ten years. */
const RETENTION_DAYS_MIN = 1;
const RETENTION_DAYS_MAX = 3650;
/** The range of DOWNLOAD_LINK_MAX_DOWNLOADS and DELIVERY_MAX_ATTEMPTS. */
const COUNT_MIN = 1;
const COUNT_MAX = 1000;
/** 64 GiB of book queued at once: more than any server's disk and memory stand. */
const STAMP_QUEUE_MB_MAX = 65_536;
const OWNER_NOTIFICATION_MODES = ['each', 'daily', 'off'] as const satisfies readonly OwnerNotifications[];

/** Keeps each entry's value type and whether it has a default, for `loadConfig`'s reads. */
function variable<T, const D extends string | null>(
  entry: ConfigVariable<T> & { readonly default: D },
): ConfigVariable<T> & { readonly default: D } {
  return entry;
}

/** In the order docs/operations.md and .env.example list them. */
export const CONFIG_VARIABLES = {
  PORT: variable({ meaning: 'the TCP port to listen on', default: '3000', parse: parsers.port() }),
  HOST: variable({
    meaning: 'the address to listen on (`0.0.0.0`: every interface)',
    default: '127.0.0.1',
    parse: parsers.text(),
  }),
  DATA_DIR: variable({
    meaning: `the server's files (SQLite database, first-run password, \`${OUTBOX_DIR_NAME}/\`); relative to the repository root`,
    default: './data',
    parse: parsers.path(),
  }),
  DATABASE_URL: variable({
    meaning: '`sqlite:<path>`, or `mysql://user:pass@host:port/db` for MySQL 8 or MariaDB 10.11+',
    default: 'sqlite:$DATA_DIR/memoir.sqlite',
    example: 'mysql://memoir:memoir@127.0.0.1:3306/memoir',
    secret: true,
    parse: parsers.databaseUrl(),
  }),
  DATABASE_POOL_SIZE: variable({
    meaning: `MySQL: connections per server process (the database's \`max_connections\` must exceed this times the processes); at most ${MYSQL_POOL_DEFAULTS.queueLimit} requests wait for one, and more get 503`,
    default: String(MYSQL_POOL_DEFAULTS.connectionLimit),
    parse: parsers.count(1, 1000),
  }),
  DATABASE_SSL_CA: variable({
    meaning:
      "MySQL: a PEM file of the CA that signs the database server's certificate (your provider's CA bundle); set, the connection uses TLS and verifies the certificate and the host name",
    default: null,
    shownDefault: '`?ssl=` or `?ssl-mode=` in `DATABASE_URL` decide; none: no TLS',
    example: '/etc/memoir/database-ca.pem',
    parse: parsers.certificateFile(),
  }),
  DATABASE_CONNECT_TIMEOUT: variable({
    meaning: 'MySQL: how long to wait for a new connection (TCP, TLS and sign-in) before it fails',
    default: `${MYSQL_POOL_DEFAULTS.connectTimeoutMs / 1000}s`,
    parse: parsers.duration(),
  }),
  DATABASE_QUERY_TIMEOUT: variable({
    meaning:
      'MySQL: how long a query may go unanswered before the request gets 503 and its connection is dropped (migrations have none)',
    default: `${MYSQL_POOL_DEFAULTS.queryTimeoutMs / 1000}s`,
    parse: parsers.duration(),
  }),
  MIGRATE_ON_START: variable({
    meaning:
      'run pending migrations at start, under a lock so that of processes starting together one migrates; `off`: a release step runs `pnpm admin migrate`, and a start on a database that lacks a migration is refused',
    default: 'on',
    parse: parsers.onOff(),
  }),
  ADMIN_USERNAME: variable({ meaning: 'the admin created when none exists', default: 'admin', parse: parsers.text() }),
  ADMIN_PASSWORD: variable({
    meaning: `that admin's password, ${ADMIN_PASSWORD_MIN_LENGTH} to ${ADMIN_PASSWORD_MAX_LENGTH} characters`,
    default: null,
    shownDefault: `generated, written once to \`$DATA_DIR/${INITIAL_PASSWORD_FILE_NAME}\` (mode 0600)`,
    example: `at-least-${ADMIN_PASSWORD_MIN_LENGTH}-characters`,
    untrimmed: true,
    secret: true,
    parse: parsers.password(ADMIN_PASSWORD_MIN_LENGTH, ADMIN_PASSWORD_MAX_LENGTH),
  }),
  RIDDLE_GUESTBOOK_ANSWER: variable({
    meaning: "one word of 7 letters, compared trimmed and case-insensitively; it must answer the site's riddle",
    default: DEFAULT_RIDDLE_ANSWERS.guestbook,
    secret: true,
    parse: parsers.word(7),
  }),
  RIDDLE_SCHOLARSHIP_ANSWER: variable({
    meaning: 'one word of 6 letters, likewise',
    default: DEFAULT_RIDDLE_ANSWERS.scholarship,
    secret: true,
    parse: parsers.word(6),
  }),
  ADMIN_HOST: variable({
    meaning: 'when set, the admin app and `/api/admin/*` answer only on this host name',
    default: null,
    shownDefault: 'one origin',
    example: 'admin.example.com',
    parse: parsers.hostName(),
  }),
  METRICS_TOKEN: variable({
    meaning:
      'bearer token for `GET /metrics` (Prometheus), 16 to 256 characters; with `ADMIN_HOST`, metrics are served on that host only, and without it only with this token',
    default: null,
    shownDefault: 'no metrics',
    example: 'a-long-random-scrape-token',
    secret: true,
    parse: parsers.password(16, 256),
  }),
  TRUST_PROXY: variable({
    meaning:
      'which reverse proxies to believe about the client (its address from the right of `X-Forwarded-For`, HTTPS from `X-Forwarded-Proto`): `off`, `on` (one hop), a hop count, or a comma-separated list of proxy addresses and CIDR ranges',
    default: 'off',
    example: '10.0.0.0/8',
    parse: parsers.trustProxy(),
  }),
  TRUST_FORWARDED_HOST: variable({
    meaning:
      '`on` when the trusted proxy sets `X-Forwarded-Host` to the host the client asked for: it then decides which host (public or `ADMIN_HOST`) a request is for; off, the `Host` header decides (needs `TRUST_PROXY`)',
    default: 'off',
    parse: parsers.onOff(),
  }),
  LOG_LEVEL: variable({
    meaning: `pino level: ${LOG_LEVELS.join(', ')}`,
    default: 'info',
    parse: parsers.oneOf(LOG_LEVELS),
  }),
  FORM_RATE_LIMIT: variable({
    meaning: 'submissions per client address (IPv6: per /64) to each public form, `N/window` (s, m, h, d)',
    default: '10/10m',
    parse: parsers.rateLimit(),
  }),
  CRACKME_CLAIM_LIMIT: variable({
    meaning:
      'crackme prize claims per client address (IPv6: per /64), right key or wrong, `N/window`: what stops guessing the key through the form',
    default: '10/1h',
    parse: parsers.rateLimit(),
  }),
  CRACKME_WINNERS: variable({
    meaning: `how many of the first prize claims with the right key win (${COUNT_MIN} to ${COUNT_MAX}); later ones are thanked`,
    default: '10',
    parse: parsers.count(COUNT_MIN, COUNT_MAX),
  }),
  LOGIN_RATE_LIMIT: variable({
    meaning: 'failed sign-ins per username and address, and per address, before 429 (IPv6: per /64)',
    default: '5/15m',
    parse: parsers.rateLimit(),
  }),
  LOGIN_ACCOUNT_LIMIT: variable({
    meaning:
      'failed sign-ins to one username from all addresses: one email to OWNER_EMAIL, then 429 for addresses that failed on it',
    default: '20/15m',
    parse: parsers.rateLimit(),
  }),
  SMTP_URL: variable({
    meaning: 'where email goes: `smtp://host:587` (STARTTLS) or `smtps://user:pass@host:465`',
    default: null,
    shownDefault: `\`.eml\` files in \`$DATA_DIR/${OUTBOX_DIR_NAME}\``,
    example: 'smtps://user:password@smtp.example.com:465',
    secret: true,
    parse: parsers.smtpUrl(),
  }),
  SMTP_REQUIRE_TLS: variable({
    meaning:
      '`on`: over `smtp://` to a host other than loopback, send only after STARTTLS (`off`: in clear when not offered)',
    default: 'on',
    parse: parsers.onOff(),
  }),
  MAIL_FROM: variable({
    meaning: 'the sender of every email',
    default: `"${BOOK_TITLE}" <memoir@localhost>`,
    example: '"Sam Okafor" <books@example.com>',
    parse: parsers.text(),
  }),
  DKIM_DOMAIN: variable({
    meaning:
      "the domain that signs every email (DKIM, RSA-SHA256): MAIL_FROM's domain or a parent of it, whose DNS publishes the public key; set with DKIM_SELECTOR and DKIM_PRIVATE_KEY",
    default: null,
    shownDefault: 'unsigned',
    example: 'example.com',
    parse: parsers.domainName(),
  }),
  DKIM_SELECTOR: variable({
    meaning:
      'the name of the key under DKIM_DOMAIN: its public half is published as TXT at `<selector>._domainkey.<domain>`',
    default: null,
    shownDefault: 'unsigned',
    example: 'memoir2026',
    parse: parsers.dnsLabels(),
  }),
  DKIM_PRIVATE_KEY: variable({
    meaning:
      'the RSA private key (PEM, at least 2048 bits; one line with `\\n` escapes will do) that signs every email; the Mail health screen shows the TXT record to publish',
    default: null,
    shownDefault: 'unsigned',
    example: '-----BEGIN PRIVATE KEY-----\\n…\\n-----END PRIVATE KEY-----',
    secret: true,
    parse: parsers.dkimPrivateKey(),
  }),
  DNS_SERVER: variable({
    meaning:
      'the resolver the Mail health checks ask: its IP address, with a port or not (`127.0.0.1:5353`, `[::1]:53`)',
    default: null,
    shownDefault: "the system's",
    example: '1.1.1.1',
    parse: parsers.dnsServer(),
  }),
  MAIL_EVENTS_SECRET: variable({
    meaning:
      "the secret the mail providers' bounce and complaint webhooks prove themselves with (`POST /api/mail-events/{provider}`), 16 to 256 characters: Mailgun's webhook signing key, or the basic-auth password in the webhook URL given to Postmark and to SES's SNS subscription; unset, the webhooks are off (404)",
    default: null,
    shownDefault: 'webhooks off',
    example: 'a-long-random-webhook-secret',
    secret: true,
    parse: parsers.password(16, 256),
  }),
  BOUNCE_IMAP_URL: variable({
    meaning:
      'a mailbox of bounces and spam complaints to read over IMAP, `imaps://user:password@host[:port]/MAILBOX` (`imap://` on loopback, or with STARTTLS): every five minutes one process reads its unseen messages (RFC 3464 delivery reports, RFC 5965 feedback reports), records them as the webhooks do and flags them seen',
    default: null,
    shownDefault: 'none read',
    example: 'imaps://bounces%40example.com:an-app-password@imap.example.com/INBOX',
    secret: true,
    parse: parsers.bounceImapUrl(),
  }),
  PUBLIC_BASE_URL: variable({
    meaning:
      "the site's public address: download links in emails, the page's canonical and sharing URLs (Open Graph, X card, JSON-LD), robots.txt and the sitemap start with it",
    default: 'http://localhost:$PORT',
    example: 'https://rootaccess.example.com',
    parse: parsers.httpBaseUrl(),
  }),
  STORE_LINKS: variable({
    meaning: `the buy buttons' addresses, \`key=https://…\` pairs separated by commas (keys ${STORE_LINK_KEYS.map((key) => `\`${key}\``).join(', ')}; a comma inside an address is written \`%2C\`); read only for the site content's first version, when a database has none: afterwards the owner edits the links in the admin app (docs/site-content.md)`,
    default: null,
    shownDefault: 'the shipped placeholders, shown as "coming soon" once `PUBLIC_BASE_URL` is set',
    example: 'hardcover=https://bookshop.org/p/books/root-access,kindle=https://www.amazon.com/dp/B0EXAMPLE',
    parse: parsers.pageLinks(STORE_LINK_KEYS),
  }),
  SOCIAL_LINKS: variable({
    meaning: `the footer's profile links, likewise, and likewise only for the first version (keys ${SOCIAL_LINK_KEYS.map((key) => `\`${key}\``).join(', ')})`,
    default: null,
    shownDefault: 'the shipped placeholders, left out once `PUBLIC_BASE_URL` is set',
    example: 'x=https://x.com/samokafor,linkedin=https://www.linkedin.com/in/samokafor',
    parse: parsers.pageLinks(SOCIAL_LINK_KEYS),
  }),
  PUBLISHER_URL: variable({
    meaning: "where the footer's publisher logo links to, likewise only for the first version",
    default: null,
    shownDefault: 'the shipped placeholder, left out once `PUBLIC_BASE_URL` is set',
    example: 'https://bytelinepress.com/',
    parse: parsers.pageLink(),
  }),
  BOOK_PDF_PATH: variable({
    meaning: "the book PDF that each reader's copy is stamped from; relative to the repository root",
    default: SAMPLE_BOOK_PDF,
    shownDefault: `the shipped sample, \`${SAMPLE_BOOK_PDF}\``,
    parse: parsers.path(),
  }),
  BOOK_MAX_BYTES: variable({
    meaning:
      'the largest book PDF the owner may upload in the admin app (Media), in bytes or with KB, MB or GB; a larger one is refused (413) and the book in use stays',
    default: '200MB',
    parse: parsers.bytes(1024 * 1024, 4 * 1024 ** 3),
  }),
  MEDIA_S3_URL: variable({
    meaning:
      'an S3-compatible bucket for the uploaded book and images, which every server process reads: `https://ACCESS_KEY:SECRET_KEY@host/bucket[/prefix][?region=…]` (the bucket by path; Amazon S3 at `s3.<region>.amazonaws.com`); back the bucket up apart, `pnpm admin backup` does not hold it',
    default: null,
    shownDefault: 'in the database (chunked), and in its backups',
    example: 'https://AKIAEXAMPLE:secret@s3.eu-west-1.amazonaws.com/memoir-media',
    secret: true,
    parse: parsers.s3Url(),
  }),
  OWNER_EMAIL: variable({
    meaning: 'who hears about new requests and guestbook entries',
    default: null,
    shownDefault: 'nobody',
    example: 'sam@example.com',
    parse: parsers.email(),
  }),
  OWNER_NOTIFICATIONS: variable({
    meaning: '`each` (an email per item), `daily` (one digest of the previous UTC day) or `off`',
    default: 'each',
    parse: parsers.oneOf(OWNER_NOTIFICATION_MODES),
  }),
  NOTIFY_REJECTIONS: variable({
    meaning: '`on`: a polite email after a rejection (off by default: a request may carry anyone’s address)',
    default: 'off',
    parse: parsers.onOff(),
  }),
  DOWNLOAD_LINK_TTL: variable({
    meaning: 'how long a download link works (ms, s, m, h, d)',
    default: '14d',
    parse: parsers.duration(),
  }),
  DOWNLOAD_LINK_MAX_DOWNLOADS: variable({
    meaning: `downloads one link allows (${COUNT_MIN} to ${COUNT_MAX})`,
    default: '5',
    parse: parsers.count(COUNT_MIN, COUNT_MAX),
  }),
  REVIEW_REMINDER_DAYS: variable({
    meaning:
      'days after the first download before the one review reminder, sent only to readers who ticked its box on the free-PDF form (1 to 365)',
    default: '14',
    parse: parsers.count(1, 365),
  }),
  STAMP_QUEUE_MAX_WAIT: variable({
    meaning:
      "how long a reader's copy may wait for a stamping thread (ms, s, m, h, d); longer, the reader's page says the site is busy and tries again by itself",
    default: '2m',
    parse: parsers.duration(),
  }),
  STAMP_QUEUE_MAX_MB: variable({
    meaning: `the copies waiting or being stamped at once, in megabytes of book (each counts the book's size, which it writes to \`$DATA_DIR/copies\` and then sends); past it, a reader's page says the site is busy and tries again by itself (${COUNT_MIN} to ${STAMP_QUEUE_MB_MAX})`,
    default: '4096',
    parse: parsers.count(COUNT_MIN, STAMP_QUEUE_MB_MAX),
  }),
  RETENTION_DAYS: variable({
    meaning: `days that audit events keep the IP address and user agent they came from, and that an expired download link still says "expired" before it is removed (${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX})`,
    default: '90',
    parse: parsers.count(RETENTION_DAYS_MIN, RETENTION_DAYS_MAX),
  }),
  RETENTION_REJECTED_DAYS: variable({
    meaning: `days a rejected scholarship request or guestbook entry is kept after the decision, then deleted (${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX})`,
    default: '30',
    parse: parsers.count(RETENTION_DAYS_MIN, RETENTION_DAYS_MAX),
  }),
  RETENTION_SENT_EMAIL_DAYS: variable({
    meaning: `days the copies of sent emails in \`$DATA_DIR/${OUTBOX_DIR_NAME}\` are kept (without SMTP_URL) (${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX})`,
    default: '30',
    parse: parsers.count(RETENTION_DAYS_MIN, RETENTION_DAYS_MAX),
  }),
  SHUTDOWN_DRAIN: variable({
    meaning:
      'after SIGTERM, how long `/readyz` answers 503 while the server goes on serving, so that the load balancer stops sending first; then requests in flight finish (up to 10 s more). A duration (`500ms`, `5s`, `1m`) or plain milliseconds; `0`: none',
    default: '5s',
    parse: parsers.durationOrZero(),
  }),
  DELIVERY_POLL_INTERVAL: variable({
    meaning: 'how often the worker looks for email to send',
    default: '5s',
    parse: parsers.duration(),
  }),
  DELIVERY_MAX_ATTEMPTS: variable({
    meaning: `attempts before an email is failed for good, shown in the admin app (${COUNT_MIN} to ${COUNT_MAX})`,
    default: '6',
    parse: parsers.count(COUNT_MIN, COUNT_MAX),
  }),
  ANNOUNCE_RATE: variable({
    meaning:
      "an announcement's mails to the readers, `N/window` (s, m, h, d): each mail falls due at its place in this schedule, so the mail server is never flooded and other mail never waits behind an announcement",
    default: '60/1m',
    parse: parsers.rateLimit(),
  }),
  READERS_WEBHOOK_URL: variable({
    meaning:
      'where each reader who confirms or leaves is posted (`reader.confirmed`, `reader.unsubscribed`), signed with READERS_WEBHOOK_SECRET in the Standard Webhooks way, for a newsletter tool, Zapier, Make or n8n: `https://…` (`http://` only to loopback); redirects are not followed; docs/readers.md says what a receiver checks',
    default: null,
    shownDefault: 'no webhook',
    example: 'https://hooks.zapier.com/hooks/catch/123/abc/',
    parse: parsers.webhookUrl(),
  }),
  READERS_WEBHOOK_SECRET: variable({
    meaning:
      'the key that signs each webhook (HMAC-SHA256 of its UTF-8 bytes), 16 to 256 characters; needed with READERS_WEBHOOK_URL and given to the receiver',
    default: null,
    shownDefault: 'none (needed with READERS_WEBHOOK_URL)',
    example: 'a-long-random-signing-secret',
    secret: true,
    parse: parsers.password(16, 256),
  }),
  DELIVERY_RETRY_DELAY: variable({
    meaning: 'the wait after the first failed attempt; it doubles after each further one, up to 1 h',
    default: '1m',
    parse: parsers.duration(),
  }),
};

export type ConfigName = keyof typeof CONFIG_VARIABLES;

/** A variable's value once read: null only for a variable without a default that is unset. */
export type ConfigValue<N extends ConfigName> = (typeof CONFIG_VARIABLES)[N] extends ConfigVariable<infer T> & {
  readonly default: infer D;
}
  ? D extends string
    ? T
    : T | null
  : never;

/** The suffix of the variable that names a secret's file: `ADMIN_PASSWORD_FILE`. */
export const SECRET_FILE_SUFFIX = '_FILE';

/** The variables that may come from a file, in the table's order. */
export function secretNames(): readonly ConfigName[] {
  return (Object.keys(CONFIG_VARIABLES) as ConfigName[]).filter(
    (name) => (CONFIG_VARIABLES[name] as ConfigVariable<unknown>).secret === true,
  );
}

/** The table as rows, for the docs. */
export function configTable(): readonly (ConfigVariable<unknown> & { readonly name: ConfigName })[] {
  return (Object.keys(CONFIG_VARIABLES) as ConfigName[]).map((name) => ({ name, ...CONFIG_VARIABLES[name] }));
}
