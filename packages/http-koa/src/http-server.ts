import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { isTrustedPeer, type TrustProxy } from './forwarded';
import { rateLimitAddressKey } from './rate-limit-address';

/**
 * How long a client may take, chosen so that a phone on a slow network still makes it and a
 * client that trickles its request does not hold a socket for minutes (Node waits 60 s for
 * headers and 300 s for a request by default). docs/operations.md#slow-clients-and-connections.
 */
export const CLIENT_TIMEOUTS = {
  /** The request line and headers must have arrived (then 408 and the socket closes). */
  headersMs: 15_000,
  /** The whole request, body included, must have arrived (then 408). */
  requestMs: 30_000,
  /** No byte either way for this long on an open request: the socket is closed. */
  idleMs: 60_000,
  /** An idle keep-alive connection of a visitor is closed after this long. */
  keepAliveMs: 5_000,
  /**
   * Behind a proxy, longer than its own idle timeout (60 s for nginx's upstream keep-alive and
   * the cloud load balancers), so that it never sends a request on a connection we just closed.
   */
  keepAliveBehindProxyMs: 65_000,
  /** How often Node checks the headers and request deadlines. */
  checkEveryMs: 1_000,
} as const;

/**
 * Open connections allowed from one client address (an IPv6 client by its /64). Far above what
 * a browser opens (6 per host), what the benchmark opens (100) and the load test's 500 at once:
 * it only stops one host from holding thousands of sockets (each held at most 15 s without its
 * headers). Peers that are trusted proxies are not counted.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 1024;

/** A node:http server for `handler` with the timeouts above and the per-address cap. */
export function createHttpServer(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  trustProxy: TrustProxy,
): Server {
  const server = createServer(
    {
      headersTimeout: CLIENT_TIMEOUTS.headersMs,
      requestTimeout: CLIENT_TIMEOUTS.requestMs,
      keepAliveTimeout:
        trustProxy.kind === 'none' ? CLIENT_TIMEOUTS.keepAliveMs : CLIENT_TIMEOUTS.keepAliveBehindProxyMs,
      connectionsCheckingInterval: CLIENT_TIMEOUTS.checkEveryMs,
    },
    handler,
  );
  server.setTimeout(CLIENT_TIMEOUTS.idleMs);

  const isProxy = isTrustedPeer(trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || isProxy(address)) return;
    const key = rateLimitAddressKey(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > MAX_CONNECTIONS_PER_ADDRESS) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
  return server;
}
