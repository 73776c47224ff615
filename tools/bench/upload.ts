// The upload scenario (`pnpm bench --upload`): the owner uploads a 150 MB book while
// autocannon reads the public guestbook list. Measures the server's memory growth (RSS, sampled
// every 50 ms from before the upload to its answer) and the list's p99 during the upload, against
// the list quiet. The upload is streamed from disk, as a browser sends a file. See docs/media.md.
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
} from '@cantoo/pdf-lib';

import { GOALS } from './goals';
import {
  BENCH_ADMIN_PASSWORD,
  CONNECTIONS,
  withScratchDatabase,
  withServer,
  type Options,
  type Profile,
} from './harness';
import { ROOT, type ServerSettings } from './processes';
import { seedDatabase } from './seed';
import {
  listLoad,
  quietList,
  quietListRows,
  rssPeak,
  sleep,
  windowOf,
  type ListedScenario,
  type ListWindow,
} from './delivery';
import { row, type Row } from './report';

/** The book the scenario uploads: some 150 MB, as a book of photographs is. */
export const UPLOAD_BOOK_BYTES = 150 * 1024 * 1024;
/** A page's picture: 640 × 640 RGB pixels of noise, stored raw (about 1.2 MB, incompressible). */
const PICTURE_SIDE = 640;

/**
 * Writes a PDF of about `bytes` to `path`: pages of text, each with a picture of noise stored
 * uncompressed (so no encoder is run: the book is made in seconds). Returns its size and pages.
 */
export async function makeLargeBook(
  path: string,
  bytes = UPLOAD_BOOK_BYTES,
): Promise<{ bytes: number; pages: number }> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.TimesRoman);
  const pictureBytes = PICTURE_SIDE * PICTURE_SIDE * 3;
  const pages = Math.ceil(bytes / pictureBytes);
  let state = 12_345;
  for (let n = 0; n < pages; n += 1) {
    const pixels = new Uint8Array(pictureBytes);
    for (let i = 0; i < pixels.length; i += 4) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      pixels[i] = state >>> 24;
      pixels[i + 1] = state >>> 16;
      pixels[i + 2] = state >>> 8;
      pixels[i + 3] = state;
    }
    const picture = document.context.register(
      document.context.stream(pixels, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: PICTURE_SIDE,
        Height: PICTURE_SIDE,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const page = document.addPage([420, 595]);
    page.node.setXObject(PDFName.of('Picture'), picture);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(300, 0, 0, 300, 60, 60),
      drawObject('Picture'),
      popGraphicsState(),
    );
    page.drawText(`Plate ${n + 1}: the server room the night it went quiet.`, {
      x: 36,
      y: 540,
      size: 10,
      font,
      color: rgb(0.1, 0.1, 0.1),
    });
  }
  document.setTitle('Root Access (the photographs)');
  const saved = await document.save({ useObjectStreams: false });
  writeFileSync(path, saved);
  return { bytes: saved.length, pages };
}

