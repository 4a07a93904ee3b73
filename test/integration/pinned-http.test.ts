// The webhook sender against local receivers. Every connection goes to 127.0.0.1: names are
// "resolved" by injected resolvers, which is also how DNS rebinding is simulated.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls, { type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPinned } from '#shared/webhooks/pinned-http.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  remoteAddress: string | undefined;
  servername?: string | false | null;
}

const received: Received[] = [];
let connections = 0;

function receiver(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      remoteAddress: req.socket.remoteAddress,
      servername: (req.socket as TLSSocket).servername,
    });
    answer(req, res);
  });
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/redirect':
      res.writeHead(301, { Location: `http://127.0.0.1:${httpPort}/redirected` }).end();
      return;
    case '/slow': {
      const timer = setTimeout(() => res.writeHead(200).end('late'), 2000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    case '/stall':
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
      return;
    case '/reset':
      req.socket.resetAndDestroy();
      return;
    case '/retry-seconds':
      res.writeHead(503, { 'Retry-After': '120' }).end();
      return;
    case '/retry-date':
      res.writeHead(429, { 'Retry-After': new Date(Date.now() + 90_000).toUTCString() }).end();
      return;
    case '/retry-past':
      res.writeHead(503, { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' }).end();
      return;
    case '/retry-huge':
      res.writeHead(503, { 'Retry-After': '86400' }).end();
      return;
    case '/retry-garbage':
      res.writeHead(503, { 'Retry-After': 'soon' }).end();
      return;
    case '/big':
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('x'.repeat(100_000));
      return;
    case '/big-utf8':
      // 'é' is two bytes; 1 KB falls in the middle of one.
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`a${'é'.repeat(5000)}`);
      return;
    default:
      res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Receiver': 'yes' }).end('ok');
  }
}

const httpServer = http.createServer(receiver);
let httpsServer: https.Server;
let httpPort = 0;
let httpsPort = 0;
let certDir = '';
let cert = '';

const listen = (server: http.Server | https.Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'pinned-http-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=hooks.test',
    '-keyout', join(certDir, 'k.pem'), '-out', join(certDir, 'c.pem'), '-days', '1',
    '-addext', 'subjectAltName=DNS:hooks.test',
  ], { stdio: 'ignore' });
  cert = readFileSync(join(certDir, 'c.pem'), 'utf8');
  httpsServer = https.createServer({ key: readFileSync(join(certDir, 'k.pem')), cert }, receiver);
  for (const server of [httpServer, httpsServer]) server.on('connection', () => connections++);
  httpPort = await listen(httpServer);
  httpsPort = await listen(httpsServer);
});

afterAll(async () => {
  for (const server of [httpServer, httpsServer]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(certDir, { recursive: true, force: true });
});

const loopback = async () => ['127.0.0.1'];
const post = (url: string, extra: Partial<Parameters<typeof postPinned>[0]> = {}) =>
  postPinned({ url, body: '{"id":"evt_1"}', headers: {}, timeoutMs: 5000, allowHttp: true, allowlist: null, ...extra });

describe('the SSRF guard at dispatch', () => {
  it('refuses a loopback literal without an allowlist, before connecting', async () => {
    const before = connections;
    expect(await post(`http://127.0.0.1:${httpPort}/`)).toEqual({ kind: 'blocked', reason: '127.0.0.1 is loopback' });
    expect(await post(`http://[::ffff:127.0.0.1]:${httpPort}/`)).toMatchObject({ kind: 'blocked' });
    expect(connections).toBe(before);
  });

  it('refuses localhost because the system resolver answers loopback', async () => {
    const before = connections;
    expect(await post(`http://localhost:${httpPort}/`)).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/loopback/) });
    expect(connections).toBe(before);
  });

  it('refuses a hostname with one public and one private answer, before connecting', async () => {
    const before = connections;
    const outcome = await post(`http://mixed.test:${httpPort}/`, { resolver: async () => ['93.184.216.34', '10.0.0.1'] });
    expect(outcome).toEqual({ kind: 'blocked', reason: '10.0.0.1 is private (RFC 1918)' });
    expect(connections).toBe(before);
  });

  it('refuses URLs the parse rules refuse, with their reason', async () => {
    expect(await post(`http://hooks.test:${httpPort}/`, { allowHttp: false, resolver: loopback })).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/plain http/) });
    expect(await post(`http://a:b@127.0.0.1:${httpPort}/`, { allowlist: /^127\.0\.0\.1$/ })).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/credentials/) });
    expect(await post('file:///etc/passwd')).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/scheme file/) });
  });

  it('reports a name that does not resolve as a network error', async () => {
    const outcome = await post(`http://nowhere.test:${httpPort}/`, { resolver: () => Promise.reject(Object.assign(new Error('queryA ENOTFOUND nowhere.test'), { code: 'ENOTFOUND' })) });
    expect(outcome).toEqual({ kind: 'network-error', message: 'could not resolve nowhere.test: queryA ENOTFOUND nowhere.test' });
    expect(await post(`http://empty.test:${httpPort}/`, { allowlist: /^empty\.test$/, resolver: async () => [] })).toMatchObject({ kind: 'network-error' });
  });
});

