import { chmodSync, writeFileSync } from 'node:fs';

import type { EnsureInitialAdminUseCase, UseCases } from '@memoir/domain';
import { mediaOptions } from './media';
import { createHttpApp, type HttpApp, type ObservedRequest, type PrivacyNotice } from '@memoir/http-koa';
import { BOOK_TITLE, PUBLIC_GUESTBOOK_LIMIT } from '@memoir/shared';
import type { Container } from 'inversify';
import type { Logger } from 'pino';

import type { Composition } from './compose';
import { TYPES } from './container';
import type { ServerConfig } from './config';
import { makePrivateDir } from './data-dir';
import { createServerMetrics } from './metrics';
import { landingFirst } from './landing-first';
import { uploadedCover, uploadedMedia } from './landing-media';
import { ShareGraphics, shareGraphicsFirst } from './share-graphics';
import { LandingPages, landingEntryFile } from './landing-page';
import { publicSiteDist, staticApps } from './static-apps';

/** When no admin exists: create one, writing a generated password to a 0600 file (never to a log). */
export async function ensureInitialAdmin(
  config: ServerConfig,
  logger: Logger,
  ensure: EnsureInitialAdminUseCase,
): Promise<void> {
  const outcome = await ensure.execute({ username: config.adminUsername, password: config.adminPassword });
  if (!outcome.ok) throw new Error(`ADMIN_USERNAME / ADMIN_PASSWORD: ${outcome.error.message}`);
  if (!outcome.value.created) return;
  const { user, generatedPassword } = outcome.value;
  if (generatedPassword === null) {
    logger.info({ username: user.username }, 'created the first admin with ADMIN_PASSWORD');
    return;
  }
  makePrivateDir(config.dataDir);
  writeFileSync(config.initialPasswordFile, `${generatedPassword}\n`, { mode: 0o600 });
  chmodSync(config.initialPasswordFile, 0o600);
  logger.info(
    { username: user.username, passwordFile: config.initialPasswordFile },
    'created the first admin; its generated password is in the password file',
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin app's sign-in page, where the footer's Admin link goes. */
const ADMIN_LOGIN_PATH = '/admin/login';

/** What /privacy says: the very settings the server runs with. */
export function privacyNotice(config: ServerConfig): PrivacyNotice {
  const { mail } = config;
  return {
    bookTitle: BOOK_TITLE,
    contactEmail: mail.ownerEmail,
    retention: config.retention,
    downloadLinkDays: Math.max(1, Math.round(mail.linkTtlMs / DAY_MS)),
    maxDownloads: mail.maxDownloads,
    formWindowMinutes: Math.max(1, Math.ceil(config.formRateLimit.windowMs / 60_000)),
    emailBySmtp: mail.smtpUrl !== null,
    readersWebhook: config.readersWebhook !== null,
  };
}

export interface BuiltApp {
  readonly app: HttpApp['app'];
  readonly routes: HttpApp['routes'];
  /** What the HTTP server runs (HttpApp's `handler`): tests that go through it use this. */
  readonly handler: HttpApp['handler'];
  readonly container: Container;
  /** Every use case, as the app drives them (the container's `TYPES.UseCases`). */
  readonly useCases: UseCases;
}

/**
 * The Koa app over a composition, the two built React apps behind it, and the first admin
 * created: what the server listens with and what the in-process tests call.
 */
export async function buildApp(
  composition: Composition,
  /** True once a shutdown began: /readyz then answers 503 whatever the database says. */
  isShuttingDown: () => boolean = () => false,
): Promise<BuiltApp> {
  const { config, logger, useCases, persistence, database, container } = composition;
  await ensureInitialAdmin(config, logger, useCases.ensureInitialAdmin);
  const metrics = createServerMetrics(persistence, () => database.isReady());
  const landing = new LandingPages({
    distDir: publicSiteDist(config.rootDir),
    entryFile: landingEntryFile(config.rootDir),
    publicBaseUrl: config.mail.publicBaseUrl,
    adminLogin: config.adminHost === null ? ADMIN_LOGIN_PATH : `${config.mail.adminBaseUrl}${ADMIN_LOGIN_PATH}`,
    leaveOutPlaceholders: config.siteLinks.leaveOutPlaceholders,
    source: composition.landing,
    entries: () => useCases.listPublicGuestbookEntries.execute({ limit: PUBLIC_GUESTBOOK_LIMIT }),
    media: uploadedMedia(useCases.listMedia),
  });
  const observeRequest = (request: ObservedRequest) => metrics.observeRequest(request);
  const { app, handler, routes } = createHttpApp({
    useCases,
    rateLimiter: useCases.rateLimiter,
    formRateLimit: config.formRateLimit,
    crackmeClaimLimit: config.crackmeClaimLimit,
    trustProxy: config.trustProxy,
    trustForwardedHost: config.trustForwardedHost,
    adminHost: config.adminHost,
    publicBaseUrl: config.mail.publicBaseUrl.replace(/\/+$/, ''),
    ...(config.mailEventsSecret === null
      ? {}
      : { mailEvents: { secret: config.mailEventsSecret, sns: container.get(TYPES.SnsEndpoint) } }),
    logger,
    isDatabaseUnavailable: database.isUnavailable,
    checkReadiness: async () => !isShuttingDown() && (await database.isReady()),
    observeRequest,
    metrics: metrics.endpoint(config.metricsToken),
    privacy: privacyNotice(config),
    media: mediaOptions(composition),
    fallback: shareGraphicsFirst(
      new ShareGraphics(composition.landing, uploadedCover(useCases.listMedia, container.get(TYPES.MediaStore))),
      staticApps({
        rootDir: config.rootDir,
        adminHost: config.adminHost,
        publicBaseUrl: config.mail.publicBaseUrl,
        landing,
      }),
    ),
  });
  const { trustProxy, adminHost } = config;
  const first = landingFirst(landing, { logger, trustProxy, observeRequest, adminHost }, handler);
  return { app, handler: first, routes, container, useCases };
}
