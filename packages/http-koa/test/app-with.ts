import { Writable } from 'node:stream';

import { RateLimiter } from '@memoir/domain';
import { createInMemoryPersistence, ManualClock } from '@memoir/domain/memory';
import pino from 'pino';

import { createHttpApp, TRUST_NO_PROXY, type HttpUseCases, type TrustProxy } from '../src';

/**
 * An app driving `useCases` (the rest absent), with its log lines and its routes. `server` is
 * what the HTTP server runs (the public list's own answer in front of Koa); `koa` is Koa alone.
 */
export function appWith(
  useCases: Partial<HttpUseCases>,
  options: { unavailable?: boolean; ready?: boolean; trustProxy?: TrustProxy } = {},
) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const { app, handler, routes } = createHttpApp({
    useCases: useCases as HttpUseCases,
    rateLimiter: new RateLimiter(createInMemoryPersistence().rateLimits, new ManualClock()),
    formRateLimit: { max: 10, windowMs: 60_000 },
    crackmeClaimLimit: { max: 10, windowMs: 3_600_000 },
    trustProxy: options.trustProxy ?? TRUST_NO_PROXY,
    trustForwardedHost: false,
    adminHost: null,
    publicBaseUrl: 'http://localhost:3000',
    logger: pino({ level: 'info' }, sink),
    isDatabaseUnavailable: () => options.unavailable ?? false,
    checkReadiness: async () => options.ready ?? true,
  });
  return { server: handler, koa: app.callback(), lines, routes };
}
