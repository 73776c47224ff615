import { resolve } from 'node:path';

/**
 * TLS to MySQL, as mysql2 takes it (its `ssl` option). Verification is on unless the URL turns
 * it off in so many words.
 */
export interface MysqlTls {
  /** The server's certificate must chain to a trusted CA: `ca`, or else Node's own list. */
  readonly rejectUnauthorized: boolean;
  /** The certificate must also name the host connected to (skipped for an IP address). */
  readonly verifyIdentity: boolean;
  /** PEM of the CA (or bundle) that signs the server's certificate (DATABASE_SSL_CA). */
  readonly ca?: string;
  readonly minVersion?: 'TLSv1.2' | 'TLSv1.3';
  readonly maxVersion?: 'TLSv1.2' | 'TLSv1.3';
  readonly ciphers?: string;
}

/** Where a mysql:// URL points, its parts decoded. */
export interface MysqlConnectionTarget {
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** What the URL says of TLS (`?ssl=` or `?ssl-mode=`); null: it says nothing. */
  readonly tls: MysqlTls | 'off' | null;
}

export type DatabaseTarget =
  { readonly kind: 'sqlite'; readonly path: string } | ({ readonly kind: 'mysql' } & MysqlConnectionTarget);

/** Verification on: the chain and the host name, as a browser checks a web site. */
const VERIFIED: MysqlTls = { rejectUnauthorized: true, verifyIdentity: true };

const ON = ['true', '1', 'on', 'yes', 'required'];
const OFF = ['false', '0', 'off', 'no'];
const TLS_VERSIONS = ['TLSv1.2', 'TLSv1.3'] as const;

/** The query parameters of a mysql:// URL that the server reads; any other is refused. */
export const MYSQL_URL_PARAMETERS = ['ssl', 'ssl-mode'] as const;

/** A problem with DATABASE_URL: the sentence that follows the variable's name. Never the URL. */
export class DatabaseUrlError extends Error {
  constructor(readonly problem: string) {
    super(`DATABASE_URL ${problem}`);
    this.name = 'DatabaseUrlError';
  }
}

/** `?ssl=`: a word (true, false…) or mysql2's own JSON object, e.g. {"rejectUnauthorized":true}. */
function sslParameter(value: string): MysqlTls | 'off' {
  const word = value.trim().toLowerCase();
  if (ON.includes(word)) return VERIFIED;
  if (OFF.includes(word)) return 'off';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DatabaseUrlError(
      'has an ssl parameter the server does not understand: use ssl=true (TLS, the certificate verified), ' +
        'ssl=false, or a JSON object such as ssl={"rejectUnauthorized":true}; for a CA of your own, set DATABASE_SSL_CA.',
    );
  }
  const tls: { -readonly [K in keyof MysqlTls]: MysqlTls[K] } = { ...VERIFIED };
  for (const [key, field] of Object.entries(parsed)) {
    if ((key === 'rejectUnauthorized' || key === 'verifyIdentity') && typeof field === 'boolean') tls[key] = field;
    else if ((key === 'minVersion' || key === 'maxVersion') && TLS_VERSIONS.includes(field as 'TLSv1.2')) {
      tls[key] = field as 'TLSv1.2';
    } else if (key === 'ciphers' && typeof field === 'string') tls.ciphers = field;
    else if (key === 'ca') {
      throw new DatabaseUrlError(
        'carries a CA certificate in its ssl parameter: put the PEM in a file and name it with DATABASE_SSL_CA.',
      );
    } else {
      throw new DatabaseUrlError(
        `has an ssl parameter with "${key}" the server does not read (rejectUnauthorized, verifyIdentity, minVersion, maxVersion and ciphers are read).`,
      );
    }
  }
  return tls;
}

