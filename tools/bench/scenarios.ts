// The main run's scenarios against a started server: the load (with the control), Lighthouse,
// the bundles' sizes, and the delivery of a real book on a database of its own.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import {
  DELIVERY_READERS,
  makeBigBook,
  measureDelivery,
  outboxLinks,
  WARMING_READERS,
  type DeliveryFigures,
} from './delivery';
import {
  BENCH_ADMIN_PASSWORD,
  CONNECTIONS,
  live,
  log,
  ms,
  withScratchDatabase,
  withServer,
  type Options,
  type Profile,
} from './harness';
import { CHROMIUM, runLighthouse } from './lighthouse';
import { runLoad, type LoadOptions } from './load';
import { ROOT, startControl, type ServerSettings } from './processes';
import { seedDatabase } from './seed';
import { measureSpike, SPIKE_READERS, SPIKE_READERS_QUICK, SPIKE_SECONDS, type SpikeFigures } from './spike';
import type { Measured } from './table';

/**
 * One request, to check a scenario is wired right before loading it (the harness, not the
 * figure). node:http rather than fetch: the body comes back as sent, not decompressed.
 */
function probe(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  expected: number,
): Promise<{ body: Buffer; contentType: string; encoding: string | undefined; rawHeaders: string[] }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode !== expected) {
          const text = body.toString().slice(0, 300);
          reject(
            new Error(`${init.method ?? 'GET'} ${url} answered ${response.statusCode}, expected ${expected}: ${text}`),
          );
          return;
        }
        resolve({
          body,
          contentType: response.headers['content-type'] ?? 'application/json',
          encoding: response.headers['content-encoding'],
          rawHeaders: response.rawHeaders,
        });
      });
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** The first script the public site's index.html loads: its content-hashed entry bundle. */
function hashedAsset(): string {
  const html = readFileSync(join(ROOT, 'apps', 'public-site', 'dist', 'index.html'), 'utf8');
  const src = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (src === undefined) throw new Error('apps/public-site/dist/index.html loads no /assets/*.js script');
  return src;
}

const GUESTBOOK_NAMES = ['Ada', 'Grace', 'Linus', 'Margaret', 'Ken'];
/** A valid signature, different each time (the riddle's default answer; no honeypot field). */
function guestbookPayload(n: number): string {
  return JSON.stringify({
    name: `${GUESTBOOK_NAMES[n % GUESTBOOK_NAMES.length] ?? 'Ada'} ${n}`,
    location: n % 3 === 0 ? '' : 'Lisbon',
    message: `Signing the guestbook, visit number ${n}. The chapter on the arena was my favourite part.`,
    riddleAnswer: 'network',
  });
}

