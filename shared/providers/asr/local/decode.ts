// Any audio or video input → 16 kHz mono s16 WAV on disk, with ffmpeg (the file is streamed by
// ffmpeg; Node only ever reads the WAV header here).
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { runProcess } from './process.ts';

export const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** Where the PCM lives inside a decoded WAV file. */
export interface WavLayout {
  readonly dataOffset: number;
  readonly dataBytes: number;
  readonly durationSeconds: number;
}

export class UndecodableAudioError extends Error {
  override name = 'UndecodableAudioError';
  constructor(readonly detail: string) {
    super('The audio could not be decoded');
  }
}

function ffmpegArgs(input: string, output: string): string[] {
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    // Only local files: a crafted playlist must not make ffmpeg open URLs or other protocols.
    '-protocol_whitelist', 'file', '-i', `file:${resolve(input)}`,
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-bitexact',
    '-ac', '1', '-ar', String(SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav',
    output,
  ];
}

/** Decodes `input` to `output` (16 kHz mono s16 WAV) and returns where its samples are. */
export async function decodeToWav(ffmpeg: string, input: string, output: string, signal?: AbortSignal): Promise<WavLayout> {
  const result = await runProcess(ffmpeg, ffmpegArgs(input, output), { signal });
  if (result.code !== 0) throw new UndecodableAudioError(result.stderrTail.trim() || `ffmpeg exited with ${result.code ?? result.signal}`);
  try {
    return await readWavLayout(output);
  } catch (e) {
    throw new UndecodableAudioError(e instanceof Error ? e.message : String(e));
  }
}

/** Parses a RIFF/WAVE header (reading at most the first 64 KB) for a 16 kHz mono s16 PCM layout. */
export async function readWavLayout(path: string): Promise<WavLayout> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 65_536));
    await file.read(head, 0, head.length, 0);
    return parseWavHeader(head, size);
  } finally {
    await file.close();
  }
}

/** Pure: finds the fmt and data chunks in a WAV header. `fileSize` bounds the data size. */
export function parseWavHeader(head: Buffer, fileSize: number): WavLayout {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let pos = 12;
  let format: { channels: number; rate: number; bits: number } | undefined;
  while (pos + 8 <= head.length) {
    const id = head.toString('ascii', pos, pos + 4);
    const size = head.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ' && body + 16 <= head.length) {
      format = { channels: head.readUInt16LE(body + 2), rate: head.readUInt32LE(body + 4), bits: head.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format || format.channels !== 1 || format.rate !== SAMPLE_RATE || format.bits !== 16) throw new Error('unexpected WAV format');
      // ffmpeg leaves 0 or 0xFFFFFFFF when it could not seek back; the file size is the truth.
      const available = Math.max(0, fileSize - body);
      const dataBytes = (size === 0 || size === 0xffffffff ? available : Math.min(size, available)) & ~1;
      return { dataOffset: body, dataBytes, durationSeconds: dataBytes / BYTES_PER_SECOND };
    }
    pos = body + size + (size & 1);
  }
  throw new Error('no data chunk in WAV header');
}

/** A canonical 44-byte header for `dataBytes` of 16 kHz mono s16 PCM. */
export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(BYTES_PER_SECOND, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}
