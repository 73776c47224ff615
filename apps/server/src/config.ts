import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { BOOK_TITLE } from '@memoir/shared';
import { parseRateLimitPolicy, type OwnerNotifications, type RateLimitPolicy } from '@memoir/domain';

/** Everything the server reads from its environment, read once at start (docs/operations.md). */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Absolute: the SQLite file, the first-run password and the outbox live here. */
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly adminUsername: string;
  /** Null: generate one on first start and write it to `initialPasswordFile`. */
  readonly adminPassword: string | null;
  readonly riddles: { readonly guestbook: string; readonly scholarship: string };
  readonly adminHost: string | null;
  readonly trustProxy: boolean;
  readonly logLevel: string;
  readonly formRateLimit: RateLimitPolicy;
  readonly loginRateLimit: RateLimitPolicy;
  /** The repository root: relative paths resolve against it, whatever folder a script runs in. */
  readonly rootDir: string;
  readonly initialPasswordFile: string;
  readonly mail: MailConfig;
}

/** Email: how it leaves, what its links point at, and how hard the worker tries. */
export interface MailConfig {
  /** SMTP_URL; null: every message becomes an .eml file in `outboxDir`. */
  readonly smtpUrl: string | null;
  readonly outboxDir: string;
  /** MAIL_FROM: the sender of every email. */
  readonly from: string;
  /** PUBLIC_BASE_URL without a trailing slash: download links start with it. */
  readonly publicBaseUrl: string;
  /** Where the owner's emails send them: ADMIN_HOST's origin, or the public one. */
  readonly adminBaseUrl: string;
  /** BOOK_PDF_PATH, absolute: the source of every stamped copy. */
  readonly bookPdfPath: string;
  /** OWNER_EMAIL: null turns the owner's emails off. */
  readonly ownerEmail: string | null;
  /** OWNER_NOTIFICATIONS: `off` whenever OWNER_EMAIL is unset. */
  readonly ownerNotifications: OwnerNotifications;
  /** NOTIFY_REJECTIONS: a polite email after a rejection. */
  readonly notifyRejections: boolean;
  readonly linkTtlMs: number;
  readonly maxDownloads: number;
  readonly pollIntervalMs: number;
  readonly maxAttempts: number;
  readonly retryBaseMs: number;
}

/** The book the default start sends: a small sample, replaced in production by BOOK_PDF_PATH. */
export const SAMPLE_BOOK_PDF = 'apps/server/assets/sample-book.pdf';

const DURATION_UNITS_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** An http(s) address without query or fragment, or null. */
function httpBaseUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return ['http:', 'https:'].includes(url.protocol) && url.search === '' && url.hash === '' ? url : null;
  } catch {
    return null;
  }
}

/** "14d", "90s", "250ms" → milliseconds; null when it is not one of those. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)\s*(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * (DURATION_UNITS_MS[match[2] ?? ''] ?? Number.NaN);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

/** Development defaults for the riddles; they match the questions in the site's content. */
export const DEFAULT_RIDDLE_ANSWERS = { guestbook: 'network', scholarship: 'kernel' } as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

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

