// Before anything else: a clear refusal on an old Node.
import './node-version';

import { createTypeOrmPersistence, type LooseFileMode } from '@memoir/persistence-typeorm';
import { RandomSessionTokenService } from '@memoir/platform-node';

import { ConfigError, loadConfig } from './config';
import { buildContainer, TYPES } from './container';
import { DATA_USAGE, isDataCommand, runDataCommand } from './data-commands';
import { logLooseFiles } from './data-dir';
import { createLogger } from './logger';
import { persistenceOptions } from './server';

const USAGE = `Usage: pnpm admin <command> [<username>] [--password-stdin]
       pnpm admin <command> <file>

Commands:
  create-admin <username>     create another admin account
  reset-password <username>   set a new password and sign that admin out everywhere
  migrate                     run the database's pending migrations (under the same lock as a start)
  audit-verify                walk the audit trail's hash chain; exit 1 at the first broken link
${DATA_USAGE}

The new password is generated and printed once, unless --password-stdin is given: then the
first line of standard input is the password (12 to 128 characters).
Uses the same configuration as the server (DATABASE_URL, DATA_DIR).`;

async function readPasswordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** `pnpm admin migrate`: what a start does first, on demand (for MIGRATE_ON_START=off). */
async function runMigrate(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger('warn');
  const looseFiles: LooseFileMode[] = [];
  const persistence = await createTypeOrmPersistence(
    persistenceOptions(config, logger, (file) => void looseFiles.push(file), true),
  );
  logLooseFiles(logger, config.dataDir, looseFiles);
  await persistence.close();
  const { ran, known } = persistence.migrations;
  process.stdout.write(
    ran.length > 0
      ? `Ran ${ran.length} migrations: ${ran.join(', ')}.\n`
      : `The database is up to date (${known.length} migrations).\n`,
  );
  return 0;
}

/**
 * `pnpm admin audit-verify`: the whole chain, a page at a time. Exit 0 with the count when it
 * holds; 1 with the first broken link (event, position, what differs) when it does not.
 */
async function runAuditVerify(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger('warn');
  const persistence = await createTypeOrmPersistence(persistenceOptions(config, logger, () => undefined));
  try {
    const { verifyAuditChain } = buildContainer(config, logger, persistence).get(TYPES.UseCases);
    const report = await verifyAuditChain.execute();
    if (report.firstBreak === null) {
      process.stdout.write(`The audit trail's chain holds: ${report.verifiedEvents} events verified.\n`);
      return 0;
    }
    const { eventId, position, problem } = report.firstBreak;
    process.stderr.write(
      `The audit trail's chain is broken at position ${position}${eventId === null ? '' : ` (event ${eventId})`}: ${problem}.\n` +
        `The ${report.verifiedEvents} events before it hold.\n`,
    );
    return 1;
  } finally {
    await persistence.close();
  }
}

export async function runCli(args: readonly string[]): Promise<number> {
  const [command, username, ...flags] = args;
  if (isDataCommand(command) && username !== undefined && !username.startsWith('-') && flags.length === 0) {
    return runDataCommand(command, username, loadConfig());
  }
  if (command === 'migrate' && username === undefined) return runMigrate();
  if (command === 'audit-verify' && username === undefined) return runAuditVerify();
  if (
    (command !== 'create-admin' && command !== 'reset-password') ||
    username === undefined ||
    username.startsWith('-')
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger('warn');
  const generated = !flags.includes('--password-stdin');
  const password = generated ? new RandomSessionTokenService().generate() : await readPasswordFromStdin();
  const looseFiles: LooseFileMode[] = [];
  const persistence = await createTypeOrmPersistence(
    persistenceOptions(config, logger, (file) => void looseFiles.push(file)),
  );
  logLooseFiles(logger, config.dataDir, looseFiles);
  try {
    const { createAdmin, resetAdminPassword } = buildContainer(config, logger, persistence).get(TYPES.UseCases);
    const result =
      command === 'create-admin'
        ? await createAdmin.execute({ username, password })
        : await resetAdminPassword.execute({ username, password });
    if (!result.ok) {
      process.stderr.write(`${result.error.message}\n`);
      return 1;
    }
    const done =
      command === 'create-admin'
        ? `Created admin "${username.trim().toLowerCase()}".`
        : `New password set for "${username.trim().toLowerCase()}"; every session of that admin has ended.`;
    process.stdout.write(`${done}\n`);
    if (generated) process.stdout.write(`Password (shown once, keep it safe): ${password}\n`);
    return 0;
  } finally {
    await persistence.close();
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
      // Some reasons are worded to follow "The server failed to start: ": here they stand alone.
      process.stderr.write(`${message.charAt(0).toUpperCase()}${message.slice(1)}\n`);
      process.exit(1);
    });
}
