import { connect, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLIENT_TIMEOUTS, MAX_CONNECTIONS_PER_ADDRESS } from '@memoir/http-koa';

import { startTestApp, type ListeningTestApp } from './support/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      })().catch(reject);
    });
  });
}

/** Opens `count` sockets that send nothing; resolves once each is connected or refused. */
async function openIdle(url: string, count: number): Promise<{ sockets: Socket[]; closedEarly: () => number }> {
  const { hostname, port } = new URL(url);
  let closed = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', () => undefined);
          socket.on('close', () => (closed += 1));
        }),
    ),
  );
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
    const extra = 10;
    const idle = await openIdle(app.url, MAX_CONNECTIONS_PER_ADDRESS + extra);
    await sleep(500);
    expect(idle.closedEarly()).toBe(extra);
    for (const socket of idle.sockets) socket.destroy();
    await sleep(200);
    const again = await trickle(app.url, ['GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'], 0);
    expect(again.answer).toMatch(/^HTTP\/1\.1 200 /);
  });

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
