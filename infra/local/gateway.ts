// Plays API Gateway's HTTP API locally: each request becomes a payload-format-2.0 event for
// the handler its route-table row names, and the handler's result becomes the response.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#shared/domain/viewer-address.ts';
import { matchRoute } from '#shared/http/match.ts';
import { API_PREFIX } from '#shared/routes.ts';
import type { LocalFunctions } from './lambda/functions.ts';
import { FunctionTimeoutError } from './lambda/pool.ts';
import { storageOrigin, webApp, type StaticHandler } from './static-files.ts';

/**
 * Lambda refuses an invocation whose event is over 6 MB (6,291,456 bytes), and the event carries
 * a binary body in base64, a third larger: about 4.4 MB of audio gets through. The gateway
 * measures the event it built against that limit, as AWS does, for every route.
 */
export const LAMBDA_PAYLOAD_LIMIT = 6 * 1024 * 1024;
const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;
/**
 * Headers the edge sets and a client must not: here the gateway is the edge, and the client's
 * address is the socket's (requestContext.http.sourceIp). Cookies travel in event.cookies.
 */
const NOT_FROM_CLIENTS: ReadonlySet<string> = new Set(['cookie', VIEWER_ADDRESS_HEADER, ORIGIN_VERIFY_HEADER]);

export interface Gateway {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

export async function startGateway(port: number, functions: LocalFunctions, host = '127.0.0.1'): Promise<Gateway> {
  // The browser PUTs to and plays from the storage the functions presign for (their S3 endpoint).
  const web = webApp(storageOrigin(functions.environment('api/fallback').AWS_ENDPOINT_URL_S3));
  const server = createServer((req, res) => {
    serve(req, res, functions, web).catch((error: unknown) => {
      // API Gateway's answers when the function fails or runs out of time, in the error shape.
      const requestId = randomUUID();
      const [status, code, message] =
        error instanceof FunctionTimeoutError ? [503, 'service_unavailable', 'The request took longer than the service allows'] : [500, 'internal', 'Internal server error'];
      res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': requestId });
      res.end(JSON.stringify({ error: message, code, request_id: requestId }));
      console.error(error);
    });
  });
  // Requests Node refuses before they are requests (a request line or headers over its limit,
  // malformed HTTP) get the error shape too, not Node's bare answer.
  server.on('clientError', refuseMalformed);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const actual = (server.address() as { port: number }).port;
  return { url: `http://${host}:${actual}`, port: actual, stop: () => close(server) };
}

async function serve(req: IncomingMessage, res: ServerResponse, functions: LocalFunctions, web: StaticHandler): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // Everything outside /api/ is the web app.
  if (!url.pathname.startsWith('/api/') && web(req, res)) return;
  const method = (req.method ?? 'GET').toUpperCase();
  const match = matchRoute(method, url.pathname);
  const handlerPath = match.kind === 'found' ? `api/${match.row.spec.handler}` : 'api/fallback';
  const body = await readBody(req);
  if (body === 'too-large') return tooLarge(res);
  const event = toEvent(req, url, method, body, match.kind === 'found' ? { routeKey: `${method} ${API_PREFIX}${match.row.path}`, params: match.params } : undefined);
  if (Buffer.byteLength(JSON.stringify(event)) > LAMBDA_PAYLOAD_LIMIT) return tooLarge(res);
  const result = (await functions.get(handlerPath).invoke(event, event.requestContext.requestId)) as APIGatewayProxyStructuredResultV2;
  writeResult(res, result);
}

/** Past Lambda's limit the rest is read and dropped (up to this), so the client hears the 413 instead of a reset. */
const MAX_DRAINED_BODY = 64 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | undefined = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LAMBDA_PAYLOAD_LIMIT) chunks = undefined;
      else chunks?.push(chunk);
      if (size > MAX_DRAINED_BODY) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too-large');
      }
    });
    req.on('end', () => resolve(chunks ? Buffer.concat(chunks) : 'too-large'));
    req.on('error', reject);
  });
}

function toEvent(req: IncomingMessage, url: URL, method: string, body: Buffer, route?: { routeKey: string; params: Record<string, string> }): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !NOT_FROM_CLIENTS.has(name)) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  // A text type whose bytes are not UTF-8 goes as bytes (base64), so the handler sees what came instead of U+FFFD.
  const text = TEXT_TYPES.test(headers['content-type'] ?? 'application/json') && isUtf8(body);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: route?.routeKey ?? '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()),
    headers,
    queryStringParameters: url.search ? query : undefined,
    pathParameters: route && Object.keys(route.params).length > 0 ? route.params : undefined,
    body: body.length > 0 ? (text ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !text,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: url.pathname, protocol: `HTTP/${req.httpVersion}`, sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      routeKey: route?.routeKey ?? '$default',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name] = String(value);
  if (result.cookies?.length) headers['Set-Cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  res.writeHead(result.statusCode ?? 200, { ...headers, 'Content-Length': String(body.length) });
  res.end(body);
}

function tooLarge(res: ServerResponse): void {
  const requestId = randomUUID();
  const error = `The request is larger than the ${LAMBDA_PAYLOAD_LIMIT} bytes Lambda takes (a binary body counts in base64: about 4.4 MB of file); upload larger files with POST /recordings/uploads`;
  const body = JSON.stringify({ error, code: 'payload_too_large', request_id: requestId });
  res.writeHead(413, { 'Content-Type': 'application/json', 'X-Request-Id': requestId, Connection: 'close' });
  res.end(body);
}

function refuseMalformed(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message]: [number, string, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'bad_request', 'The request line or headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'bad_request', 'The request took too long to arrive']
        : [400, 'bad_request', 'Malformed HTTP request'];
  const requestId = randomUUID();
  const body = JSON.stringify({ error: message, code, request_id: requestId });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}