/** Parses the environment. Throws ConfigError listing every bad variable; secrets are never echoed. */
export function loadConfig(env: Env = process.env, rootDir: string = findRootDir()): ServerConfig {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  };

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535)
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}").`);

  const dataDir = resolve(rootDir, value('DATA_DIR') ?? './data');
  const databaseUrl = value('DATABASE_URL') ?? `sqlite:${join(dataDir, 'memoir.sqlite')}`;
  if (!/^(sqlite:|mysql:\/\/|mariadb:\/\/)/.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with sqlite: or mysql:// (its value is not shown: it may hold a password).');
  }

  const adminUsername = value('ADMIN_USERNAME') ?? 'admin';
  const adminPassword = env.ADMIN_PASSWORD === undefined || env.ADMIN_PASSWORD === '' ? null : env.ADMIN_PASSWORD;
  if (adminPassword !== null && adminPassword.length < 12) {
    problems.push('ADMIN_PASSWORD must be at least 12 characters (its value is not shown).');
  }

  const riddle = (name: string, letters: number, fallback: string): string => {
    const answer = value(name) ?? fallback;
    if (!new RegExp(`^\\p{L}{${letters}}$`, 'u').test(answer)) {
      problems.push(`${name} must be one word of ${letters} letters, as the riddle's hint says.`);
    }
    return answer;
  };
  const riddles = {
    guestbook: riddle('RIDDLE_GUESTBOOK_ANSWER', 7, DEFAULT_RIDDLE_ANSWERS.guestbook),
    scholarship: riddle('RIDDLE_SCHOLARSHIP_ANSWER', 6, DEFAULT_RIDDLE_ANSWERS.scholarship),
  };

  const trustText = (value('TRUST_PROXY') ?? 'off').toLowerCase();
  const trustProxy = ['1', 'true', 'on', 'yes'].includes(trustText);
  if (!trustProxy && !['0', 'false', 'off', 'no'].includes(trustText)) {
    problems.push(`TRUST_PROXY must be on or off (got "${trustText}").`);
  }

  const logLevel = (value('LOG_LEVEL') ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}").`);

  const policy = (name: string, fallback: string): RateLimitPolicy => {
    const text = value(name) ?? fallback;
    const parsed = parseRateLimitPolicy(text);
    if (parsed === null) {
      problems.push(`${name} must look like N/window, e.g. ${fallback} (N per window; s, m, h or d) (got "${text}").`);
      return { max: 1, windowMs: 1000 };
    }
    return parsed;
  };
  const formRateLimit = policy('FORM_RATE_LIMIT', '10/10m');
  const loginRateLimit = policy('LOGIN_RATE_LIMIT', '5/15m');

  const adminHostText = value('ADMIN_HOST')?.toLowerCase() ?? null;
  if (adminHostText !== null && !/^[a-z0-9.-]+$/.test(adminHostText)) {
    problems.push(
      `ADMIN_HOST must be a host name without scheme or port, e.g. admin.example.com (got "${adminHostText}").`,
    );
  }

  const onOff = (name: string, fallback: 'on' | 'off'): boolean => {
    const text = (value(name) ?? fallback).toLowerCase();
    const on = ['1', 'true', 'on', 'yes'].includes(text);
    if (!on && !['0', 'false', 'off', 'no'].includes(text)) problems.push(`${name} must be on or off (got "${text}").`);
    return on;
  };
  const duration = (name: string, fallback: string): number => {
    const text = value(name) ?? fallback;
    const ms = parseDuration(text);
    if (ms === null)
      problems.push(`${name} must be a duration such as ${fallback} (ms, s, m, h or d) (got "${text}").`);
    return ms ?? 1;
  };
  const count = (name: string, fallback: number): number => {
    const text = value(name) ?? String(fallback);
    const parsed = Number(text);
    if (!/^\d+$/.test(text) || parsed < 1 || parsed > 1000) {
      problems.push(`${name} must be a whole number from 1 to 1000 (got "${text}").`);
    }
    return parsed;
  };

  const smtpUrl = value('SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/?#]+/.test(smtpUrl)) {
    problems.push(
      'SMTP_URL must look like smtp://host:587 or smtps://user:password@host:465 (its value is not shown: it may hold a password).',
    );
  }
  const publicBaseText = value('PUBLIC_BASE_URL') ?? `http://localhost:${port}`;
  const publicBase = httpBaseUrl(publicBaseText);
  if (publicBase === null) {
    problems.push(
      `PUBLIC_BASE_URL must be an http(s) address such as https://memoir.example.com (got "${publicBaseText}").`,
    );
  }
  const publicBaseUrl = publicBaseText.replace(/\/+$/, '');
  const ownerEmail = value('OWNER_EMAIL') ?? null;
  if (ownerEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(ownerEmail)) {
    problems.push(`OWNER_EMAIL must be an email address (got "${ownerEmail}").`);
  }
  const notificationsText = (value('OWNER_NOTIFICATIONS') ?? 'each').toLowerCase();
  if (!['each', 'daily', 'off'].includes(notificationsText)) {
    problems.push(`OWNER_NOTIFICATIONS must be each, daily or off (got "${notificationsText}").`);
  }
  const bookPdfPath = resolve(rootDir, value('BOOK_PDF_PATH') ?? SAMPLE_BOOK_PDF);
  const mail: MailConfig = {
    smtpUrl,
    outboxDir: join(dataDir, 'outbox'),
    from: value('MAIL_FROM') ?? `"${BOOK_TITLE}" <memoir@localhost>`,
    publicBaseUrl,
    adminBaseUrl:
      adminHostText === null || publicBase === null
        ? publicBaseUrl
        : `${publicBase.protocol}//${adminHostText}${publicBase.port === '' ? '' : `:${publicBase.port}`}`,
    bookPdfPath,
    ownerEmail,
    ownerNotifications: ownerEmail === null ? 'off' : (notificationsText as OwnerNotifications),
    notifyRejections: onOff('NOTIFY_REJECTIONS', 'on'),
    linkTtlMs: duration('DOWNLOAD_LINK_TTL', '14d'),
    maxDownloads: count('DOWNLOAD_LINK_MAX_DOWNLOADS', 5),
    pollIntervalMs: duration('DELIVERY_POLL_INTERVAL', '5s'),
    maxAttempts: count('DELIVERY_MAX_ATTEMPTS', 6),
    retryBaseMs: duration('DELIVERY_RETRY_DELAY', '1m'),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: value('HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    adminUsername,
    adminPassword,
    riddles,
    adminHost: adminHostText,
    trustProxy,
    logLevel,
    formRateLimit,
    loginRateLimit,
    rootDir,
    initialPasswordFile: join(dataDir, 'initial-admin-password'),
    mail,
  };
}
