// The presigned flow (decisions §5): the client declares the upload, PUTs the bytes straight
// to object storage (one URL, or one per part for big files), then asks to complete it. The
// complete step reads the object back as a stream to hash and sniff it, exactly as the
// multipart route does while receiving.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { completeMultipart, deleteObject, objectSize, presignPart, presignPut, readObject, startMultipart } from '../blob/objects.ts';
import { settings } from '../config.ts';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../domain/errors.ts';
import { deleteUploadSession, getOwnedUploadSession, releaseUploadSession, saveUploadSession, startCompleting } from '../store/upload-sessions.ts';
import { acceptUpload, checkTags } from './accept.ts';
import { isAudioOrVideo, UploadInspector } from './inspect.ts';
import type { UploadResult } from './present.ts';
import { parseUploadFields } from './upload-fields.ts';
import { logFailure } from '../logger.ts';

const MB = 1024 * 1024;
/** S3 parts are at least 5 MB (but the last) and at most 10,000 per upload. */
const partSizeFor = (size: number, thresholdMb: number) => Math.max(5 * MB, Math.min(64 * MB, thresholdMb * MB), Math.ceil(size / 10_000));
const URL_LIFETIME_SECONDS = 3600;

export interface UploadDeclaration {
  readonly filename: string;
  readonly size: number;
  readonly content_type: string;
  readonly fields: Record<string, string | number | number[]>;
}

export async function declareUpload(userId: number, declared: UploadDeclaration, now = new Date()) {
  const maxMb = settings().uploadMaxMb;
  if (declared.size > maxMb * 1024 * 1024) throw new PayloadTooLargeError(`The file is larger than ${maxMb} MB`, { max_size_mb: maxMb });
  // The bytes are judged at completion; a client that cannot tell the type may say so.
  const type = declared.content_type.toLowerCase();
  if (!isAudioOrVideo(type) && type !== 'application/octet-stream') throw new UnsupportedMediaTypeError('content_type must be an audio or video type');
  await checkTags(userId, (await parseUploadFields(declared.fields)).tag_ids);
  const id = randomUUID();
  const objectKey = `audio/${userId}/${id}`;
  const expiresAt = new Date(now.getTime() + URL_LIFETIME_SECONDS * 1000).toISOString();
  const { multipartThresholdMb } = settings();
  const multipart = declared.size > multipartThresholdMb * MB;
  const multipartId = multipart ? await startMultipart('audio/', objectKey, declared.content_type) : null;
  await saveUploadSession({ id, user_id: userId, object_key: objectKey, filename: declared.filename, size: declared.size, content_type: declared.content_type, fields: declared.fields, multipart_upload_id: multipartId, expires_at: expiresAt });
  if (!multipartId) {
    return { upload_id: id, method: 'PUT', url: await presignPut('audio/', objectKey, declared.content_type, URL_LIFETIME_SECONDS), headers: { 'Content-Type': declared.content_type }, expires_at: expiresAt };
  }
  const partSize = partSizeFor(declared.size, multipartThresholdMb);
  const count = Math.ceil(declared.size / partSize);
  const parts = await Promise.all(Array.from({ length: count }, async (_, i) => ({ part_number: i + 1, url: await presignPart('audio/', objectKey, multipartId, i + 1, URL_LIFETIME_SECONDS) })));
  return { upload_id: id, method: 'MULTIPART', part_size: partSize, parts, expires_at: expiresAt };
}

export async function completeUpload(userId: number, uploadId: string, parts: readonly { part_number: number; etag: string }[] | undefined): Promise<UploadResult> {
  const session = await getOwnedUploadSession(uploadId, userId);
  await startCompleting(uploadId);
  try {
    if (session.multipart_upload_id) {
      if (!parts?.length) throw new BadRequestError('parts (part_number and etag of every uploaded part) are required to complete a multipart upload');
      await completeMultipart('audio/', session.object_key, session.multipart_upload_id, parts).catch(() => {
        throw new BadRequestError('The parts could not be assembled: check every part_number and etag');
      });
    }
    const result = await checkAndAccept(userId, session.object_key, session.filename, session.fields);
    await deleteUploadSession(uploadId);
    return result;
  } catch (error) {
    await releaseUploadSession(uploadId);
    throw error;
  }
}

async function checkAndAccept(userId: number, objectKey: string, filename: string, rawFields: UploadDeclaration['fields']): Promise<UploadResult> {
  const size = await objectSize('audio/', objectKey);
  if (size === undefined) throw new BadRequestError('Nothing was uploaded to this upload yet');
  const maxMb = settings().uploadMaxMb;
  const inspector = new UploadInspector(maxMb * 1024 * 1024, maxMb);
  try {
    const { body } = await readObject('audio/', objectKey);
    await pipeline(body, inspector, new Writable({ write: (_chunk, _encoding, done) => done() }));
    const fields = await parseUploadFields(rawFields);
    return await acceptUpload({ userId, fields, filename, objectKey, inspection: inspector.result() });
  } catch (error) {
    await deleteObject('audio/', objectKey).catch(logFailure('a refused upload\'s object could not be deleted', { key: objectKey }));
    throw error;
  }
}

