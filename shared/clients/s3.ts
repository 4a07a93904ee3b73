// S3 in a module of its own (see clients.ts): SigV4-signed HTTP requests made here, signed by
// aws4 (the signer @aws-lite/client uses, with the credentials aws-lite resolves), not the AWS
// SDK's S3 client. The SDK's client with the Smithy core, checksums, lib-storage and the
// presigner was 230–300 KB evaluated at the init of every function that touches the bucket;
// this is a few KB on top of aws-lite, which every function loads already (why aws-lite: lite.ts).
// Not aws-lite's own request either: it pipes a streamed answer into a PassThrough that neither
// ends nor fails when the connection drops mid-body (a download would hang), and it keeps no
// error code from an answer read raw.
//
// Requests are path-style (`/<bucket>/<key>`, as the SDK was told with forcePathStyle) to
// settings().storageOrigin: AWS_ENDPOINT_URL_S3 when set (locally the S3 emulator behind the IAM
// proxy), else the region's endpoint. Bodies are Buffers with their SHA-256 signed (S3 checks
// it); answers are read whole or, for object downloads, handed over as the response stream.
// Throttles, 5xx and dropped connections are retried with jittered backoff (3 attempts, the
// SDK's default). A failed call throws S3Error, named by S3's error code (NoSuchKey,
// PreconditionFailed, …) or, for an answer without a body (HEAD, 304), as the SDK named it.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import awsLite from '@aws-lite/client';
import aws4 from 'aws4';
import { onResetClients } from '../clients.ts';
import { settings } from '../config.ts';

export interface S3Request {
  readonly method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  readonly bucket: string;
  readonly key: string;
  /** Sub-resources and parameters: `{ uploads: '' }`, `{ partNumber, uploadId }`, `response-content-disposition`. */
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: Buffer | string;
}

export interface S3Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    name: string,
    message: string,
  ) {
    super(message);
    this.name = name;
  }
}

/** The HTTP status of a failed S3 call (undefined for anything else, e.g. a dropped connection). */
export const s3Status = (error: unknown): number | undefined => (error instanceof S3Error ? error.status : undefined);

interface Connection {
  readonly endpoint: URL;
  readonly region: string;
  readonly credentials: aws4.Credentials;
}

let connection: Promise<Connection> | undefined;

function connected(): Promise<Connection> {
  connection ??= (async () => {
    const { region, storageOrigin } = settings();
    // aws-lite's credential chain (environment, profile, SSO, container or instance role), as DynamoDB's and SQS's clients use.
    const client = (await awsLite({ region, endpoint: storageOrigin })) as unknown as { credentials: aws4.Credentials };
    const { accessKeyId, secretAccessKey, sessionToken } = client.credentials;
    return { endpoint: new URL(storageOrigin), region, credentials: { accessKeyId, secretAccessKey, sessionToken } };
  })().catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
  return connection;
}

onResetClients(() => {
  connection = undefined;
});

