import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/** What signs every message: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY. */
export interface DkimKey {
  /** The `d=` of each signature: the domain whose DNS publishes the public key. */
  readonly domain: string;
  /** The `s=` of each signature: the key is published at `<selector>._domainkey.<domain>`. */
  readonly selector: string;
  /** PEM text of an RSA private key of at least DKIM_MIN_BITS bits. */
  readonly privateKey: string;
}

/** Gmail and Yahoo's sender rules, and RFC 8301: shorter RSA keys are refused or distrusted. */
export const DKIM_MIN_BITS = 2048;

/**
 * The headers each signature covers, when the message has them. The list headers are signed
 * so that nobody on the way can point the one-click unsubscribe elsewhere; Auto-Submitted so
 * that it cannot be stripped to make the message look written by hand.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'To',
  'Subject',
  'Date',
  'Message-ID',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Auto-Submitted',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
] as const;

/** A key as env files carry it: one line with `\n` escapes, or real lines. */
export const pemText = (text: string): string => (text.includes('\n') ? text : text.replace(/\\n/g, '\n')).trim();

/** The RSA private key in `text`, or why it cannot sign. Never repeats the key. */
export function readDkimPrivateKey(text: string): { key: KeyObject } | { problem: string } {
  let key: KeyObject;
  try {
    key = createPrivateKey(pemText(text));
  } catch {
    return {
      problem:
        'must be a PEM private key ("-----BEGIN PRIVATE KEY-----" or "-----BEGIN RSA PRIVATE KEY-----"; its value is not shown). Make one with: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048',
    };
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa') {
    return {
      problem: `must be an RSA key (got ${key.asymmetricKeyType ?? 'another kind'}): RSA-SHA256 is what every receiver verifies.`,
    };
  }
  if (bits < DKIM_MIN_BITS) {
    return {
      problem: `must be an RSA key of at least ${DKIM_MIN_BITS} bits (got ${bits}): receivers distrust shorter ones.`,
    };
  }
  return { key };
}

/** The public half as DNS publishes it: base64 of the SubjectPublicKeyInfo (the TXT record's `p=`). */
export function dkimPublicKeyBase64(privateKey: string): string {
  return createPublicKey(pemText(privateKey)).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** The TXT record to publish at `<selector>._domainkey.<domain>`. */
export function dkimTxtRecord(privateKey: string): string {
  return `v=DKIM1; k=rsa; p=${dkimPublicKeyBase64(privateKey)}`;
}

/** Where the public key is published. */
export const dkimRecordName = (key: Pick<DkimKey, 'domain' | 'selector'>): string =>
  `${key.selector}._domainkey.${key.domain}`;
