// Sends one file through the presigned flow: the API plans it (one PUT, or parts for a file over
// the multipart threshold), the browser sends the bytes straight to storage with progress,
// retries a failed part, and the API is told when all is there. A multipart plan and the parts
// already sent are kept in localStorage, so choosing the same file after a reload resumes it.
import { api, ApiFailure, call } from '../api/client.ts';
import type { paths } from '../api/schema';

export type UploadFields = Omit<paths['/recordings/uploads']['post']['requestBody']['content']['application/json'], 'filename' | 'size' | 'content_type'>;
type Plan = paths['/recordings/uploads']['post']['responses'][201]['content']['application/json'];
export type Created = paths['/recordings/uploads/{id}/complete']['post']['responses'][202]['content']['application/json'];

interface Saved {
  readonly plan: Plan;
  readonly etags: Record<number, string>;
}

const PREFIX = 'verbatim.upload:';
const ATTEMPTS = 4;
const fileKey = (file: File) => `${PREFIX}${file.name}:${file.size}:${file.lastModified}`;

/** Unfinished multipart uploads of earlier visits: file name and how far they got. */
export function unfinished(): { name: string; done: number; parts: number }[] {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const saved = key?.startsWith(PREFIX) ? read(key) : undefined;
    if (key && saved) found.push({ name: key.slice(PREFIX.length).split(':').slice(0, -2).join(':'), done: Object.keys(saved.etags).length, parts: saved.plan.parts?.length ?? 0 });
  }
  return found;
}

function read(key: string): Saved | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Saved | null;
    if (saved && Date.parse(saved.plan.expires_at) > Date.now() + 60_000) return saved;
  } catch {
    // unreadable: start again
  }
  localStorage.removeItem(key);
  return undefined;
}

/** A file refused before anything is sent. */
class EmptyFile extends Error {
  constructor() {
    super('The file is empty (0 bytes): there is nothing to transcribe.');
  }
}

/**
 * Whether the failure is the file's own (empty, too large, not audio or video): sending it again
 * cannot help, unlike a lost connection, a busy service or a field to correct.
 */
export const refusesTheFile = (failure: unknown): boolean =>
  failure instanceof EmptyFile || (failure instanceof ApiFailure && (failure.status === 413 || failure.status === 415));

/** `note`: a line for the file's card; '' clears the one shown. */
export interface Progress {
  (sent: number, total: number, note?: string): void;
}

export async function send(file: File, fields: UploadFields, progress: Progress): Promise<Created> {
  if (file.size === 0) throw new EmptyFile();
  const key = fileKey(file);
  const resumed = read(key);
  const content_type = file.type || 'application/octet-stream';
  const waiting = (seconds: number | null) => progress(0, file.size, seconds === null ? '' : `The rate limit for uploads was reached; sending in ${seconds} s.`);
  const plan = resumed?.plan ?? (await patiently(() => call(api.POST('/recordings/uploads', { body: { ...fields, filename: file.name, size: file.size, content_type } })), waiting));
  if (plan.method === 'PUT') {
    await withRetries(() => put(plan.url!, file, plan.headers as Record<string, string> | undefined, (n) => progress(n, file.size)));
    progress(file.size, file.size);
    return complete(plan.upload_id, undefined, (seconds) => progress(file.size, file.size, seconds === null ? '' : `All sent; the rate limit was reached, finishing in ${seconds} s.`));
  }
  const etags: Record<number, string> = { ...resumed?.etags };
  const save = () => localStorage.setItem(key, JSON.stringify({ plan, etags } satisfies Saved));
  save();
  const size = plan.part_size!;
  const sentBefore = (n: number) => Object.keys(etags).map(Number).filter((p) => p !== n).reduce((sum, p) => sum + Math.min(size, file.size - (p - 1) * size), 0);
  if (resumed) progress(sentBefore(0), file.size, `Resuming: ${Object.keys(etags).length} of ${plan.parts!.length} parts were already sent`);
  for (const part of plan.parts!) {
    if (etags[part.part_number]) continue;
    const slice = file.slice((part.part_number - 1) * size, part.part_number * size);
    etags[part.part_number] = await withRetries(() => put(part.url, slice, undefined, (n) => progress(sentBefore(part.part_number) + n, file.size)));
    save();
    progress(sentBefore(0), file.size, `${Object.keys(etags).length} of ${plan.parts!.length} parts sent`);
  }
  const parts = plan.parts!.map((p) => ({ part_number: p.part_number, etag: etags[p.part_number]! }));
  const created = await complete(plan.upload_id, parts, (seconds) => progress(file.size, file.size, seconds === null ? '' : `All parts sent; the rate limit was reached, finishing in ${seconds} s.`));
  localStorage.removeItem(key);
  return created;
}

const complete = (id: string, parts: { part_number: number; etag: string }[] | undefined, waiting: (seconds: number | null) => void) =>
  patiently(() => call(api.POST('/recordings/uploads/{id}/complete', { params: { path: { id } }, body: parts ? { parts } : {} })), waiting);

/** The longest Retry-After sat out (a rate window is a minute; a used-up budget asks for days). */
const MAX_WAIT_SECONDS = 65;

/**
 * An API call refused by the rate limit (nothing was done) is sent again when Retry-After says,
 * up to three times; `waiting` hears the seconds, then null when the wait is over.
 */
async function patiently<T>(attempt: () => Promise<T>, waiting: (seconds: number | null) => void): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await attempt();
    } catch (failure) {
      const seconds = failure instanceof ApiFailure && failure.status === 429 ? (failure.body.retry_after ?? 0) : 0;
      if (seconds <= 0 || seconds > MAX_WAIT_SECONDS || retries === 3) throw failure;
      waiting(seconds);
      await new Promise((r) => setTimeout(r, seconds * 1000));
      waiting(null);
    }
  }
}

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (failure) {
      if (i >= ATTEMPTS) throw failure;
      await new Promise((r) => setTimeout(r, 500 * 2 ** i));
    }
  }
}

/** One PUT with upload progress (fetch has none); resolves with the ETag storage answered. */
function put(url: string, body: Blob, headers: Record<string, string> | undefined, onProgress: (sent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr.getResponseHeader('ETag') ?? '') : reject(new Error(`Storage answered ${xhr.status} for a part`)));
    xhr.onerror = () => reject(new Error('The connection to storage failed'));
    xhr.send(body);
  });
}
