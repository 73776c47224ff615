import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { parseRateLimitPolicy, type RateLimitPolicy } from '@memoir/domain';

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
  };
}
