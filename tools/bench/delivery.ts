// The delivery scenario: a generated 320-page book of about 6 MB, 40 readers each
// doing their first download at once (the landing page's button, then the copy), while
// autocannon reads the public guestbook list. Measures the list's p99 and throughput quiet and
// during the downloads, the server's memory growth (RSS) from a server that has made one copy
// already, and the first byte of a repeated download. See docs/performance.md.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import autocannon from 'autocannon';

import { browserDownload } from './reader';
import { percentile, row, type Row } from './report';

export const DELIVERY_READERS = 40;
/**
 * One more reader downloads alone first: the server makes its stamping thread and loads the
 * book and its fonts for the first copy (it builds them when first wanted, not at start), so
 * the growth measured after is what serving many copies at once costs.
 */
export const WARMING_READERS = 1;
export const BIG_BOOK_PAGES = 320;

/** CRC-32 of a PNG chunk's type and data. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of noise (incompressible, like a scanned page's photo), `size` pixels square, from a seed. */
function noisePng(size: number, seed: number): Buffer {
  let state = Math.imul(seed, 2_654_435_761) + 1;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let i = 1; i < row.length; i += 1) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      row[i] = state >>> 24;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Writes a book like a real one to `path`: `pages` pages of text, each with a picture of its
 * own (noise, so that it does not compress), about 19 KB a page: 320 pages make some 6 MB.
 */
export async function makeBigBook(path: string, pages = BIG_BOOK_PAGES): Promise<number> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.TimesRoman);
  const line = 'The founder remembered the night the servers went quiet, and what it taught the team about trust.';
  for (let n = 0; n < pages; n += 1) {
    const page = document.addPage([420, 595]);
    for (let y = 0; y < 20; y += 1) {
      page.drawText(`${n + 1}.${y + 1} ${line}`.slice(0, 90), {
        x: 36,
        y: 540 - y * 14,
        size: 9,
        font,
        color: rgb(0.1, 0.1, 0.1),
      });
    }
    const image = await document.embedPng(noisePng(77, n + 1));
    page.drawImage(image, { x: 36, y: 60, width: 160, height: 160 });
  }
  document.setTitle('Root Access (benchmark edition)');
  const bytes = await document.save();
  writeFileSync(path, bytes);
  return bytes.length;
}

/** The resident memory of a process, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

interface HttpAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly bytes: number;
  /** Milliseconds from sending to the first byte of the body (or the end, without one). */
  readonly firstByteMs: number;
}

/** One request; the body is read and counted, not kept. */
function send(url: string, method: 'GET' | 'POST'): Promise<HttpAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, agent: false }, (response) => {
      let bytes = 0;
      let firstByteMs: number | null = null;
      response.on('data', (chunk: Buffer) => {
        firstByteMs ??= performance.now() - started;
        bytes += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bytes,
          firstByteMs: firstByteMs ?? performance.now() - started,
        }),
      );
    });
    sent.on('error', (error: Error) => reject(new Error(`${method} ${url}: ${error.message}`, { cause: error })));
    sent.end();
  });
}

/** The download links of the approval emails in the outbox folder (`.eml` files, quoted-printable). */
export function outboxLinks(outboxDir: string): string[] {
  const links = new Set<string>();
  for (const name of readdirSync(outboxDir)) {
    if (!name.endsWith('.eml')) continue;
    const text = readFileSync(join(outboxDir, name), 'utf8').replace(/=\r?\n/g, '');
    const match = /\/download\/[A-Za-z0-9_-]{43}/.exec(text);
    if (match !== null) links.add(match[0]);
  }
  return [...links];
}

export interface ListWindow {
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly p50: number | null;
  readonly p99: number | null;
  readonly responses: number;
}

/** autocannon on the list until `until` settles, its 2xx responses timed and kept with when they came. */
export async function listLoad(
  url: string,
  path: string,
  connections: number,
  until: Promise<unknown>,
): Promise<Array<{ at: number; ms: number }>> {
  const samples: Array<{ at: number; ms: number }> = [];
  const instance = autocannon({ url, connections, duration: 600, timeout: 10, requests: [{ method: 'GET', path }] });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode >= 200 && statusCode < 300) samples.push({ at: performance.now(), ms: responseTime });
  });
  const done = new Promise<void>((resolve) => instance.on('done', () => resolve()));
  await until.catch(() => undefined);
  instance.stop();
  await done;
  return samples;
}

export function windowOf(samples: ReadonlyArray<{ at: number; ms: number }>, from: number, to: number): ListWindow {
  const inside = samples.filter((sample) => sample.at >= from && sample.at <= to).map((sample) => sample.ms);
  const seconds = (to - from) / 1000;
  return {
    seconds,
    requestsPerSecond: inside.length / seconds,
    p50: percentile(inside, 50),
    p99: percentile(inside, 99),
    responses: inside.length,
  };
}

