import { expect } from '@jest/globals';
import { hasHiddenCharacters } from '@memoir/domain';
import type { TypeOrmPersistence } from '@memoir/persistence-typeorm';
import {
  ADMIN_NOTES_MAX_LENGTH,
  AUDIT_USER_AGENT_KEPT_LENGTH,
  GUESTBOOK_LIMITS,
  SCHOLARSHIP_LIMITS,
} from '@memoir/shared';

/**
 * After a fuzz on SQLite (which stores a text of any length): no stored row breaks a limit of
 * @memoir/shared or a column length of the schema, holds a lone surrogate, a control
 * character, a bidirectional control or another invisible character where writing does not
 * need one (docs/domain.md#text-fields), or an untrimmed or uncomposed (not NFC) value; and
 * the fuzz did reach the database.
 */
export async function expectStoredRowsWithinLimits(persistence: TypeOrmPersistence): Promise<void> {
  const { dataSource } = persistence;
  const problems: string[] = [];
  const unit = (value: string) => value.length;
  const characters = (value: string) => [...value].length;
  // eslint-disable-next-line no-control-regex
  const UNSTORABLE = /[\uD800-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;
  // Whatever else the text rules allow, never one of these.
  const BIDI_CONTROL = /\p{Bidi_Control}/u;
  let rows = 0;
  for (const metadata of dataSource.entityMetadatas) {
    const stored = (await dataSource.getRepository(metadata.target).find()) as Array<Record<string, unknown>>;
    rows += stored.length;
    for (const row of stored) {
      for (const column of metadata.columns) {
        const value = row[column.propertyName];
        if (typeof value !== 'string') continue;
        const length = Number(column.length);
        // MySQL counts characters (code points) against VARCHAR(n); the limits count UTF-16 units.
        if (column.length !== '' && characters(value) > length) {
          problems.push(`${metadata.tableName}.${column.databaseName}: ${characters(value)} > ${length}`);
        }
      }
    }
  }
  const limits: Array<[string, string, number, boolean]> = [
    ['guestbook_entries', 'name', GUESTBOOK_LIMITS.nameMaxLength, false],
    ['guestbook_entries', 'location', GUESTBOOK_LIMITS.locationMaxLength, false],
    ['guestbook_entries', 'message', GUESTBOOK_LIMITS.messageMaxLength, true],
    ['guestbook_entries', 'admin_notes', ADMIN_NOTES_MAX_LENGTH, true],
    ['scholarship_requests', 'name', SCHOLARSHIP_LIMITS.nameMaxLength, false],
    ['scholarship_requests', 'email', SCHOLARSHIP_LIMITS.emailMaxLength, false],
    ['scholarship_requests', 'message', SCHOLARSHIP_LIMITS.messageMaxLength, true],
    ['scholarship_requests', 'admin_notes', ADMIN_NOTES_MAX_LENGTH, true],
    ['audit_events', 'user_agent', AUDIT_USER_AGENT_KEPT_LENGTH, false],
  ];
  for (const [table, column, max, multiline] of limits) {
    const values = (await dataSource.query(
      `SELECT "${column}" AS v FROM "${table}" WHERE "${column}" IS NOT NULL`,
    )) as Array<{
      v: string;
    }>;
    for (const { v } of values) {
      if (unit(v) > max) problems.push(`${table}.${column}: ${unit(v)} units > ${max}`);
      if (table !== 'audit_events' && (v !== v.trim() || v === '')) problems.push(`${table}.${column}: untrimmed`);
      if (table !== 'audit_events' && UNSTORABLE.test(v))
        problems.push(`${table}.${column}: unstorable ${JSON.stringify(v)}`);
      if (table !== 'audit_events' && (BIDI_CONTROL.test(v) || hasHiddenCharacters(v)))
        problems.push(`${table}.${column}: hidden characters ${JSON.stringify(v)}`);
      if (table !== 'audit_events' && v !== v.normalize('NFC'))
        problems.push(`${table}.${column}: not composed (NFC) ${JSON.stringify(v)}`);
      if (!multiline && /[\r\n\u2028\u2029]/.test(v))
        problems.push(`${table}.${column}: a newline in a one-line field`);
    }
  }
  const submissions = (await dataSource.query(
    'SELECT (SELECT COUNT(*) FROM "guestbook_entries") + (SELECT COUNT(*) FROM "scholarship_requests") + (SELECT COUNT(*) FROM "crackme_claims") AS n',
  )) as Array<{ n: number }>;
  expect(problems.slice(0, 20)).toEqual([]);
  // The fuzz did reach the database: more than the 10 seeds were stored. Of the three forms
  // together: with a random seed, one form's fuzz alone sometimes passes no riddle or key.
  expect(Number(submissions[0]?.n)).toBeGreaterThan(10);
  expect(rows).toBeGreaterThan(0);
}
