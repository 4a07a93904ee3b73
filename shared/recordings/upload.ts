// POST /recordings/upload: multipart, streamed straight to object storage.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { deleteObject } from '../blob/objects.ts';
import { settings } from '../config.ts';
import { PayloadTooLargeError } from '../domain/errors.ts';
import { bodyStream } from '../http/body-stream.ts';
import { acceptUpload } from './accept.ts';
import { receiveMultipart } from './multipart.ts';
import type { UploadResult } from './present.ts';
import { parseUploadFields } from './upload-fields.ts';
import { logFailure } from '../logger.ts';

/** Room for the form's other parts and boundaries around the file itself. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

export async function uploadRecording(userId: number, event: APIGatewayProxyEventV2): Promise<UploadResult> {
  const maxMb = settings().uploadMaxMb;
  const maxBytes = maxMb * 1024 * 1024;
  const declared = Number(event.headers?.['content-length'] ?? 0);
  if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw new PayloadTooLargeError(`The file is larger than ${maxMb} MB`, { max_size_mb: maxMb });
  const objectKey = `audio/${userId}/${randomUUID()}`;
  const received = await receiveMultipart(bodyStream(event), event.headers ?? {}, objectKey, { maxBytes, maxMb });
  let fields;
  try {
    fields = await parseUploadFields(received.fields, received.filename);
  } catch (error) {
    await deleteObject('audio/', objectKey).catch(logFailure('a refused upload\'s object could not be deleted', { key: objectKey }));
    throw error;
  }
  return acceptUpload({ userId, fields, filename: received.filename, objectKey, inspection: received.inspection, requestKey: event.headers?.['idempotency-key'] });
}
