// Object storage for audio and transcripts. Bodies move as streams: an upload or a download
// never holds a whole file in memory.
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
import { logFailure } from '../logger.ts';

const bucket = () => settings().bucketName;

/** 8 MB parts, two in flight: an upload holds at most ~16 MB whatever the file size. */
const PART_SIZE = 8 * 1024 * 1024;

export interface StreamUpload {
  readonly done: Promise<void>;
  abort(): Promise<void>;
}

export function uploadStream(objectKey: string, body: Readable, contentType: string): StreamUpload {
  const upload = new Upload({ client: s3Client(), params: { Bucket: bucket(), Key: objectKey, Body: body, ContentType: contentType }, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false });
  const done = upload.done().then(() => undefined);
  // The caller decides when an error matters; an unobserved rejection must not crash the process.
  done.catch(() => undefined);
  return { done, abort: () => upload.abort().catch(logFailure('an upload to the bucket could not be aborted', { key: objectKey })) };
}

export async function deleteObject(objectKey: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: objectKey }));
}

export async function objectSize(objectKey: string): Promise<number | undefined> {
  try {
    const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: objectKey }));
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
export async function readObject(objectKey: string, range?: string): Promise<ObjectStream> {
  const result = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: objectKey, Range: range }));
  return { body: result.Body as Readable, contentLength: result.ContentLength ?? 0, contentRange: result.ContentRange };
}

export async function putJson(objectKey: string, value: unknown): Promise<void> {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket(), Key: objectKey, Body: JSON.stringify(value), ContentType: 'application/json' }));
}

export async function getJson<T>(objectKey: string): Promise<T> {
  const result = await s3Client().send(new GetObjectCommand({ Bucket: bucket(), Key: objectKey }));
  return JSON.parse(await result.Body!.transformToString('utf8')) as T;
}

/** A GET URL whose answer carries `disposition` (a Content-Disposition value, already made safe). */
export async function presignGet(objectKey: string, options: { disposition: string; expiresInSeconds: number }): Promise<string> {
  return getSignedUrl(presignClient(), new GetObjectCommand({ Bucket: bucket(), Key: objectKey, ResponseContentDisposition: options.disposition }), { expiresIn: options.expiresInSeconds });
}

export async function presignPut(objectKey: string, contentType: string, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(presignClient(), new PutObjectCommand({ Bucket: bucket(), Key: objectKey, ContentType: contentType }), {
    expiresIn: expiresInSeconds,
    signableHeaders: new Set(['content-type']),
  });
}

export async function startMultipart(objectKey: string, contentType: string): Promise<string> {
  const { UploadId } = await s3Client().send(new CreateMultipartUploadCommand({ Bucket: bucket(), Key: objectKey, ContentType: contentType }));
  return UploadId!;
}

export async function presignPart(objectKey: string, uploadId: string, partNumber: number, expiresInSeconds: number): Promise<string> {
  return getSignedUrl(presignClient(), new UploadPartCommand({ Bucket: bucket(), Key: objectKey, UploadId: uploadId, PartNumber: partNumber }), { expiresIn: expiresInSeconds });
}

export async function completeMultipart(objectKey: string, uploadId: string, parts: readonly { part_number: number; etag: string }[]): Promise<void> {
  await s3Client().send(
    new CompleteMultipartUploadCommand({
      Bucket: bucket(),
      Key: objectKey,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.part_number, ETag: p.etag })) },
    }),
  );
}
