import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';

/* hoodiecrow-imap ships no types: what this file uses of it. */
interface HoodiecrowMessage {
  raw: string;
  flags?: string[];
  internaldate?: string;
  uid?: number;
}
interface HoodiecrowOptions {
  plugins?: string[];
  users?: Record<string, { password: string }>;
  storage?: Record<string, { messages?: HoodiecrowMessage[]; folders?: Record<string, unknown> }>;
  debug?: boolean;
}
interface HoodiecrowServer {
  /** The listening socket server under it. */
  readonly server: Server;
  listen(port: number, host: string): void;
  close(callback: () => void): void;
  /** A mailbox, with its messages as the server holds them. */
  getMailbox(path: string): { messages: Array<HoodiecrowMessage & { flags: string[]; uid: number }> } | undefined;
  /** Delivers a message into a mailbox, as mail arriving would. */
  appendMessage(mailbox: string, flags: string[], internaldate: Date | string, raw: string): void;
}

function hoodiecrow(options: HoodiecrowOptions): HoodiecrowServer {
  // Loaded through require (it has no types to import), by name so that its declaration is seen as used.
  const require = createRequire(__filename);
  return (require('hoodiecrow-imap') as (options: HoodiecrowOptions) => HoodiecrowServer)(options);
}

/** A real IMAP server in the test process (hoodiecrow-imap), on a free port of 127.0.0.1. */
export interface TestImapServer {
  /** imap://bounces:<password>@127.0.0.1:<port>/INBOX: give it to BOUNCE_IMAP_URL. */
  readonly url: string;
  /** Delivers a message to the INBOX, unseen. */
  deliver(raw: string): void;
  /** Each INBOX message's flags, in order. */
  flags(): string[][];
  /** Takes \\Seen off every message: as if another client, or a crash, had left them unread. */
  markAllUnseen(): void;
  close(): Promise<void>;
}

export const TEST_IMAP_PASSWORD = 'imap-test-password';

export async function startTestImapServer(messages: readonly string[] = []): Promise<TestImapServer> {
  const server = hoodiecrow({
    // The capabilities a provider's IMAP server offers and imapflow uses.
    plugins: ['IDLE', 'UIDPLUS', 'ENABLE', 'CONDSTORE', 'SPECIAL-USE', 'ID', 'NAMESPACE', 'UNSELECT', 'LITERALPLUS'],
    users: { bounces: { password: TEST_IMAP_PASSWORD } },
    storage: { INBOX: { messages: messages.map((raw) => ({ raw, flags: [] })) } },
    debug: false,
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const inbox = () => server.getMailbox('INBOX')?.messages ?? [];
  return {
    url: `imap://bounces:${TEST_IMAP_PASSWORD}@127.0.0.1:${port}/INBOX`,
    deliver: (raw) => server.appendMessage('INBOX', [], new Date(), raw),
    flags: () => inbox().map((message) => [...message.flags]),
    markAllUnseen: () => {
      for (const message of inbox()) message.flags = message.flags.filter((flag) => flag !== '\\Seen');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
