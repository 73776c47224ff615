import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { FakeImageProcessor } from '@memoir/domain/testing';
import S3rver from 's3rver';
import request from 'supertest';

import { MEDIA_APART_NOTE } from '../src/data-commands';
import { useTestApps } from './support/test-app';

/*
 * MEDIA_S3_URL set: the uploads go to the bucket (a local S3-compatible server, s3rver, which
 * this test starts itself), nothing of them to the database, and every process reads them there.
 */

let server: S3rver;
let folder: string;
let mediaUrl: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'memoir-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: folder });
  const { port } = await server.run();
  mediaUrl = `http://S3RVER:S3RVER@127.0.0.1:${port}/memoir-media`;
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'memoir-media' }));
  client.destroy();
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const start = useTestApps(() => ({
  env: { MEDIA_S3_URL: mediaUrl },
  overrides: { imageProcessor: new FakeImageProcessor() },
}));

describe('media in an S3-compatible bucket', () => {
  it('stores an upload in the bucket, not the database, and serves it from there', async () => {
    const app = await start();
    const token = await app.signIn();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from('s3 cover')]);
    const answer = await request(app.handler)
      .post('/api/admin/media/cover?alt=The%20cover')
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'image/png')
      .send(png);
    expect(answer.status).toBe(201);
    const served = await request(app.handler).get(answer.body.media.url as string);
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const [{ n }] = (await app.persistence.dataSource.query('SELECT COUNT(*) AS n FROM media_chunks')) as [
      { n: number },
    ];
    expect(Number(n)).toBe(0);
    // Another process on the same settings reads the same bucket.
    const other = await start();
    expect((await request(other.handler).get(answer.body.media.url as string)).status).toBe(200);
    expect(MEDIA_APART_NOTE).toContain('back the bucket up apart');
  });
});
