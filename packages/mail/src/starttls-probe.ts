import { connect } from 'node:net';

/**
 * Whether the SMTP server at host:port lists STARTTLS in its answer to EHLO: the greeting, EHLO,
 * QUIT, nothing sent. `{ failed }` when it could not be asked (refused, timed out, not SMTP).
 */
export function offersStartTls(host: string, port: number, timeoutMs: number): Promise<boolean | { failed: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let buffer = '';
    let stage: 'greeting' | 'ehlo' = 'greeting';
    const finish = (answer: boolean | { failed: string }) => {
      socket.removeAllListeners('data');
      if (!socket.destroyed) socket.end('QUIT\r\n');
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => finish({ failed: `no answer within ${timeoutMs} ms` }));
    socket.on('error', (error: NodeJS.ErrnoException) => finish({ failed: error.code ?? error.message }));
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const lines = buffer.split('\r\n');
      // A reply ends with a line whose code is followed by a space ("250 ", not "250-").
      const last = lines.findIndex((line) => /^\d{3}( |$)/.test(line));
      if (last === -1) return;
      const reply = lines.slice(0, last + 1);
      buffer = lines.slice(last + 1).join('\r\n');
      const code = reply[last]?.slice(0, 3);
      if (stage === 'greeting') {
        if (code !== '220') return finish({ failed: `it greeted with "${reply[last] ?? ''}", not 220` });
        stage = 'ehlo';
        socket.write('EHLO mail-health.invalid\r\n');
        return;
      }
      if (code !== '250') return finish({ failed: `it answered EHLO with "${reply[last] ?? ''}"` });
      finish(reply.some((line) => /^250[- ]STARTTLS\b/i.test(line)));
    });
  });
}
