// Before anything else: a clear refusal on an old Node.
import './node-version';

import { createTypeOrmPersistence, type LooseFileMode } from '@memoir/persistence-typeorm';
import { RandomSecretTokens } from '@memoir/platform-node';

import { withUseCases } from './command-context';
import { ConfigError, loadConfig } from './config';
import { DATA_USAGE, isDataCommand, runDataCommand } from './data-commands';
import { logLooseFiles } from './data-dir';
import { createLogger } from './logger';
import { isPersonCommand, PERSON_USAGE, PersonUsageError, runPersonCommand } from './person-commands';
import { RETENTION_USAGE, RetentionUsageError, runRetention } from './retention-command';
import { persistenceOptions } from './server';

const USAGE = `Usage: pnpm admin <command> [<username>] [--password-stdin] [--two-factor-off]
       pnpm admin <command> <file>

Commands:
  create-admin <username>     create another admin account
  reset-password <username>   set a new password and sign that admin out everywhere; with
                              --two-factor-off (or answering yes when asked) also turn that
                              admin's two-factor sign-in off, for an owner who lost their phone
  migrate                     run the database's pending migrations (under the same lock as a start)
  audit-verify                walk the audit trail's hash chain; exit 1 at the first broken link
${DATA_USAGE}
${RETENTION_USAGE}
${PERSON_USAGE}

The new password is generated and printed once, unless --password-stdin is given: then the
first line of standard input is the password (12 to 128 characters).
Uses the same configuration as the server (DATABASE_URL, DATA_DIR).`;

/** Asks a yes/no question on a terminal; anything but y or yes is no. Never asks off a terminal. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const { createInterface } = await import('node:readline/promises');
  const lines = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await lines.question(question)).trim());
  } finally {
    lines.close();
  }
}

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
  return withUseCases(loadConfig(), async ({ verifyAuditChain }) => {
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
  });
}

export async function runCli(args: readonly string[]): Promise<number> {
  const [command, username, ...flags] = args;
  if (isDataCommand(command) && username !== undefined && !username.startsWith('-') && flags.length === 0) {
    return runDataCommand(command, username, loadConfig());
  }
  if (command === 'migrate' && username === undefined) return runMigrate();
  if (command === 'audit-verify' && username === undefined) return runAuditVerify();
  if (isPersonCommand(command)) {
    try {
      return await runPersonCommand(command, args.slice(1), loadConfig());
    } catch (error) {
      if (!(error instanceof PersonUsageError)) throw error;
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
  }
  if (command === 'retention') {
    try {
      return await runRetention(args.slice(1), loadConfig());
    } catch (error) {
      if (!(error instanceof RetentionUsageError)) throw error;
      process.stderr.write(`${error.message}\n${USAGE}\n`);
      return 2;
    }
  }
  if (
    (command !== 'create-admin' && command !== 'reset-password') ||
    username === undefined ||
    username.startsWith('-')
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const generated = !flags.includes('--password-stdin');
  const password = generated ? new RandomSecretTokens().newToken() : await readPasswordFromStdin();
  return withUseCases(config, async ({ createAdmin, resetAdminPassword, twoFactorSetup }, persistence) => {
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
    if (command === 'reset-password') {
      const name = username.trim().toLowerCase();
      const user = await persistence.repositories.adminUsers.findByUsername(name);
      if (user?.twoFactorEnabled === true) {
        const off =
          flags.includes('--two-factor-off') ||
          (await confirm(`Two-factor sign-in is on for "${name}". Turn it off (a lost phone)? [y/N] `));
        if (off) {
          await twoFactorSetup.disableForUsername(name);
          process.stdout.write(
            `Two-factor sign-in is off for "${name}": sign in with the password, then turn it on again on the Security screen.\n`,
          );
        } else {
          process.stdout.write(
            `Two-factor sign-in stays on for "${name}". If the phone and the recovery codes are lost, run: pnpm admin reset-password ${name} --two-factor-off\n`,
          );
        }
      }
    }
    return 0;
  });
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
