import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { isAdminAppPath, isApiPath } from '@memoir/http-koa';
import { ADMIN_APP_PAGES } from '@memoir/shared';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

import { PublicPages, type PreparedText } from './public-pages';
import type { SiteLinksConfig } from './site-links';

/** Client-side routes of each app: the server answers them with the app's page, status 200. */
const PUBLIC_ROUTES = new Set(['/']);
const ADMIN_ROUTES = new Set<string>(ADMIN_APP_PAGES);

// Vite names built assets with a content hash: they never change, so browsers keep them a year.
const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|avif)$/;

const PLACEHOLDER = (what: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The memoir site</title></head>
<body><main><h1>The memoir site</h1><p>The server is running. ${what} is not built yet: run <code>pnpm build</code>.</p>
<p>The API answers under <a href="/api/openapi.json">/api</a>.</p></main></body></html>`;

export interface StaticAppsOptions {
  readonly rootDir: string;
  readonly adminHost: string | null;
  /** PUBLIC_BASE_URL: the site's absolute URLs (canonical, sharing tags, sitemap) start with it. */
  readonly publicBaseUrl: string;
  /** With ADMIN_HOST: the admin host's origin, where the footer's Admin link goes. */
  readonly adminBaseUrl: string;
  /** STORE_LINKS, SOCIAL_LINKS, PUBLISHER_URL, and whether placeholders are left out. */
  readonly siteLinks: SiteLinksConfig;
}

/** Where the public site's build is. */
export const publicSiteDist = (rootDir: string): string => join(rootDir, 'apps', 'public-site', 'dist');

/** A prepared text, compressed as the client accepts. */
function sendPrepared(ctx: Context, type: string, text: PreparedText, cacheControl: string): void {
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  ctx.vary('Accept-Encoding');
  ctx.type = type;
  ctx.set('Cache-Control', cacheControl);
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = text.br;
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = text.gzip;
  } else ctx.body = text.body;
}

/**
 * Serves the two built React apps: the public site at / and the admin app under /admin (on
 * ADMIN_HOST only, when it is set). Paths are matched case-insensitively. A path that is
 * neither a file nor a route of the app gets the app's page with status 404, and the app
 * shows its not-found screen. Until an app is built, a plain page says so.
 */
export function staticApps(options: StaticAppsOptions): Middleware {
  const publicDist = publicSiteDist(options.rootDir);
  const adminDist = join(options.rootDir, 'apps', 'admin', 'dist');
  const adminHost = options.adminHost;
  const pages = new PublicPages({
    distDir: publicDist,
    publicBaseUrl: options.publicBaseUrl,
    adminLoginUrl: adminHost === null ? null : `${options.adminBaseUrl}/admin/login`,
    siteLinks: options.siteLinks,
  });
  // A build, once there, stays: remember it rather than ask the disk on every request. A
  // missing one is asked again, so `pnpm build` while the server runs is picked up.
  const built = new Set<string>();
  const isBuilt = (root: string): boolean => {
    if (!built.has(root) && existsSync(join(root, 'index.html'))) built.add(root);
    return built.has(root);
  };

  async function serve(ctx: Context, root: string, file: string, routes: Set<string>, route: string, name: string) {
    if (!isBuilt(root)) {
      ctx.status = routes.has(route) ? 200 : 404;
      ctx.type = 'html';
      ctx.body = PLACEHOLDER(name);
      return;
    }
    // The page as built, compressed by the build too, is never sent as a file: the server writes
    // PUBLIC_BASE_URL and the links into it (PublicPages), and the build's copies have placeholders.
    if (file !== '/' && !/^\/index\.html(\.br|\.gz)?$/i.test(file)) {
      try {
        const served = await send(ctx, file, { root, brotli: true, gzip: true, index: false, hidden: false });
        // The same URL answers Brotli, gzip or the plain file, as the client asks: a shared cache
        // must keep them apart.
        ctx.vary('Accept-Encoding');
        if (served && HASHED_ASSET.test(file)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
        return;
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (status !== 404 && status !== 400) throw error;
      }
    }
    const page = root === publicDist ? pages.indexHtml() : null;
    if (page !== null) sendPrepared(ctx, 'html', page, 'no-cache');
    else {
      await send(ctx, 'index.html', { root, index: false });
      ctx.set('Cache-Control', 'no-cache');
    }
    ctx.status = routes.has(route) ? 200 : 404;
  }

  return async (ctx, next) => {
    if (isApiPath(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const route = ctx.path.toLowerCase().replace(/\/+$/, '') || '/';
    const onAdminHost = adminHost !== null && ctx.hostname.toLowerCase() === adminHost;
    if (onAdminHost && route === '/') {
      ctx.redirect('/admin');
      return;
    }
    if (isAdminAppPath(ctx.path)) {
      const file = ctx.path.replace(/^\/admin/i, '') || '/';
      return serve(ctx, adminDist, file, ADMIN_ROUTES, route, 'The admin app');
    }
    if (onAdminHost) return next();
    if (route === '/sitemap.xml') {
      sendPrepared(ctx, 'application/xml; charset=utf-8', pages.sitemap, 'public, max-age=3600');
      return;
    }
    const robots = route === '/robots.txt' ? pages.robotsTxt() : null;
    if (robots !== null) {
      sendPrepared(ctx, 'text/plain; charset=utf-8', robots, 'public, max-age=3600');
      return;
    }
    return serve(ctx, publicDist, ctx.path, PUBLIC_ROUTES, route, 'The public site');
  };
}
