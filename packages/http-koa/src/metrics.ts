import { createHash, timingSafeEqual } from 'node:crypto';

import { Router } from '@koa/router';
import { ERROR_MESSAGES } from '@memoir/shared';

import type { HttpAppOptions } from './deps';
import { HttpError } from './http-error';
import { bearerToken } from './api/api-router';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares in constant time (digests first, so the lengths give nothing away either). */
const sameToken = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));

/**
 * GET /metrics, for Prometheus, never on the public host. With ADMIN_HOST set it is served on
 * that host only, and with METRICS_TOKEN set it also needs `Authorization: Bearer <token>`;
 * without ADMIN_HOST it is served only with the token, and with no token configured it is not
 * there at all (404). A wrong or missing token is 401.
 */
export function metricsRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    const { metrics, adminHost } = options;
    const notFound = new HttpError(404, { success: false, error: ERROR_MESSAGES.notFound });
    if (metrics === undefined) throw notFound;
    if (adminHost !== null && ctx.hostname.toLowerCase() !== adminHost.toLowerCase()) throw notFound;
    if (adminHost === null && metrics.token === null) throw notFound;
    if (metrics.token !== null) {
      const given = bearerToken(ctx);
      if (given === null || !sameToken(given, metrics.token)) {
        throw new HttpError(
          401,
          { success: false, error: ERROR_MESSAGES.metricsToken },
          { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        );
      }
    }
    const { contentType, body } = await metrics.render();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}
