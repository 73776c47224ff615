import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

import type { Context, Middleware } from 'koa';

/**
 * Which peers may tell us, in X-Forwarded-* headers, who the client is (TRUST_PROXY):
 * none; the nearest `hops` peers (`on` is one); or the proxies at these addresses and ranges.
 */
export type TrustProxy =
  | { readonly kind: 'none' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'addresses'; readonly ranges: readonly string[] };

export const TRUST_NO_PROXY: TrustProxy = { kind: 'none' };

const ON = ['on', 'true', 'yes'];
const OFF = ['off', 'false', 'no'];

/** "::ffff:10.0.0.1" is the IPv4 address 10.0.0.1 on a dual-stack socket. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}

function addRange(list: BlockList, text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (prefix === undefined) {
    list.addAddress(address, type);
    return true;
  }
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits >= 0 && bits <= (family === 4 ? 32 : 128))) return false;
  list.addSubnet(address, bits, type);
  return true;
}

/**
 * TRUST_PROXY's text: `off`, `on` (one hop), a hop count, or a comma-separated list of proxy
 * addresses and CIDR ranges. Null when it is none of these.
 */
export function parseTrustProxy(text: string): TrustProxy | null {
  const word = text.trim().toLowerCase();
  if (OFF.includes(word) || word === '0') return TRUST_NO_PROXY;
  if (ON.includes(word)) return { kind: 'hops', hops: 1 };
  if (/^\d{1,2}$/.test(word)) return { kind: 'hops', hops: Number(word) };
  const ranges = word.split(',').map((part) => part.trim());
  const probe = new BlockList();
  return ranges.every((range) => addRange(probe, range)) ? { kind: 'addresses', ranges } : null;
}

/** Is the peer `index` steps from us (0: the connection itself) one whose headers we believe? */
function trustTest(trust: TrustProxy): (address: string, index: number) => boolean {
  switch (trust.kind) {
    case 'none':
      return () => false;
    case 'hops':
      return (_address, index) => index < trust.hops;
    case 'addresses': {
      const list = new BlockList();
      for (const range of trust.ranges) addRange(list, range);
      return (address) => {
        const plain = plainAddress(address);
        const family = isIP(plain);
        return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
      };
    }
  }
}

/** Is the connecting peer itself a proxy we believe (every peer, with a hop count)? */
export function isTrustedPeer(trust: TrustProxy): (address: string) => boolean {
  const isTrusted = trustTest(trust);
  return (address) => isTrusted(address, 0);
}

/**
 * Did the client reach us over HTTPS? Its own TLS connection, or a trusted proxy's
 * X-Forwarded-Proto (its first value, as Koa reads it). The one test behind HSTS on every path.
 */
export function isSecureRequest(trust: TrustProxy): (req: IncomingMessage) => boolean {
  const isTrusted = trustTest(trust);
  return (req) => {
    if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
    if (trust.kind === 'none' || !isTrusted(req.socket.remoteAddress ?? '', 0)) return false;
    const proto = req.headers['x-forwarded-proto'];
    return typeof proto === 'string' && proto.split(/\s*,\s*/, 1)[0] === 'https';
  };
}

const values = (header: string | string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

export interface ForwardedOptions {
  readonly trustProxy: TrustProxy;
  /**
   * TRUST_FORWARDED_HOST: the proxy sets X-Forwarded-Host to the host the client asked for,
   * so it decides which host (public or admin) a request is for. Off: the Host header decides.
   */
  readonly trustForwardedHost: boolean;
}

/**
 * Decides, once per request and before anything reads them, what the forwarded headers are
 * worth. The client address is read from the right of X-Forwarded-For: past every trusted
 * peer, the first one that is not (or the furthest there is). A peer we do not trust has its
 * X-Forwarded-* headers removed, and X-Forwarded-Host is removed unless the operator said the
 * proxy sets it (then only the value the nearest proxy added counts), so Koa's `ctx.host`,
 * `ctx.protocol` and `ctx.ip` say what we believe. Null when no proxy is trusted: Koa then
 * reads none of these headers.
 */
export function forwardedHeaders(options: ForwardedOptions): Middleware | null {
  if (options.trustProxy.kind === 'none') return null;
  const isTrusted = trustTest(options.trustProxy);
  return async (ctx: Context, next) => {
    const headers = ctx.req.headers;
    const peer = ctx.req.socket.remoteAddress ?? '';
    if (!isTrusted(peer, 0)) {
      delete headers['x-forwarded-for'];
      delete headers['x-forwarded-proto'];
      delete headers['x-forwarded-host'];
      ctx.request.ip = peer;
    } else {
      const chain = [peer, ...values(headers['x-forwarded-for']).reverse()];
      let index = 0;
      while (index < chain.length - 1 && isTrusted(chain[index] ?? '', index)) index += 1;
      ctx.request.ip = chain[index] ?? peer;
      const forwardedHost = values(headers['x-forwarded-host']).at(-1);
      if (options.trustForwardedHost && forwardedHost !== undefined) headers['x-forwarded-host'] = forwardedHost;
      else delete headers['x-forwarded-host'];
    }
    await next();
  };
}
