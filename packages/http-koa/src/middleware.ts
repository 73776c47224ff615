import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

import { ADMIN_API_PREFIX, ADMIN_APP_BASE, ERROR_MESSAGES, IP_ADDRESS_MAX_LENGTH } from '@memoir/shared';
import type { Context, Middleware, Next } from 'koa';
import helmet, { type HelmetOptions } from 'helmet';
import type { Logger } from 'pino';

import type { ObservedRequest } from './deps';
import { UnmappedDomainError } from './error-status';
import { isSecureRequest, plainAddress, type TrustProxy } from './forwarded';
import { HttpError } from './http-error';

/** Matches `prefix` itself and everything below it, in any case. The prefixes hold no special characters. */
const under = (prefix: string): RegExp => new RegExp(`^${prefix}(/|$)`, 'i');
const API = under('/api');
const ADMIN_API = under(ADMIN_API_PREFIX);
const ADMIN_APP = under(ADMIN_APP_BASE);

export const isApiPath = (path: string): boolean => API.test(path);
export const isAdminApiPath = (path: string): boolean => ADMIN_API.test(path);
export const isAdminAppPath = (path: string): boolean => ADMIN_APP.test(path);

const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Paths that carry a secret (the download link's token) or an address: the log shows their shape only. */
const SECRET_PATHS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/download\/[^/]*/i, '/download/[token]'],
  [/^\/api\/admin\/suppressions\/[^/]*/i, '/api/admin/suppressions/[email]'],
];

/** The path as the access log writes it: a secret in it is replaced by a placeholder. */
export function loggedPath(path: string): string {
  for (const [pattern, shape] of SECRET_PATHS) if (pattern.test(path)) return path.replace(pattern, shape);
  return path;
}

/** The methods the routers implement; any other gets 405 before it reaches them. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Scanners send PROPFIND, TRACE, SEARCH, LOCK, MKCOL and the like: a method we serve on no
 * path is a client error, 405 with the path's own methods in `Allow` (`allowFor`), never a
 * 5xx. Known methods on the wrong path are the routers' (their own 405).
 */
export function knownMethodsOnly(allowFor: (path: string) => readonly string[]): Middleware {
  return async (ctx, next) => {
    if (!KNOWN_METHODS.has(ctx.method)) {
      throw new HttpError(
        405,
        { success: false, error: ERROR_MESSAGES.methodNotAllowed },
        { Allow: allowFor(ctx.path).join(', ') },
      );
    }
    await next();
  };
}

/** The caller's X-Request-Id when it is one well-formed value, else a fresh UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The access log's fields for one answered request (the `request` line). */
export function accessLine(method: string, path: string, status: number, started: bigint) {
  const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
  return { method, path: loggedPath(path), status, ms };
}

export interface RequestState {
  requestId: string;
  log: Logger;
}

/**
 * Outermost: a request id (the caller's X-Request-Id when well-formed), a per-request logger,
 * one access-log line, and every error shaped as `{ success: false, error }`. Messages go to
 * clients only for 4xx; anything unexpected is a generic 500 (or 503 when the database is
 * unreachable), logged with the request id and never with a stack trace to the client.
 */
export function errorsAndLogging(
  logger: Logger,
  isDatabaseUnavailable: (error: unknown) => boolean,
  observe?: { readonly request: (request: ObservedRequest) => void; readonly routeOf: (ctx: Context) => string },
): Middleware {
  return async (ctx: Context, next: Next) => {
    const requestId = requestIdFor(ctx.req.headers['x-request-id']);
    // The per-request child logger is made on first use: most requests log nothing but the
    // access line, which takes the request id as a field instead (the same JSON line).
    let child: Logger | undefined;
    const log = (): Logger => (child ??= logger.child({ requestId }));
    ctx.state.requestId = requestId;
    Object.defineProperty(ctx.state, 'log', { get: log, enumerable: true, configurable: true });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && isApiPath(ctx.path)) {
        throw new HttpError(404, { success: false, error: ERROR_MESSAGES.notFound });
      }
    } catch (error) {
      respondWithError(ctx, error, log(), isDatabaseUnavailable);
    } finally {
      if (isAdminApiPath(ctx.path)) ctx.set('Cache-Control', 'no-store');
      observe?.request({
        method: ctx.method,
        route: observe.routeOf(ctx),
        status: ctx.status,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
      if (logger.isLevelEnabled('info')) {
        const line = accessLine(ctx.method, ctx.path, ctx.status, started);
        if (child === undefined) logger.info({ requestId, ...line }, 'request');
        else child.info(line, 'request');
      }
    }
  };
}

