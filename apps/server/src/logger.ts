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

/** JSON lines for machines; pretty lines when a person watches a terminal. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
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
