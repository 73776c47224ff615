import { createVerify } from 'node:crypto';

/*
 * Amazon SNS, which carries SES's bounce and complaint notifications: its message signature,
 * checked with the certificate at SigningCertURL, which must be Amazon's own (an https URL on
 * sns.<region>.amazonaws.com). https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html
 */

/** Where the signing certificates come from, and how a subscription is confirmed: Amazon, or a test's own. */
export interface SnsEndpoint {
  /** The PEM certificate at an URL that `isAmazonSnsUrl` accepted. */
  certificate(url: string): Promise<string>;
  /** Opens a subscription's SubscribeURL (accepted by `isAmazonSnsUrl`), confirming it. */
  confirm(url: string): Promise<void>;
}

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/** An https URL on an SNS host of Amazon's, and nothing else: the certificate of anyone else proves nothing. */
export function isAmazonSnsUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && url.port === '' && url.username === '' && SNS_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

/** The fields of an SNS message its signature covers, by type, in order. */
const SIGNED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** The text SNS signs: each present field's name and value, one a line (Subject only when there is one). */
export function snsStringToSign(message: Readonly<Record<string, unknown>>): string | null {
  const fields = SIGNED_FIELDS[String(message.Type)];
  if (fields === undefined) return null;
  let text = '';
  for (const field of fields) {
    const value = message[field];
    if (field === 'Subject' && value === undefined) continue;
    if (typeof value !== 'string') return null;
    text += `${field}\n${value}\n`;
  }
  return text;
}

/** Whether the message carries a good signature by the certificate its SigningCertURL names. */
export async function snsSignatureIsGood(
  message: Readonly<Record<string, unknown>>,
  endpoint: SnsEndpoint,
): Promise<boolean> {
  const { Signature: signature, SigningCertURL: certUrl, SignatureVersion: version } = message;
  const text = snsStringToSign(message);
  if (text === null || typeof signature !== 'string' || typeof certUrl !== 'string') return false;
  if (!isAmazonSnsUrl(certUrl) || !new URL(certUrl).pathname.endsWith('.pem')) return false;
  const algorithm = version === '1' ? 'RSA-SHA1' : version === '2' ? 'RSA-SHA256' : null;
  if (algorithm === null) return false;
  let certificate: string;
  try {
    certificate = await endpoint.certificate(certUrl);
  } catch {
    return false;
  }
  try {
    return createVerify(algorithm).update(text, 'utf8').verify(certificate, signature, 'base64');
  } catch {
    return false;
  }
}

/** The most certificates kept: SNS signs with one a region, changed now and then. */
const KEPT_CERTIFICATES = 16;
/** How long Amazon may take to answer. */
const FETCH_TIMEOUT_MS = 5000;
/** A certificate is a few KB. */
const CERTIFICATE_MAX_BYTES = 16 * 1024;

/** Amazon's SNS over https: certificates fetched once and kept, subscriptions confirmed with a GET. */
export function amazonSnsEndpoint(): SnsEndpoint {
  const kept = new Map<string, Promise<string>>();
  const get = async (url: string): Promise<string> => {
    if (!isAmazonSnsUrl(url)) throw new Error('Not an Amazon SNS URL');
    const answer = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`SNS answered ${answer.status}`);
    const text = await answer.text();
    if (text.length > CERTIFICATE_MAX_BYTES) throw new Error('Too long for a certificate');
    return text;
  };
  return {
    certificate: (url) => {
      let certificate = kept.get(url);
      if (certificate === undefined) {
        if (kept.size >= KEPT_CERTIFICATES) kept.delete(kept.keys().next().value as string);
        certificate = get(url);
        kept.set(url, certificate);
        // A failed fetch is not kept: the next message asks again.
        certificate.catch(() => kept.delete(url));
      }
      return certificate;
    },
    confirm: async (url) => {
      await get(url);
    },
  };
}
