// The aws-lite clients (shared/clients/lite.ts) against DynamoDB Local and the local SQS, and the
// S3 requests signed with aws4 (shared/clients/s3.ts) against the local S3: what the store, the
// queues and the bucket's users relied on the SDK's clients to have done, done the same.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { CreateQueueCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getJson, objectSize, putIfUnchanged, putJson, readIfChanged, readObject, uploadStream } from '#shared/blob/objects.ts';
import { PART_SIZE } from '#shared/blob/stream-upload.ts';
import { dynamo, resetClients } from '#shared/clients.ts';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '#shared/clients/dynamodb.ts';
import { SendMessageBatchCommand, sqsClient } from '#shared/clients/sqs.ts';
import { reloadSettings, settings } from '#shared/config.ts';
import { tableName } from '#shared/store/table.ts';

const item = (pk: string, sk: string, extra: Record<string, unknown> = {}) => ({ PK: pk, SK: sk, ...extra });

describe('DynamoDB through aws-lite', () => {
  it('stores and reads items as the document client did: numbers, booleans, lists, maps, sets, undefined left out', async () => {
    const pk = `lite-${randomUUID()}`;
    const stored = { n: 42.5, big: 2 ** 40, yes: true, none: null, list: [1, 'two', { three: 3 }], map: { a: { b: 'c' } }, tags: new Set(['x', 'y']), empty: '' };
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, 'A', { ...stored, gone: undefined }) }));
    const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'A' }, ConsistentRead: true }));
    expect(Item).toEqual(item(pk, 'A', stored));
    expect(Item).not.toHaveProperty('gone');
  });

  it('names a failed condition as the SDK does and returns ALL_NEW attributes', async () => {
    const pk = `lite-${randomUUID()}`;
    const bump = () => dynamo().send(new UpdateCommand({ TableName: tableName(), Key: { PK: pk, SK: 'C' }, UpdateExpression: 'ADD n :one', ConditionExpression: 'attribute_not_exists(n) OR n < :two', ExpressionAttributeValues: { ':one': 1, ':two': 2 }, ReturnValues: 'ALL_NEW' }));
    expect((await bump()).Attributes).toEqual(item(pk, 'C', { n: 1 }));
    expect((await bump()).Attributes).toEqual(item(pk, 'C', { n: 2 }));
    await expect(bump()).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
  });

  it("refuses a transaction with the SDK's name and reasons, and leaves the caller's input as it was", async () => {
    const pk = `lite-${randomUUID()}`;
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, 'T1') }));
    const input: TransactWriteCommandInput = {
      TransactItems: [
        { Put: { TableName: tableName(), Item: item(pk, 'T2', { at: 1 }) } },
        { Put: { TableName: tableName(), Item: item(pk, 'T1'), ConditionExpression: 'attribute_not_exists(PK)' } },
      ],
    };
    const copy = structuredClone(input);
    const refused = await dynamo().send(new TransactWriteCommand(input)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'TransactionCanceledException' });
    expect((refused as { CancellationReasons: { Code: string }[] }).CancellationReasons.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    // The plugin marshals transaction items in place: sent again, an input must still be plain.
    expect(input).toEqual(copy);
    await dynamo().send(new TransactWriteCommand({ TransactItems: [input.TransactItems![0]!] }));
    expect((await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: pk, SK: 'T2' }, ConsistentRead: true }))).Item).toEqual(item(pk, 'T2', { at: 1 }));
  });

  it('pages a query: LastEvaluatedKey handed back as ExclusiveStartKey reads on from there', async () => {
    const pk = `lite-${randomUUID()}`;
    for (let i = 0; i < 5; i++) await dynamo().send(new PutCommand({ TableName: tableName(), Item: item(pk, `Q${i}`) }));
    const seen: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 2, ExclusiveStartKey: start }));
      seen.push(...(page.Items ?? []).map((i) => i.SK as string));
      start = page.LastEvaluatedKey;
    } while (start);
    expect(seen).toEqual(['Q0', 'Q1', 'Q2', 'Q3', 'Q4']);
  });

  it('runs middleware added by name around each call, with the command name, until removed', async () => {
    const calls: string[] = [];
    dynamo().middlewareStack.add((next, context) => async (args) => {
      calls.push(context.commandName);
      return next(args);
    }, { step: 'initialize', name: 'liteTestCounter' });
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: 'none', SK: 'none' } }));
    expect(dynamo().middlewareStack.remove('liteTestCounter')).toBe(true);
    await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: 'none', SK: 'none' } }));
    expect(calls).toEqual(['GetCommand']);
  });
});

