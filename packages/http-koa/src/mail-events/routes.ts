import { Router } from '@koa/router';
import { MAIL_EVENT_PROVIDERS, type MailEventProvider } from '@memoir/domain';
import type { Context } from 'koa';

import type { HttpAppOptions } from '../deps';
import { HttpError } from '../http-error';
import { readMailEvents, type MailEventChecks } from './providers';

/** Where the providers post their delivery events: `/api/mail-events/<provider>`. */
export const MAIL_EVENTS_PATH = '/api/mail-events';

/** The largest event a provider posts: an SNS message is at most 256 KB, its envelope a little more. */
export const MAIL_EVENT_MAX_BYTES = 300 * 1024;

const refuse = (status: number, error: string) => new HttpError(status, { success: false, error });

/**
 * The body as text, read here rather than by the JSON parser: SNS posts JSON as text/plain,
 * and a signature is checked over what came. More than MAIL_EVENT_MAX_BYTES is 413, unread.
 */
async function rawBody(ctx: Context): Promise<string> {
  const declared = Number(ctx.get('content-length') || '0');
  if (declared > MAIL_EVENT_MAX_BYTES) throw refuse(413, 'Too large for a delivery event.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAIL_EVENT_MAX_BYTES) throw refuse(413, 'Too large for a delivery event.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parsed(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw refuse(400, 'Not a delivery event this provider sends.');
}

/**
 * POST /api/mail-events/{provider}: a provider's bounce or complaint, its signature checked,
 * then recorded (RecordMailEventUseCase). Without MAIL_EVENTS_SECRET there is nothing to check
 * with, and every provider is 404. Answers: 200 recorded (or an event that changes nothing);
 * 400 malformed; 401 a wrong signature or credentials; 409 a replay or an event outside its
 * provider's window; 413 too large. Nothing is changed unless it is 200.
 */
export function mailEventRoutes(options: HttpAppOptions): Router {
  const router = new Router();
  const checks: MailEventChecks | null =
    options.mailEvents === undefined || options.mailEvents.secret === ''
      ? null
      : { secret: options.mailEvents.secret, sns: options.mailEvents.sns };
  router.post(`${MAIL_EVENTS_PATH}/:provider`, async (ctx) => {
    const provider = ctx.params.provider as MailEventProvider;
    if (checks === null || !MAIL_EVENT_PROVIDERS.includes(provider)) {
      throw refuse(404, 'No such provider, or mail events are off (MAIL_EVENTS_SECRET).');
    }
    const body = parsed(await rawBody(ctx));
    const read = await readMailEvents(provider, { body, authorization: ctx.get('authorization') }, checks);
    if (!read.ok) {
      throw new HttpError(
        read.status,
        { success: false, error: read.error },
        read.status === 401 ? { 'WWW-Authenticate': 'Basic realm="mail-events"' } : {},
      );
    }
    for (const event of read.events) {
      const outcome = await options.useCases.recordMailEvent.execute(event);
      if (outcome === 'replay') throw refuse(409, 'This event was received before.');
      if (outcome === 'stale') throw refuse(409, 'This event is too old, or dated in the future.');
    }
    // After the event is recorded, so that a replayed confirmation opens nothing.
    if (read.confirmUrl !== undefined) await options.mailEvents?.sns.confirm(read.confirmUrl).catch(() => undefined);
    ctx.body = { success: true };
  });
  return router;
}
