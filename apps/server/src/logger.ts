import pino, { type Logger } from 'pino';

/**
 * Paths pino blanks in every line: secrets never reach a log (architecture.md). Bodies are
 * not logged at all; these are the second line of defence.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  'password',
  '*.password',
  'sessionToken',
  '*.sessionToken',
  'token',
  '*.token',
  'adminPassword',
  '*.adminPassword',
  'databaseUrl',
  '*.databaseUrl',
];

// A quoted name after one of these words is a column, key or table, kept; any other quoted text
// in a database's message is a value ("Duplicate entry 'ada@example.org' for key 'uq_…'").
const IDENTIFIER_BEFORE_QUOTE =
  /\b(?:key|column|table|constraint|index|database|schema|field|function|procedure|view|trigger)\s*$/i;
// A single-quoted SQL string, with its \' and '' escapes.
const QUOTED = /'(?:[^'\\]|\\.|'')*'/g;

/** A database's message with every quoted value blanked, quoted names kept. */
export function redactQuotedValues(text: string): string {
  return text.replace(QUOTED, (quoted, offset: number) =>
    IDENTIFIER_BEFORE_QUOTE.test(text.slice(Math.max(0, offset - 20), offset)) ? quoted : "'[redacted]'",
  );
}

/** A statement with its literals blanked: TypeORM's placeholders (`?`) stay, inlined values go. */
function redactLiterals(sql: string): string {
  return sql.replace(QUOTED, "'[redacted]'");
}

type ErrorFields = Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorFields =>
  typeof value === 'object' && value !== null && typeof (value as ErrorFields).message === 'string';

/** TypeORM's QueryFailedError, a better-sqlite3 or mysql2 error, or an error caused by one. */
function isDatabaseError(error: ErrorFields, seen = new Set<unknown>()): boolean {
  if (seen.has(error)) return false;
  seen.add(error);
  const { code, name, constructor } = error;
  if (
    ['QueryFailedError', 'SqliteError'].includes(String(name)) ||
    ['QueryFailedError', 'SqliteError'].includes((constructor as { name?: string } | undefined)?.name ?? '') ||
    'parameters' in error ||
    'sql' in error ||
    'sqlMessage' in error ||
    'sqlState' in error ||
    (typeof code === 'string' && /^(?:ER_|SQLITE_)/.test(code))
  ) {
    return true;
  }
  return [error.driverError, error.cause].some((inner) => isErrorLike(inner) && isDatabaseError(inner, seen));
}

/**
 * What a log line shows of a database error: its type, the driver's code and numbers, the
 * message with quoted values blanked, and the statement with its placeholders; never the
 * parameters, mysql2's `sql` (the statement with the values written in) or any other field.
 */
function databaseError(error: ErrorFields, depth = 0): ErrorFields {
  const text = (value: unknown) => (typeof value === 'string' ? redactQuotedValues(value) : undefined);
  const inner = (value: unknown) => (isErrorLike(value) && depth < 5 ? serializeError(value, depth + 1) : undefined);
  const fields: ErrorFields = {
    type: (error.constructor as { name?: string } | undefined)?.name ?? error.name,
    message: text(error.message),
    code: error.code,
    errno: error.errno,
    sqlState: error.sqlState,
    sqlMessage: text(error.sqlMessage),
    query: typeof error.query === 'string' ? redactLiterals(error.query) : undefined,
    parameterCount: Array.isArray(error.parameters) ? error.parameters.length : undefined,
    stack: text(error.stack),
    driverError: inner(error.driverError),
    cause: inner(error.cause),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

/**
 * pino's `err` serializer: pino's own for most errors; for a database error, only what
 * `databaseError` keeps, so that no email address, token hash or other value a query carried
 * reaches a log line (the HTTP error log, the delivery worker, the shutdown).
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!isErrorLike(error)) return error;
  return isDatabaseError(error) ? databaseError(error, depth) : pino.stdSerializers.err(error as unknown as Error);
}

/** JSON lines for machines; pretty lines when a person watches a terminal. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    base: { service: 'memoir-server' },
  };
  if (destination !== undefined) return pino(options, destination);
  if (process.stdout.isTTY) {
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } },
    });
  }
  return pino(options);
}
