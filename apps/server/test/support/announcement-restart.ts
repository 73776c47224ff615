import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { aReader } from '@memoir/domain/testing';
import { createTypeOrmPersistence } from '@memoir/persistence-typeorm';

import type { ServerProcess } from './server-process';

// An announcement sent by a real server process that is killed midway: what the process test
// (apps/server/test/announcement-restart.test.ts) and the browser test
// (apps/admin/e2e/announcement-restart.browser.test.ts) share. Without SMTP_URL the server
// writes each mail as an .eml file in its data folder's outbox: the files are the mails sent.

/** The .eml files in the data folder's outbox so far (none before the first is written). */
export function mailsIn(dataDir: string): string[] {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
}

/** The address each mail in the outbox went to, one entry a mail, sorted. */
export const recipientsIn = (dataDir: string): string[] =>
  mailsIn(dataDir)
    .map((name) => /^To: (.+)$/m.exec(readFileSync(join(dataDir, 'outbox', name), 'utf8'))?.[1]?.trim() ?? '')
    .sort();

/** Polls `check` until it gives a value; fails with `what` once `timeoutMs` pass. */
export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `count` confirmed readers, reader0@example.org onwards, written into the database; their addresses. */
export async function seedConfirmedReaders(databaseUrl: string, count: number): Promise<string[]> {
  const persistence = await createTypeOrmPersistence({ databaseUrl });
  const addresses = Array.from({ length: count }, (_, n) => `reader${n}@example.org`);
  try {
    for (const email of addresses) {
      await persistence.repositories.readers.addIfNew(aReader({ email, status: 'confirmed', confirmedAt: new Date() }));
    }
  } finally {
    await persistence.close();
  }
  return addresses;
}

/**
 * Kills the server (SIGKILL, nothing handed back) once `atLeast` mails are out and the count
 * has stood still for a while: between two bursts of the rate nothing is in hand, so the kill
 * lands midway through the send rather than inside one mail. The number of mails at the kill.
 */
export async function killBetweenBursts(server: ServerProcess, atLeast: number): Promise<number> {
  await until(
    `${atLeast} mails, and a pause`,
    async () => {
      const before = mailsIn(server.dataDir).length;
      if (before < atLeast) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 150));
      return mailsIn(server.dataDir).length === before ? before : undefined;
    },
    20_000,
  );
  server.kill();
  await server.exited();
  return mailsIn(server.dataDir).length;
}
