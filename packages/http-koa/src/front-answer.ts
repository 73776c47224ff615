import type { IncomingMessage, ServerResponse } from 'node:http';

import type { HttpAppOptions } from './deps';
import { isSecureRequest } from './forwarded';
import { accessLine, HSTS, requestIdFor, SECURITY_HEADERS } from './middleware';

/** What the HTTP server runs: a node:http request handler. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** An answer ready to send: its bytes and the headers that describe them (type, encoding, caching). */
export interface ReadyAnswer {
  /** The route label the metrics count it under (`static` for the apps' pages). */
  readonly route: string;
  /** `[name, value, name, value, ...]`: what follows the security headers. */
  readonly headers: readonly string[];
  readonly body: Buffer;
}

/**
 * Sends a ready answer in front of Koa, for the hottest routes (the public list, the landing
 * page): with the very headers Koa's middleware sends (request id, security headers, HSTS over
 * HTTPS, length) and the same access-log line and metrics, without a Koa context, middleware
 * chain and per-header `setHeader`. `started` is when the request arrived.
 */
export function frontAnswer(options: Pick<HttpAppOptions, 'logger' | 'trustProxy' | 'observeRequest'>) {
  const { logger } = options;
  const isSecure = isSecureRequest(options.trustProxy);
  const security = SECURITY_HEADERS.flat();
  return (req: IncomingMessage, res: ServerResponse, path: string, started: bigint, answer: ReadyAnswer): void => {
    const requestId = requestIdFor(req.headers['x-request-id']);
    const headers = ['X-Request-Id', requestId, ...security];
    if (isSecure(req)) headers.push('Strict-Transport-Security', HSTS);
    headers.push(...answer.headers, 'Content-Length', String(answer.body.length));
    res.writeHead(200, headers);
    res.end(answer.body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    options.observeRequest?.({ method: 'GET', route: answer.route, status: 200, seconds });
    if (logger.isLevelEnabled('info')) logger.info({ requestId, ...accessLine('GET', path, 200, started) }, 'request');
  };
}

/** A plain GET without a body: the only requests a front answer takes (anything else is Koa's). */
export const isPlainGet = (req: IncomingMessage): boolean =>
  req.method === 'GET' && req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
