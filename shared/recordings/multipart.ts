// multipart/form-data upload, parsed with busboy from the request body stream. The file goes
// to object storage as it arrives; the form fields are collected on the way.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../domain/errors.ts';
import { deleteObject, uploadStream } from '../blob/objects.ts';
import { UploadInspector, type Inspection } from './inspect.ts';
import { logFailure } from '../logger.ts';

export interface ReceivedUpload {
  readonly fields: Record<string, string>;
  readonly filename: string;
  readonly objectKey: string;
  readonly inspection: Inspection;
}

export interface UploadLimits {
  readonly maxBytes: number;
  readonly maxMb: number;
}

/** The form's own fields: a handful, plus up to 100 tag ids. */
const MAX_FIELDS = 120;

/**
 * The part's file name. HTML's form encoding (what browsers, curl and fetch's FormData send)
 * writes a double quote in it as %22; a name with a line break stays as sent and is refused later.
 */
const fileName = (sent: string | undefined): string => (sent ? sent.replace(/%22/g, '"') : 'recording');

/** Streams the `file` part to `objectKey`; on any error nothing is left in storage. */
export async function receiveMultipart(body: Readable, headers: Record<string, string | undefined>, objectKey: string, limits: UploadLimits): Promise<ReceivedUpload> {
  const contentType = headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) throw new UnsupportedMediaTypeError('Send the recording as multipart/form-data with a "file" part');
  let parser: busboy.Busboy;
  try {
    // File names are UTF-8 (what browsers and curl send), not busboy's default Latin-1.
    parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { files: 1, fields: MAX_FIELDS, fieldSize: 200 * 1024, parts: MAX_FIELDS + 1 } });
  } catch {
    throw new BadRequestError('Malformed multipart body');
  }
  const fields: Record<string, string> = {};
  let stored: Promise<{ filename: string; inspection: Inspection }> | undefined;
  let uploadStarted = false;
  let failFast: (error: unknown) => void = () => undefined;
  // A refused file (not audio, too large) or form answers at once instead of reading the rest.
  const fileFailed = new Promise<never>((_, reject) => (failFast = reject));
  // Observed by the race below; this only keeps an unraced rejection from crashing the process.
  fileFailed.catch(() => undefined);
  const refuse = (message: string) => failFast(new BadRequestError(message));
  parser.on('field', (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) refuse(`The form field "${name}" is too large`);
    else if (Object.hasOwn(fields, name)) refuse(`The form field "${name}" is given twice`);
    else fields[name] = value;
  });
  parser.on('filesLimit', () => refuse('Send exactly one "file" part'));
  parser.on('fieldsLimit', () => refuse(`The form has more than ${MAX_FIELDS} fields`));
  parser.on('partsLimit', () => refuse(`The form has more than ${MAX_FIELDS + 1} parts`));
  parser.on('file', (name, file, info) => {
    if (name !== 'file' || stored) {
      file.resume();
      refuse(name === 'file' ? 'Send exactly one "file" part' : `Unexpected file part "${name}": the recording goes in "file"`);
      return;
    }
    uploadStarted = true;
    const inspector = new UploadInspector(limits.maxBytes, limits.maxMb);
    const upload = uploadStream('audio/', objectKey, inspector, 'application/octet-stream');
    stored = pipeline(file, inspector)
      .then(() => upload.done)
      .then(() => ({ filename: fileName(info.filename), inspection: inspector.result() }))
      .catch(async (error: unknown) => {
        await upload.abort();
        throw error;
      });
    stored.catch(failFast);
  });
  try {
    await Promise.race([pipeline(body, parser), fileFailed]);
    if (!stored) throw new BadRequestError('The "file" part is missing');
    const { filename, inspection } = await stored;
    return { fields, filename, objectKey, inspection };
  } catch (error) {
    // A form refused after its file was stored: the upload settles first, so nothing lands after the delete.
    await stored?.catch(() => undefined);
    if (uploadStarted) await deleteObject('audio/', objectKey).catch(logFailure('a refused upload\'s object could not be deleted', { key: objectKey }));
    throw normalise(error);
  }
}

function normalise(error: unknown): unknown {
  if (error instanceof PayloadTooLargeError || error instanceof UnsupportedMediaTypeError || error instanceof BadRequestError) return error;
  const message = (error as Error)?.message ?? '';
  if (/Unexpected end of form|Malformed|boundary/i.test(message)) return new BadRequestError('Malformed multipart body');
  return error;
}
