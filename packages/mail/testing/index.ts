import type { AddressInfo } from 'node:net';

import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process, on a free loopback port. */
export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>: give it to SmtpMailer or SMTP_URL. */
  readonly url: string;
  /** Every message accepted, raw, in arrival order. */
  readonly received: Buffer[];
  /** Set to make the server refuse every recipient with this reply, as a real one would. */
  refuseWith: { readonly code: number; readonly message: string } | null;
  /** The accepted messages, parsed. */
  parsed(): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: Buffer[] = [];
  const state: { refuseWith: TestSmtpServer['refuseWith'] } = { refuseWith: null };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
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
