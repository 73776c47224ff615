import type { Mailer } from '@memoir/domain';
import { isLoopbackHost } from '@memoir/mail';
import type { TypeOrmPersistence } from '@memoir/persistence-typeorm';
import type { Logger } from 'pino';

import type { ServerConfig } from './config';
import { smtpTransport } from './container';
import type { LandingSource } from './landing-page';
import { linkSetting, placeholderLinks } from './site-links';

// What the server says about itself as it starts: where the database is, how email leaves,
// and the warnings an operator should act on. Each is said once, before it listens.

/** Where the database is and how it is reached, for the start-up log (no credentials). */
export function logDatabase(logger: Logger, config: ServerConfig, persistence: TypeOrmPersistence): void {
  const { ran, known } = persistence.migrations;
  if (ran.length > 0) logger.info({ ran }, 'migrated the database');
  else logger.info({ migrations: known.length }, 'the database is up to date');
  if (persistence.tls === null) {
    logger.info({ database: 'sqlite' }, 'database: SQLite');
    return;
  }
  const details = {
    database: persistence.dataSource.options.type,
    tls: persistence.tls,
    poolSize: config.database.poolSize,
    ...(config.database.sslCa === null ? {} : { ca: config.database.sslCa.path }),
  };
  if (persistence.tls === 'unverified') {
    logger.warn(details, "database: TLS without certificate verification (DATABASE_URL's ssl turns it off)");
  } else if (persistence.tls === 'off') {
    logger.info(
      details,
      'database: MySQL without TLS (set DATABASE_SSL_CA or ?ssl=true for a database over a network)',
    );
  } else logger.info(details, 'database: MySQL over TLS');
}

/** How email leaves (SMTP or the outbox folder), and a warning when it may go in clear. */
export function logMail(logger: Logger, config: ServerConfig, mailer: Mailer): void {
  const { mail } = config;
  const smtp = smtpTransport(mailer);
  logger.info(
    {
      smtp: mail.smtpUrl !== null,
      ...(smtp === null ? {} : { tls: smtp.tls }),
      ...(mail.smtpUrl === null ? { outbox: mail.outboxDir } : {}),
      publicBaseUrl: mail.publicBaseUrl,
      book: mail.bookPdfPath,
      ownerNotifications: mail.ownerNotifications,
    },
    mail.smtpUrl === null ? 'email: no SMTP_URL, messages are written to the outbox folder' : 'email: sending by SMTP',
  );
  if (smtp !== null && smtp.tls === 'when-offered' && !isLoopbackHost(smtp.host)) {
    logger.warn(
      { host: smtp.host },
      'SMTP_REQUIRE_TLS is off: email, download links included, goes in clear to an SMTP server that offers no STARTTLS',
    );
  }
}

/**
 * One warning at start when the page leaves links out: placeholders in the published content,
 * with PUBLIC_BASE_URL set. It names each, by the setting that gave it on the first start.
 */
export async function logSiteLinks(logger: Logger, config: ServerConfig, landing: LandingSource): Promise<void> {
  if (!config.siteLinks.leaveOutPlaceholders) return;
  const leftOut = placeholderLinks((await landing.published()).content).map(linkSetting);
  if (leftOut.length === 0) return;
  logger.warn(
    { leftOut },
    `links left out of the page, their addresses being placeholders (.example): ${leftOut.join(', ')}; set them in the admin app (/admin/site)`,
  );
}
