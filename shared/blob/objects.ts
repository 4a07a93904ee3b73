// Object storage for audio, transcripts and search indexes. Bodies move as streams: an upload
// or a download never holds a whole file in memory. Every function names the bucket folder it
// acts on in its first argument, a string literal at each call: that is how IAM follows the
// code (infra/aws/access-calls.ts grants each function's access on the folder it names).
import type { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { presignClient, s3Client } from '../clients/s3.ts';
import { settings } from '../config.ts';
import { bucket as topology } from '../topology.ts';
import { logFailure } from '../logger.ts';

const bucket = () => settings().bucketName;

/** The bucket's top-level folders. */
type Folder = (typeof topology.folders)[number];

/** The key, once it is known to lie in the folder named (the grant covers that folder only). */
function inFolder(folder: Folder, objectKey: string): string {
  if (!objectKey.startsWith(folder)) throw new Error(`Object key ${objectKey} is not in ${folder}`);
  return objectKey;
}

/** 8 MB parts, two in flight: an upload holds at most ~16 MB whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;

export interface StreamUpload {
  readonly done: Promise<void>;
  abort(): Promise<void>;
}

export function uploadStream(folder: Folder, objectKey: string, body: Readable, contentType: string): StreamUpload {
  const upload = new Upload({ client: s3Client(), params: { Bucket: bucket(), Key: inFolder(folder, objectKey), Body: body, ContentType: contentType }, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false });
  const done = upload.done().then(() => undefined);
  // The caller decides when an error matters; an unobserved rejection must not crash the process.
  done.catch(() => undefined);
  return { done, abort: () => upload.abort().catch(logFailure('an upload to the bucket could not be aborted', { key: objectKey })) };
}

export async function deleteObject(folder: Folder, objectKey: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey) }));
}

export async function objectSize(folder: Folder, objectKey: string): Promise<number | undefined> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey) }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if ((error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return undefined;
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
  const result = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), Range: range }));
  return { body: result.Body as Readable, contentLength: result.ContentLength ?? 0, contentRange: result.ContentRange };
}

export async function putJson(folder: Folder, objectKey: string, value: unknown): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), Body: JSON.stringify(value), ContentType: 'application/json' }));
}

export async function getJson<T>(folder: Folder, objectKey: string): Promise<T> {
  const result = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey) }));
  return JSON.parse(await result.Body!.transformToString('utf8')) as T;
}

/** A GET URL whose answer carries `disposition` (a Content-Disposition value, already made safe). */
export async function presignGet(folder: Folder, objectKey: string, options: { disposition: string; expiresInSeconds: number }): Promise<string> {
  return getSignedUrl(presignClient(), new GetObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), ResponseContentDisposition: options.disposition }), { expiresIn: options.expiresInSeconds });
}

export async function presignPut(folder: Folder, objectKey: string, contentType: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(presignClient(), new PutObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), ContentType: contentType }), {
    expiresIn: expiresInSeconds,
    signableHeaders: new Set(['content-type']),
  });
}

export async function startMultipart(folder: Folder, objectKey: string, contentType: string): Promise<string> {
  const { UploadId } = await s3Client().send(new CreateMultipartUploadCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), ContentType: contentType }));
  return UploadId!;
}

export async function presignPart(folder: Folder, objectKey: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(presignClient(), new UploadPartCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), UploadId: uploadId, PartNumber: partNumber }), { expiresIn: expiresInSeconds });
}

export async function completeMultipart(folder: Folder, objectKey: string, uploadId: string, parts: readonly { part_number: number; etag: string }[]): Promise<void> {
  await s3Client().send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket(),
      Key: inFolder(folder, objectKey),
      UploadId: uploadId,
      MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.part_number, ETag: p.etag })) },
    }),
  );
}

/** s3://bucket/key, for a service (Transcribe) that reads the object with the caller's permissions. */
export function objectUri(folder: Folder, objectKey: string): string {
  return `s3://${bucket()}/${inFolder(folder, objectKey)}`;
}

/** Bucket and key prefix under which a service (Transcribe) writes its results with the caller's permissions. */
export function outputPrefix(folder: Folder, keyPrefix: string): { readonly bucket: string; readonly prefix: string } {
  return { bucket: bucket(), prefix: inFolder(folder, keyPrefix) };
}

const status = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The object unless storage still holds the version `etag` names; 'missing' when there is none. */
export async function readIfChanged(folder: Folder, objectKey: string, etag?: string | null): Promise<{ body: Buffer; etag: string | null } | 'unchanged' | 'missing'> {
  try {
    const result = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), ...(etag ? { IfNoneMatch: etag } : {}) }));
    return { body: Buffer.from(await result.Body!.transformToByteArray()), etag: result.ETag ?? null };
  } catch (error) {
    if (status(error) === 304 && etag) return 'unchanged';
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || status(error) === 404) return 'missing';
    throw error;
  }
}

/**
 * Stores a small object if storage still holds the version `etag` names (null: if there is
 * none), and answers the new version's ETag; 'conflict' when another writer got in first.
 */
export async function putIfUnchanged(folder: Folder, objectKey: string, etag: string | null, object: { body: Buffer; contentType: string; contentEncoding?: string }): Promise<string | null | 'conflict'> {
  const condition = etag ? { IfMatch: etag } : { IfNoneMatch: '*' };
  const { body, contentType, contentEncoding } = object;
  try {
    const result = await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: inFolder(folder, objectKey), Body: body, ContentType: contentType, ContentEncoding: contentEncoding, ...condition }));
    return result.ETag ?? null;
  } catch (error) {
    if (status(error) === 412 || status(error) === 409 || (error as Error).name === 'PreconditionFailed') return 'conflict';
    throw error;
  }
}