/** `?ssl-mode=`, as the mysql client and managed-database consoles write it. */
function sslModeParameter(value: string): MysqlTls | 'off' {
  switch (value.trim().toUpperCase()) {
    case 'DISABLED':
      return 'off';
    // The mysql client's REQUIRED encrypts without checking the certificate; here it is checked
    // as VERIFY_IDENTITY would: an unverified certificate does not stop a man in the middle.
    case 'REQUIRED':
    case 'VERIFY_IDENTITY':
      return VERIFIED;
    case 'VERIFY_CA':
      return { rejectUnauthorized: true, verifyIdentity: false };
    case 'PREFERRED':
      throw new DatabaseUrlError(
        'has ssl-mode=PREFERRED, which falls back to clear text without a word: use ssl-mode=REQUIRED (or DISABLED).',
      );
    default:
      throw new DatabaseUrlError(
        'has an ssl-mode the server does not understand: use REQUIRED, VERIFY_CA, VERIFY_IDENTITY or DISABLED.',
      );
  }
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new DatabaseUrlError(
      'has a badly percent-encoded part (write a special character of the password as %XX); its value is not shown: it may hold a password.',
    );
  }
}

/**
 * Reads `DATABASE_URL`: `sqlite:<path>` (relative paths resolve against `baseDir`) or
 * `mysql://user:pass@host:port/db` with `?ssl=` or `?ssl-mode=`. Throws DatabaseUrlError; its
 * message never repeats the URL, which may hold a password.
 */
export function parseDatabaseUrl(databaseUrl: string, baseDir: string = process.cwd()): DatabaseTarget {
  const text = databaseUrl.trim();
  if (text.startsWith('sqlite:')) {
    const path = text.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new DatabaseUrlError('needs a file path after sqlite:, e.g. sqlite:./data/memoir.sqlite.');
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(baseDir, path) };
  }
  if (text.startsWith('mysql://') || text.startsWith('mariadb://')) {
    const url = URL.parse(text.replace(/^mariadb:/, 'mysql:'));
    if (url === null || url.hostname === '') {
      throw new DatabaseUrlError(
        'is malformed (expected mysql://user:pass@host:port/database); its value is not shown: it may hold a password.',
      );
    }
    if (url.pathname.length <= 1) throw new DatabaseUrlError('names no database (mysql://…/database).');
    const names = [...url.searchParams.keys()];
    const unknown = names.find((name) => !(MYSQL_URL_PARAMETERS as readonly string[]).includes(name));
    if (unknown !== undefined) {
      throw new DatabaseUrlError(
        `has a parameter the server does not read ("${unknown}"): only ${MYSQL_URL_PARAMETERS.join(' and ')} are read.`,
      );
    }
    if (names.length > 1) {
      throw new DatabaseUrlError(
        names.includes('ssl') && names.includes('ssl-mode')
          ? 'has both ssl and ssl-mode: keep one.'
          : 'repeats a parameter: keep one.',
      );
    }
    const ssl = url.searchParams.get('ssl');
    const sslMode = url.searchParams.get('ssl-mode');
    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return {
      kind: 'mysql',
      host: decode(hostname),
      port: url.port === '' ? 3306 : Number(url.port),
      user: decode(url.username),
      password: decode(url.password),
      database: decode(url.pathname.slice(1)),
      tls: ssl !== null ? sslParameter(ssl) : sslMode !== null ? sslModeParameter(sslMode) : null,
    };
  }
  throw new DatabaseUrlError(
    'must start with sqlite: or mysql:// (its value is not shown: it may hold a password); see docs/operations.md.',
  );
}

/**
 * The TLS a connection uses: the URL's, with DATABASE_SSL_CA's PEM as its CA (which turns TLS
 * on, verified, when the URL says nothing). Null: in clear. Throws when the two disagree.
 */
export function mysqlTls(target: MysqlConnectionTarget, caPem: string | null): MysqlTls | null {
  if (caPem === null) return target.tls === 'off' || target.tls === null ? null : target.tls;
  if (target.tls === 'off') {
    throw new DatabaseUrlError(
      'turns TLS off (ssl=false or ssl-mode=DISABLED) while DATABASE_SSL_CA is set: remove one of the two.',
    );
  }
  return { ...(target.tls ?? VERIFIED), ca: caPem };
}
