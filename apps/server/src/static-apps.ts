import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { isAdminAppPath, isApiPath } from '@memoir/http-koa';
import { ADMIN_APP_PAGES } from '@memoir/shared';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';

import type { LandingPages } from './landing-page';
import { PublicPages, type PreparedText } from './public-pages';

/** Client-side routes of the admin app: the server answers them with the app's page, status 200. */
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
  /** The landing page rendered from the published content, its previews, and the not-found page. */
  readonly landing: LandingPages;
}

/** Where the public site's build is. */
export const publicSiteDist = (rootDir: string): string => join(rootDir, 'apps', 'public-site', 'dist');

/** A draft's preview: `/preview/<token>` (the token as the admin API gave it). */
const PREVIEW_PATH = /^\/preview\/([A-Za-z0-9_-]{1,200})\/?$/;

/** The landing page's headers: revalidated at each visit, and in the form the client accepts. */
export const LANDING_CACHE_CONTROL = 'no-cache';

/** A prepared text, compressed as the client accepts. */
export function sendPrepared(ctx: Context, type: string, text: PreparedText, cacheControl: string): void {
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
 * Serves the two built React apps: the public site at / (the page the server renders,
 * landing-page.ts; a draft's preview at /preview/<token>) and the admin app under /admin (on
 * ADMIN_HOST only, when it is set). Paths are matched case-insensitively. A path that is
 * neither a file nor a route of the app gets the app's page with status 404, and the app
 * shows its not-found screen. Until an app is built, a plain page says so.
 */
export function staticApps(options: StaticAppsOptions): Middleware {
  const publicDist = publicSiteDist(options.rootDir);
  const adminDist = join(options.rootDir, 'apps', 'admin', 'dist');
  const adminHost = options.adminHost;
  const pages = new PublicPages({ distDir: publicDist, publicBaseUrl: options.publicBaseUrl });
  const { landing } = options;
  // A build, once there, stays: remember it rather than ask the disk on every request. A
  // missing one is asked again, so `pnpm build` while the server runs is picked up.
  const built = new Set<string>();
  const isBuilt = (root: string): boolean => {
    if (!built.has(root) && existsSync(join(root, 'index.html'))) built.add(root);
    return built.has(root);
  };

  /** A file of the app's build, if `file` names one (never its index.html: the server writes the pages). */
  async function sendFile(ctx: Context, root: string, file: string): Promise<boolean> {
    if (file === '/' || /^\/index\.html(\.br|\.gz)?$/i.test(file)) return false;
    try {
      const served = await send(ctx, file, { root, brotli: true, gzip: true, index: false, hidden: false });
      // The same URL answers Brotli, gzip or the plain file, as the client asks: a shared cache
      // must keep them apart.
      ctx.vary('Accept-Encoding');
      if (served && HASHED_ASSET.test(file)) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      return true;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
      return false;
    }
  }

  function notBuilt(ctx: Context, found: boolean, name: string): void {
    ctx.status = found ? 200 : 404;
    ctx.type = 'html';
    ctx.body = PLACEHOLDER(name);
  }

  async function serveAdmin(ctx: Context, file: string, route: string) {
    const found = ADMIN_ROUTES.has(route);
    if (!isBuilt(adminDist)) return notBuilt(ctx, found, 'The admin app');
    if (await sendFile(ctx, adminDist, file)) return;
    await send(ctx, 'index.html', { root: adminDist, index: false });
    ctx.set('Cache-Control', 'no-cache');
    ctx.status = found ? 200 : 404;
  }

  /** The public site: its files, the landing page, a draft's preview, or the not-found page. */
  async function servePublic(ctx: Context, route: string) {
    if (route === '/') {
      const page = await landing.page();
      if (page === null) return notBuilt(ctx, true, 'The public site');
      return sendPrepared(ctx, 'html', page, LANDING_CACHE_CONTROL);
    }
    if (isBuilt(publicDist) && (await sendFile(ctx, publicDist, ctx.path))) return;
    const token = PREVIEW_PATH.exec(ctx.path)?.[1];
    const preview = token === undefined ? null : await landing.preview(token);
    if (preview !== null) {
      // The owner's draft: never kept by a cache, never indexed.
      sendPrepared(ctx, 'html', preview, 'no-store');
      ctx.set('X-Robots-Tag', 'noindex');
      return;
    }
    const shell = await landing.shell();
    if (shell === null) return notBuilt(ctx, false, 'The public site');
    sendPrepared(ctx, 'html', shell, LANDING_CACHE_CONTROL);
    ctx.status = 404;
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
      return serveAdmin(ctx, ctx.path.replace(/^\/admin/i, '') || '/', route);
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
    return servePublic(ctx, route);
  };
}