/** A JSON call to the bench server, answered `expected`. */
export async function callJson(
  url: string,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/**
 * The delivery scenario on a seeded database of its own: a generated 320-page book as
 * BOOK_PDF_PATH, 41 requests approved and their emails sent to the outbox (one reader to warm
 * the server with a first copy, 40 to download at once), then `measureDelivery` (delivery.ts).
 */
export async function measureDeliveryScenario(options: Options, profile: Profile): Promise<DeliveryFigures> {
  return withReaders(options, WARMING_READERS + DELIVERY_READERS, async ({ url, pid, links, bookBytes }) =>
    measureDelivery({
      url,
      pid,
      warmingLinks: links.slice(0, WARMING_READERS),
      links: links.slice(WARMING_READERS),
      bookBytes,
      seconds: profile.seconds,
      warmupSeconds: profile.warmupSeconds,
      connections: CONNECTIONS.public,
      log,
    }),
  );
}

/** `--spike`: 400 readers' first downloads started within a minute (spike.ts). */
export async function measureSpikeScenario(options: Options, profile: Profile): Promise<SpikeFigures> {
  const readers = options.quick ? SPIKE_READERS_QUICK : SPIKE_READERS;
  return withReaders(options, WARMING_READERS + readers, async ({ url, pid, links, bookBytes }) =>
    measureSpike({
      url,
      pid,
      warmingLinks: links.slice(0, WARMING_READERS),
      links: links.slice(WARMING_READERS),
      bookBytes,
      spreadSeconds: options.quick ? 10 : SPIKE_SECONDS,
      seconds: profile.seconds,
      warmupSeconds: profile.warmupSeconds,
      connections: CONNECTIONS.public,
      log,
    }),
  );
}

/**
 * A server on a seeded database of its own, serving the generated 320-page book, with `readers`
 * scholarship requests submitted and approved through the API and their approval emails in the
 * outbox: `run` gets the download links' paths, nothing downloaded yet.
 */
async function withReaders<T>(
  options: Options,
  readers: number,
  run: (served: { url: string; pid: number; links: string[]; bookBytes: number }) => Promise<T>,
): Promise<T> {
  const bookDir = mkdtempSync(join(tmpdir(), 'memoir-bench-book-'));
  try {
    return await withScratchDatabase(options, 'memoir-bench-delivery-', async (dataDir, database) => {
      const bookPath = join(bookDir, 'book.pdf');
      const started = Date.now();
      const bookBytes = await makeBigBook(bookPath);
      log(`delivery: a 320-page book of ${(bookBytes / 1e6).toFixed(1)} MB made in ${ms(Date.now() - started)}`);
      await seedDatabase(database.url);
      const settings: ServerSettings = {
        dataDir,
        databaseUrl: database.url,
        adminPassword: BENCH_ADMIN_PASSWORD,
        env: { BOOK_PDF_PATH: bookPath, DELIVERY_POLL_INTERVAL: '200ms' },
      };
      return withServer(settings, async (server) => {
        const { url } = server;
        const login = (await callJson(url, 'POST', '/api/admin/login', {
          username: 'admin',
          password: settings.adminPassword,
        })) as { sessionToken: string };
        const token = login.sessionToken;
        const emails = Array.from({ length: readers }, (_, n) => `reader-${n}@bench.example`);
        // A hundred at a time: the list of pending requests gives at most a hundred.
        for (let from = 0; from < readers; from += 100) {
          const batch = emails.slice(from, from + 100);
          for (const email of batch) {
            await callJson(url, 'POST', '/api/scholarship-request', {
              name: `Reader ${email.slice(7, -14)} Łukasz Nguyễn`,
              email,
              message: 'A student who would love to read it.',
              riddleAnswer: 'kernel',
            });
          }
          const listed = (await callJson(
            url,
            'GET',
            `/api/admin/scholarships?status=pending&q=bench.example&limit=100`,
            undefined,
            token,
          )) as { requests: Array<{ id: string; email: string }> };
          const ours = listed.requests.filter((request) => batch.includes(request.email));
          if (ours.length !== batch.length) throw new Error(`found ${ours.length} of the ${batch.length} requests`);
          for (const request of ours) {
            await callJson(url, 'PATCH', `/api/admin/scholarships/${request.id}`, { status: 'approved' }, token);
          }
        }
        const outbox = join(dataDir, 'outbox');
        const deadline = Date.now() + 120_000 + readers * 500;
        let links: string[] = [];
        while (links.length < readers) {
          if (Date.now() > deadline) throw new Error(`only ${links.length} approval emails reached the outbox`);
          await new Promise((resolve) => setTimeout(resolve, 250));
          links = existsSync(outbox) ? outboxLinks(outbox) : [];
        }
        log(`delivery: ${links.length} approval emails in the outbox; measuring`);
        return await run({ url, pid: server.pid, links, bookBytes });
      });
    });
  } finally {
    rmSync(bookDir, { recursive: true, force: true });
  }
}

export async function bundleSizes(): Promise<Measured['bundles']> {
  // tools/check-budgets.mjs is plain JavaScript (pnpm test runs it with node): no types to import.
  const budgets = pathToFileURL(join(ROOT, 'tools', 'check-budgets.mjs')).href;
  const { measureInitialAssets } = (await import(budgets)) as { measureInitialAssets(): Measured['bundles'] };
  return measureInitialAssets();
}

export async function drive(
  url: string,
  settings: ServerSettings,
  profile: Profile,
  options: Options,
): Promise<Pick<Measured, 'load' | 'lighthouse'>> {
  const load: Measured['load'] = {};
  const timing = { url, seconds: profile.seconds, warmupSeconds: profile.warmupSeconds };
  type ScenarioOptions = Omit<LoadOptions, 'url' | 'seconds' | 'warmupSeconds'> & { readonly url?: string };
  const scenario = async (key: string, loadOptions: ScenarioOptions) => {
    const result = await runLoad({ ...timing, ...loadOptions });
    if (result.ok === 0) {
      throw new Error(`${key}: no successful response at all (${JSON.stringify(result.statusCodes)})`);
    }
    log(
      `  ${key.padEnd(22)} ${String(Math.round(result.requestsPerSecond)).padStart(6)} req/s  ` +
        `p50 ${result.p50?.toFixed(1)} ms  p95 ${result.p95?.toFixed(1)} ms  p99 ${result.p99?.toFixed(1)} ms  ` +
        `non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}`,
    );
    return result;
  };

  const login = await probe(
    `${url}/api/admin/login`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: settings.adminPassword }),
    },
    200,
  );
  const token = (JSON.parse(login.body.toString()) as { sessionToken?: string }).sessionToken;
  if (token === undefined) throw new Error('POST /api/admin/login returned no sessionToken');
  const bearer = { authorization: `Bearer ${token}` };
  const browser = { 'accept-encoding': 'gzip, deflate, br' };

  log('load (reads first, so that the writes do not change what they read):');
  /**
   * `path` loaded between two runs of a bare node:http control sending the same bytes and
   * headers: the two control runs bracket the server's, so drift in the machine's load shows
   * as a gap between them. Stored as `key`, `<key>ControlBefore` and `<key>ControlAfter`.
   */
  const againstControl = async (key: string, label: string, path: string, headers: Record<string, string>) => {
    const probed = await probe(`${url}${path}`, { headers }, 200);
    const control = await startControl(probed.body, probed.rawHeaders);
    live.add(control);
    try {
      const options = { path, connections: CONNECTIONS.public, headers };
      const before = await scenario('control (before)', { ...options, url: control.url });
      const measured = await scenario(label, options);
      const after = await scenario('control (after)', { ...options, url: control.url });
      load[key] = { ...measured, path, bytes: probed.body.length, encoding: probed.encoding };
      load[`${key}ControlBefore`] = { ...before, path };
      load[`${key}ControlAfter`] = { ...after, path };
    } finally {
      await control.stop();
      live.delete(control);
    }
  };

  log('load (reads first, so that the writes do not change what they read):');
  await againstControl('publicList', 'public list', '/api/guestbook-entries?limit=5', {});

  const admin = async (key: string, path: string) => {
    const probed = await probe(`${url}${path}`, { headers: bearer }, 200);
    load[key] = {
      ...(await scenario(key, { path, connections: CONNECTIONS.admin, headers: bearer })),
      path,
      bytes: probed.body.length,
    };
  };
  await admin('dashboard', '/api/admin/dashboard');
  await admin('auditLog', '/api/admin/audit-logs');
  await admin('adminGuestbook', '/api/admin/guestbook');
  await admin('adminScholarships', '/api/admin/scholarships');

  // The landing page, rendered once per published version and kept in memory.
  await againstControl('html', 'html', '/', browser);
  const asset = hashedAsset();
  const probedAsset = await probe(`${url}${asset}`, { headers: browser }, 200);
  load.asset = {
    ...(await scenario('asset', { path: asset, connections: CONNECTIONS.public, headers: browser })),
    path: asset,
    bytes: probedAsset.body.length,
    encoding: probedAsset.encoding,
  };

  const postPath = '/api/guestbook-entry';
  await probe(
    `${url}${postPath}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: guestbookPayload(0) },
    201,
  );
  load.postGuestbook = {
    ...(await scenario('POST guestbook', {
      path: postPath,
      method: 'POST',
      connections: CONNECTIONS.public,
      body: guestbookPayload,
    })),
    path: postPath,
  };

  const loginPath = '/api/admin/login';
  const credentials = JSON.stringify({ username: 'admin', password: settings.adminPassword });
  load.login = {
    ...(await scenario('login', {
      path: loginPath,
      method: 'POST',
      connections: CONNECTIONS.login,
      body: () => credentials,
    })),
    path: loginPath,
  };

  let lighthouse: Measured['lighthouse'];
  if (!options.lighthouse) lighthouse = { skipped: '--no-lighthouse' };
  else if (!existsSync(CHROMIUM)) lighthouse = { skipped: `${CHROMIUM} is not installed` };
  else {
    log(`lighthouse: ${profile.lighthouseRuns} run(s) per page, mobile preset`);
    lighthouse = await runLighthouse(url, ['/', '/admin/login'], profile.lighthouseRuns, log);
  }
  return { load, lighthouse };
}
