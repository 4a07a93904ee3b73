import { describe, expect, it } from 'vitest';
import { checkResolved, classifyAddress, parseWebhookUrl } from '#shared/domain/ssrf-guard.ts';

// Stand-in DNS for the few hostname vectors: the rules are pure, the lookup is the adapter's.
const DNS: Record<string, string[]> = {
  'localhost.': ['127.0.0.1', '::1'],
  'localhost': ['127.0.0.1', '::1'],
  'app.localhost': ['127.0.0.1'],
  'example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'example.com.': ['93.184.216.34'],
  'intranet.local': ['10.1.2.3'],
  'intranet.evil.com': ['10.6.6.6'],
  'my-intranet': ['10.1.2.4'],
};

/** What save and dispatch decide for a URL: the parse rules, then the address rules. */
function verdict(url: string, options: { allowHttp?: boolean; allowlist?: RegExp | null } = {}): { allowed: boolean; reason?: string } {
  const parsed = parseWebhookUrl(url, { allowHttp: options.allowHttp ?? true, allowlist: options.allowlist ?? null });
  if (!parsed.ok) return { allowed: false, reason: parsed.reason };
  if (parsed.allowlisted) return { allowed: true };
  if (parsed.literal !== null) return classifyAddress(parsed.literal.toString());
  const answers = DNS[parsed.host];
  if (answers === undefined) throw new Error(`no stand-in DNS answer for ${parsed.host}`);
  return checkResolved(answers);
}

// shared/spec/vectors/ssrf-literals.json, copied: empty allowlist, allow_http = true.
const SPEC_BLOCKED = [
  'http://127.0.0.1/', 'http://127.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/',
  'http://017700000001/', 'http://0/', 'http://0.0.0.0/', 'http://localhost./', 'http://[::]/', 'http://[::1]/',
  'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://10.0.0.1/', 'http://10.255.255.255/', 'http://172.16.0.1/', 'http://172.31.255.255/',
  'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data/', 'http://169.254.170.2/',
  'http://100.64.0.1/', 'http://100.127.255.254/', 'http://224.0.0.1/', 'http://239.255.255.250/',
  'http://255.255.255.255/', 'http://198.18.0.1/', 'http://192.0.2.1/', 'http://198.51.100.1/',
  'http://203.0.113.1/', 'http://240.0.0.1/', 'http://192.0.0.1/', 'http://[fc00::1]/', 'http://[fd12:3456::1]/',
  'http://[fe80::1]/', 'http://[ff02::1]/', 'http://[64:ff9b::a00:1]/', 'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/', 'http://[2002:a00:1::]/', 'http://[2001:db8::1]/',
  'https://good.example@127.0.0.1/', 'http://127.0.0.1:443/', 'ftp://93.184.216.34/', 'file:///etc/passwd',
];
const SPEC_ALLOWED = ['https://93.184.216.34/hook', 'http://8.8.8.8/', 'https://[2606:4700:4700::1111]/', 'https://1.1.1.1:8443/x'];

describe('the literal-address vectors of the spec', () => {
  it.each(SPEC_BLOCKED)('refuses %s', (url) => {
    const result = verdict(url);
    expect(result.allowed).toBe(false);
    expect(result.reason).toBeTruthy();
  });

  it.each(SPEC_ALLOWED)('passes %s', (url) => {
    expect(verdict(url)).toEqual({ allowed: true });
  });
});

