// Address rules for webhook targets. Pure: the adapter (shared/webhooks/pinned-http.ts) resolves
// the hostname once, asks these rules about every answer, and connects to the very address
// that passed, so what is checked is what is dialled.
import ipaddr from 'ipaddr.js';

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export type ParsedWebhookUrl =
  | {
      readonly ok: true;
      readonly url: URL;
      /** The hostname as the WHATWG parser gives it: lower case, IPv6 in brackets. */
      readonly host: string;
      /** Set when the host is an IP literal; no DNS is involved then. */
      readonly literal: IpAddress | null;
      readonly allowlisted: boolean;
    }
  | { readonly ok: false; readonly reason: string };

export interface AddressVerdict {
  readonly allowed: boolean;
  readonly reason?: string;
}

export function parseWebhookUrl(raw: string, options: { allowHttp: boolean; allowlist: RegExp | null }): ParsedWebhookUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'the URL cannot be parsed' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: `the scheme ${url.protocol.slice(0, -1)} is not allowed; use https (or http with allow_http)` };
  }
  if (url.protocol === 'http:' && !options.allowHttp) return { ok: false, reason: 'plain http is not allowed unless allow_http is true' };
  // `https://good.example@127.0.0.1/` goes to 127.0.0.1; refusing any userinfo keeps such URLs
  // from misleading whoever reads them, and keeps secrets out of stored URLs.
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'URLs carrying credentials (user:password@) are not allowed' };
  const host = url.hostname;
  if (host === '') return { ok: false, reason: 'the URL has no host' };

  let literal: IpAddress | null = null;
  if (host.startsWith('[')) {
    const inside = host.slice(1, -1);
    if (!ipaddr.IPv6.isValid(inside)) return { ok: false, reason: 'the IPv6 address cannot be parsed' };
    literal = ipaddr.IPv6.parse(inside);
  }
  // The WHATWG parser already turned every IPv4 spelling (hex, octal, short, one integer) into
  // dotted decimal, so anything else here is a domain name.
  else if (ipaddr.IPv4.isValidFourPartDecimal(host)) literal = ipaddr.IPv4.parse(host);

  return { ok: true, url, host, literal, allowlisted: matchesWhole(options.allowlist, host) };
}

// The setting may be written unanchored (`intranet`); it must still match the whole hostname,
// or `intranet.evil.com` would slip through.
function matchesWhole(allowlist: RegExp | null, host: string): boolean {
  if (allowlist === null || allowlist.source === '(?:)') return false;
  const whole = new RegExp(`^(?:${allowlist.source})$`, allowlist.flags.replace(/[gy]/g, ''));
  return whole.test(host);
}

const v4 = (cidr: string, reason: string) => ({ range: ipaddr.IPv4.parseCIDR(cidr), reason });
const v6 = (cidr: string, reason: string) => ({ range: ipaddr.IPv6.parseCIDR(cidr), reason });

/**
 * The ranges, parsed on the first check rather than at import: parsing runs ipaddr.js's patterns
 * for the first time, about 4 ms of the cold start of every function that reaches this module
 * (every webhook route), most of which never check an address.
 */
let parsed: ReturnType<typeof parseRanges> | undefined;
const ranges = () => (parsed ??= parseRanges());

function parseRanges() {
  return {
    blockedV4: [
      v4('0.0.0.0/8', 'unspecified ("this network", 0.0.0.0/8)'),
      v4('10.0.0.0/8', 'private (RFC 1918)'),
      v4('172.16.0.0/12', 'private (RFC 1918)'),
      v4('192.168.0.0/16', 'private (RFC 1918)'),
      v4('100.64.0.0/10', 'carrier-grade NAT (100.64.0.0/10)'),
      v4('127.0.0.0/8', 'loopback'),
      v4('169.254.0.0/16', 'link-local (includes cloud metadata endpoints)'),
      v4('192.0.0.0/24', 'in the IETF protocol assignments range (192.0.0.0/24)'),
      v4('192.0.2.0/24', 'a documentation range'),
      v4('198.51.100.0/24', 'a documentation range'),
      v4('203.0.113.0/24', 'a documentation range'),
      v4('192.88.99.0/24', 'the deprecated 6to4 relay anycast range'),
      v4('198.18.0.0/15', 'a benchmarking range (198.18.0.0/15)'),
      v4('224.0.0.0/4', 'multicast'),
      v4('255.255.255.255/32', 'broadcast'),
      v4('240.0.0.0/4', 'reserved (240.0.0.0/4)'),
    ],
    blockedV6: [
      v6('::/128', 'unspecified'),
      v6('::1/128', 'loopback'),
      v6('fc00::/7', 'unique local (fc00::/7)'),
      v6('fe80::/10', 'link-local (fe80::/10)'),
      v6('fec0::/10', 'site-local (deprecated, fec0::/10)'),
      v6('ff00::/8', 'multicast'),
      v6('64:ff9b:1::/48', 'local-use NAT64 (64:ff9b:1::/48)'),
      v6('100::/64', 'discard (100::/64)'),
      v6('2001:db8::/32', 'a documentation range'),
      v6('3fff::/20', 'a documentation range'),
      v6('2001:2::/48', 'a benchmarking range (2001:2::/48)'),
    ],
    globalUnicastV6: ipaddr.IPv6.parseCIDR('2000::/3'),
    ipv4Mapped: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'),
    ipv4Translated: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'),
    nat64: ipaddr.IPv6.parseCIDR('64:ff9b::/96'),
    sixToFour: ipaddr.IPv6.parseCIDR('2002::/16'),
    teredo: ipaddr.IPv6.parseCIDR('2001::/32'),
  };
}

