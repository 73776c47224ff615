import { chmod, mkdir, open } from 'node:fs/promises';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { dirname, join } from 'node:path';
import { types } from 'node:util';
import { randomBytes } from 'node:crypto';

import type { Mailer, OutgoingEmail } from '@memoir/domain';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

import type { DkimKey } from './dkim';
import { messageOptions, type MessageSettings } from './message';

/**
 * nodemailer, loaded with the first message rather than with the server: most starts send
 * nothing for a while, and it is some 750 KB of code a start would parse (docs/performance.md).
 */
const loadNodemailer = async () => (await import('nodemailer')).default;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * A host that can only be this machine: `localhost`, 127.0.0.0/8, ::1 (IPv4-mapped too). Other
 * names count as beyond it, even one that happens to resolve to loopback.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (name === 'localhost') return true;
  if (isIPv4(name)) return LOOPBACK.check(name, 'ipv4');
  return isIPv6(name) && LOOPBACK.check(name, 'ipv6');
}

/**
 * Query parameters of SMTP_URL that nodemailer would read as TLS settings. None is taken: the
 * scheme (smtps:// is TLS from the start) and `requireTls` decide, and certificates are always
 * verified.
 */
const TLS_URL_PARAMETERS = ['requiretls', 'ignoretls', 'opportunistictls', 'secure', 'tls.rejectunauthorized'];

/** Why an SMTP URL cannot be used, or null. Never repeats the URL: it may hold a password. */
export function smtpUrlProblem(url: string): string | null {
  const parsed = URL.parse(url);
  if (parsed === null || !['smtp:', 'smtps:'].includes(parsed.protocol) || parsed.hostname === '') {
    return 'must look like smtp://host:587 or smtps://user:password@host:465 (its value is not shown: it may hold a password).';
  }
  const settings = [...parsed.searchParams.keys()].filter((key) => TLS_URL_PARAMETERS.includes(key.toLowerCase()));
  return settings.length === 0
    ? null
    : `cannot set ${settings.join(', ')}: TLS follows the scheme (smtps:// or smtp:// with STARTTLS) and SMTP_REQUIRE_TLS, and certificates are always verified.`;
}

/** How a message is protected on its way to the SMTP server. */
export type SmtpTls =
  /** smtps://: TLS from the first byte. */
  | 'implicit'
  /** smtp:// beyond this machine: STARTTLS or nothing is sent. */
  | 'required'
  /** smtp:// on loopback, or with TLS not required: STARTTLS when the server offers it. */
  | 'when-offered';

/** Sends through an SMTP server: `SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465. */
export class SmtpMailer implements Mailer {
  private readonly transportOptions: SMTPTransport.Options & { url: string };
  /** Made with the first message. */
  private transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | null = null;
  private readonly message: MessageSettings;
  /** The server's host name, for messages: never the URL, which may hold a password. */
  readonly host: string;
  readonly tls: SmtpTls;

  constructor(options: {
    readonly url: string;
    readonly from: string;
    readonly timeoutMs?: number;
    /**
     * Refuse to send over smtp:// to a server beyond this machine unless it offers STARTTLS
     * (SMTP_REQUIRE_TLS; on by default). Otherwise a man in the middle can strip the STARTTLS
     * offer and read every download link. A server on loopback is never required to.
     */
    readonly requireTls?: boolean;
    /** DKIM_*: sign every message; none: unsigned. */
    readonly dkim?: DkimKey | null;
  }) {
    const problem = smtpUrlProblem(options.url);
    if (problem !== null) throw new Error(`SMTP_URL ${problem}`);
    const url = new URL(options.url);
    this.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.tls =
      url.protocol === 'smtps:'
        ? 'implicit'
        : (options.requireTls ?? true) && !isLoopbackHost(this.host)
          ? 'required'
          : 'when-offered';
    const timeout = options.timeoutMs ?? 15_000;
    // `url` sets host, port, TLS and credentials; the timeouts keep a dead server from
    // holding a delivery's lease. Certificates are verified (nodemailer's default, which no
    // URL parameter may change).
    this.transportOptions = {
      url: options.url,
      requireTLS: this.tls === 'required',
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    };
    this.message = { from: options.from, dkim: options.dkim ?? null };
  }

  async send(email: OutgoingEmail): Promise<void> {
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.transportOptions));
    try {
      await (await this.transport).sendMail(messageOptions(this.message, email));
    } catch (error) {
      throw this.explain(error);
    }
  }

  close(): void {
    void this.transport?.then((transport) => transport.close());
  }

  /** TLS failures in words an operator can act on; the delivery records the message. */
  private explain(error: unknown): unknown {
    // isNativeError, not instanceof: TLS errors come from Node's own realm.
    if (!types.isNativeError(error)) return error;
    const { code, command } = error as { code?: unknown; command?: unknown };
    if (this.tls === 'required' && code === 'ETLS' && command === 'STARTTLS') {
      return new Error(
        `The SMTP server ${this.host} offers no STARTTLS, and TLS is required for a server beyond this machine: ` +
          `nothing was sent (${error.message}). Use smtps://, a server that offers STARTTLS, or, on a network ` +
          'you trust, SMTP_REQUIRE_TLS=off.',
        { cause: error },
      );
    }
    if (/certificate|altnames/i.test(error.message)) {
      const reason = error.message.split(';')[0] ?? error.message;
      return new Error(
        `TLS with the SMTP server ${this.host} failed: ${reason}. Nothing was sent: certificates are always verified; ` +
          "for a server signed by a private CA, point NODE_EXTRA_CA_CERTS at that CA's certificate.",
        { cause: error },
      );
    }
    return error;
  }
}

/** Makes `dir` and its missing parents, each 0700 exactly (mkdir's mode is masked by the umask). */
async function makePrivateDir(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  for (let made = dir; ; made = dirname(made)) {
    await chmod(made, 0o700);
    if (made === first || dirname(made) === made) return;
  }
}

/**
 * With no SMTP server configured (the embedded default), each message becomes an .eml file in
 * the outbox folder: open it in any mail program to see exactly what would have been sent.
 */
export class OutboxMailer implements Mailer {
  /** Made with the first message. */
  private compose: Promise<Transporter<StreamTransport.SentMessageInfo>> | null = null;

  constructor(
    private readonly options: {
      readonly dir: string;
      readonly from: string;
      /** DKIM_*: the copies are signed as the SMTP mailer would sign them. */
      readonly dkim?: DkimKey | null;
      /** Told the path of every message written, so the log can say where it is. */
      readonly onWritten?: (path: string) => void;
    },
  ) {}

  /**
   * Each message holds a working download link: the folder is made 0700 and each file 0600,
   * exactly, whatever the umask.
   */
  async send(email: OutgoingEmail): Promise<void> {
    this.compose ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await this.compose).sendMail(messageOptions(this.options, email));
    await makePrivateDir(this.options.dir);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(this.options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    const file = await open(path, 'wx', 0o600);
    try {
      await file.chmod(0o600);
      await file.writeFile(info.message as Buffer);
    } finally {
      await file.close();
    }
    this.options.onWritten?.(path);
  }
}