describe('URLs refused, with the reason that names the rule', () => {
  it.each([
    // Every IPv4 spelling reaches the same address once the WHATWG parser has read it.
    ['http://2130706433/', /127\.0\.0\.1 is loopback/],
    ['http://0x7f000001/', /127\.0\.0\.1 is loopback/],
    ['http://0177.0.0.1/', /127\.0\.0\.1 is loopback/],
    ['http://127.1/', /127\.0\.0\.1 is loopback/],
    ['http://0x7f.1/', /127\.0\.0\.1 is loopback/],
    ['http://127.0.0.1./', /127\.0\.0\.1 is loopback/],
    ['http://%31%32%37.0.0.1/', /127\.0\.0\.1 is loopback/],
    ['http://0/', /0\.0\.0\.0 is unspecified/],
    ['http://0.0.0.0/', /0\.0\.0\.0 is unspecified/],
    ['http://0.1.2.3/', /0\.1\.2\.3 is unspecified/],
    ['http://[::]/', /:: is unspecified/],
    ['http://[::1]/', /::1 is loopback/],
    ['http://[::ffff:127.0.0.1]/', /IPv4-mapped form of 127\.0\.0\.1, which is loopback/],
    ['http://[::ffff:7f00:1]/', /IPv4-mapped form of 127\.0\.0\.1/],
    ['http://[::ffff:a9fe:a9fe]/', /IPv4-mapped form of 169\.254\.169\.254, which is link-local/],
    ['http://[::ffff:0:7f00:1]/', /IPv4-translated form of 127\.0\.0\.1/],
    ['http://[::127.0.0.1]/', /not global unicast/],
    ['http://[64:ff9b::a00:1]/', /NAT64 form of 10\.0\.0\.1, which is private/],
    ['http://[64:ff9b:1::1]/', /local-use NAT64/],
    ['http://[2002:7f00:1::]/', /6to4 form of 127\.0\.0\.1, which is loopback/],
    ['http://[2002:a9fe:a9fe::1]/', /6to4 form of 169\.254\.169\.254/],
    // Teredo: server 65.54.227.120, client 127.0.0.1 (stored bit-inverted as 80ff:fffe).
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /Teredo form of 127\.0\.0\.1/],
    ['http://169.254.169.254/', /link-local/],
    ['http://169.254.170.2/', /link-local/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://224.0.0.1/', /multicast/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://198.18.0.1/', /benchmarking/],
    ['http://198.19.255.254/', /benchmarking/],
    ['http://192.0.0.8/', /IETF protocol assignments/],
    ['http://192.88.99.1/', /6to4 relay/],
    ['http://192.175.48.1/', /special purpose \(as112\)/],
    ['http://[fc00::1]/', /unique local/],
    ['http://[fdff:ffff::1]/', /unique local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[febf::1]/', /link-local/],
    ['http://[fec0::1]/', /site-local/],
    ['http://[ff02::1]/', /multicast/],
    ['http://[2001:db8::1]/', /documentation/],
    ['http://[2001:2::1]/', /benchmarking/],
    ['http://[100::1]/', /discard/],
    ['http://[2001:10::1]/', /special purpose/],
    ['http://localhost./', /loopback/],
    ['http://localhost/', /loopback/],
    ['http://app.localhost/', /loopback/],
    ['https://good.com@127.0.0.1/', /credentials/],
    ['https://user:pass@example.com/', /credentials/],
    ['https://user@example.com/', /credentials/],
    ['https://:secret@example.com/', /credentials/],
    ['ftp://example.com/', /scheme ftp is not allowed/],
    ['file:///etc/passwd', /scheme file is not allowed/],
    ['gopher://example.com:70/', /scheme gopher is not allowed/],
    ['javascript:alert(1)', /scheme javascript is not allowed/],
    ['not a url', /cannot be parsed/],
    ['http://1.2.3.4.5/', /cannot be parsed/],
  ])('%s', (url, reason) => {
    const result = verdict(url);
    expect(result.allowed).toBe(false);
    expect(result.reason).toMatch(reason);
  });

  it('refuses plain http unless allow_http is set', () => {
    expect(verdict('http://example.com/hook', { allowHttp: false })).toEqual({ allowed: false, reason: expect.stringMatching(/plain http/) });
    expect(verdict('http://8.8.8.8/', { allowHttp: false }).allowed).toBe(false);
    expect(verdict('http://example.com/hook', { allowHttp: true })).toEqual({ allowed: true });
    expect(verdict('https://example.com/hook', { allowHttp: false })).toEqual({ allowed: true });
  });
});

describe('URLs that pass', () => {
  it.each([
    'https://example.com/hooks/transcripts?x=1',
    'https://EXAMPLE.com./',
    'https://93.184.216.34:8443/',
    'https://[::ffff:93.184.216.34]/',
    'https://[64:ff9b::5db8:d822]/', // NAT64 of 93.184.216.34
    'https://[2002:5db8:d822::1]/', // 6to4 of 93.184.216.34
    'https://[2001:0:4136:e378:8000:63bf:a247:29dd]/', // Teredo, client 93.184.214.34
    'https://[2001:4860:4860::8888]/',
  ])('%s', (url) => {
    expect(verdict(url)).toEqual({ allowed: true });
  });
});

describe('the parsed URL', () => {
  it('gives the hostname in lower case, IPv6 in brackets, and the literal address when there is one', () => {
    const name = parseWebhookUrl('https://Hooks.Example.COM:8443/a?b=c', { allowHttp: false, allowlist: null });
    expect(name).toMatchObject({ ok: true, host: 'hooks.example.com', literal: null, allowlisted: false });
    const v6 = parseWebhookUrl('https://[0:0:0:0:0:ffff:7f00:1]/', { allowHttp: false, allowlist: null });
    expect(v6.ok && v6.host).toBe('[::ffff:7f00:1]');
    expect(v6.ok && v6.literal?.toString()).toBe('::ffff:7f00:1');
    const v4 = parseWebhookUrl('http://0x7f.1/', { allowHttp: true, allowlist: null });
    expect(v4.ok && v4.literal?.toString()).toBe('127.0.0.1');
  });

  it('takes the real host from after the @', () => {
    // Refused for the credentials; the parser itself agrees the target is 127.0.0.2.
    expect(new URL('http://127.1.1.1:80@127.0.0.2/').hostname).toBe('127.0.0.2');
    expect(verdict('http://127.1.1.1:80@127.0.0.2/').reason).toMatch(/credentials/);
  });
});

describe('the intranet allowlist', () => {
  it.each([
    // [setting, url, allowlisted]
    [/^intranet\.local$/, 'http://intranet.local/', true],
    [/^intranet\.local$/, 'http://INTRANET.local/', true],
    [/^intranet\.local$/, 'http://intranet.local.evil.com/', false],
    [/intranet\.local/, 'http://intranet.local.evil.com/', false],
    [/intranet/, 'http://intranet.evil.com/', false],
    [/intranet/, 'http://my-intranet/', false],
    [/.*intranet/, 'http://my-intranet/', true],
    [/intranet|other/, 'http://intranet.evil.com/', false],
    [/a|intranet\.local/, 'http://intranet.local/', true],
    [/^127\.0\.0\.1$/, 'http://127.0.0.1:8080/', true],
    [/^127\.0\.0\.1$/, 'http://127.1/', true],
    [/127\.0\.0\.1/, 'http://127.0.0.10/', false],
    [/^\[::1\]$/, 'http://[::1]/', true],
    [/::1/, 'http://[::1]/', false],
    [/^localhost$/, 'http://localhost./', false],
    [/^intranet\.local$/g, 'http://intranet.local/', true],
    [new RegExp(''), 'http://127.0.0.1/', false],
  ] as const)('%s on %s → %s', (allowlist, url, expected) => {
    const parsed = parseWebhookUrl(url, { allowHttp: true, allowlist });
    expect(parsed.ok && parsed.allowlisted).toBe(expected);
  });

  it('lets an allowlisted host through even though it resolves to a private address', () => {
    expect(verdict('http://intranet.local/', { allowlist: /^intranet\.local$/ })).toEqual({ allowed: true });
    expect(verdict('http://intranet.local/')).toMatchObject({ allowed: false, reason: expect.stringMatching(/10\.1\.2\.3 is private/) });
  });

  it('keeps the other rules for allowlisted hosts: scheme, allow_http, credentials', () => {
    expect(verdict('ftp://intranet.local/', { allowlist: /^intranet\.local$/ }).allowed).toBe(false);
    expect(verdict('http://intranet.local/', { allowlist: /^intranet\.local$/, allowHttp: false }).allowed).toBe(false);
    expect(verdict('https://a:b@intranet.local/', { allowlist: /^intranet\.local$/ }).allowed).toBe(false);
  });

  it('matches the same way on every call (a global flag keeps no state)', () => {
    const allowlist = /^intranet\.local$/g;
    for (let i = 0; i < 3; i++) expect(verdict('http://intranet.local/', { allowlist }).allowed).toBe(true);
  });
});

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['93.184.216.34', true],
    ['100.63.255.255', true],
    ['100.128.0.0', true],
    ['172.15.255.255', true],
    ['172.32.0.0', true],
    ['198.17.255.255', true],
    ['198.20.0.0', true],
    ['223.255.255.255', true],
    ['2606:4700:4700::1111', true],
    ['2a00:1450:4001:80b::200e', true],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::808:808', true],
    ['0.0.0.0', false],
    ['0.255.255.255', false],
    ['127.255.255.254', false],
    ['10.0.0.0', false],
    ['172.16.0.0', false],
    ['172.31.255.255', false],
    ['192.168.255.255', false],
    ['100.64.0.0', false],
    ['100.127.255.255', false],
    ['169.254.0.1', false],
    ['169.254.169.254', false],
    ['169.254.170.2', false],
    ['192.0.0.170', false],
    ['192.0.2.255', false],
    ['198.51.100.7', false],
    ['203.0.113.200', false],
    ['198.18.0.0', false],
    ['224.0.0.251', false],
    ['239.255.255.255', false],
    ['240.0.0.0', false],
    ['255.255.255.254', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['[::1]', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:0.0.0.0', false],
    ['fc00::', false],
    ['fd00:ec2::254', false], // the AWS metadata service over IPv6
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['ff02::1', false],
    ['ff05::1:3', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['2002:c0a8:101::1', false],
    ['2001:db8:ffff::1', false],
    ['3fff::1', false],
    ['not-an-address', false],
    ['', false],
  ] as const)('%s → allowed %s', (address, allowed) => {
    const result = classifyAddress(address);
    expect(result.allowed).toBe(allowed);
    if (!allowed) expect(result.reason).toBeTruthy();
  });
});

describe('checkResolved', () => {
  it('refuses a hostname with one public and one private answer, whichever comes first', () => {
    expect(checkResolved(['93.184.216.34', '10.0.0.1'])).toEqual({ allowed: false, reason: '10.0.0.1 is private (RFC 1918)' });
    expect(checkResolved(['10.0.0.1', '93.184.216.34']).allowed).toBe(false);
    expect(checkResolved(['2606:4700:4700::1111', '::1']).allowed).toBe(false);
  });

  it('refuses a hostname with no answers', () => {
    expect(checkResolved([])).toEqual({ allowed: false, reason: expect.stringMatching(/no address/) });
  });

  it('passes a hostname whose every answer is global unicast', () => {
    expect(checkResolved(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])).toEqual({ allowed: true });
  });
});