/** RFC 3986 percent-encoding, as SigV4 canonicalises: all but A–Z a–z 0–9 - _ . ~ */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function pathOf(request: Pick<S3Request, 'bucket' | 'key' | 'query'>): string {
  const query = Object.entries(request.query ?? {}).map(([name, value]) => `${encode(name)}=${encode(value)}`);
  return `/${encode(request.bucket)}/${request.key.split('/').map(encode).join('/')}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

function signed(c: Connection, request: S3Request & { readonly signQuery?: boolean }) {
  const { endpoint, region, credentials } = c;
  const headers: Record<string, string | number> = { ...request.headers };
  // aws4 would otherwise call a body form-encoded; S3 ignores a part's content type.
  if (request.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/octet-stream';
  const port = endpoint.port === '' ? undefined : Number(endpoint.port);
  return aws4.sign({ service: 's3', region, method: request.method, host: endpoint.hostname, port, path: pathOf(request), headers, body: request.body, signQuery: request.signQuery }, credentials);
}

/** One attempt: the answer's headers are in, its body not yet read. */
async function attempt(c: Connection, request: S3Request): Promise<IncomingMessage> {
  const { host, port, method, path, headers } = signed(c, request);
  // Loaded when first used (https brings tls); not an ESM import of the built-in (infra/aws/bundling.ts).
  const transport: Pick<typeof import('node:http'), 'request'> = process.getBuiltinModule(c.endpoint.protocol === 'https:' ? 'node:https' : 'node:http');
  return new Promise((resolve, reject) => {
    const outgoing = transport.request({ host, port, method, path, headers }, resolve);
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const readAll = async (stream: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** S3's error code, from an XML error document (a POST's 200 may be one: CompleteMultipartUpload's). */
const errorCode = (body: Buffer) => /^\s*(?:<\?xml[^>]*\?>\s*)?<Error>[\s\S]*?<Code>([^<]*)<\/Code>/.exec(body.toString('utf8', 0, 4096))?.[1];

/** What the SDK named an error answer without a body. */
const BODILESS: Readonly<Record<number, string>> = { 304: 'NotModified', 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 412: 'PreconditionFailed' };

function s3Error(request: S3Request, status: number, body: Buffer): S3Error {
  const name = errorCode(body) ?? BODILESS[status] ?? `Http${status}`;
  const message = /<Message>([^<]*)<\/Message>/.exec(body.toString('utf8', 0, 4096))?.[1] ?? `S3 answered ${status}`;
  return new S3Error(status, name, `${request.method} ${request.key}: ${name}: ${message}`);
}

const RETRIED_CODES = new Set(['SlowDown', 'RequestTimeout', 'InternalError', 'ServiceUnavailable']);
const RETRIED_CONNECTION_ERRORS = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);
const ATTEMPTS = 3;

const retried = (error: unknown) =>
  error instanceof S3Error ? error.status >= 500 || error.status === 429 || RETRIED_CODES.has(error.name) : RETRIED_CONNECTION_ERRORS.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * The answer to a request, retried as the SDK retries: its headers, and its body unread when
 * `streamed` (a download), else read whole (the answer is small or wanted whole).
 */
async function send(request: S3Request, streamed: boolean): Promise<{ answer: IncomingMessage; body?: Buffer }> {
  const c = await connected();
  for (let i = 1; ; i++) {
    try {
      const answer = await attempt(c, request);
      const status = answer.statusCode ?? 0;
      if (streamed && status < 300) return { answer };
      const body = await readAll(answer);
      if (status >= 300 || (request.method === 'POST' && errorCode(body) !== undefined)) throw s3Error(request, status, body);
      return { answer, body };
    } catch (error) {
      if (i >= ATTEMPTS || !retried(error)) throw error;
      // Full jitter on 100 ms × 2^attempt, as the SDK and aws-lite back off.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** i));
    }
  }
}

/** Makes the request and reads its answer whole. */
export async function s3Call(request: S3Request): Promise<S3Answer> {
  const { answer, body } = await send(request, false);
  return { status: answer.statusCode ?? 0, headers: answer.headers, body: body! };
}

/** Makes the request; the answer's body is left to stream (an object's bytes). */
export async function s3Stream(request: S3Request): Promise<IncomingMessage> {
  return (await send(request, true)).answer;
}

/**
 * A presigned URL for the request (no body): the query-string form of SigV4, as the SDK's
 * presigner makes it (X-Amz-Content-Sha256=UNSIGNED-PAYLOAD; the session token, if any, signed
 * in the query), with the headers given signed too (a PUT's content-type). No checksum
 * parameters: a URL carrying the CRC32 of an empty body is refused by S3 for any non-empty upload.
 */
export async function s3Presign(request: Omit<S3Request, 'body'>, expiresInSeconds: number): Promise<string> {
  const c = await connected();
  const query = { ...request.query, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', 'X-Amz-Expires': String(expiresInSeconds) };
  return `${c.endpoint.origin}${signed(c, { ...request, query, signQuery: true }).path}`;
}
