// A lone surrogate cannot be percent-encoded (encodeURIComponent throws on it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string): string => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

/**
 * The `mailto:` link of one address: the only way the apps build one. An address is what a
 * person typed, and the WHATWG rule the forms use lets its local part hold `?`, `%`, `#`, `&`
 * (`attacker%40evil.example?cc=x@y.example` is valid): written into the link as it is, `?`
 * would start headers (cc, bcc, subject, body), `#` a fragment, and `%40` would decode to
 * another "@". Each side of the last "@" is percent-encoded, so the link writes to exactly
 * that address and adds nothing.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at === -1) return `mailto:${encode(address)}`;
  return `mailto:${encode(address.slice(0, at))}@${encode(address.slice(at + 1))}`;
}