/** Streams the file at `path` as the body of POST `/api/admin/media/book`; resolves to the status and answer. */
function uploadFile(url: string, path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}/api/admin/media/book`,
      {
        method: 'POST',
        agent: false,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/pdf',
          'Content-Length': String(statSync(path).size),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    sent.on('error', reject);
    createReadStream(path).pipe(sent);
  });
}

export interface UploadFigures {
  readonly bookBytes: number;
  readonly pages: number;
  readonly connections: number;
  readonly quiet: ListWindow;
  readonly during: ListWindow;
  readonly uploadSeconds: number;
  readonly status: number;
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
}

/**
 * On a server already serving: a small book uploaded first (the staging folder, the planner's
 * first start), the list quiet for `seconds`, then the list while the large book is uploaded.
 */
export async function measureUpload(
  options: ListedScenario & {
    readonly token: string;
    readonly bookPath: string;
    readonly book: { readonly bytes: number; readonly pages: number };
    readonly warmingBookPath: string;
  },
): Promise<UploadFigures> {
  const { url, pid, token, log, connections } = options;
  const listPath = '/api/guestbook-entries?limit=5';
  const warming = await uploadFile(url, options.warmingBookPath, token);
  if (warming.status !== 201) throw new Error(`the warming upload answered ${warming.status}: ${warming.body}`);
  await listLoad(url, listPath, connections, sleep(options.warmupSeconds * 1000));
  const quiet = await quietList(options, listPath);
  const rss = rssPeak(pid);
  const rssBeforeMb = rss.beforeMb;
  let [uploadStart, uploadEnd] = [0, 0];
  const upload = (async () => {
    await sleep(500); // the list's load is under way first
    uploadStart = performance.now();
    const answer = await uploadFile(url, options.bookPath, token);
    uploadEnd = performance.now();
    return answer;
  })();
  const samples = await listLoad(url, listPath, connections, upload);
  const rssPeakMb = rss.peak();
  const answer = await upload;
  if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const during = windowOf(samples, uploadStart, uploadEnd);
  log(
    `  upload of ${(options.book.bytes / 1e6).toFixed(0)} MB: ${((uploadEnd - uploadStart) / 1000).toFixed(1)} s, ${answer.status}; ` +
      `list meanwhile ${Math.round(during.requestsPerSecond)} req/s, p99 ${during.p99?.toFixed(1)} ms; ` +
      `RSS ${rssBeforeMb.toFixed(0)} → ${rssPeakMb.toFixed(0)} MB`,
  );
  return {
    bookBytes: options.book.bytes,
    pages: options.book.pages,
    connections,
    quiet,
    during,
    uploadSeconds: (uploadEnd - uploadStart) / 1000,
    status: answer.status,
    rssBeforeMb,
    rssPeakMb,
  };
}

export function uploadRows(figures: UploadFigures): Row[] {
  const list = `upload: GET /api/guestbook-entries?limit=5 (${figures.connections} conn.)`;
  const book = `a ${(figures.bookBytes / 1e6).toFixed(0)} MB book of ${figures.pages} pages`;
  return [
    ...quietListRows(list, figures.quiet),
    row({
      scenario: `${list}, during the upload of ${book}`,
      figure: 'p99 latency',
      value: figures.during.p99,
      unit: 'ms',
      goal: GOALS.uploadListP99,
      note: `${figures.during.responses} answers in ${figures.during.seconds.toFixed(1)} s`,
    }),
    row({
      scenario: `upload: ${book}, POST /api/admin/media/book`,
      figure: 'upload, checked and stored',
      value: figures.uploadSeconds * 1000,
      unit: 'ms',
      goal: null,
      note: `answered ${figures.status}: streamed to disk, planned in a process of its own, stored in 512 KiB chunks`,
    }),
    row({
      scenario: `upload: ${book}, POST /api/admin/media/book`,
      figure: 'server memory growth (RSS)',
      value: figures.rssPeakMb - figures.rssBeforeMb,
      unit: 'MB',
      goal: GOALS.uploadMemory,
      note: `${figures.rssBeforeMb.toFixed(0)} → ${figures.rssPeakMb.toFixed(0)} MB`,
    }),
  ];
}

/**
 * `--upload`: a server on a seeded database of its own, the large book made in a temporary
 * folder, signed in as the owner, then `measureUpload`.
 */
export async function measureUploadScenario(
  options: Options,
  profile: Profile,
  log: (line: string) => void,
): Promise<UploadFigures> {
  const bookDir = mkdtempSync(join(tmpdir(), 'memoir-bench-upload-'));
  try {
    const bookPath = join(bookDir, 'photographs.pdf');
    const started = Date.now();
    const book = await makeLargeBook(bookPath);
    log(`upload: a ${book.pages}-page book of ${(book.bytes / 1e6).toFixed(0)} MB made in ${Date.now() - started} ms`);
    return await withScratchDatabase(options, 'memoir-bench-upload-', async (dataDir, database) => {
      await seedDatabase(database.url);
      const settings: ServerSettings = { dataDir, databaseUrl: database.url, adminPassword: BENCH_ADMIN_PASSWORD };
      return withServer(settings, async (server) => {
        const login = await fetch(`${server.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
        });
        const { sessionToken } = (await login.json()) as { sessionToken: string };
        return measureUpload({
          url: server.url,
          pid: server.pid,
          token: sessionToken,
          bookPath,
          book,
          warmingBookPath: join(ROOT, 'apps', 'server', 'assets', 'sample-book.pdf'),
          seconds: profile.seconds,
          warmupSeconds: profile.warmupSeconds,
          connections: CONNECTIONS.public,
          log,
        });
      });
    });
  } finally {
    rmSync(bookDir, { recursive: true, force: true });
  }
}
