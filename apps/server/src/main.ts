// Before anything else: a clear refusal on an old Node.
import './node-version';

import { existsSync } from 'node:fs';
import { relative } from 'node:path';

import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './server';

/** `pnpm start`: the server on the configured database (SQLite under ./data by default). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, undefined, { forServer: true });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example and docs/operations.md.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const running = await startServer(config, logger);
  const shortPath = relative(process.cwd(), config.initialPasswordFile);
  const passwordFile = shortPath === '' || shortPath.startsWith('..') ? config.initialPasswordFile : shortPath;
  const signIn = existsSync(config.initialPasswordFile)
    ? `as "${config.adminUsername}" with the password in ${passwordFile}`
    : `as "${config.adminUsername}" (password: ADMIN_PASSWORD, or as reset with \`pnpm admin reset-password\`)`;
  logger.info({ url: running.url }, 'listening');
  process.stdout.write(
    `\nThe memoir site is running.\n  Open ${running.url}/\n  Sign in at ${running.url}/admin/login ${signIn}\n  Stop with Ctrl+C.\n\n`,
  );

  // SIGTERM (an orchestrator, a process manager, a deploy): /readyz says 503 at once and the
  // server goes on serving for SHUTDOWN_DRAIN, so the load balancer stops sending before it
  // closes. SIGINT (Ctrl+C at a terminal) skips the drain. A second signal ends the drain now.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      running.endDrain();
      return;
    }
    stopping = true;
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    logger.info(
      { signal, drainMs },
      drainMs > 0
        ? 'shutting down: /readyz answers 503, still serving until the drain is over (a second signal ends it)'
        : 'shutting down: finishing requests in flight',
    );
    running
      .shutdown({ drainMs, graceMs: 10_000 })
      .then(() => {
        logger.info('stopped');
        logger.flush();
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`The server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
