import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';

import { isDatabaseUnavailable } from '../src';

describe('isDatabaseUnavailable', () => {
  it('recognises an unreachable server, a saturated or closed pool, and a locked SQLite file', () => {
    const wrapped = (driverError: object) => new QueryFailedError('SELECT 1', [], driverError as Error);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Queue limit reached.'))).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('outer', { cause: Object.assign(new Error('inner'), { code: 'ETIMEDOUT' }) })),
    ).toBe(true);
  });

  it('does not excuse bugs or bad SQL', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    const syntax = new QueryFailedError(
      'SELEC 1',
      [],
      Object.assign(new Error('syntax error'), { code: 'ER_PARSE_ERROR' }),
    );
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
