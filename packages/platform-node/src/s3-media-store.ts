import { Readable } from 'node:stream';

import type * as ClientS3 from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import { rangeToRead, type ByteRange, type MediaStore } from '@memoir/domain';

/** Where MEDIA_S3_URL points: the endpoint, the bucket, a key prefix, the credentials and region. */
export interface S3Location {
  readonly endpoint: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/**
 * Reads MEDIA_S3_URL: `https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[/prefix][?region=…]`, the
 * bucket addressed by path (every S3-compatible store takes it: MinIO, Ceph, R2, B2, Amazon's
 * own at `s3.<region>.amazonaws.com`). Throws with what is wrong.
 */
export function parseS3Url(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('must be a URL like https://ACCESS_KEY:SECRET_KEY@s3.example.com/bucket');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('must start with https:// (or http://)');
  const [bucket, ...prefix] = url.pathname.split('/').filter((part) => part !== '');
  if (bucket === undefined) throw new Error('names no bucket: add it as the path, https://…/bucket');
  if (url.username === '' || url.password === '')
    throw new Error('needs the access key and secret as ACCESS_KEY:SECRET_KEY@');
  const region =
    url.searchParams.get('region') ?? /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(url.hostname)?.[1] ?? 'us-east-1';
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: prefix.length === 0 ? '' : `${prefix.join('/')}/`,
    region,
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** A part of a multipart upload: S3's smallest but the last is 5 MiB. One is sent at a time. */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** The SDK, loaded with the store's first call: some 50 ms and many MB a server without MEDIA_S3_URL never needs. */
interface S3Sdk {
  readonly s3: typeof ClientS3;
  readonly Upload: typeof Upload;
  readonly client: ClientS3.S3Client;
}

const isMissing = ({ s3 }: S3Sdk, error: unknown): boolean =>
  error instanceof s3.S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * The uploads' bytes in an S3-compatible bucket (MEDIA_S3_URL), which every server process
 * reads. A file is written as a multipart upload of S3_PART_BYTES parts sent one at a time
 * (`@aws-sdk/lib-storage`), so a 200 MB book holds some 16 MB in memory; S3 shows an object
 * only once its upload completes. Ranges are read with the Range header.
 */
export class S3MediaStore implements MediaStore {
  readonly where = 'object-store';
  private loaded: Promise<S3Sdk> | null = null;

  constructor(private readonly location: S3Location) {}

  private sdk(): Promise<S3Sdk> {
    const { location } = this;
    this.loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([s3, storage]) => ({
        s3,
        Upload: storage.Upload,
        client: new s3.S3Client({
          endpoint: location.endpoint,
          region: location.region,
          forcePathStyle: true,
          credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
        }),
      }),
    );
    return this.loaded;
  }

  private key(id: string): string {
    return `${this.location.prefix}${id}`;
  }

  async write(id: string, content: AsyncIterable<Uint8Array>): Promise<number> {
    let bytes = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const part of content) {
          bytes += part.byteLength;
          yield part;
        }
      })(),
    );
    const { Upload, client } = await this.sdk();
    const upload = new Upload({
      client,
      params: { Bucket: this.location.bucket, Key: this.key(id), Body: counted },
      partSize: S3_PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
    return bytes;
  }

  async size(id: string): Promise<number | null> {
    const sdk = await this.sdk();
    try {
      const head = await sdk.client.send(
        new sdk.s3.HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(id) }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      throw error;
    }
  }

  async *read(id: string, range?: ByteRange): AsyncIterable<Uint8Array> {
    const wanted = await rangeToRead(this, id, range);
    if (wanted === null) return;
    const { start, end } = wanted;
    const { s3, client } = await this.sdk();
    const answer = await client.send(
      new s3.GetObjectCommand({
        Bucket: this.location.bucket,
        Key: this.key(id),
        ...(range === undefined ? {} : { Range: `bytes=${start}-${end}` }),
      }),
    );
    // A store that ignores the range (some answer `bytes=0-0` with the whole object) sends it all: skip and cut.
    let skip = answer.ContentRange === undefined ? start : 0;
    let left = end - start + 1;
    for await (const part of answer.Body as AsyncIterable<Uint8Array>) {
      const from = Math.min(skip, part.byteLength);
      skip -= from;
      const piece = part.subarray(from, from + left);
      left -= piece.byteLength;
      if (piece.byteLength > 0) yield piece;
      if (left <= 0) break;
    }
  }

  async delete(id: string): Promise<void> {
    const { s3, client } = await this.sdk();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(id) }));
  }

  /** Ends the client's connections (none were opened if the store was never used). */
  close(): void {
    void this.loaded?.then(({ client }) => client.destroy()).catch(() => undefined);
  }
}
