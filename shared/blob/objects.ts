// Object storage for audio, transcripts and search indexes. Bodies move as streams: an upload
// or a download never holds a whole file in memory. Every function names the bucket folder it
// acts on in its first argument, a string literal at each call: that is how IAM follows the
// code (infra/aws/access-calls.ts grants each function's access on the folder it names).
import type { Readable } from 'node:stream';
import { s3Call, s3Presign, s3Status, s3Stream, type S3Request } from '../clients/s3.ts';
import { settings } from '../config.ts';
import { bucket as topology } from '../topology.ts';
import { logFailure } from '../logger.ts';
import { uploadInParts, type PartUpload } from './stream-upload.ts';

const bucket = () => settings().bucketName;

/** The bucket's top-level folders. */
type Folder = (typeof topology.folders)[number];

/** The key, once it is known to lie in the folder named (the grant covers that folder only). */
function inFolder(folder: Folder, objectKey: string): string {
  if (!objectKey.startsWith(folder)) throw new Error(`Object key ${objectKey} is not in ${folder}`);
  return objectKey;
}

type Operation = Omit<S3Request, 'bucket' | 'key'>;

/** Requests on the object `objectKey`, once the key is known to lie in the folder named. */
function object(folder: Folder, objectKey: string): (operation: Operation) => S3Request {
  const key = inFolder(folder, objectKey);
  return (operation) => ({ ...operation, bucket: bucket(), key });
}

const on = (folder: Folder, objectKey: string, operation: Operation) => object(folder, objectKey)(operation);

const header = (value: string | string[] | undefined) => [value].flat()[0];

/** An upload's progress: 8 MB parts, two in flight, at most ~16 MB held whatever the file size (stream-upload.ts). */
export type StreamUpload = PartUpload;

export function uploadStream(folder: Folder, objectKey: string, body: Readable, contentType: string): StreamUpload {
  const request = object(folder, objectKey);
  return uploadInParts(body, {
    put: async (bytes) => void (await s3Call(request({ method: 'PUT', headers: { 'content-type': contentType }, body: bytes }))),
    start: async () => uploadIdOf((await s3Call(request({ method: 'POST', query: { uploads: '' }, headers: { 'content-type': contentType } }))).body),
    part: async (uploadId, partNumber, bytes) => {
      const etag = header((await s3Call(request({ method: 'PUT', query: { partNumber: String(partNumber), uploadId }, body: bytes }))).headers.etag);
      if (!etag) throw new Error(`UploadPart ${partNumber} answered no ETag`);
      return etag;
    },
    complete: (uploadId, etags) => completeUpload(request, uploadId, etags.map((etag, i) => ({ part_number: i + 1, etag }))),
    abort: (uploadId) =>
      s3Call(request({ method: 'DELETE', query: { uploadId } })).then(
        () => undefined,
        logFailure('an upload to the bucket could not be aborted', { key: objectKey }),
      ),
  });
}

export async function deleteObject(folder: Folder, objectKey: string): Promise<void> {
  await s3Call(on(folder, objectKey, { method: 'DELETE' }));
}

const missing = (error: unknown) => s3Status(error) === 404 || (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound';

export async function objectSize(folder: Folder, objectKey: string): Promise<number | undefined> {
  try {
    return Number((await s3Call(on(folder, objectKey, { method: 'HEAD' }))).headers['content-length'] ?? 0);
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
}

export interface ObjectStream {
  readonly body: Readable;
  readonly contentLength: number;
  readonly contentRange?: string;
}

/** `range` is an HTTP Range header value, passed through to storage. */
export async function readObject(folder: Folder, objectKey: string, range?: string): Promise<ObjectStream> {
  const answer = await s3Stream(on(folder, objectKey, { method: 'GET', headers: range ? { range } : {} }));
  return { body: answer, contentLength: Number(answer.headers['content-length'] ?? 0), contentRange: answer.headers['content-range'] };
}

export async function putJson(folder: Folder, objectKey: string, value: unknown): Promise<void> {
  await s3Call(on(folder, objectKey, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) }));
}

export async function getJson<T>(folder: Folder, objectKey: string): Promise<T> {
  return JSON.parse((await s3Call(on(folder, objectKey, { method: 'GET' }))).body.toString('utf8')) as T;
}

