// A policy-checking proxy in front of one local emulator. Each local function signs its calls
// with credentials whose access key id names it; the proxy reads the signer, the action and the
// resource from the request, asks the judge, and either forwards the request untouched (S3
// bodies piped both ways, never held whole) or answers as the service answers a refused call.
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { logger } from '#shared/logger.ts';
import { callsOf, readsBody, signer, type Call, type Service } from './calls.ts';
import type { Judge } from './policies.ts';

export interface Refusal {
  readonly function: string;
  /** The service or role refused on the function's behalf, if not the function itself. */
  readonly principal?: string;
  readonly action: string;
  readonly resource: string;
}

export interface IamProxyOptions {
  readonly service: Service;
  /** The emulator's endpoint, e.g. http://127.0.0.1:8000. */
  readonly target: string;
  readonly judge: Judge;
  /** The function (by entry) whose access key id this is, if any. */
  readonly caller: (accessKeyId: string) => string | undefined;
  readonly onRefusal?: (refusal: Refusal) => void;
}

export interface IamProxy {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/** Bodies judged before forwarding are API requests (DynamoDB items, SQS messages, schedules): bounded. */
const MAX_JUDGED_BODY = 32 * 1024 * 1024;

export async function startIamProxy(options: IamProxyOptions): Promise<IamProxy> {
  const target = new URL(options.target);
  const server = createServer((req, res) => {
    handle(options, target, req, res).catch((error: unknown) => {
      logger.error('IAM proxy failed', { service: options.service, error });
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  // Long polls (SQS ReceiveMessage waits up to 20 s) and large uploads must not be cut.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function handle(options: IamProxyOptions, target: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = readsBody(options.service) ? await readBody(req) : undefined;
  // A CORS preflight carries no credentials; the service answers it from the bucket's rules.
  if (req.method !== 'OPTIONS') {
    const read = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
    const keyId = signer(read);
    const entry = keyId === undefined ? undefined : options.caller(keyId);
    const calls = callsOf(options.service, read, body?.toString('utf8') ?? '');
    const refused = await firstRefused(options.judge, entry, calls);
    if (refused) {
      const who = entry ?? `unknown key ${keyId ?? '(unsigned)'}`;
      reportRefusal(who, refused, options.onRefusal);
      deny(options.service, req, res, who, refused);
      return;
    }
  }
  const upstream = forward({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
    answer.pipe(res);
  });
  let clientGone = false;
  upstream.on('error', (error) => {
    // Ending the call because its client left (or the stack stops) is not the emulator's fault.
    if (!clientGone) logger.error('IAM proxy: the emulator did not answer', { aws_service: options.service, error });
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  // A client gone mid-upload must not leave the emulator waiting.
  res.on('close', () => {
    if (res.writableFinished) return;
    clientGone = true;
    upstream.destroy();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

/** "api/x may not s3:GetObject on arn:…", or "scheduler.amazonaws.com (for api/x) may not sts:AssumeRole on arn:…". */
/** Logs a refused call (one line naming function, action and resource) and hands it to `onRefusal`. */
export function reportRefusal(on: string, call: Call, onRefusal?: (refusal: Refusal) => void): Refusal {
  const refusal: Refusal = { function: on, ...(call.principal ? { principal: call.principal } : {}), action: call.action, resource: call.resource };
  logger.warn(`IAM refused: ${describeRefusal(refusal)}`, { ...refusal });
  onRefusal?.(refusal);
  return refusal;
}

export const describeRefusal = (r: Refusal) => `${r.principal ? `${r.principal} (for ${r.function})` : r.function} may not ${r.action} on ${r.resource}`;

async function firstRefused(judge: Judge, entry: string | undefined, calls: readonly Call[]): Promise<Call | undefined> {
  for (const call of calls) if (entry === undefined || !(await judge.allows(entry, call))) return call;
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JUDGED_BODY) throw new Error(`request body over ${MAX_JUDGED_BODY} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The refusal as each service sends it, so the SDK raises its own AccessDenied error. */
function deny(service: Service, req: IncomingMessage, res: ServerResponse, who: string, call: Call): void {
  const message = `User: arn:aws:sts::000000000000:assumed-role/${who}/${who} is not authorized to perform: ${call.action} on resource: ${call.resource} because no identity-based policy allows the ${call.action} action`;
  req.resume();
  if (service === 's3') {
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${escapeXml(message)}</Message></Error>`);
    return;
  }
  if (service === 'scheduler' && call.principal) {
    // What CreateSchedule answers when the Scheduler cannot assume the role it is given.
    res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'ValidationException' });
    res.end(JSON.stringify({ Message: `The execution role you provide must allow AWS EventBridge Scheduler to assume the role. (${call.principal} may not ${call.action} on ${call.resource})` }));
    return;
  }
  if (service === 'scheduler') {
    res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'AccessDeniedException' });
    res.end(JSON.stringify({ Message: message }));
    return;
  }
  // DynamoDB answers 400 with the JSON 1.0 error; SQS (JSON protocol) 403 with its query error code.
  const sqs = service === 'sqs';
  res.writeHead(sqs ? 403 : 400, { 'content-type': 'application/x-amz-json-1.0', ...(sqs ? { 'x-amzn-query-error': 'AccessDenied;Sender' } : {}) });
  res.end(JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', message, Message: message }));
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
