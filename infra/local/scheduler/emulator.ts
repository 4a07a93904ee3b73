/**
 * Local EventBridge Scheduler emulator speaking the restJson1 wire protocol of
 * `@aws-sdk/client-scheduler`, delivering schedules to SQS (e.g. fauxqs).
 *
 * Requests are not SigV4-verified: it binds to loopback by default and exists
 * for local runs and tests only.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SchedulerApi, type Handler } from './api.ts';
import { Dispatcher, type Delivery, type LogFn } from './dispatcher.ts';
import { ScheduleStore } from './store.ts';
import { ApiError, validation, type Body } from './validate.ts';

export interface SchedulerEmulatorOptions {
  host?: string;
  port?: number;
  dataFile?: string;
  sqsEndpoint: string;
  region?: string;
  now?: () => number;
  tickMs?: number;
  log?: (line: Record<string, unknown>) => void;
  /** Judges each delivery as made by the schedule's role (the local stack's IAM, README: IAM locally). */
  authorize?: (delivery: Delivery) => Promise<void>;
}

export interface SchedulerEmulator {
  readonly url: string;
  readonly port: number;
  fireDue(): Promise<number>;
  stop(): Promise<void>;
}

type Route = readonly [method: string, path: RegExp, handler: Handler];

const MAX_BODY_BYTES = 1024 * 1024;

export async function startSchedulerEmulator(options: SchedulerEmulatorOptions): Promise<SchedulerEmulator> {
  const region = options.region ?? 'us-east-1';
  const now = options.now ?? Date.now;
  const log: LogFn = options.log ?? (() => undefined);
  const store = await ScheduleStore.open(options.dataFile, region, now());
  const dispatcher = new Dispatcher({ store, sqsEndpoint: options.sqsEndpoint, region, now, log, authorize: options.authorize });
  const routes = routesFor(new SchedulerApi(store, region, now));
  const server = createServer((req, res) => void handle(routes, req, res, log));
  const port = await listen(server, options.host ?? '127.0.0.1', options.port ?? 0);
  const timer = setInterval(() => dispatcher.tick(), options.tickMs ?? 250);
  // The HTTP server keeps the process alive; the timer alone should not.
  timer.unref();
  const url = `http://${formatHost(options.host ?? '127.0.0.1')}:${port}`;
  log({ msg: 'scheduler.started', url, dataFile: options.dataFile ?? null });
  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    fireDue: () => dispatcher.fireDue(),
    stop: () => (stopping ??= shutdown(server, timer, dispatcher, store)),
  };
}

async function shutdown(server: Server, timer: NodeJS.Timeout, dispatcher: Dispatcher, store: ScheduleStore): Promise<void> {
  clearInterval(timer);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
  await dispatcher.idle();
  dispatcher.close();
  await store.flush();
}

function routesFor(api: SchedulerApi): Route[] {
  return [
    ['GET', /^\/schedules$/, api.listSchedules],
    ['POST', /^\/schedules\/([^/]+)$/, api.createSchedule],
    ['GET', /^\/schedules\/([^/]+)$/, api.getSchedule],
    ['PUT', /^\/schedules\/([^/]+)$/, api.updateSchedule],
    ['DELETE', /^\/schedules\/([^/]+)$/, api.deleteSchedule],
    ['GET', /^\/schedule-groups$/, api.listScheduleGroups],
    ['POST', /^\/schedule-groups\/([^/]+)$/, api.createScheduleGroup],
    ['GET', /^\/schedule-groups\/([^/]+)$/, api.getScheduleGroup],
    ['DELETE', /^\/schedule-groups\/([^/]+)$/, api.deleteScheduleGroup],
  ];
}

async function handle(routes: Route[], req: IncomingMessage, res: ServerResponse, log: LogFn): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  try {
    const match = findRoute(routes, req.method ?? 'GET', url.pathname);
    if (!match) throw new ApiError(404, 'UnknownOperationException', `No operation for ${req.method} ${url.pathname}`);
    const body = await readJsonBody(req);
    const output = await match.handler({ params: match.params, query: url.searchParams, body });
    send(res, 200, output);
  } catch (error) {
    if (!(error instanceof ApiError)) log({ msg: 'scheduler.request_failed', path: url.pathname, error: String(error) });
    const apiError = error instanceof ApiError ? error : new ApiError(500, 'InternalServerException', String(error));
    send(res, apiError.status, { Message: apiError.message }, apiError.type);
  }
}

function findRoute(routes: Route[], method: string, pathname: string) {
  for (const [routeMethod, pattern, handler] of routes) {
    const match = routeMethod === method ? pattern.exec(pathname) : null;
    if (match) return { handler, params: match.slice(1).map(decodePathSegment) };
  }
  return undefined;
}

function decodePathSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw validation('Malformed path parameter.');
  }
}

async function readJsonBody(req: IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw validation('Request body too large.');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'SerializationException', 'Request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw validation('Request body must be a JSON object.');
  return parsed as Body;
}

/** restJson1 errors: the SDK picks the exception class from `x-amzn-errortype` and reads `Message`. */
function send(res: ServerResponse, status: number, payload: unknown, errorType?: string): void {
  const text = JSON.stringify(payload);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
  };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(text);
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