/** The list's rows while quiet: the reference its figures during the downloads are read against. */
export function quietListRows(list: string, quiet: ListWindow): Row[] {
  return [
    row({ scenario: `${list}, quiet`, figure: 'requests/s', value: quiet.requestsPerSecond, unit: '', goal: null }),
    row({ scenario: `${list}, quiet`, figure: 'p99 latency', value: quiet.p99, unit: 'ms', goal: null }),
  ];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The list read quietly for the scenario's `seconds`, logged: what its figures during the work are read against. */
export async function quietList(options: ListedScenario, path: string): Promise<ListWindow> {
  const started = performance.now();
  const samples = await listLoad(options.url, path, options.connections, sleep(options.seconds * 1000));
  const quiet = windowOf(samples, started, performance.now());
  options.log(`  list, quiet: ${Math.round(quiet.requestsPerSecond)} req/s, p99 ${quiet.p99?.toFixed(1)} ms`);
  return quiet;
}

/** The process's RSS from now, sampled every 50 ms: `peak()` stops and gives the highest. */
export function rssPeak(pid: number): { readonly beforeMb: number; peak(): number } {
  const beforeMb = rssMb(pid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 50);
  return {
    beforeMb,
    peak: () => {
      clearInterval(sampler);
      return Math.max(peakMb, rssMb(pid));
    },
  };
}

export interface DeliveryFigures {
  readonly bookBytes: number;
  readonly readers: number;
  readonly connections: number;
  readonly quiet: ListWindow;
  readonly during: ListWindow;
  /** From the first button press to the last copy's last byte. */
  readonly downloadsSeconds: number;
  readonly busyAnswers: number;
  readonly copyBytes: number;
  /** The server before the scenario made any copy: serving, the approval emails sent. */
  readonly rssIdleMb: number;
  /** The baseline of the growth: after one copy made and downloaded alone, and the quiet list. */
  readonly rssBeforeMb: number;
  readonly rssPeakMb: number;
  /** A second download of a kept copy: the button, the redirect and the copy's first byte. */
  readonly repeatFirstByteMs: number[];
}

/**
 * Runs the scenario on a server already serving `warmingLinks` and `links` (approval emails
 * sent, nothing downloaded): the warming readers' downloads one at a time, the list quiet for
 * `seconds`, then the list while every reader of `links` downloads at once, then repeated
 * downloads.
 */
/** What a scenario that reads the list beside a server's work is given: the server, and the load's timing. */
export interface ListedScenario {
  readonly url: string;
  readonly pid: number;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  readonly log: (line: string) => void;
}

export async function measureDelivery(
  options: ListedScenario & {
    readonly warmingLinks: readonly string[];
    readonly links: readonly string[];
    readonly bookBytes: number;
  },
): Promise<DeliveryFigures> {
  const { url, pid, links, log, connections } = options;
  const listPath = '/api/guestbook-entries?limit=5';
  const rssIdleMb = rssMb(pid);
  const warmingStart = performance.now();
  for (const link of options.warmingLinks) await browserDownload(url, link, 500);
  log(
    `  ${options.warmingLinks.length} first download alone (the stamping thread starts): ` +
      `${((performance.now() - warmingStart) / 1000).toFixed(1)} s; RSS ${rssIdleMb.toFixed(0)} → ${rssMb(pid).toFixed(0)} MB`,
  );
  await listLoad(url, listPath, connections, sleep(options.warmupSeconds * 1000));

  const quiet = await quietList(options, listPath);
  const rss = rssPeak(pid);
  const rssBeforeMb = rss.beforeMb;
  let downloadsStart = 0;
  let downloadsEnd = 0;
  const downloads = (async () => {
    await sleep(500); // the list's load is under way first
    downloadsStart = performance.now();
    const results = await Promise.all(links.map((link) => browserDownload(url, link, 500)));
    downloadsEnd = performance.now();
    return results;
  })();
  const duringSamples = await listLoad(url, listPath, connections, downloads);
  const rssPeakMb = rss.peak();
  const results = await downloads;
  const during = windowOf(duringSamples, downloadsStart, downloadsEnd);
  const busyAnswers = results.reduce((sum, result) => sum + result.busy, 0);
  log(
    `  ${links.length} first downloads at once: ${((downloadsEnd - downloadsStart) / 1000).toFixed(1)} s, ${busyAnswers} busy answers; ` +
      `list meanwhile ${Math.round(during.requestsPerSecond)} req/s, p99 ${during.p99?.toFixed(1)} ms; ` +
      `RSS ${rssBeforeMb.toFixed(0)} → ${rssPeakMb.toFixed(0)} MB (${rssIdleMb.toFixed(0)} MB idle before any copy)`,
  );

  // A repeated download: the copy is kept, so nothing is stamped.
  const repeatFirstByteMs: number[] = [];
  for (const link of links.slice(0, 5)) {
    const started = performance.now();
    const posted = await send(`${url}${link}`, 'POST');
    if (posted.status !== 303) throw new Error(`repeat POST ${link} answered ${posted.status}`);
    const redirected = performance.now() - started;
    const file = await send(`${url}${String(posted.headers.location)}`, 'GET');
    if (file.status !== 200) throw new Error(`repeat GET answered ${file.status}`);
    repeatFirstByteMs.push(redirected + file.firstByteMs);
  }
  log(`  repeated download, to the copy's first byte: ${repeatFirstByteMs.map((ms) => ms.toFixed(1)).join(', ')} ms`);
  return {
    bookBytes: options.bookBytes,
    readers: links.length,
    connections,
    quiet,
    during,
    downloadsSeconds: (downloadsEnd - downloadsStart) / 1000,
    busyAnswers,
    copyBytes: results[0]?.bytes ?? 0,
    rssIdleMb,
    rssBeforeMb,
    rssPeakMb,
    repeatFirstByteMs,
  };
}
