import { randomUUID } from 'node:crypto';

import type { IdGenerator } from '@memoir/domain';

/** Version 4 UUIDs from the OS's CSPRNG: unguessable, so ids leak nothing about volume. */
export class RandomUuidGenerator implements IdGenerator {
  next(): string {
    return randomUUID();
  }
}
