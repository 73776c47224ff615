import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client as the rate limits count it, from its full address:
 * - IPv4 as it is;
 * - an IPv4-mapped IPv6 address (`::ffff:198.51.100.7`, `::ffff:c633:6407`) as its IPv4, so a
 *   dual-stack socket does not give one host two budgets;
 * - any other IPv6 address as its /64, written `2001:db8:0:1::/64`: one host is routinely
 *   given a whole /64 and can pick a new address in it for every request. A zone id
 *   (`fe80::1%eth0`) is dropped.
 * Anything that is not an address is returned as it is. Only the limits' keys use this: the
 * audit trail keeps the full address.
 */
export function rateLimitAddressKey(address: string): string {
  if (isIPv4(address)) return address;
  const withoutZone = address.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address: `::` expanded, an IPv4 tail read as two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  return [...left, ...Array.from({ length: 8 - left.length - right.length }, () => 0), ...right];
}
