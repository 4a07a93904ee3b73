// Uploading the way a user's script does it: multipart over HTTP.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { stack } from './api.ts';
import { wavHeader } from './wav.ts';
import { findRecording, type Recording } from '#shared/store/recordings.ts';

export async function upload(token: string, file: string | { name: string; bytes: Uint8Array }, fields: Record<string, string> = {}, headers: Record<string, string> = {}, baseUrl = stack().url) {
  const form = new FormData();
  const { name, bytes } = typeof file === 'string' ? { name: basename(file), bytes: await readFile(file) } : file;
  form.append('file', new Blob([bytes]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const response = await fetch(`${baseUrl}/api/v1/recordings/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** Polls the store until the recording reaches one of `statuses`. */
export async function waitForStatus(id: number, statuses: readonly string[], timeoutMs = 60_000): Promise<Recording> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await findRecording(id);
    if (r && statuses.includes(r.status)) return r;
    if (Date.now() > deadline) throw new Error(`recording ${id} is ${r?.status}, not ${statuses.join('/')}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A second of silence as a valid 16 kHz WAV, for tests that need audio but not speech. */
export function silentWav(seconds = 1): Uint8Array {
  const samples = 16000 * seconds;
  const buffer = Buffer.alloc(44 + samples * 2);
  wavHeader(samples * 2).copy(buffer);
  return new Uint8Array(buffer);
}
