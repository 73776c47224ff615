import type { IncomingMessage } from 'node:http';

import { frontAnswer, isPlainGet, type Handler, type HttpAppOptions } from '@memoir/http-koa';

import type { LandingPages } from './landing-page';
import { LANDING_CACHE_CONTROL } from './static-apps';

const HTML_TYPE = 'text/html; charset=utf-8';

interface Priority {
  /** The client's order of the form that matched; its quality; 1 when named, 0 for `*`; the server's order. */
  readonly o: number;
  readonly q: number;
  readonly s: number;
  readonly i: number;
}

const OFFERED = ['br', 'gzip', 'identity'] as const;

/**
 * The form of the page to send for an Accept-Encoding header, chosen as Koa's
 * `acceptsEncodings('br', 'gzip', 'identity')` chooses (negotiator 0.6: the client's quality,
 * then a named form over `*`, then the client's order, then ours), so both paths send the
 * same bytes. null: the plain page.
 */
export function encodingOf(header: string | undefined): 'br' | 'gzip' | null {
  const parts = (header ?? '').split(',');
  const specs = parts.flatMap((part, i) => {
    const match = /^\s*([^\s;]+)\s*(?:;(.*))?$/.exec(part.trim());
    if (match === null) return [];
    const q = (match[2] ?? '')
      .split(';')
      .map((param) => param.trim().split('='))
      .find(([name]) => name === 'q')?.[1];
    return [{ name: (match[1] ?? '').toLowerCase(), q: q === undefined ? 1 : parseFloat(q), i }];
  });
  if (!specs.some((spec) => spec.name === 'identity' || spec.name === '*')) {
    specs.push({ name: 'identity', q: Math.min(1, ...specs.map((spec) => spec.q || 1)), i: parts.length });
  }
  const priorities = OFFERED.map((form, index) => {
    let best: Priority = { o: -1, q: 0, s: 0, i: index };
    for (const spec of specs) {
      if (spec.name !== form && spec.name !== '*') continue;
      const candidate = { o: spec.i, q: spec.q, s: spec.name === form ? 1 : 0, i: index };
      if ((best.s - candidate.s || best.q - candidate.q || best.o - candidate.o) < 0) best = candidate;
    }
    return { form, ...best };
  });
  const chosen = priorities
    .filter((priority) => priority.q > 0)
    .sort((a, b) => b.q - a.q || b.s - a.s || a.o - b.o || a.i - b.i)[0]?.form;
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** Browsers send a handful of different headers: each is read once (up to a bound). */
const chosen = new Map<string, 'br' | 'gzip' | null>();
function chosenEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = encodingOf(header);
    if (chosen.size < 100) chosen.set(header, encoding);
  }
  return encoding;
}

/**
 * `/`, the site's first request, answered in front of Koa from the page kept in memory
 * (landing-page.ts), with the headers Koa's static route sends for it (static-apps.ts): the
 * same bytes, type, caching, `Vary` and encoding. Anything else, a page not ready (before the
 * build), and any failure goes to Koa, which answers `/` the same way or with its error.
 */
export function landingFirst(
  landing: LandingPages,
  options: Pick<HttpAppOptions, 'logger' | 'trustProxy' | 'observeRequest' | 'adminHost'>,
  koa: Handler,
): Handler {
  const answer = frontAnswer(options);
  const adminHost = options.adminHost?.toLowerCase() ?? null;
  // On ADMIN_HOST, / is a redirect to the admin app: Koa's, as is any host a proxy names.
  const maybeAdminHost = (req: IncomingMessage): boolean =>
    adminHost !== null &&
    (req.headers['x-forwarded-host'] !== undefined ||
      (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '') === adminHost);
  return (req, res) => {
    const url = req.url ?? '';
    if ((url !== '/' && !url.startsWith('/?')) || !isPlainGet(req) || maybeAdminHost(req)) {
      koa(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    landing.page().then(
      (page) => {
        if (page === null) {
          koa(req, res);
          return;
        }
        const encoding = chosenEncoding(req.headers['accept-encoding']);
        const headers = ['Vary', 'Accept-Encoding', 'Content-Type', HTML_TYPE, 'Cache-Control', LANDING_CACHE_CONTROL];
        if (encoding !== null) headers.push('Content-Encoding', encoding);
        const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
        answer(req, res, '/', started, { route: 'static', headers, body });
      },
      () => koa(req, res),
    );
  };
}