export function classifyAddress(address: string): AddressVerdict {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return { allowed: false, reason: `${address} is not an IP address` };
  return classify(ipaddr.parse(text));
}

function classify(ip: IpAddress): AddressVerdict {
  return ip.kind() === 'ipv4' ? classifyV4(ip as ipaddr.IPv4) : classifyV6(ip as ipaddr.IPv6);
}

function classifyV4(ip: ipaddr.IPv4): AddressVerdict {
  const why = whyBlockedV4(ip);
  return why === null ? { allowed: true } : { allowed: false, reason: `${ip.toString()} is ${why}` };
}

function whyBlockedV4(ip: ipaddr.IPv4): string | null {
  const hit = ranges().blockedV4.find((b) => ip.match(b.range));
  if (hit) return hit.reason;
  // Anything else ipaddr.js knows as special purpose (AS112, AMT, ranges added later) is not
  // an ordinary receiver either.
  const range = ip.range();
  return range === 'unicast' ? null : `special purpose (${range})`;
}

function classifyV6(ip: ipaddr.IPv6): AddressVerdict {
  const shown = ip.toString();
  const { ipv4Mapped, ipv4Translated, nat64, sixToFour, teredo, blockedV6, globalUnicastV6 } = ranges();
  // Forms that carry an IPv4 address are as dangerous as that address: ::ffff:127.0.0.1 is
  // loopback, and a NAT64 or 6to4 gateway forwards to the embedded address.
  if (ip.match(ipv4Mapped)) return judgeEmbedded(shown, 'IPv4-mapped', [embedded(ip.parts[6], ip.parts[7])]);
  if (ip.match(ipv4Translated)) return judgeEmbedded(shown, 'IPv4-translated', [embedded(ip.parts[6], ip.parts[7])]);
  if (ip.match(nat64)) return judgeEmbedded(shown, 'NAT64', [embedded(ip.parts[6], ip.parts[7])]);
  if (ip.match(sixToFour)) return judgeEmbedded(shown, '6to4', [embedded(ip.parts[1], ip.parts[2])]);
  if (ip.match(teredo)) {
    // Teredo: the server's IPv4 in bits 32-63, the client's (bit-inverted) in the last 32.
    const client = embedded(~(ip.parts[6] ?? 0) & 0xffff, ~(ip.parts[7] ?? 0) & 0xffff);
    return judgeEmbedded(shown, 'Teredo', [embedded(ip.parts[2], ip.parts[3]), client]);
  }
  const hit = blockedV6.find((b) => ip.match(b.range));
  if (hit) return { allowed: false, reason: `${shown} is ${hit.reason}` };
  if (!ip.match(globalUnicastV6)) return { allowed: false, reason: `${shown} is not global unicast (outside 2000::/3)` };
  const range = ip.range();
  if (range !== 'unicast') return { allowed: false, reason: `${shown} is special purpose (${range})` };
  return { allowed: true };
}

function embedded(high: number | undefined, low: number | undefined): ipaddr.IPv4 {
  const h = high ?? 0;
  const l = low ?? 0;
  return new ipaddr.IPv4([h >> 8, h & 0xff, l >> 8, l & 0xff]);
}

function judgeEmbedded(shown: string, form: string, carried: ipaddr.IPv4[]): AddressVerdict {
  for (const v4address of carried) {
    const why = whyBlockedV4(v4address);
    if (why !== null) return { allowed: false, reason: `${shown} is the ${form} form of ${v4address.toString()}, which is ${why}` };
  }
  return { allowed: true };
}

/** A hostname passes only if it resolved to something and every answer passes. */
export function checkResolved(addresses: readonly string[]): AddressVerdict {
  if (addresses.length === 0) return { allowed: false, reason: 'the hostname resolved to no address' };
  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed) return verdict;
  }
  return { allowed: true };
}
