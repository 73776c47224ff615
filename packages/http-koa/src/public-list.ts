// From node:url, not the global: the global is made on first use, which the hostile-input
// tests' prototype-poisoning check would see as a changed global.
import { URLSearchParams } from 'node:url';

import type { PublicGuestbookEntry } from '@memoir/domain';

import type { HttpAppOptions } from './deps';
import { frontAnswer, isPlainGet, type Handler } from './front-answer';
import { presentPublicEntry } from './api/guestbook';

export const PUBLIC_LIST_PATH = '/api/guestbook-entries';

/** The list's Content-Type, as Koa writes it for a JSON body. */
const JSON_HEADERS = ['Content-Type', 'application/json; charset=utf-8'];

// A cached list (the same array until it is invalidated) is serialised once, not per request.
const serialisedLists = new WeakMap<readonly PublicGuestbookEntry[], Buffer>();

/** GET /api/guestbook-entries's body, `{ success, entries }`, built once per cached list. */
export async function publicListBody(
  options: Pick<HttpAppOptions, 'useCases'>,
  limit: number | undefined,
): Promise<Buffer> {
  const entries = await options.useCases.listPublicGuestbookEntries.execute({ limit });
  let body = serialisedLists.get(entries);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify({ success: true, entries: entries.map(presentPublicEntry) }));
    serialisedLists.set(entries, body);
  }
  return body;
}

/**
 * The landing page's one call, the hottest route, answered in front of Koa: a plain GET of the
 * exact path without a body gets the cached bytes with the very headers the Koa route sends
 * (request id, security headers, HSTS over HTTPS, JSON type, length) and the same access-log
 * line, without a Koa context, middleware chain, query parser and per-header `setHeader`. That
 * is what took it from about 0.5 to about 0.7 of a bare node:http server sending the same bytes
 * (docs/performance.md). Anything else, and any failure before a byte is written (the database
 * down, say), goes to Koa, whose route for the same path answers it as always: one behaviour,
 * kept equal by `public-list.test.ts`.
 */
export function publicListFirst(options: HttpAppOptions, koa: Handler): Handler {
  const answer = frontAnswer(options);
  return (req, res) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path !== PUBLIC_LIST_PATH || !isPlainGet(req)) {
      koa(req, res);
      return;
    }
    const limit = query === -1 ? null : new URLSearchParams(url.slice(query + 1)).get('limit');
    // A limit that is not a whole number is Koa's to refuse (400), as the contract says.
    if (limit !== null && !/^-?\d{1,15}$/.test(limit.trim())) {
      koa(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    publicListBody(options, limit === null ? undefined : Number(limit)).then(
      (body) => answer(req, res, path, started, { route: PUBLIC_LIST_PATH, headers: JSON_HEADERS, body }),
      () => koa(req, res),
    );
  };
}
