// The save-time SSRF check with DNS stood in for: what a hostname resolves to decides, the
// allowlist exempts only hosts that resolve, and a resolver that hangs is cut off.
import { describe, expect, it } from 'vitest';
import { checkWebhookTarget } from '#shared/webhooks/target-check.ts';

const resolvesTo = (...addresses: string[]) => async () => addresses;
const never = () => new Promise<string[]>(() => undefined);
const nxdomain = async (): Promise<string[]> => {
  throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example'), { code: 'ENOTFOUND' });
};
const options = { allowHttp: false, allowlist: null };

describe('checkWebhookTarget', () => {
  it('passes a hostname whose every address is public', async () => {
    expect(await checkWebhookTarget('https://hooks.example/in', { ...options, resolver: resolvesTo('93.184.216.34', '2606:2800:220:1::1') })).toEqual({ ok: true });
  });

  it.each([
    ['one private answer among public ones', ['93.184.216.34', '10.1.2.3'], /10\.1\.2\.3 is private/],
    ['loopback', ['127.0.0.1'], /loopback/],
    ['the metadata address', ['169.254.169.254'], /link-local/],
    ['IPv6 unique local', ['fd00::1'], /unique local/],
    ['an IPv4-mapped loopback', ['::ffff:127.0.0.1'], /loopback/],
    ['no address at all', [], /no address/],
  ])('refuses a hostname resolving to %s', async (_, addresses, reason) => {
    const verdict = await checkWebhookTarget('https://hooks.example/in', { ...options, resolver: resolvesTo(...addresses) });
    expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });

  it('refuses a hostname that does not resolve, naming it', async () => {
    expect(await checkWebhookTarget('https://hooks.example/in', { ...options, resolver: nxdomain })).toEqual({ ok: false, reason: expect.stringMatching(/could not resolve hooks\.example.*ENOTFOUND/) });
  });

  it('gives up on a resolver that does not answer', async () => {
    const verdict = await checkWebhookTarget('https://hooks.example/in', { ...options, resolver: never, timeoutMs: 20 });
    expect(verdict).toEqual({ ok: false, reason: expect.stringMatching(/did not answer/) });
  });

  it('never asks DNS about a literal address or a URL refused by its form', async () => {
    const asked: string[] = [];
    const resolver = async (host: string) => (asked.push(host), ['93.184.216.34']);
    expect(await checkWebhookTarget('https://10.0.0.1/in', { ...options, resolver })).toMatchObject({ ok: false, reason: expect.stringMatching(/private/) });
    expect(await checkWebhookTarget('http://hooks.example/in', { ...options, resolver })).toMatchObject({ ok: false, reason: expect.stringMatching(/allow_http/) });
    expect(await checkWebhookTarget('https://93.184.216.34/in', { ...options, resolver })).toEqual({ ok: true });
    expect(asked).toEqual([]);
  });

  it('exempts an allowlisted intranet host only when it resolves', async () => {
    const allowlist = /hooks\.corp/;
    expect(await checkWebhookTarget('https://hooks.corp/in', { ...options, allowlist, resolver: resolvesTo('10.0.0.5') })).toEqual({ ok: true });
    expect(await checkWebhookTarget('https://hooks.corp/in', { ...options, allowlist, resolver: nxdomain })).toMatchObject({ ok: false });
    expect(await checkWebhookTarget('https://hooks.corp.evil.example/in', { ...options, allowlist, resolver: resolvesTo('10.0.0.5') })).toMatchObject({ ok: false });
  });
});
