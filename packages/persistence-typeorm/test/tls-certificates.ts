import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** PEM files made by `makeTestCertificates`. */
export interface TestCertificates {
  /** The CA that signed the server's certificate: what DATABASE_SSL_CA names. */
  readonly caFile: string;
  /** Another CA, which signed nothing the server shows: a wrong DATABASE_SSL_CA. */
  readonly otherCaFile: string;
  readonly serverCertFile: string;
  readonly serverKeyFile: string;
  /** From the same CA, for the same key, for `elsewhere.memoir.test` only: a name no test connects to. */
  readonly misnamedCertFile: string;
}

function openssl(args: readonly string[]): void {
  execFileSync('openssl', args, { stdio: 'pipe', timeout: 60_000 });
}

function makeCa(dir: string, name: string): { cert: string; key: string } {
  const cert = join(dir, `${name}.pem`);
  const key = join(dir, `${name}.key`);
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  return { cert, key };
}

/**
 * A throwaway certificate authority (openssl) and a server certificate it signed for
 * `serverNames` (DNS names and IP addresses), plus a second CA that signed nothing: what a test
 * of TLS to a database needs. Valid for two days.
 */
export function makeTestCertificates(dir: string, serverNames: readonly string[]): TestCertificates {
  const ca = makeCa(dir, 'memoir-test-ca');
  const other = makeCa(dir, 'some-other-ca');
  const serverKeyFile = join(dir, 'server.key');
  const request = join(dir, 'server.csr');
  openssl([
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    `/CN=${serverNames[0] ?? 'localhost'}`,
    '-keyout',
    serverKeyFile,
    '-out',
    request,
  ]);
  const sign = (file: string, names: readonly string[]): string => {
    const extensions = join(dir, `${file}.ext`);
    const altNames = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
    writeFileSync(
      extensions,
      `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n`,
    );
    const out = join(dir, file);
    openssl([
      'x509',
      '-req',
      '-in',
      request,
      '-CA',
      ca.cert,
      '-CAkey',
      ca.key,
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      extensions,
      '-out',
      out,
    ]);
    return out;
  };
  return {
    caFile: ca.cert,
    otherCaFile: other.cert,
    serverCertFile: sign('server.pem', serverNames),
    serverKeyFile,
    misnamedCertFile: sign('misnamed.pem', ['elsewhere.memoir.test']),
  };
}
