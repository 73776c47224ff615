import { connect, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLIENT_TIMEOUTS, MAX_CONNECTIONS_PER_ADDRESS } from '@memoir/http-koa';

import { startTestApp, type ListeningTestApp } from './support/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds, asking every 50 ms; fails after `timeoutMs`. */
async function until(done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms`);
    await sleep(50);
  }
}

interface Outcome {
  /** What the server wrote back (empty when it only closed the socket). */
  readonly answer: string;
  /** From the first byte sent to the socket's close. */
  readonly ms: number;
}

/**
 * Opens a socket and writes `pieces`, one every `everyMs`, until the server closes it (or the
 * pieces run out; then it waits for the close). Slow clients as a phone, or an attacker, sends them.
 */
function trickle(url: string, pieces: readonly string[], everyMs: number): Promise<Outcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = Date.now();
    let answer = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset after our last write is how some closes look
    socket.on('close', () => {
      closed = true;
      resolve({ answer, ms: Date.now() - started });
    });
    socket.on('connect', () => {
      void (async () => {
        for (const piece of pieces) {
          if (closed) return;
          socket.write(piece);
          await sleep(everyMs);
        }
        // Out of pieces: the server has had its chance to answer or close; close our end.
        await sleep(2_000);
        socket.destroy();
      })().catch(reject);
    });
  });
}

/**
 * Opens `count` sockets that send nothing, 200 at a time (a burst past the listen backlog
 * would wait for the kernel's SYN retries); resolves once each is connected.
 */
async function openIdle(url: string, count: number): Promise<{ sockets: Socket[]; closedEarly: () => number }> {
  const { hostname, port } = new URL(url);
  let closed = 0;
  const sockets: Socket[] = [];
  for (let start = 0; start < count; start += 200) {
    const batch = await Promise.all(
      Array.from(
        { length: Math.min(200, count - start) },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(Number(port), hostname, () => resolve(socket));
            socket.on('error', () => undefined);
            socket.on('close', () => (closed += 1));
          }),
      ),
    );
    sockets.push(...batch);
  }
  return { sockets, closedEarly: () => closed };
}

describe('slow and greedy clients, over real sockets', () => {
  let app: ListeningTestApp;

  beforeAll(async () => {
    app = await startTestApp({ listen: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sets the deadlines docs/operations.md gives', () => {
    expect(app.server.headersTimeout).toBe(15_000);
    expect(app.server.requestTimeout).toBe(30_000);
    expect(app.server.timeout).toBe(60_000);
    expect(app.server.keepAliveTimeout).toBe(5_000);
    expect(CLIENT_TIMEOUTS.keepAliveBehindProxyMs).toBeGreaterThan(60_000);
  });

  it(`refuses connections past ${MAX_CONNECTIONS_PER_ADDRESS} from one address, and takes new ones once some close`, async () => {
    // A server of its own, so that the connections counted are this test's alone.
    const own = await startTestApp({ listen: true });
    const extra = 10;
    const idle = await openIdle(own.url, MAX_CONNECTIONS_PER_ADDRESS + extra);
    try {
      await until(() => idle.closedEarly() >= extra, 20_000);
      await sleep(300); // and no more than those
      expect(idle.closedEarly()).toBe(extra);
      for (const socket of idle.sockets) socket.destroy();
      let again = '';
      await until(async () => {
        again = (await trickle(own.url, ['GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'], 0))
          .answer;
        return again.startsWith('HTTP/1.1 200 ');
      }, 20_000);
      expect(again).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const socket of idle.sockets) socket.destroy();
      await own.close();
    }
  }, 60_000);

  it("serves a phone's slow request; cuts a client trickling its headers at 15 s and its body at 30 s", async () => {
    const headerLines = [
      'GET /api/guestbook-entries HTTP/1.1\r\n',
      'Host: localhost\r\n',
      'Accept: application/json\r\n',
      'Accept-Language: en\r\n',
      'User-Agent: a phone on a slow network\r\n',
      'Cache-Control: no-cache\r\n',
      'Connection: close\r\n',
      '\r\n',
    ];
    const forever = (piece: string) => Array.from({ length: 60 }, () => piece);
    const [phone, slowHeaders, slowBody] = await Promise.all([
      // About 8 s for the headers: slow, but within the deadline.
      trickle(app.url, headerLines, 1_100),
      trickle(app.url, ['GET / HTTP/1.1\r\nHost: localhost\r\n', ...forever('X-Padding: a\r\n')], 1_000),
      trickle(
        app.url,
        [
          'POST /api/guestbook-entry HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
          ...forever('{'),
        ],
        1_000,
      ),
    ]);
    expect(phone.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowHeaders.ms).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.headersMs);
    expect(slowHeaders.ms).toBeLessThan(CLIENT_TIMEOUTS.headersMs + 5_000);
    expect(slowBody.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowBody.ms).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.requestMs);
    expect(slowBody.ms).toBeLessThan(CLIENT_TIMEOUTS.requestMs + 5_000);
  }, 60_000);
});
