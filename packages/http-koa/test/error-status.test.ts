import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';
import { DeliveryErrorCode, DOMAIN_ERROR_CODES } from '@memoir/domain';

import { STATUS_BY_CODE } from '../src';

const DOMAIN_SRC = join(__dirname, '..', '..', 'domain', 'src');
const CODE = /^[A-Z_]+\.[A-Z_]+$/;

/** Every code exported by a `<capability>/*.errors.ts` file of the domain, found by reading the folders. */
async function exportedErrorCodes(): Promise<string[]> {
  const files = readdirSync(DOMAIN_SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(DOMAIN_SRC, folder.name))
        .filter((name) => name.endsWith('.errors.ts'))
        .map((name) => join(DOMAIN_SRC, folder.name, name)),
    );
  const codes: string[] = [];
  for (const file of files) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value !== 'object' || value === null) continue;
      codes.push(...Object.values(value).filter((code): code is string => typeof code === 'string' && CODE.test(code)));
    }
  }
  return codes.sort();
}

describe('the status table of domain error codes', () => {
  it('has a status for every error code a domain *.errors.ts file exports', async () => {
    const codes = await exportedErrorCodes();
    expect(codes.length).toBeGreaterThan(10);
    const unmapped = codes.filter((code) => !Object.hasOwn(STATUS_BY_CODE, code));
    expect(unmapped).toEqual([]);
  });

  it('is typed by a union that holds every exported code, so the compiler refuses a missing row', async () => {
    expect([...DOMAIN_ERROR_CODES].sort()).toEqual(await exportedErrorCodes());
  });

  it('answers every expected failure with a 4xx status, but a copy that cannot be made now (503) or is being made (202)', () => {
    const unavailable: string[] = [DeliveryErrorCode.StamperBusy, DeliveryErrorCode.CopyFailed];
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) {
      if (code === DeliveryErrorCode.CopyInProgress) {
        expect(status).toBe(202);
        continue;
      }
      if (unavailable.includes(code)) {
        expect([code, status]).toEqual([code, 503]);
        continue;
      }
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });
});
