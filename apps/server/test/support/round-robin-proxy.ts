import { Agent, createServer, get, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for tests, built like the common ones: round robin over the backends
 * whose health check (`GET /readyz` every `checkEveryMs`) last answered 200, keep-alive
 * connections to them, and no retry: a request it cannot deliver, or whose backend fails it,
 * is answered 502, which the test counts as a failure.
 */
export interface RoundRobinProxy {
  readonly url: string;
  /** Adds a backend (e.g. http://127.0.0.1:41234); it takes traffic once a check passes. */
  add(backend: string): Promise<void>;
  /** Takes a backend out of the rotation at once, as an orchestrator does for a process that ended. */
  remove(backend: string): void;
  /** Requests forwarded to each backend so far. */
  forwarded(): ReadonlyMap<string, number>;
  close(): Promise<void>;
}

interface Backend {
  readonly key: string;
  readonly url: URL;
  healthy: boolean;
}

/** Headers about one hop's connection, which a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);
const endToEnd = (headers: NodeJS.Dict<string | string[]>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));

export async function startRoundRobinProxy(options: { readonly checkEveryMs: number }): Promise<RoundRobinProxy> {
  const backends = new Map<string, Backend>();
  const totals = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const check = (backend: Backend): Promise<void> =>
    new Promise((resolve) => {
      const done = (healthy: boolean) => {
        backend.healthy = healthy;
        resolve();
      };
      const req = get(new URL('/readyz', backend.url), { agent: false, timeout: 1000 }, (res) => {
        res.resume();
        done(res.statusCode === 200);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => done(false));
    });
  const checker = setInterval(() => {
    for (const backend of backends.values()) void check(backend);
  }, options.checkEveryMs);

  const pick = (): Backend | null => {
    const healthy = [...backends.values()].filter((backend) => backend.healthy);
    if (healthy.length === 0) return null;
    next = (next + 1) % healthy.length;
    return healthy[next] ?? null;
  };

  const server: Server = createServer((req, res) => {
    const backend = pick();
    const fail = (why: string) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'Content-Type': 'text/plain' }).end(`proxy: ${why}`);
    };
    if (backend === null) {
      req.resume();
      fail('no healthy backend');
      return;
    }
    totals.set(backend.key, (totals.get(backend.key) ?? 0) + 1);
    const upstream = request(
      new URL(req.url ?? '/', backend.url),
      { method: req.method, headers: { ...endToEnd(req.headers), host: backend.url.host }, agent },
      (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => fail(`${backend.url.host}: ${error.message}`));
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async add(url) {
      const backend: Backend = { key: url, url: new URL(url), healthy: false };
      backends.set(url, backend);
      await check(backend);
    },
    remove(url) {
      backends.delete(url);
    },
    forwarded: () => totals,
    async close() {
      clearInterval(checker);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