describe('SQS through aws-lite', () => {
  it('sends a batch over the JSON protocol, and names an unknown queue as the SDK does', async () => {
    // A queue of the test's own, made and read with the SDK's client: no worker consumes it.
    const sdk = new SQSClient({ region: settings().region, endpoint: process.env.AWS_ENDPOINT_URL_SQS });
    const { QueueUrl: url } = await sdk.send(new CreateQueueCommand({ QueueName: `lite-${randomUUID()}` }));
    const sent = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: [{ Id: 'a', MessageBody: '{"n":1}' }, { Id: 'b', MessageBody: 'déjà vu' }] }));
    expect(sent.Successful?.map((s) => s.Id).sort()).toEqual(['a', 'b']);
    expect(sent.Failed ?? []).toEqual([]);
    const { Messages = [] } = await sdk.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }));
    expect(Messages.map((m) => m.Body).sort()).toEqual(['déjà vu', '{"n":1}']);
    const missing = url!.replace(/[^/]+$/, `missing-${randomUUID()}`);
    await expect(sqsClient().send(new SendMessageBatchCommand({ QueueUrl: missing, Entries: [{ Id: 'a', MessageBody: '{}' }] }))).rejects.toMatchObject({ name: expect.stringMatching(/^(QueueDoesNotExist|AWS\.SimpleQueueService\.NonExistentQueue)$/) });
  });
});

interface SeenRequest {
  readonly method: string;
  /** The sub-resources and parameters named: `uploads`, `partNumber,uploadId`, … */
  readonly params: string;
  readonly query: URLSearchParams;
  readonly headers: Record<string, string | string[] | undefined>;
}

/**
 * A pass-through in front of the stack's S3 that notes each request and how many parts are in
 * flight, and can answer the next requests itself (as S3 answers what s3rver does not: a 412).
 */
function recordingS3(target: URL) {
  const seen: SeenRequest[] = [];
  const canned: { status: number; body: string }[] = [];
  const flight = { parts: 0, most: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    seen.push({ method: req.method ?? '', params: [...url.searchParams.keys()].join(','), query: url.searchParams, headers: req.headers });
    const answer = canned.shift();
    if (answer) {
      req.resume();
      res.writeHead(answer.status, { 'content-type': 'application/xml' }).end(answer.body);
      return;
    }
    const part = url.searchParams.has('partNumber');
    if (part) flight.most = Math.max(flight.most, ++flight.parts);
    const upstream = request({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
      reply.on('end', () => void (part && flight.parts--));
    });
    req.pipe(upstream);
  });
  return { server, seen, canned, flight };
}

