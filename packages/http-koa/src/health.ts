import { Router } from '@koa/router';

import type { HttpAppOptions } from './deps';

/** Liveness and readiness, for load balancers and orchestrators. */
export function healthRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const ready = await options.checkReadiness().catch(() => false);
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready' };
  });
  return router;
}