describe('delivery to an allowlisted intranet host', () => {
  it('delivers exactly the body and headers to an allowlisted literal', async () => {
    const body = JSON.stringify({ id: 'evt_2', type: 'recording.completed', data: { title: 'Café ☕' } });
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Service-Webhook/1.0',
      'Service-Event': 'recording.completed',
      'Service-Delivery-Id': 'evt_2',
      'Service-Timestamp': '2026-11-21T12:00:00Z',
      'Service-Signature': 'sha256=abc123',
    };
    const outcome = await postPinned({ url: `http://127.0.0.1:${httpPort}/hooks/in?src=test`, body, headers, timeoutMs: 5000, allowHttp: true, allowlist: /^127\.0\.0\.1$/ });
    expect(outcome).toMatchObject({ kind: 'response', status: 200, bodyPreview: 'ok', headers: expect.objectContaining({ 'x-receiver': 'yes' }) });
    expect(outcome).not.toHaveProperty('retryAfterSeconds');

    const got = received.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks/in?src=test');
    expect(got.body).toBe(body);
    expect(got.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Service-Webhook/1.0',
      'service-event': 'recording.completed',
      'service-delivery-id': 'evt_2',
      'service-timestamp': '2026-11-21T12:00:00Z',
      'service-signature': 'sha256=abc123',
      'content-length': String(Buffer.byteLength(body)),
      host: `127.0.0.1:${httpPort}`,
    });
  });

  it('delivers to an allowlisted name, sending its Host header', async () => {
    const outcome = await post(`http://hooks.test:${httpPort}/named`, { allowlist: /^hooks\.test$/, resolver: loopback });
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(received.at(-1)).toMatchObject({ url: '/named', remoteAddress: '127.0.0.1', headers: expect.objectContaining({ host: `hooks.test:${httpPort}` }) });
  });

  it('connects to the address it checked, resolving only once (DNS rebinding)', async () => {
    let calls = 0;
    const rebinding = async () => (++calls === 1 ? ['127.0.0.1'] : ['10.0.0.1']);
    const outcome = await post(`http://rebind.test:${httpPort}/rebind`, { allowlist: /^rebind\.test$/, resolver: rebinding, timeoutMs: 2000 });
    expect(outcome).toMatchObject({ kind: 'response', status: 200 });
    expect(calls).toBe(1);
    expect(received.at(-1)).toMatchObject({ url: '/rebind', remoteAddress: '127.0.0.1' });
  });

  it('does not let the allowlist match only part of the hostname', async () => {
    const outcome = await post(`http://intranet.evil.test:${httpPort}/`, { allowlist: /intranet/, resolver: loopback });
    expect(outcome).toEqual({ kind: 'blocked', reason: '127.0.0.1 is loopback' });
  });
});

