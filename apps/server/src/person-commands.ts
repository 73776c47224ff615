import { parseArgs } from 'node:util';

import type { ErasureCounts } from '@memoir/domain';

import { withUseCases } from './command-context';
import type { ServerConfig } from './config';

export const PERSON_USAGE = `  erase --email <address>     erase a person: their requests lose name, address and message,
                              their download links and outbox copies go (audited as counts)
  export-person --email <address>
                              print what is held about a person, as JSON (an access request)`;

export type PersonCommand = 'erase' | 'export-person';
export const isPersonCommand = (command: string | undefined): command is PersonCommand =>
  command === 'erase' || command === 'export-person';

/** A command line this command does not take: shown with the usage, exit 2. */
export class PersonUsageError extends Error {}

function emailArgument(args: readonly string[]): string {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { email: { type: 'string' } },
      allowPositionals: false,
      strict: true,
    });
    if (values.email === undefined) throw new PersonUsageError('Give the address: --email <address>.');
    return values.email;
  } catch (error) {
    if (error instanceof PersonUsageError) throw error;
    throw new PersonUsageError(error instanceof Error ? error.message : String(error));
  }
}

const LABELS: Readonly<Record<keyof ErasureCounts, string>> = {
  requests: 'scholarship requests without name, address and message',
  pendingClosed: 'of them, pending requests closed (no email sent)',
  deliveries: 'emails whose download link or error went',
  auditEvents: 'audit events whose notes went',
  crackmeClaims: 'crackme prize claims without name and address',
  suppressions: 'suppression of the address (a bounce or a complaint) lifted',
  readers: 'place on the reader list, with its consent record, deleted',
  sentEmails: 'copies of emails deleted from the outbox',
};

/** `pnpm admin erase --email` and `pnpm admin export-person --email`. */
export async function runPersonCommand(
  command: PersonCommand,
  args: readonly string[],
  config: ServerConfig,
): Promise<number> {
  const email = emailArgument(args);
  return withUseCases(config, async ({ erasePerson, exportPerson }) => {
    if (command === 'export-person') {
      const result = await exportPerson.execute({ email });
      if (!result.ok) {
        process.stderr.write(`${result.error.message}\n`);
        return 1;
      }
      process.stdout.write(`${JSON.stringify(result.value, null, 2)}\n`);
      return 0;
    }
    const result = await erasePerson.execute({ email });
    if (!result.ok) {
      process.stderr.write(`${result.error.message}\n`);
      return 1;
    }
    const { counts } = result.value;
    if (Object.values(counts).every((n) => n === 0)) {
      process.stdout.write(`Nothing is held about ${email}; nothing was erased (the erasure is audited).\n`);
      return 0;
    }
    const width = Math.max(...Object.values(LABELS).map((label) => label.length));
    const lines = (Object.keys(LABELS) as Array<keyof ErasureCounts>).map(
      (key) => `  ${LABELS[key].padEnd(width)}  ${counts[key]}`,
    );
    process.stdout.write(`Erased ${email}:\n${lines.join('\n')}\n`);
    return 0;
  });
}
