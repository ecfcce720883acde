import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (node:net has checked it), an embedded IPv4 tail included. */
function groupsOf(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const first = head ? head.split(':') : [];
  const last = rest ? rest.split(':') : [];
  const all =
    rest === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return all.map((group) => parseInt(group, 16));
}

/**
 * The client a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64. A home or
 * office connection gets a whole /64 and may pick any address in it, so keying on the full
 * address would let one client rotate past every limit; an IPv4 address written as IPv6
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports it) is the IPv4 address.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return ip.toLowerCase();
  const groups = groupsOf(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