/** `data` as a stream of 64 KB chunks, failing with `failure` after them if given. */
const streamOf = (data: Buffer, failure?: Error) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 65_536) yield data.subarray(at, at + 65_536);
      if (failure) throw failure;
    })(),
  );

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const s3Error = (code: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code} from the recording proxy</Message><RequestId>r</RequestId></Error>`;

describe('S3 through signed requests of our own', () => {
  const saved = process.env.AWS_ENDPOINT_URL_S3;
  let s3: ReturnType<typeof recordingS3>;

  beforeAll(async () => {
    s3 = recordingS3(new URL(saved!));
    await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
    reloadSettings();
    resetClients();
  });
  beforeEach(() => void s3.seen.splice(0));
  afterAll(async () => {
    process.env.AWS_ENDPOINT_URL_S3 = saved;
    reloadSettings();
    resetClients();
    s3.server.closeAllConnections();
    await new Promise((resolve) => s3.server.close(resolve));
  });

  it('streams a body longer than a part up in 8 MB parts, two at a time at most, and down whole and by range', async () => {
    const key = `audio/lite/${randomUUID()}`;
    const data = randomBytes(2 * PART_SIZE + 300_000);
    await uploadStream('audio/', key, streamOf(data), 'audio/wav').done;
    expect(s3.seen.map((r) => `${r.method} ${r.params}`)).toEqual(['POST uploads', 'PUT partNumber,uploadId', 'PUT partNumber,uploadId', 'PUT partNumber,uploadId', 'POST uploadId']);
    expect(s3.seen.filter((r) => r.params.startsWith('partNumber')).map((r) => Number(r.headers['content-length']))).toEqual([PART_SIZE, PART_SIZE, 300_000]);
    expect(s3.flight.most).toBeLessThanOrEqual(2);
    expect(await objectSize('audio/', key)).toBe(data.length);
    const whole = await readObject('audio/', key);
    expect(whole.contentLength).toBe(data.length);
    expect((await readAll(whole.body)).equals(data)).toBe(true);
    const range = await readObject('audio/', key, 'bytes=8388000-8389999');
    expect(range).toMatchObject({ contentLength: 2000, contentRange: `bytes 8388000-8389999/${data.length}` });
    expect((await readAll(range.body)).equals(data.subarray(8_388_000, 8_390_000))).toBe(true);
  });

  it.each([PART_SIZE, 0])('puts a body of %i bytes (within one part) in one PutObject of known length', async (bytes) => {
    const key = `audio/lite/${randomUUID()}`;
    const data = randomBytes(bytes);
    await uploadStream('audio/', key, streamOf(data), 'audio/wav').done;
    expect(s3.seen.map((r) => [r.method, r.params, r.headers['content-length'], r.headers['content-type']])).toEqual([['PUT', '', String(bytes), 'audio/wav']]);
    expect((await readAll((await readObject('audio/', key)).body)).equals(data)).toBe(true);
  });

  it('aborts the multipart upload when the body fails, and stores nothing', async () => {
    const key = `audio/lite/${randomUUID()}`;
    const upload = uploadStream('audio/', key, streamOf(randomBytes(PART_SIZE + 100_000), new Error('the client went away')), 'audio/wav');
    await expect(upload.done).rejects.toThrow('the client went away');
    const uploadId = s3.seen[1]!.query.get('uploadId');
    // s3rver implements no AbortMultipartUpload (it answers 405); S3 would drop the parts.
    expect(s3.seen.map((r) => `${r.method} ${r.params}`)).toEqual(['POST uploads', 'PUT partNumber,uploadId', 'DELETE uploadId']);
    expect(s3.seen.at(-1)!.query.get('uploadId')).toBe(uploadId);
    expect(await objectSize('audio/', key)).toBeUndefined();
  });

  it('reads and writes JSON, and names a missing object as the SDK does', async () => {
    const key = `transcripts/lite-${randomUUID()}.json`;
    await putJson('transcripts/', key, { text: 'déjà vu', n: 1 });
    expect(await getJson('transcripts/', key)).toEqual({ text: 'déjà vu', n: 1 });
    await expect(getJson('transcripts/', `transcripts/missing-${randomUUID()}.json`)).rejects.toMatchObject({ name: 'NoSuchKey', status: 404 });
    expect(await objectSize('transcripts/', `transcripts/missing-${randomUUID()}.json`)).toBeUndefined();
  });

  it('reads an object unless the ETag it has is current, and writes one on a condition, keeping its bytes as they are', async () => {
    const key = `search/lite-${randomUUID()}.json`;
    const body = gzipSync(JSON.stringify({ version: 1 }));
    const etag = await putIfUnchanged('search/', key, null, { body, contentType: 'application/json', contentEncoding: 'gzip' });
    expect(s3.seen.at(-1)!.headers).toMatchObject({ 'if-none-match': '*', 'content-encoding': 'gzip' });
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const read = await readIfChanged('search/', key);
    expect(read).toEqual({ body, etag });
    expect(await readIfChanged('search/', key, etag)).toBe('unchanged');
    expect(await readIfChanged('search/', key, '"0123456789abcdef0123456789abcdef"')).toEqual({ body, etag });
    expect(await readIfChanged('search/', `search/missing-${randomUUID()}`, etag)).toBe('missing');
    const next = await putIfUnchanged('search/', key, etag, { body: gzipSync('{"version":2}'), contentType: 'application/json', contentEncoding: 'gzip' });
    expect(s3.seen.at(-1)!.headers).toMatchObject({ 'if-match': etag });
    expect(next).not.toBe(etag);
    // s3rver enforces no write conditions: S3's refusals, answered by the proxy.
    s3.canned.push({ status: 412, body: s3Error('PreconditionFailed') }, { status: 409, body: s3Error('ConditionalRequestConflict') });
    expect(await putIfUnchanged('search/', key, etag, { body, contentType: 'application/json' })).toBe('conflict');
    expect(await putIfUnchanged('search/', key, null, { body, contentType: 'application/json' })).toBe('conflict');
  });

  it('retries a throttled or failed call, and gives up after three attempts', async () => {
    const key = `transcripts/lite-${randomUUID()}.json`;
    s3.canned.push({ status: 503, body: s3Error('SlowDown') }, { status: 500, body: s3Error('InternalError') });
    await putJson('transcripts/', key, { ok: true });
    expect(s3.seen.map((r) => r.method)).toEqual(['PUT', 'PUT', 'PUT']);
    expect(await getJson('transcripts/', key)).toEqual({ ok: true });
    s3.canned.push(...Array.from({ length: 3 }, () => ({ status: 503, body: s3Error('SlowDown') })));
    await expect(getJson('transcripts/', key)).rejects.toMatchObject({ name: 'SlowDown', status: 503 });
  });
});