describe('what the receiver answers', () => {
  const allow = { allowlist: /^127\.0\.0\.1$/ };

  it('returns a 301 as it is, without following it', async () => {
    const outcome = await post(`http://127.0.0.1:${httpPort}/redirect`, allow);
    expect(outcome).toMatchObject({ kind: 'response', status: 301, headers: expect.objectContaining({ location: `http://127.0.0.1:${httpPort}/redirected` }) });
    expect(received.some((r) => r.url === '/redirected')).toBe(false);
  });

  it('times out a receiver that answers after the deadline', async () => {
    const started = Date.now();
    expect(await post(`http://127.0.0.1:${httpPort}/slow`, { ...allow, timeoutMs: 500 })).toEqual({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('times out a resolver that never answers', async () => {
    expect(await post(`http://hang.test:${httpPort}/`, { resolver: () => new Promise(() => undefined), timeoutMs: 300 })).toEqual({ kind: 'timeout' });
  });

  it('keeps the status of a receiver whose body stalls past the deadline', async () => {
    const outcome = await post(`http://127.0.0.1:${httpPort}/stall`, { ...allow, timeoutMs: 500 });
    expect(outcome).toMatchObject({ kind: 'response', status: 200, bodyPreview: 'partial' });
  });

  it('reports a connection reset as a network error', async () => {
    const outcome = await post(`http://127.0.0.1:${httpPort}/reset`, allow);
    expect(outcome).toEqual({ kind: 'network-error', message: expect.stringMatching(/ECONNRESET/) });
  });

  it('reports a refused connection as a network error', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    expect(await post(`http://127.0.0.1:${port}/`, allow)).toEqual({ kind: 'network-error', message: expect.stringMatching(/ECONNREFUSED/) });
  });

  it.each([
    ['/retry-seconds', 503, 120],
    ['/retry-date', 429, 90],
    ['/retry-huge', 503, 3600],
    ['/retry-past', 503, 0],
    ['/retry-garbage', 503, undefined],
  ])('reads Retry-After from %s', async (path, status, seconds) => {
    const outcome = await post(`http://127.0.0.1:${httpPort}${path}`, allow);
    expect(outcome).toMatchObject({ kind: 'response', status });
    if (outcome.kind !== 'response') return;
    if (seconds === 90) expect(outcome.retryAfterSeconds).toBeGreaterThanOrEqual(88);
    if (seconds === 90) expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(90);
    else expect(outcome.retryAfterSeconds).toBe(seconds);
  });

  it('keeps at most 1 KB of the body', async () => {
    const outcome = await post(`http://127.0.0.1:${httpPort}/big`, allow);
    expect(outcome).toMatchObject({ kind: 'response', status: 500, bodyPreview: 'x'.repeat(1024) });
  });

  it('does not cut a character in half at the 1 KB limit', async () => {
    const outcome = await post(`http://127.0.0.1:${httpPort}/big-utf8`, allow);
    if (outcome.kind !== 'response') throw new Error(`expected a response, got ${outcome.kind}`);
    expect(Buffer.byteLength(outcome.bodyPreview)).toBeLessThanOrEqual(1024);
    expect(outcome.bodyPreview).toBe(`a${'é'.repeat(511)}`);
  });
});

describe('connections kept between attempts', () => {
  // undici hands a connection back to its pool a few ticks after the answer's body has ended;
  // attempts to one receiver are that far apart anyway.
  const apart = () => new Promise((resolve) => setTimeout(resolve, 50));

  /** A receiver of its own on `host`, counting the connections it accepts; `onRequest` may cut one. */
  async function counting(host: string, port = 0, onRequest: (req: IncomingMessage, nth: number) => boolean = () => false) {
    const seen = { connections: 0, requests: [] as { localAddress: string | undefined; socketRequests: number }[] };
    const server = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      seen.requests.push({ localAddress: socket.localAddress, socketRequests: socket.served });
      req.resume();
      req.on('end', () => (onRequest(req, socket.served!) ? socket.destroy() : res.writeHead(204).end()));
    });
    server.on('connection', () => seen.connections++);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    const close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve)));
    return { seen, port: (server.address() as AddressInfo).port, close };
  }

  it('sends a second attempt to the same receiver on the connection of the first', async () => {
    const receiver = await counting('127.0.0.1');
    try {
      for (let i = 0; i < 3; i++) {
        expect(await post(`http://127.0.0.1:${receiver.port}/again`, { allowlist: /^127\.0\.0\.1$/ })).toMatchObject({ kind: 'response', status: 204 });
        await apart();
      }
      expect(receiver.seen.requests).toHaveLength(3);
      expect(receiver.seen.connections).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('connects anew when the name resolves to another address, never reusing the old connection', async () => {
    const first = await counting('127.0.0.1');
    const second = await counting('127.0.0.2', first.port);
    try {
      let answer = '127.0.0.1';
      const options = { allowlist: /^moving\.test$/, resolver: async () => [answer] };
      expect(await post(`http://moving.test:${first.port}/`, options)).toMatchObject({ kind: 'response', status: 204 });
      await apart();
      answer = '127.0.0.2';
      expect(await post(`http://moving.test:${first.port}/`, options)).toMatchObject({ kind: 'response', status: 204 });
      expect(first.seen.requests).toEqual([{ localAddress: '127.0.0.1', socketRequests: 1 }]);
      expect(second.seen.requests).toEqual([{ localAddress: '127.0.0.2', socketRequests: 1 }]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('checks the target again before using a kept connection', async () => {
    const receiver = await counting('127.0.0.1');
    try {
      const url = `http://kept.test:${receiver.port}/`;
      expect(await post(url, { allowlist: /^kept\.test$/, resolver: loopback })).toMatchObject({ kind: 'response', status: 204 });
      await apart();
      // The same name and address, no longer allowlisted: refused, although a connection to it is kept.
      expect(await post(url, { allowlist: null, resolver: loopback })).toEqual({ kind: 'blocked', reason: '127.0.0.1 is loopback' });
      expect(receiver.seen.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends once more on a new connection when a kept one is closed under the request', async () => {
    // The receiver drops every second request on a connection, as a server whose keep-alive ran out just then.
    const receiver = await counting('127.0.0.1', 0, (_req, nth) => nth > 1);
    try {
      const url = `http://127.0.0.1:${receiver.port}/kept`;
      expect(await post(url, { allowlist: /^127\.0\.0\.1$/ })).toMatchObject({ kind: 'response', status: 204 });
      await apart();
      expect(await post(url, { allowlist: /^127\.0\.0\.1$/ })).toMatchObject({ kind: 'response', status: 204 });
      expect(receiver.seen.requests.map((r) => r.socketRequests)).toEqual([1, 2, 1]);
      expect(receiver.seen.connections).toBe(2);
    } finally {
      await receiver.close();
    }
  });
});

describe('https', () => {
  it('verifies the certificate: a self-signed one fails', async () => {
    const outcome = await post(`https://hooks.test:${httpsPort}/`, { allowlist: /^hooks\.test$/, resolver: loopback });
    expect(outcome).toEqual({ kind: 'network-error', message: expect.stringMatching(/certificate/) });
  });

  describe('with the test certificate trusted', () => {
    let defaults: string[] = [];
    beforeAll(() => {
      defaults = tls.getCACertificates('default');
      tls.setDefaultCACertificates([...defaults, cert]);
    });
    afterAll(() => tls.setDefaultCACertificates(defaults));

    it('delivers over TLS to the pinned address, sending the hostname as SNI', async () => {
      const outcome = await post(`https://hooks.test:${httpsPort}/tls`, { allowlist: /^hooks\.test$/, resolver: loopback });
      expect(outcome).toMatchObject({ kind: 'response', status: 200, bodyPreview: 'ok' });
      expect(received.at(-1)).toMatchObject({ url: '/tls', servername: 'hooks.test', remoteAddress: '127.0.0.1' });
    });

    it('verifies the certificate against the hostname, not the address', async () => {
      const other = await post(`https://other.test:${httpsPort}/`, { allowlist: /^other\.test$/, resolver: loopback });
      expect(other).toEqual({ kind: 'network-error', message: expect.stringMatching(/does not match certificate/) });
      const literal = await post(`https://127.0.0.1:${httpsPort}/`, { allowlist: /^127\.0\.0\.1$/ });
      expect(literal).toEqual({ kind: 'network-error', message: expect.stringMatching(/does not match certificate/) });
    });
  });
});
