// The key a client's rate limits count under (docs/decisions/044-limits-by-ipv6-network.md): its
// IPv4 address, or the /64 network of its IPv6 address, each written one way whatever form it
// arrived in. A home or office connection gets a /64 (or more) from its provider and every device
// on it picks addresses from that /64 at will, so counting per IPv6 address gave one person 2^64
// fresh counts; counting per /64 gives them one, as an IPv4 address behind a home router does.
import { isIPv4, isIPv6 } from 'node:net';

/** The leading 16-bit groups of an IPv6 address that name its network: 4 groups, a /64. */
const NETWORK_GROUPS = 4;

/** What is kept of a value that is no IP address (never from a socket; a proxy's odd header). */
const MAX_OTHER_LENGTH = 64;

/**
 * "[2001:db8::1]:443" and "203.0.113.9:5060" (some proxies add the client's port to
 * X-Forwarded-For) without the port; a zone id ("fe80::1%eth0") dropped; lower case.
 */
function bareAddress(raw: string): string {
  let address = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) {
    address = address.slice(0, address.lastIndexOf(':'));
  }
  const zone = address.indexOf('%');
  return zone === -1 ? address : address.slice(0, zone);
}

/** The eight 16-bit groups of a valid IPv6 address (compressed, or ending in dotted IPv4). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}

/**
 * The rate-limit key of a client address: "203.0.113.9" for IPv4 (and for IPv4-mapped IPv6,
 * "::ffff:203.0.113.9", which is how a dual-stack socket reports an IPv4 client), and
 * "2001:db8:0:1::/64" for every IPv6 address of that /64. Anything else (no address at all) is
 * kept as it came, in lower case and cut short; null for an empty value.
 */
export function limitKeyOfAddress(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const address = bareAddress(raw);
  if (address === '') return null;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, MAX_OTHER_LENGTH);
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  const network = groups.slice(0, NETWORK_GROUPS).map((group) => group.toString(16));
  return `${network.join(':')}::/${NETWORK_GROUPS * 16}`;
}
