import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CURRENT_MEDIA_TTL_MS } from '@memoir/domain';
import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { startServerProcess, type ServerProcess } from './support/server-process';
import { OWNER_PASSWORD } from './support/test-app';

/*
 * Two server processes on one MariaDB, each with a data folder of its own (docs/media.md): a book
 * uploaded through one is what the other stamps copies from, without a copy step, whether the
 * other was running then (within CURRENT_MEDIA_TTL_MS) or started after.
 */

const SAMPLE_BOOK = readFileSync(join(__dirname, '..', 'assets', 'sample-book.pdf'));
const edition = (name: string) => Buffer.concat([SAMPLE_BOOK, Buffer.from(`% ${name}\n`)]);

async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'owner', password: OWNER_PASSWORD }),
  });
  return ((await answer.json()) as { sessionToken: string }).sessionToken;
}

async function upload(base: string, token: string, book: Buffer): Promise<number> {
  const answer = await fetch(`${base}/api/admin/media/book`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/pdf' },
    body: book,
  });
  return answer.status;
}

/** The owner's test copy through `base`: the bytes of the book new downloads get, then the stamp. */
async function testCopy(base: string, token: string): Promise<Buffer> {
  const answer = await fetch(`${base}/api/admin/media/book/test-copy`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

const copyOf = (copy: Buffer, book: Buffer) => copy.length > book.length && copy.subarray(0, book.length).equals(book);

describe('two server processes on one MariaDB', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const servers: ServerProcess[] = [];
  const env = () => ({ DATABASE_URL: database.url, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: OWNER_PASSWORD });

  beforeAll(async () => {
    database = await createScratchDatabase();
    servers.push(await startServerProcess({ env: env() }));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.drop();
  });

  it('serves an upload through one from the other, started after or running', async () => {
    const [first] = servers as [ServerProcess];
    const token = await signIn(first.url);
    const one = edition('the first edition');
    expect(await upload(first.url, token, one)).toBe(201);

    // Started after the upload: its first copy is of the uploaded book.
    const second = await startServerProcess({ env: env() });
    servers.push(second);
    expect(copyOf(await testCopy(second.url, token), one)).toBe(true);
    const listed = (await (
      await fetch(`${second.url}/api/admin/media`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { media: { bytes: number; pages: number }[] };
    expect(listed.media).toEqual([expect.objectContaining({ bytes: one.length, pages: 3 })]);

    // Running meanwhile: a new edition through the first is the second's within the media's check.
    const two = edition('the corrected edition');
    expect(await upload(first.url, token, two)).toBe(201);
    expect(copyOf(await testCopy(first.url, token), two)).toBe(true);
    const deadline = Date.now() + CURRENT_MEDIA_TTL_MS + 2000;
    let copy = await testCopy(second.url, token);
    while (!copyOf(copy, two) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      copy = await testCopy(second.url, token);
    }
    expect(copyOf(copy, two)).toBe(true);
  }, 60_000);
});