function respondWithError(
  ctx: Context,
  error: unknown,
  log: Logger,
  isDatabaseUnavailable: (error: unknown) => boolean,
): void {
  if (error instanceof HttpError) {
    ctx.status = error.status;
    ctx.set(error.headers);
    ctx.body = error.body;
    return;
  }
  if (error instanceof UnmappedDomainError) {
    // An expected failure nobody gave a status: a defect to fix, never a quiet 500.
    log.error({ code: error.code }, 'unmapped domain error: add its code to STATUS_BY_CODE');
    ctx.status = 500;
    ctx.body = { success: false, error: ERROR_MESSAGES.internal };
    return;
  }
  // Koa and the body parser signal client errors with `status` and `expose`.
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 413
        ? ERROR_MESSAGES.bodyTooLarge
        : status === 415
          ? ERROR_MESSAGES.jsonOnly
          : status === 400
            ? ERROR_MESSAGES.invalidJson
            : status === 405
              ? ERROR_MESSAGES.methodNotAllowed
              : ERROR_MESSAGES.notFound;
    ctx.status = status;
    ctx.body = { success: false, error: message };
    return;
  }
  if (isDatabaseUnavailable(error)) {
    log.warn({ err: error }, 'database unavailable');
    ctx.status = 503;
    ctx.set('Retry-After', '5');
    ctx.body = { success: false, error: ERROR_MESSAGES.unavailable };
    return;
  }
  log.error({ err: error }, 'unexpected error');
  ctx.status = 500;
  ctx.body = { success: false, error: ERROR_MESSAGES.internal };
}

/** Request bodies are JSON or nothing: a body of any other type is 415 before it is read. */
export const jsonBodiesOnly: Middleware = async (ctx, next) => {
  const length = Number(ctx.get('content-length') || '0');
  const hasBody = length > 0 || ctx.get('transfer-encoding') !== '';
  if (hasBody && isApiPath(ctx.path) && ctx.is('application/json') === false) {
    throw new HttpError(415, { success: false, error: ERROR_MESSAGES.jsonOnly });
  }
  await next();
};

/** Helmet's policy: only our own scripts, styles and connections. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers helmet sets for our policy. They depend on nothing in the request (no nonce),
 * so helmet runs once, against a recording response, instead of on every request.
 */
function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader: () => undefined,
  };
  let failure: unknown = null;
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure;
  return headers;
}

/** The security headers every response carries, in the order they are sent (HSTS aside). */
export const SECURITY_HEADERS = helmetHeaders();

/** HTTPS only, for a year, subdomains included (the admin host is one). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response, API and files alike (helmet). The policy allows only
 * our own scripts, styles and connections: no inline script, no plugin, no framing, no
 * <base> rewriting. HSTS is sent over HTTPS only (on plain HTTP a browser ignores it anyway).
 */
export function securityHeaders(trust: TrustProxy): Middleware {
  const isSecure = isSecureRequest(trust);
  return async (ctx, next) => {
    const { res } = ctx;
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    if (isSecure(ctx.req)) res.setHeader('Strict-Transport-Security', HSTS);
    await next();
  };
}

/** With ADMIN_HOST set, the admin API and app exist only on that host; elsewhere they are 404. */
export function adminHostOnly(adminHost: string | null): Middleware {
  const host = adminHost?.toLowerCase() ?? null;
  return async (ctx, next) => {
    if (
      host !== null &&
      (isAdminApiPath(ctx.path) || isAdminAppPath(ctx.path)) &&
      ctx.hostname.toLowerCase() !== host
    ) {
      throw new HttpError(404, { success: false, error: ERROR_MESSAGES.notFound });
    }
    await next();
  };
}

/**
 * The client's address as the audit trail records it ("::ffff:1.2.3.4" becomes "1.2.3.4").
 * Behind a trusted proxy, ctx.ip is what `forwardedHeaders` read from X-Forwarded-For: text a
 * client may have written. Only an IP address is taken from it; anything else gives way to the
 * connection's own address (the column holds IP_ADDRESS_MAX_LENGTH characters, and MySQL
 * refuses more).
 */
export function clientAddress(ctx: Context): string | null {
  // isIP accepts an IPv6 zone ("fe80::1%eth0") of any length.
  const isAddress = (text: string | undefined): text is string =>
    text !== undefined && text.length <= IP_ADDRESS_MAX_LENGTH && isIP(text) !== 0;
  const ip = isAddress(ctx.ip) ? ctx.ip : ctx.req.socket.remoteAddress;
  if (!isAddress(ip)) return null;
  return plainAddress(ip);
}

export function requestContext(ctx: Context): { ipAddress: string | null; userAgent: string | null } {
  const userAgent = ctx.get('user-agent');
  return { ipAddress: clientAddress(ctx), userAgent: userAgent === '' ? null : userAgent };
}
