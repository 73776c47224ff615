import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mediaStoreContract } from '@memoir/domain/testing';
import S3rver from 's3rver';

import { parseS3Url, S3MediaStore } from './s3-media-store';

/*
 * The S3 media store against a local S3-compatible server this test starts itself (s3rver, an
 * npm package: files in a temporary folder), held to the same contract as the database's store.
 */

let server: S3rver;
let folder: string;
let url: string;
const stores: S3MediaStore[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'memoir-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: folder });
  const { port } = await server.run();
  url = `http://S3RVER:S3RVER@127.0.0.1:${port}/memoir-media/site-a`;
  const location = parseS3Url(url);
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: location.bucket }));
  client.destroy();
});

afterAll(async () => {
  for (const store of stores) store.close();
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('S3MediaStore (s3rver)', () => {
  let store: S3MediaStore;
  beforeAll(() => {
    store = new S3MediaStore(parseS3Url(url));
    stores.push(store);
  });
  mediaStoreContract(() => store);
});

describe('MEDIA_S3_URL', () => {
  it('names the endpoint, the bucket, a prefix, the keys and the region', () => {
    expect(parseS3Url('https://AK%2B1:s%2Fecret@s3.eu-west-1.amazonaws.com/my-bucket/books')).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'my-bucket',
      prefix: 'books/',
      region: 'eu-west-1',
      accessKeyId: 'AK+1',
      secretAccessKey: 's/ecret',
    });
    expect(parseS3Url('http://k:s@127.0.0.1:9000/media?region=auto').region).toBe('auto');
    expect(() => parseS3Url('https://k:s@s3.example.com/')).toThrow('names no bucket');
    expect(() => parseS3Url('https://s3.example.com/bucket')).toThrow('access key');
    expect(() => parseS3Url('ftp://k:s@host/bucket')).toThrow('https://');
  });
});
