// A raw HTTP client for the fuzz and matrix suites: unlike fetch it sends a body on any method,
// any Content-Type (or none) and a path exactly as given (already percent-encoded), so
// malformed input reaches the service as a client could send it.
import { Agent, request } from 'node:http';
import { API_PREFIX } from '#shared/routes.ts';
import { stack } from '../support/api.ts';

export type Body =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'raw'; readonly data: string | Uint8Array; readonly contentType?: string; readonly label: string };

export interface RawRequest {
  readonly method: string;
  /** Below API_PREFIX, percent-encoded, with the query string if any. */
  readonly path: string;
  readonly token?: string;
  readonly body?: Body;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  readonly json: any;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

export function send(req: RawRequest): Promise<RawResponse> {
  const url = new URL(stack().url);
  const headers: Record<string, string> = { ...req.headers };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  let payload: Buffer | undefined;
  if (req.body?.kind === 'json') {
    payload = Buffer.from(JSON.stringify(req.body.value) ?? '', 'utf8');
    headers['content-type'] ??= 'application/json';
  } else if (req.body?.kind === 'raw') {
    payload = typeof req.body.data === 'string' ? Buffer.from(req.body.data, 'utf8') : Buffer.from(req.body.data);
    if (req.body.contentType !== undefined) headers['content-type'] = req.body.contentType;
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const r = request({ host: url.hostname, port: url.port, method: req.method, path: `${API_PREFIX}${req.path}`, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    r.setTimeout(60_000, () => r.destroy(new Error(`${req.method} ${req.path}: no answer within 60 s`)));
    r.on('error', reject);
    r.end(payload);
  });
}

const ERROR_CODES = new Set([
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'service_unavailable',
  'range_not_satisfiable',
]);

/** What is wrong with a response by decisions §1 (no 5xx; every 4xx in the error shape); [] when nothing. */
export function shapeProblems(res: RawResponse): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status} (no 5xx allowed)`);
  if (res.status < 400) return problems;
  const type = String(res.headers['content-type'] ?? '');
  if (!/^application\/json\b/i.test(type)) problems.push(`Content-Type is "${type}", not application/json`);
  const body = res.json;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...problems, `body is not a JSON object: ${res.text.slice(0, 200)}`];
  if (typeof body.error !== 'string' || body.error === '') problems.push('error is not a non-empty string');
  if (!ERROR_CODES.has(body.code)) problems.push(`code ${JSON.stringify(body.code)} is not one of decisions §1`);
  const requestId = res.headers['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') problems.push('no X-Request-Id header');
  else if (body.request_id !== requestId) problems.push(`request_id ${JSON.stringify(body.request_id)} differs from X-Request-Id ${requestId}`);
  if (body.details !== undefined) {
    const ok = Array.isArray(body.details) && body.details.every((d: any) => typeof d?.path === 'string' && typeof d?.message === 'string');
    if (!ok) problems.push(`details is not a list of {path, message}: ${JSON.stringify(body.details).slice(0, 200)}`);
  }
  return problems;
}
