import type { EventVisitor } from '@memoir/domain';
import type { Context } from 'koa';

/** What a request says about its visitor for the counted events: only to decide whether to count. */
export const eventVisitor = (ctx: Pick<Context, 'get' | 'hostname'>): EventVisitor => ({
  optedOut: ctx.get('DNT') === '1' || ctx.get('Sec-GPC') === '1',
  userAgent: ctx.get('User-Agent') || null,
  ownHost: ctx.hostname,
});
