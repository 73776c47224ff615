import { createHmac } from 'node:crypto';

import type { WebhookAnswer, WebhookPoster } from '@memoir/domain';

/** How long one attempt may take, connection included: then it counts as a network error and is tried again. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * The `webhook-signature` of a Standard Webhooks message (standardwebhooks.com): `v1,` and the
 * base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's UTF-8 bytes.
 * (The standard's own `whsec_` secrets are base64 of random bytes; ours is the text the
 * operator set, used as it is, which docs/readers.md tells the receiver.)
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.${body}`, 'utf8');
  return `v1,${mac.digest('base64')}`;
}

/**
 * Posts a reader's event to READERS_WEBHOOK_URL with the Standard Webhooks headers. A redirect
 * is never followed (the answer is its 3xx status): the operator named one address, and the
 * body's personal data goes nowhere else. The body of the answer is not read.
 */
export class SignedWebhookPoster implements WebhookPoster {
  constructor(
    private readonly target: { readonly url: string; readonly secret: string },
    private readonly timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  ) {}

  async post(webhook: { readonly id: string; readonly body: string; readonly at: Date }): Promise<WebhookAnswer> {
    const timestamp = Math.floor(webhook.at.getTime() / 1000);
    try {
      const response = await fetch(this.target.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'memoir-site-webhook/1',
          'webhook-id': webhook.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(this.target.secret, webhook.id, timestamp, webhook.body),
        },
        body: webhook.body,
      });
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'status', status: response.status };
    } catch (error) {
      return { kind: 'network', error: describe(error) };
    }
  }
}

/** A network error in a line: fetch's own message says only "fetch failed", its cause says why. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'no answer within the timeout';
  const cause = (error as Error & { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}
