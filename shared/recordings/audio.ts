// GET /recordings/{id}/audio: small answers come straight from the function (with Range
// support), larger ones as a redirect to a short-lived presigned URL, which supports Range
// itself. Lambda caps a response at 6 MB and a binary body grows by a third in base64, so at
// most 4 MB of audio ever goes through the function.
import type { Readable } from 'node:stream';
import { objectSize, presignGet, readObject } from '../blob/objects.ts';
import { NotFoundError, RangeNotSatisfiableError } from '../domain/errors.ts';
import { getOwnedRecording } from '../store/recordings.ts';
import { attachment, contentDisposition } from './present.ts';

const INLINE_AUDIO_BYTES = 4 * 1024 * 1024;
const PRESIGNED_SECONDS = 300;

export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`, clamped to the object. A range that
 * starts past the end (or asks for the last 0 bytes) is 'unsatisfiable' (416, RFC 9110
 * §14.1.2). Anything else (several ranges, nonsense) gives undefined: the whole object is
 * sent, which RFC 9110 allows for a Range a server does not take.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/i.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}

export type AudioAnswer =
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'bytes'; readonly status: 200 | 206; readonly body: Buffer; readonly contentType: string; readonly headers: Record<string, string> };

export async function getAudio(userId: number, id: number, options: { download: boolean; range?: string }): Promise<AudioAnswer> {
  const recording = await getOwnedRecording(id, userId);
  const size = recording.audio_key ? await objectSize('audio/', recording.audio_key) : undefined;
  if (!recording.audio_key || size === undefined) throw new NotFoundError('Audio not available: it has been deleted');
  const asked = parseRange(options.range, size);
  if (asked === 'unsatisfiable') throw new RangeNotSatisfiableError(size);
  const range = asked;
  const length = range ? range.end - range.start + 1 : size;
  if (length > INLINE_AUDIO_BYTES) {
    const disposition = contentDisposition(options.download ? 'attachment' : 'inline', recording.original_filename);
    const url = await presignGet('audio/', recording.audio_key, { disposition, expiresInSeconds: PRESIGNED_SECONDS });
    return { kind: 'redirect', url };
  }
  const object = await readObject('audio/', recording.audio_key, range ? `bytes=${range.start}-${range.end}` : undefined);
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Length': String(length),
    ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    ...(options.download ? { 'Content-Disposition': attachment(recording.original_filename) } : {}),
  };
  return { kind: 'bytes', status: range ? 206 : 200, body: await readAll(object.body), contentType: recording.mime_type, headers };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
