// ffprobe/ffmpeg helpers for the remote speech providers: how long a recording is, and cutting
// one stretch of it into a compact 16 kHz mono MP3 that any transcription API accepts.
import { extname, resolve } from 'node:path';
import { ProviderError } from '../types.ts';
import { MissingBinaryError, runProcess } from './local/process.ts';

/** The bit rate chunks are encoded at: speech stays intelligible and 10 min is ≈ 3.6 MB. */
const CHUNK_BITRATE_KBPS = 48;
/** Bytes one second of chunk audio takes (MP3 at CHUNK_BITRATE_KBPS, framing included). */
export const CHUNK_BYTES_PER_SECOND = (CHUNK_BITRATE_KBPS * 1000) / 8;

export interface MediaTools {
  readonly ffmpeg?: string;
  readonly ffprobe?: string;
}

const LOCAL_ONLY = ['-protocol_whitelist', 'file'];

/** The length of the first audio stream in seconds; ProviderError when it cannot be read. */
export async function probeDuration(path: string, tools: MediaTools = {}, signal?: AbortSignal): Promise<number> {
  const ffprobe = tools.ffprobe ?? 'ffprobe';
  const input = `file:${resolve(path)}`;
  const probe = await guard(ffprobe, () =>
    runProcess(ffprobe, ['-v', 'error', ...LOCAL_ONLY, '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', input], { signal, captureStdout: true }),
  );
  const seconds = Number(probe.stdout.trim().split('\n')[0]);
  if (probe.code === 0 && Number.isFinite(seconds) && seconds > 0) return seconds;
  // Some containers (browser WebM recordings) carry no duration: decode to nowhere and read the clock.
  const ffmpeg = tools.ffmpeg ?? 'ffmpeg';
  const decoded = await guard(ffmpeg, () =>
    runProcess(ffmpeg, ['-nostdin', '-hide_banner', '-nostats', '-loglevel', 'error', ...LOCAL_ONLY, '-i', input, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-'], { signal, captureStdout: true }),
  );
  const times = [...decoded.stdout.matchAll(/out_time_us=(\d+)/g)].map((m) => Number(m[1]) / 1e6);
  const last = times.at(-1);
  if (decoded.code === 0 && last !== undefined && last > 0) return last;
  throw new ProviderError('The audio could not be decoded', false);
}

/** Writes `seconds` of `input` from `start` to `output` as 16 kHz mono MP3. */
export async function encodeChunk(input: string, output: string, start: number, seconds: number, tools: MediaTools = {}, signal?: AbortSignal): Promise<void> {
  const ffmpeg = tools.ffmpeg ?? 'ffmpeg';
  const result = await guard(ffmpeg, () =>
    runProcess(
      ffmpeg,
      [
        '-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...LOCAL_ONLY,
        '-ss', start.toFixed(3), '-t', seconds.toFixed(3), '-i', `file:${resolve(input)}`,
        '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1',
        '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', `${CHUNK_BITRATE_KBPS}k`, '-f', 'mp3', output,
      ],
      { signal },
    ),
  );
  if (result.code !== 0) throw new ProviderError('The audio could not be decoded', false);
}

async function guard<T>(binary: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof MissingBinaryError) {
      throw new ProviderError(`Cutting long audio for the transcription service needs ${binary}, which is not installed (install the Debian package "ffmpeg")`, false);
    }
    throw e;
  }
}

const EXTENSION_OF: Record<string, string> = {
  'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/mpeg3': 'mp3', 'audio/x-mpeg-3': 'mp3', 'audio/mpga': 'mpga',
  'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/vnd.wave': 'wav',
  'audio/mp4': 'm4a', 'audio/x-m4a': 'm4a', 'audio/m4a': 'm4a', 'video/mp4': 'mp4',
  'audio/webm': 'webm', 'video/webm': 'webm',
  'audio/ogg': 'ogg', 'application/ogg': 'ogg', 'audio/flac': 'flac', 'audio/x-flac': 'flac',
};
/** The formats OpenAI's /audio/transcriptions takes (it goes by the file name's extension). */
const ACCEPTED = new Set(['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']);

/** An upload file name the API recognises for this audio, or undefined when it must be converted. */
export function uploadName(path: string, mimeType: string): string | undefined {
  const fromMime = EXTENSION_OF[mimeType.split(';')[0]!.trim().toLowerCase()];
  const fromPath = extname(path).slice(1).toLowerCase();
  const ext = fromMime ?? (ACCEPTED.has(fromPath) ? fromPath : undefined);
  return ext ? `audio.${ext}` : undefined;
}
