import { isIPv4, isIPv6 } from "node:net";

/**
 * How much of an IPv6 address names one client: a /64 is what one home, phone or server is given,
 * and it can pick any of its 2^64 addresses at will (privacy extensions rotate them on their own).
 * better-auth's own limits cut there too (its `ipv6Subnet`, set from this in auth.ts).
 */
export const IPV6_CLIENT_PREFIX_BITS = 64;

/**
 * The key every per-address limit counts under (decision 0040): an IPv4 address as it is, an IPv6
 * address by its /64 in one spelling (compressed or expanded, any case: the same key), an
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) as its IPv4 address. Anything else (no address:
 * "unknown") is kept, lowercased, so that it is still one bucket.
 */
export function clientAddressKey(address: string | null | undefined): string {
  const text = (address ?? "unknown").trim().toLowerCase();
  if (isIPv4(text)) return text;
  // A zone (fe80::1%eth0) says which interface of ours, not which client.
  const bare = text.replace(/%.*$/, "");
  if (!isIPv6(bare)) return text;
  const groups = expandedGroups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  const kept = IPV6_CLIENT_PREFIX_BITS / 16;
  return groups.map((group, index) => (index < kept ? group : 0).toString(16).padStart(4, "0")).join(":");
}

/** The eight 16-bit groups of a valid IPv6 address, a dotted IPv4 tail (::ffff:1.2.3.4) included. */
function expandedGroups(address: string): number[] {
  const hex = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_tail, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(":"),
  );
  const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const [head = "", rest] = hex.split("::");
  const left = parse(head);
  const right = parse(rest ?? "");
  // "::" stands for as many zero groups as the address lacks.
  const zeros = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}
