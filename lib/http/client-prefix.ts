/**
 * The network a client's IPv6 address belongs to, as the rate limit counts it. An IPv6 client is
 * usually handed a whole /64 (one subnet per home or server, SLAAC and privacy addresses inside
 * it), so it can draw a new address for every request: keyed by the whole address, each would
 * bring a fresh budget. Grouped by prefix, the /64 is one client, as an IPv4 address is.
 * Pure (proxy.ts and server.ts both use it).
 */

/** The 16-bit groups of an IPv6 address (with "::" expanded, a trailing dotted IPv4 read), or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''); // brackets, a zone index ("fe80::1%eth0")
  if (!bare.includes(':')) return null;
  let text = bare;
  const tail: number[] = [];
  const dotted = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const octets = dotted.slice(2, 6).map(Number);
    if (octets.some((o) => o > 255)) return null;
    tail.push(((octets[0]! << 8) | octets[1]!) >>> 0, ((octets[2]! << 8) | octets[3]!) >>> 0);
    text = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    if (groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
    return groups.map((g) => parseInt(g, 16));
  };
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const written = head.length + rest.length + tail.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  return [...head, ...new Array<number>(8 - written).fill(0), ...rest, ...tail];
}

/**
 * The key of `address` for a budget: an IPv6 address cut to its first `prefix` bits and written
 * as the network ("2001:db8:0:1::/64"); anything else (IPv4, "unknown") as it is. A prefix of 128
 * keeps the whole address.
 */
export function clientNetwork(address: string, prefix: number): string {
  if (prefix >= 128) return address;
  const groups = ipv6Groups(address);
  if (groups === null) return address;
  const masked = groups.map((g, i) => {
    const bits = Math.min(16, Math.max(0, prefix - i * 16));
    return bits === 0 ? 0 : g & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${compressed(masked)}/${prefix}`;
}

/** RFC 5952's text: lower-case groups without leading zeros, the longest run of two or more zero groups as "::". */
function compressed(groups: readonly number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < groups.length && groups[end] === 0) end++;
    if (end - i > best.length) best = { start: i, length: end - i };
    i = end;
  }
  const text = groups.map((g) => g.toString(16));
  if (best.start < 0) return text.join(':');
  return `${text.slice(0, best.start).join(':')}::${text.slice(best.start + best.length).join(':')}`;
}