/** A GET URL whose answer carries `disposition` (a Content-Disposition value, already made safe). */
export async function presignGet(folder: Folder, objectKey: string, options: { disposition: string; expiresInSeconds: number }): Promise<string> {
  return s3Presign(on(folder, objectKey, { method: 'GET', query: { 'response-content-disposition': options.disposition } }), options.expiresInSeconds);
}

/** A PUT URL for a body of `contentType`: the type is signed, so the upload must send it. */
export async function presignPut(folder: Folder, objectKey: string, contentType: string, expiresInSeconds: number): Promise<string> {
  return s3Presign(on(folder, objectKey, { method: 'PUT', headers: { 'content-type': contentType } }), expiresInSeconds);
}

/** The UploadId in CreateMultipartUpload's answer. */
const uploadIdOf = (answer: Buffer) => {
  const id = /<UploadId>([^<]+)<\/UploadId>/.exec(answer.toString('utf8'))?.[1];
  if (!id) throw new Error('CreateMultipartUpload answered no UploadId');
  return id;
};

export async function startMultipart(folder: Folder, objectKey: string, contentType: string): Promise<string> {
  return uploadIdOf((await s3Call(on(folder, objectKey, { method: 'POST', query: { uploads: '' }, headers: { 'content-type': contentType } }))).body);
}

export async function presignPart(folder: Folder, objectKey: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
  return s3Presign(on(folder, objectKey, { method: 'PUT', query: { partNumber: String(partNumber), uploadId } }), expiresInSeconds);
}

const xmlText = (text: string) => text.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);

/** CompleteMultipartUpload; the ETags may come from a client (presigned parts), so they are escaped. */
async function completeUpload(request: (operation: Operation) => S3Request, uploadId: string, parts: readonly { part_number: number; etag: string }[]): Promise<void> {
  const xml = parts.map((p) => `<Part><PartNumber>${Number(p.part_number)}</PartNumber><ETag>${xmlText(p.etag)}</ETag></Part>`).join('');
  const body = `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${xml}</CompleteMultipartUpload>`;
  await s3Call(request({ method: 'POST', query: { uploadId }, headers: { 'content-type': 'application/xml' }, body }));
}

export async function completeMultipart(folder: Folder, objectKey: string, uploadId: string, parts: readonly { part_number: number; etag: string }[]): Promise<void> {
  await completeUpload(object(folder, objectKey), uploadId, parts);
}

/** s3://bucket/key, for a service (Transcribe) that reads the object with the caller's permissions. */
export function objectUri(folder: Folder, objectKey: string): string {
  return `s3://${bucket()}/${inFolder(folder, objectKey)}`;
}

/** Bucket and key prefix under which a service (Transcribe) writes its results with the caller's permissions. */
export function outputPrefix(folder: Folder, keyPrefix: string): { readonly bucket: string; readonly prefix: string } {
  return { bucket: bucket(), prefix: inFolder(folder, keyPrefix) };
}

/** The object unless storage still holds the version `etag` names; 'missing' when there is none. */
export async function readIfChanged(folder: Folder, objectKey: string, etag?: string | null): Promise<{ body: Buffer; etag: string | null } | 'unchanged' | 'missing'> {
  try {
    const answer = await s3Call(on(folder, objectKey, { method: 'GET', headers: etag ? { 'if-none-match': etag } : {} }));
    return { body: answer.body, etag: header(answer.headers.etag) ?? null };
  } catch (error) {
    if (s3Status(error) === 304 && etag) return 'unchanged';
    if (missing(error)) return 'missing';
    throw error;
  }
}

/**
 * Stores a small object if storage still holds the version `etag` names (null: if there is
 * none), and answers the new version's ETag; 'conflict' when another writer got in first.
 */
export async function putIfUnchanged(folder: Folder, objectKey: string, etag: string | null, content: { body: Buffer; contentType: string; contentEncoding?: string }): Promise<string | null | 'conflict'> {
  const { body, contentType, contentEncoding } = content;
  const headers: Record<string, string> = etag ? { 'if-match': etag } : { 'if-none-match': '*' };
  headers['content-type'] = contentType;
  if (contentEncoding) headers['content-encoding'] = contentEncoding;
  try {
    return header((await s3Call(on(folder, objectKey, { method: 'PUT', headers, body }))).headers.etag) ?? null;
  } catch (error) {
    if (s3Status(error) === 412 || s3Status(error) === 409 || (error as Error).name === 'PreconditionFailed') return 'conflict';
    throw error;
  }
}
