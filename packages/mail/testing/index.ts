import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process, on a free port. */
export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>: give it to SmtpMailer or SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every message accepted, raw, in arrival order. */
  readonly received: Buffer[];
  /** Connections the server has accepted so far: proof that a client reached it. */
  readonly connections: number;
  /** Set to make the server refuse every recipient with this reply, as a real one would. */
  refuseWith: { readonly code: number; readonly message: string } | null;
  /** The accepted messages, parsed. */
  parsed(): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface TestSmtpServerOptions {
  /** The address to listen on: `0.0.0.0` to be reached through the machine's other addresses. */
  readonly listenOn?: string;
  /**
   * `self-signed`: offer STARTTLS with a certificate made for this server (openssl), which no
   * client trusts. By default the server offers no STARTTLS at all.
   */
  readonly starttls?: 'self-signed';
}

/** A fresh self-signed certificate and its key (PEM), made with Debian's openssl. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=smtp.memoir.test'],
        ...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ],
      { stdio: 'pipe' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: Buffer[] = [];
  const state: { refuseWith: TestSmtpServer['refuseWith']; connections: number } = {
    refuseWith: null,
    connections: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.starttls === undefined ? ['STARTTLS', 'AUTH'] : ['AUTH'],
    ...(options.starttls === 'self-signed' ? selfSignedCertificate() : {}),
    logger: false,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (state.refuseWith !== null) {
        callback(Object.assign(new Error(state.refuseWith.message), { responseCode: state.refuseWith.code }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, options.listenOn ?? '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get connections() {
      return state.connections;
    },
    get refuseWith() {
      return state.refuseWith;
    },
    set refuseWith(value) {
      state.refuseWith = value;
    },
    parsed: () => Promise.all(received.map((raw) => simpleParser(raw))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export { startTestDnsServer, type TestDnsName, type TestDnsServer } from './dns';
export { startTestImapServer, TEST_IMAP_PASSWORD, type TestImapServer } from './imap';
export { arfMessage, dsnMessage, vacationReply, type DsnRecipient } from './bounce-messages';
