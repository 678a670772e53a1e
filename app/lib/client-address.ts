/**
 * The key a client address counts under in every limit (rate limits, login and /track throttles,
 * idempotency scopes). One network must get one budget however its address is spelled:
 *  - IPv4 as its dotted quad;
 *  - IPv6 as its /64 (one home or phone holds a whole /64, so counting single addresses would let it
 *    rotate past a limit), in one spelling whatever the case, leading zeros, `::` or an embedded IPv4 tail;
 *  - an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries.
 * Text that is no address at all (only a request that never crossed Cloudflare can carry that) still counts,
 * as itself, so junk is never a way around a limit.
 */

const MAX_KEY_LENGTH = 64;

/** The four octets of a dotted quad, or null. Octets are plain decimals (no leading zeros, as browsers and
 * Cloudflare write them), so "010.1.1.1" is not quietly read as another address. */
function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^(?:0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

/** The eight 16-bit groups of an IPv6 address, or null. */
function parseIPv6(text: string): number[] | null {
  let body = text;
  let tail: number[] = [];
  // An embedded IPv4 address takes the place of the last two groups.
  const lastColon = body.lastIndexOf(":");
  if (body.slice(lastColon + 1).includes(".")) {
    const ipv4 = parseIPv4(body.slice(lastColon + 1));
    if (!ipv4 || lastColon < 0) return null;
    tail = [(ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!];
    body = body.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::", "a::1.2.3.4" leaves "a::", "a:b:c:d:e:f:1.2.3.4" leaves "a:b:c:d:e:f:".
    if (!body.endsWith("::")) body = body.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const written = [...head, ...rest];
  if (!written.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const wanted = 8 - tail.length;
  const missing = wanted - written.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const parse = (groups: string[]) => groups.map((group) => parseInt(group, 16));
  return [...parse(head), ...new Array<number>(missing).fill(0), ...parse(rest), ...tail];
}

/** The key the address counts under (see above), or null when there is no address at all. */
export function addressKey(raw: string | null | undefined): string | null {
  let text = (raw ?? "").trim().toLowerCase();
  if (!text) return null;
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  const ipv4 = parseIPv4(text);
  if (ipv4) return ipv4.join(".");
  // A zone (fe80::1%eth0) names the interface of the one who received it, not part of the address.
  const groups = parseIPv6(text.replace(/%.*$/, ""));
  if (!groups) return text.slice(0, MAX_KEY_LENGTH);
  const isMappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIPv4) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
