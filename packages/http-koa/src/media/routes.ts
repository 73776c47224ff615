import { Router, type RouterContext } from '@koa/router';
import { IMAGE_MAX_BYTES, MEDIA_KINDS, MEDIA_MESSAGES, type MediaKind } from '@memoir/shared';
import busboy, { type BusboyHeaders } from '@fastify/busboy';
import type { Context } from 'koa';

import { actor, orFail } from '../api/calls';
import { adminOf } from '../api/route-spec';
import { requireAdmin } from '../api/api-router';
import type { HttpAppOptions, MediaOptions } from '../deps';
import { HttpError } from '../http-error';
import { presentMedia } from './present';
import { stageUpload, type StagedUpload } from './staging';

/** The owner's uploads: `POST /api/admin/media/{kind}`, and the owner's test copy of the book. */
export const MEDIA_UPLOAD_PATH = '/api/admin/media';
export const BOOK_TEST_COPY_PATH = '/api/admin/media/book/test-copy';
/** Where the uploaded images are served, each under a name of its content. */
export const PUBLIC_MEDIA_PATH = '/media';

/** The admin calls that take or give a file, outside API_ROUTES (documented in openapi/other-paths.ts). */
export const MEDIA_FILE_CALLS = [`POST ${MEDIA_UPLOAD_PATH}/:kind`, `POST ${BOOK_TEST_COPY_PATH}`] as const;

/** An upload's path: the one request body that is a file, not JSON. */
export const isMediaUpload = (ctx: { readonly method: string; readonly path: string }): boolean =>
  ctx.method === 'POST' && /^\/api\/admin\/media\/[^/]+\/?$/i.test(ctx.path) && !/\/test-copy\/?$/i.test(ctx.path);

/** A stored image variant's public name: its SHA-256 and its format's extension (never the book's PDF). */
const PUBLIC_FILE = /^[0-9a-f]{64}\.(jpg|webp|avif|png)$/;
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
};

const refuse = (status: number, error: string) => new HttpError(status, { success: false, error });
const isKind = (kind: string): kind is MediaKind => (MEDIA_KINDS as readonly string[]).includes(kind);

/** The multipart form's fields: the file staged as it streams, the alt text beside it. */
async function stageMultipart(
  ctx: Context,
  dir: string,
  limit: number,
): Promise<{ file: StagedUpload | null; alt: string | null }> {
  const parser = busboy({
    headers: ctx.req.headers as BusboyHeaders,
    limits: { files: 1, fields: 4, fieldSize: 4096, parts: 8 },
  });
  let alt: string | null = null;
  let staging: Promise<StagedUpload> | null = null;
  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => {
      if (name === 'alt') alt = String(value);
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || staging !== null) {
        stream.resume();
        return;
      }
      staging = stageUpload(stream, dir, limit);
      staging.catch(reject);
    });
    parser.on('finish', resolve);
    parser.on('error', reject);
  });
  ctx.req.pipe(parser);
  try {
    await done;
  } catch {
    const staged = await (staging as Promise<StagedUpload> | null)?.catch(() => null);
    await staged?.remove();
    throw refuse(400, 'The form could not be read: send multipart/form-data with the fields "alt" and "file".');
  }
  return { file: staging === null ? null : await staging, alt };
}

/** The upload as it came: a multipart form, or the file itself as the body (its alt text in `?alt=`). */
async function stage(ctx: Context, media: MediaOptions, limit: number) {
  if (ctx.is('multipart/form-data') !== false && ctx.is('multipart/form-data') !== null) {
    return stageMultipart(ctx, media.stagingDir, limit);
  }
  const alt = typeof ctx.query.alt === 'string' ? ctx.query.alt : null;
  return { file: await stageUpload(ctx.req, media.stagingDir, limit), alt };
}

async function upload(ctx: RouterContext, options: HttpAppOptions, media: MediaOptions): Promise<void> {
  const kind = String(ctx.params.kind).toLowerCase();
  if (!isKind(kind)) throw refuse(404, MEDIA_MESSAGES.unknownKind);
  const limit = kind === 'book' ? media.bookMaxBytes : IMAGE_MAX_BYTES;
  const declared = Number(ctx.get('content-length') || '0');
  // A body far past the limit (a form adds a few hundred bytes) is refused before it is read.
  if (declared > limit + 64 * 1024) {
    ctx.set('Connection', 'close');
    throw refuse(
      413,
      kind === 'book' ? MEDIA_MESSAGES.bookTooLarge(Math.round(limit / 1048576)) : MEDIA_MESSAGES.imageTooLarge(20),
    );
  }
  const { file, alt } = await stage(ctx, media, limit);
  if (file === null) throw refuse(400, MEDIA_MESSAGES.noFile);
  try {
    const uploaded = orFail(await options.useCases.uploadMedia.execute({ kind, file, alt }, actor(ctx)));
    await media.afterUpload?.({ kind, fileId: uploaded.fileId, path: file.localPath }).catch((error: unknown) => {
      options.logger.warn({ err: error }, 'media: the new upload will be used at the next check');
    });
    ctx.status = 201;
    ctx.body = { media: presentMedia({ ...uploaded, uploadedBy: adminOf(ctx).user.username }) };
  } finally {
    await file.remove();
  }
}

/**
 * The media routes: uploads and the book's test copy behind the admin session (the bearer
 * token, as every admin call), and the public images by their content's name, cached for a year.
 */
export function mediaRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const { media } = options;
  if (media === undefined) return router;
  const admin = requireAdmin(options);
  router.post(BOOK_TEST_COPY_PATH, admin, async (ctx) => {
    const { user } = adminOf(ctx);
    const pdf = await media.testCopy({ name: user.username, email: `${user.username}@test-copy.invalid` });
    ctx.set('Content-Type', 'application/pdf');
    ctx.attachment('test-copy.pdf');
    ctx.body = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  });
  router.post(`${MEDIA_UPLOAD_PATH}/:kind`, admin, (ctx) => upload(ctx, options, media));
  router.get(`${PUBLIC_MEDIA_PATH}/:file`, async (ctx) => {
    const name = String(ctx.params.file);
    const match = PUBLIC_FILE.exec(name);
    const size = match === null ? null : await media.store.size(name);
    if (match === null || size === null) throw refuse(404, 'No such image.');
    const etag = `"${name.slice(0, 64)}"`;
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', etag);
    if (ctx.get('if-none-match') === etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = CONTENT_TYPES[match[1] ?? ''] ?? 'application/octet-stream';
    ctx.length = size;
    ctx.body = (await import('node:stream')).Readable.from(media.store.read(name));
  });
  return router;
}
