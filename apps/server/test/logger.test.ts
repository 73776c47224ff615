import { describe, expect, it } from '@jest/globals';

import { createLogger, redactQuotedValues, serializeError } from '../src/logger';

describe('the err serializer', () => {
  it('blanks the values a database quotes in its messages, and keeps the names of keys, columns and tables', () => {
    const cases: Array<[string, string]> = [
      ["Duplicate entry 'ada@example.org' for key 'uq_email'", "Duplicate entry '[redacted]' for key 'uq_email'"],
      [
        "Incorrect string value: '\\xF0\\x9F\\x98\\x80' for column 'name' at row 1",
        "Incorrect string value: '[redacted]' for column 'name' at row 1",
      ],
      ["Duplicate entry 'O\\'Neil''s' for key 'PRIMARY'", "Duplicate entry '[redacted]' for key 'PRIMARY'"],
      ["Table 'memoir.deliveries' doesn't exist", "Table 'memoir.deliveries' doesn't exist"],
      ['UNIQUE constraint failed: admin_sessions.token_hash', 'UNIQUE constraint failed: admin_sessions.token_hash'],
    ];
    for (const [message, expected] of cases) expect(redactQuotedValues(message)).toBe(expected);
  });

  it('keeps of a mysql2 error, even wrapped, its code and statement shape, and drops `sql`, `parameters` and any other field', () => {
    const driverError = Object.assign(new Error("Duplicate entry 'f3f3f3' for key 'uq_admin_sessions_token_hash'"), {
      code: 'ER_DUP_ENTRY',
      errno: 1062,
      sqlState: '23000',
      sqlMessage: "Duplicate entry 'f3f3f3' for key 'uq_admin_sessions_token_hash'",
      sql: "INSERT INTO `admin_sessions` VALUES ('id-1', 'f3f3f3', '203.0.113.9')",
    });
    // As TypeORM builds one: the driver's fields copied onto it.
    const { code, errno, sqlState, sqlMessage, sql } = driverError;
    const failed = Object.assign(new Error(driverError.message), {
      code,
      errno,
      sqlState,
      sqlMessage,
      name: 'QueryFailedError',
      query: "INSERT INTO `admin_sessions` VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE `note` = 'kept out'",
      parameters: ['id-1', 'f3f3f3', '203.0.113.9'],
      driverError,
      sql,
      userAgent: 'Mozilla/5.0 (secret)',
    });
    const wrapped = new Error('the delivery run failed', { cause: failed });
    const lines: string[] = [];
    createLogger('info', { write: (line: string) => void lines.push(line) }).warn({ err: wrapped }, 'failed');
    const log = lines.join('');
    for (const value of ['f3f3f3', 'id-1', '203.0.113.9', 'kept out', 'secret']) expect(log).not.toContain(value);
    const { err } = JSON.parse(log) as { err: { cause: Record<string, unknown> } };
    expect(err.cause).toMatchObject({
      code: 'ER_DUP_ENTRY',
      errno: 1062,
      sqlState: '23000',
      query: "INSERT INTO `admin_sessions` VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE `note` = '[redacted]'",
      parameterCount: 3,
      driverError: expect.objectContaining({ code: 'ER_DUP_ENTRY' }),
    });
    expect(Object.keys(err.cause)).not.toEqual(expect.arrayContaining(['sql']));
  });

  it('leaves any other error as pino shows it', () => {
    const error = Object.assign(new TypeError("Cannot read properties of undefined (reading 'id')"), { status: 500 });
    expect(serializeError(error)).toMatchObject({
      type: 'TypeError',
      message: "Cannot read properties of undefined (reading 'id')",
      status: 500,
    });
  });
});
