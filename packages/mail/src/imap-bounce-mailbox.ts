import { isLoopbackHost } from './mailers';

/** Where the bounce mailbox is (BOUNCE_IMAP_URL): `imaps://user:pass@host[:port]/MAILBOX`, or `imap://`. */
export interface BounceImapTarget {
  readonly host: string;
  readonly port: number;
  /** imaps: TLS from the first byte. */
  readonly secure: boolean;
  /** imap:// beyond loopback: STARTTLS or nothing, so the password never crosses the wire in clear. */
  readonly requireStartTls: boolean;
  readonly user: string;
  readonly password: string;
  readonly mailbox: string;
}

/** Why a BOUNCE_IMAP_URL cannot be used (never quoting its password), or null. */
export function bounceImapUrlProblem(text: string): string | null {
  const read = readBounceImapUrl(text);
  return 'problem' in read ? read.problem : null;
}

export function readBounceImapUrl(text: string): BounceImapTarget | { readonly problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'must be a URL such as imaps://user:password@imap.example.com/INBOX (its value is not shown).' };
  }
  if (url.protocol !== 'imaps:' && url.protocol !== 'imap:') {
    return { problem: `must start with imaps:// (or imap://), not ${url.protocol}//.` };
  }
  if (url.username === '' || url.password === '' || url.hostname === '') {
    return { problem: 'must name the user, the password and the host: imaps://user:password@host/INBOX.' };
  }
  const secure = url.protocol === 'imaps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return {
    host,
    port: url.port === '' ? (secure ? 993 : 143) : Number(url.port),
    secure,
    requireStartTls: !secure && !isLoopbackHost(host),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

/** One unseen message: its whole source, and what names it when it has no Message-ID. */
export interface MailboxMessage {
  readonly source: Buffer;
  readonly uid: number;
  /** `<mailbox>/<UIDVALIDITY>/<UID>`: unique to this message of this mailbox. */
  readonly ref: string;
  readonly receivedAt: Date;
}

/** How long to wait on the server: a run must end in time for a shutdown (the job waits for it). */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * The bounce mailbox over IMAP (imapflow): each run connects, takes the unseen messages of the
 * mailbox one by one, hands each to `handle`, and flags it \Seen once `handle` has resolved,
 * so a message is counted once; one `handle` rejects (the database is down), and it stays
 * unseen, the run ends, and the next run reads it again. Between messages `shouldStop` is
 * asked: a stopping server ends the run at once, leaving the rest unseen.
 */
export class ImapBounceMailbox {
  constructor(private readonly target: BounceImapTarget) {}

  async readUnseen(
    handle: (message: MailboxMessage) => Promise<void>,
    shouldStop: () => boolean = () => false,
  ): Promise<{ readonly read: number; readonly left: number }> {
    const { target } = this;
    // Loaded with the first run: a server without BOUNCE_IMAP_URL never needs it.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: target.host,
      port: target.port,
      secure: target.secure,
      ...(target.requireStartTls ? { doSTARTTLS: true } : {}),
      auth: { user: target.user, pass: target.password },
      logger: false,
      disableAutoIdle: true,
      ...TIMEOUTS,
    });
    // A socket error after connecting is told through the command that meets it, not as a crash.
    client.on('error', () => undefined);
    await client.connect();
    try {
      const lock = await client.getMailboxLock(target.mailbox);
      try {
        const uidValidity = client.mailbox === false ? '0' : String(client.mailbox.uidValidity);
        const unseen = (await client.search({ seen: false }, { uid: true })) || [];
        let read = 0;
        for (const uid of unseen) {
          if (shouldStop()) break;
          const message = await client.fetchOne(String(uid), { source: true, internalDate: true }, { uid: true });
          if (message === false || message.source === undefined) continue;
          const receivedAt = message.internalDate instanceof Date ? message.internalDate : new Date();
          await handle({ source: message.source, uid, ref: `${target.mailbox}/${uidValidity}/${uid}`, receivedAt });
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
          read += 1;
        }
        return { read, left: unseen.length - read };
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
  }
}
