/** What differs between the two SQL engines at the level of raw SQL. */
export interface Dialect {
  readonly kind: 'sqlite' | 'mysql';
  /** A Date as a bound parameter: UTC text with milliseconds on SQLite, a Date for mysql2 (UTC session). */
  time(date: Date): string | Date;
  /** A Date read back from a raw query. */
  readTime(value: unknown): Date;
  /** Quotes an identifier. */
  id(name: string): string;
}

/** 'YYYY-MM-DD HH:MM:SS.SSS' in UTC: the format TypeORM writes to SQLite, which sorts as text. */
export function sqliteTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

export const SQLITE: Dialect = {
  kind: 'sqlite',
  time: sqliteTime,
  readTime: (value) => (value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`)),
  id: (name) => `"${name}"`,
};

export const MYSQL: Dialect = {
  kind: 'mysql',
  time: (date) => date,
  readTime: (value) => (value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`)),
  id: (name) => `\`${name}\``,
};

/** Lookups never run with an empty, undefined or null key: TypeORM reads those as "no condition". */
export function isKey(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
