// `upload`'s transfer: declares the file to the API, streams it to the presigned URL(s) it
// answers (one PUT, or one part at a time), and completes the upload.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { paths } from '#shared/http/api-schema.d.ts';
import { answer, reach, type Api } from './api-client.ts';

type Declaration = paths['/recordings/uploads']['post']['requestBody']['content']['application/json'];
export type UploadFields = Pick<Declaration, 'title' | 'notes' | 'language' | 'meeting_date' | 'time_zone' | 'min_speakers' | 'max_speakers' | 'tag_ids'>;
type Plan = paths['/recordings/uploads']['post']['responses'][201]['content']['application/json'];
export type UploadResult = paths['/recordings/uploads/{id}/complete']['post']['responses'][202]['content']['application/json'];

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  mp4: 'video/mp4',
  aac: 'audio/aac',
};

/** By extension only; anything else is declared as bytes and the server decides. */
const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** What an upload reports as it goes: the total once known, then every chunk read from disk. */
export interface UploadProgress {
  start(totalBytes: number): void;
  advance(bytes: number): void;
}

/** Declares, sends and completes an upload through the presigned flow. */
export async function uploadFile(api: Api, path: string, fields: UploadFields, progress: UploadProgress): Promise<UploadResult> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`${path} is not a readable file`);
  const { size } = info;
  if (size === 0) throw new Error(`${path} is empty (0 bytes): there is nothing to transcribe`);
  const declaration = { filename: basename(path), size, content_type: contentTypeOf(path), file_last_modified: Math.floor(info.mtimeMs), ...fields };
  const plan = await answer(api.POST('/recordings/uploads', { body: declaration }));
  progress.start(size);
  const parts = await send(plan, path, size, (bytes) => progress.advance(bytes));
  return answer(api.POST('/recordings/uploads/{id}/complete', { params: { path: { id: plan.upload_id } }, body: parts ? { parts } : {} }));
}

/** Sends the file as the plan says; for a multipart upload, returns each part's ETag. */
async function send(plan: Plan, path: string, size: number, onBytes: (bytes: number) => void): Promise<{ part_number: number; etag: string }[] | undefined> {
  if (plan.method === 'PUT') {
    if (!plan.url) throw new Error('the service answered a PUT upload without its URL');
    await putRange(plan.url, plan.headers ?? {}, path, 0, size, onBytes);
    return undefined;
  }
  if (!plan.parts || !plan.part_size) throw new Error('the service answered a multipart upload without its parts');
  const parts = [];
  // One part at a time: memory stays at one stream buffer and the bar moves steadily.
  for (const part of plan.parts) {
    const start = (part.part_number - 1) * plan.part_size;
    const etag = await putRange(part.url, {}, path, start, Math.min(start + plan.part_size, size), onBytes);
    if (!etag) throw new Error(`storage answered part ${part.part_number} without an ETag`);
    parts.push({ part_number: part.part_number, etag });
  }
  return parts;
}

/** PUTs bytes [start, end) of the file, streamed from disk; returns the answer's ETag. */
async function putRange(url: string, headers: Record<string, string>, path: string, start: number, end: number, onBytes: (bytes: number) => void): Promise<string | null> {
  // Storage refuses chunked uploads to presigned URLs, hence the explicit length.
  const init = { method: 'PUT', headers: { ...headers, 'content-length': String(end - start) }, body: counted(path, start, end, onBytes), duplex: 'half' };
  const response = await reach(url, () => fetch(url, init as RequestInit));
  if (!response.ok) throw new Error(`storage refused the upload (HTTP ${response.status}): ${storageError(await response.text())}`);
  await response.body?.cancel();
  return response.headers.get('etag');
}

async function* counted(path: string, start: number, end: number, onBytes: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  // end is exclusive here, inclusive for createReadStream.
  for await (const chunk of createReadStream(path, { start, end: end - 1 })) {
    onBytes((chunk as Buffer).length);
    yield chunk as Buffer;
  }
}

/** S3 explains itself in XML: its <Message>, else the start of whatever it sent. */
const storageError = (body: string) => /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? (body.slice(0, 200) || 'no details');
