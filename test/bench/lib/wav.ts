// Audio files for upload benchmarks: a 16 kHz mono 16-bit WAV header and silence. It sniffs
// as audio; big ones are written to disk in chunks, never held in memory.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { wavHeader } from '../../support/wav.ts';



/**
 * A WAV of `totalBytes` (header included): silence, but for a little noise at the start so
 * each file has bytes (and a SHA-256) of its own.
 */
export function wavBytes(totalBytes: number): Buffer {
  const bytes = Buffer.alloc(totalBytes);
  wavHeader(totalBytes - 44).copy(bytes);
  randomBytes(Math.min(64, totalBytes - 44)).copy(bytes, 44);
  return bytes;
}

/** Writes a WAV of `totalBytes` to `path` in 1 MB chunks. */
export async function writeWavFile(path: string, totalBytes: number): Promise<void> {
  const out = createWriteStream(path);
  const chunk = Buffer.alloc(1024 * 1024);
  let left = totalBytes - 44;
  out.write(wavHeader(left));
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    if (!out.write(n === chunk.length ? chunk : chunk.subarray(0, n))) await once(out, 'drain');
    left -= n;
  }
  out.end();
  await once(out, 'finish');
}
